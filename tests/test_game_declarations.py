"""A game is one declaration: every declared game is complete, and nothing else names a game.

``engines/games.py`` lists the games; each has a pure ``GameSpec`` (``engines.<name>.GAME``) and a
``TableSpec`` (``bot.presenters.<name>.TABLE``). These tests fail when a declared game lacks a
part the bot needs, or when code outside a game's own modules branches on a game's name (which
is how a fourth game would otherwise need edits in nine places).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.presenters import TableSpec
from bot.presenters.registry import entry
from engines.core import MatchConfig, PlayerId, Rng
from engines.core.game import GameSpec
from engines.games import GAMES, game_spec

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> tuple[GameSpec[Any, Any, Any], TableSpec]:
    return game_spec(request.param), entry(request.param).table


def test_the_declarations_agree(game: tuple[GameSpec[Any, Any, Any], TableSpec]) -> None:
    spec, table = game
    assert table.game is spec
    assert spec.engine.name == spec.name and spec.title
    assert callable(spec.ai)
    for option in spec.options:
        assert option.check(option.default) == option.default, option.name
    assert spec.series.best_of and all(n % 2 == 1 for n in spec.series.best_of)
    if spec.series.chooser_option:
        assert spec.series.chooser_option not in {o.name for o in spec.options}


def test_every_game_has_an_ai_that_moves(game: tuple[GameSpec[Any, Any, Any], TableSpec]) -> None:
    spec, _ = game
    n = spec.engine.min_players
    state = spec.engine.setup(MatchConfig(players=n), 1)
    rng = Rng.from_seed(1)
    for _ in range(30):
        if spec.engine.outcome(state) is not None:
            break
        seat = PlayerId(sorted(spec.engine.current_players(state))[0])
        action = spec.ai(spec.engine, state, seat, rng)
        legal = {a.to_id() for a in spec.engine.legal_actions(state, seat)}
        assert action.to_id() in legal
        state = spec.engine.apply(state, seat, action).state


def test_every_game_draws_its_board_and_hands(game: tuple[GameSpec[Any, Any, Any], TableSpec]) -> None:
    spec, table = game
    n = spec.engine.min_players
    state = spec.engine.setup(MatchConfig(players=n), 2)
    names = [f"player{i}" for i in range(n)]
    board = table.board(spec.engine.view(state, None), names)
    assert isinstance(board, Image.Image) and board.width >= 400 and board.getbbox()
    hand = table.hand(spec.engine.view(state, PlayerId(0)), names[0], **table.presenter.render_options())
    assert isinstance(hand, Image.Image) and hand.getbbox()
    assert table.presenter.hand_text(spec.engine.view(state, PlayerId(0)))
    assert table.presenter.choices(spec.engine, state, sorted(spec.engine.current_players(state))[0])


def test_every_game_has_scenario_files(game: tuple[GameSpec[Any, Any, Any], TableSpec]) -> None:
    spec, _ = game
    files = sorted(spec.scenario_dir.rglob("*.toml"))
    assert files, f"no scenario files under {spec.scenario_dir} (GameSpec.scenarios)"


def test_games_with_decks_have_legal_starters(game: tuple[GameSpec[Any, Any, Any], TableSpec]) -> None:
    spec, table = game
    if not spec.has_decks:
        assert table.start == "lobby", "a game without decks is started from a lobby"
        return
    assert spec.deck_option, "the engine option that takes the seats' decks"
    starters = spec.starter_decks()
    assert starters, f"{spec.title} has decks but no starter deck"
    for name, cards in starters.items():
        assert spec.check_deck(cards) == "", name
    assert spec.deck_pool is not None
    pool = spec.deck_pool()
    assert pool.game == spec.name and not pool.missing(c for cards in starters.values() for c in cards)
    if table.card_image is not None:
        first = next(iter(pool.cards))
        assert table.card_image(first).getbbox()


# ------------------------------------------------------------------ nothing else names a game

_OWN = re.compile(r"^(bot/presenters|render)/(?P<game>[a-z_]+)(\.py|/)")


def _owner(rel: str) -> str | None:
    m = _OWN.match(rel)
    return m["game"] if m else None


def test_no_code_outside_a_game_branches_on_its_name() -> None:
    """bot/ and render/ may name a game only inside that game's own modules."""
    names = "|".join(re.escape(g) for g in GAMES)
    literal = re.compile(rf"""["'](?P<name>{names})["']""")
    offences = []
    for folder in ("bot", "render"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for m in literal.finditer(line):
                    if _owner(rel) != m["name"]:
                        offences.append(f"{rel}:{no}: {line.strip()}")
    assert not offences, "game names outside the game's modules:\n" + "\n".join(offences)


def test_every_game_declares_its_own_words(game: tuple[GameSpec[Any, Any, Any], TableSpec]) -> None:
    """A game's translations name only what it has: its title, description, options and choices."""
    spec, _ = game
    assert "ru" in spec.command_names and "ru" in spec.translations, spec.name
    own = {"title", "description", "seats:"}
    for option in spec.options:
        own |= {option.name, f"{option.name}:"} | {label for label, _ in option.choices}
    for locale, words in spec.translations.items():
        assert set(words) <= own, f"{spec.name} {locale}: {sorted(set(words) - own)} name nothing it has"
    assert spec.translations["ru"].get("title"), spec.name


def test_the_bot_translations_name_no_game() -> None:
    """``bot/translations.py`` holds no game's title or subcommand: each game declares its own."""
    from bot import translations

    titles = {game_spec(name).title for name in GAMES}
    tables = (translations.NAMES, translations.DESCRIPTIONS, translations.CHOICES)
    keys = {key for table in tables for key in table}
    named = {k for k in keys if k in titles or any(part in GAMES for part in k.rstrip(":").split())}
    assert not named, f"bot/translations.py lists games: {sorted(named)}"


def test_the_name_check_catches_a_branch(tmp_path: Path) -> None:
    """The check above is a regular expression: prove it matches the shapes it is meant to."""
    names = "|".join(re.escape(g) for g in GAMES)
    literal = re.compile(rf"""["'](?P<name>{names})["']""")
    for line in ('if game == "afrika":', "if lobby.game in ('chrono', 'x'):", 'get_pool("afrika")'):
        assert literal.search(line), line
    assert not literal.search('game = "afrikaans"')
    assert _owner("bot/presenters/afrika.py") == "afrika" and _owner("render/afrika/board.py") == "afrika"
    assert _owner("bot/services/table.py") is None
