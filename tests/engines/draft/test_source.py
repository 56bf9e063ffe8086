"""The draft code knows no game: it reaches cards only through a ``CardSource``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines.afrika.draftsource import AfrikaCardSource, card_source
from engines.core.errors import ConfigError
from engines.draft.autobuild import build_deck
from engines.draft.boosters import DEFAULT_SLOTS, open_boosters
from engines.draft.source import CardSource, draft_source
from engines.games import GAMES, all_games

DRAFT = Path(__file__).resolve().parents[3] / "engines" / "draft"
GAME_IMPORT = re.compile(rf"^\s*(from|import)\s+engines\.({'|'.join(GAMES)})\b", re.M)


def test_nothing_under_engines_draft_imports_a_game() -> None:
    offenders = [
        f"{path.name}: {m.group(0).strip()}"
        for path in sorted(DRAFT.glob("*.py"))
        for m in GAME_IMPORT.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
    # and the pattern does catch a game import
    assert GAME_IMPORT.search("from engines.afrika.cards import CARDS\n")


def test_the_one_game_with_boosters_is_the_default_source() -> None:
    drafting = [spec for spec in all_games() if spec.draft is not None]
    assert [spec.engine.name for spec in drafting] == ["afrika"]
    src: CardSource = draft_source()
    assert src is card_source() and isinstance(src, AfrikaCardSource)
    assert draft_source("afrika") is src
    with pytest.raises(ConfigError, match="no boosters"):
        draft_source("chrono")


def test_afrika_source_describes_its_cards() -> None:
    src = card_source()
    cards = src.cards()
    basics = {e: src.basic(e) for e in src.energies}
    assert len(basics) == len(src.energies) == 10
    assert all(cards[cid].basic and cards[cid].kind == "land" for cid in basics.values())
    bset = src.booster_set(src.default_set, DEFAULT_SLOTS)
    assert bset.cards and not any(cards[c.id].basic or cards[c.id].token for c in bset.cards)
    assert src.deck_problem(list(basics.values()) * 4) == ""
    assert src.deck_problem(["LC001"]) != ""
    entity = next(c for c in cards.values() if c.kind == "creature")
    assert "/" in src.describe(entity.id) and entity.energies
    # the pick menu's line: the rarity word, and energies by name, not code (as the card face)
    assert src.describe(basics["DIA"]) == "Basic Terrain — DIA"
    assert src.menu_line(basics["DIA"]) == "Common · Basic Terrain — Diamond Terrain"
    assert cards[basics["DIA"]].type_line == "Basic Terrain — Diamond Terrain"
    assert src.menu_line(entity.id).endswith(src.describe(entity.id).split(" · ", 1)[1])


def test_autobuild_through_the_source_is_a_legal_limited_deck() -> None:
    src = card_source()
    pool = [cid for pack in open_boosters(src.booster_set("LC", DEFAULT_SLOTS), 5, 6) for cid in pack]
    deck = build_deck(pool, source=src)
    assert len(deck) >= src.deck_min
    assert src.deck_problem(deck) == ""
