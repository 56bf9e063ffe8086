"""Issue 36 item 1: one card-data vocabulary mechanism (``engines/core/carddata.py``) for the four
card games. Each game declares its effect ops through it, registers its handlers with it, and has
its card files read by it; a malformed card is refused in words naming the file, the card and the
field, whichever game it belongs to."""

from __future__ import annotations

import shutil
from collections.abc import Collection
from pathlib import Path
from typing import Any

import pytest

from engines.core.carddata import Arg, Op, Vocabulary, card_tables, one_of
from engines.core.errors import CardDataError


def _handled(game: str) -> tuple[Vocabulary[Any], Collection[str]]:
    """The game's declared vocabulary and the ops its effect code handles."""
    if game == "afrika":
        from engines.afrika import cards, effects

        return cards.VOCABULARY, effects.OPS.keys()
    if game == "spirit":
        from engines.spirit import effects, grammar

        return grammar.VOCABULARY, effects.HANDLED
    if game == "chronomagia":
        from engines.chronomagia import effects
        from engines.chronomagia import grammar as chrono_grammar

        return chrono_grammar.VOCABULARY, effects.HANDLED
    from engines.alchemy import cards as alchemy_cards
    from engines.alchemy import effects as alchemy_effects

    return alchemy_cards.VOCABULARY, alchemy_effects.HANDLERS.keys()


GAMES = ("afrika", "spirit", "chronomagia", "alchemy")


@pytest.mark.parametrize("game", GAMES)
def test_the_declared_vocabulary_and_the_handlers_agree(game: str) -> None:
    vocabulary, handled = _handled(game)
    assert isinstance(vocabulary, Vocabulary) and vocabulary.game == game
    assert len(vocabulary) >= 10
    assert vocabulary.disagreement(handled) == ""
    # the same check refuses a declared op without a handler, and a handler of no declared op
    first = next(iter(vocabulary))
    missing = vocabulary.disagreement([op for op in handled if op != first])
    assert f"declared op(s) without a handler: {first}" in missing
    with pytest.raises(CardDataError, match="handler\\(s\\) for op\\(s\\) not declared: teleport"):
        vocabulary.check_handlers([*handled, "teleport"])


def _copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / game
    shutil.copytree(Path(__file__).resolve().parents[2] / "engines" / game / "cards", folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the fixture text is no longer in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _afrika(tmp_path: Path) -> None:
    from engines.afrika.cards import load_cards

    folder = tmp_path / "afrika"
    folder.mkdir()
    (folder / "bad.toml").write_text(
        '[[card]]\nid = "X1"\nname = "Test"\ntype = "spell"\nsubtypes = ["sorcery"]\n'
        'effects = [{ op = "draw", amount = "lots" }]\n',
        encoding="utf-8",
    )
    load_cards(folder)


def _spirit(tmp_path: Path) -> None:
    from engines.spirit.cards import load

    folder = _copy(tmp_path, "spirit")
    _edit(folder, "spirits.toml", '"Flame Flame: damage 400 foe"', '"Flame Flame: damage 400 everyone"')
    load(folder)


def _chronomagia(tmp_path: Path) -> None:
    from engines.chronomagia.cards import load

    folder = _copy(tmp_path, "chronomagia")
    _edit(folder, "thoughtforms.toml", 'fury = "damage 1 opp"', 'fury = "damage 1 everyone"')
    load(folder)


def _alchemy(tmp_path: Path) -> None:
    from engines.alchemy.cards import load

    folder = _copy(tmp_path, "alchemy")
    _edit(folder, "processes.toml", 'op = "draw", amount = 2', 'op = "draw", amount = "two"')
    load(folder)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("afrika", ('bad.toml: card X1: effect draw amount must be a whole number or "X"', "'lots'")),
        ("spirit", ("spirits.toml: card S03: ability 1: damage takes foe, ally", "not 'everyone'")),
        ("chronomagia", ("thoughtforms.toml: card T001 e1: fury: damage takes opp, me", "not 'everyone'")),
        ("alchemy", ("processes.toml: card P01: effect draw: amount must be a whole number", "in effects")),
    ],
)
def test_a_malformed_effect_is_refused_naming_file_card_and_field(
    tmp_path: Path, game: str, words: tuple[str, ...]
) -> None:
    load = {"afrika": _afrika, "spirit": _spirit, "chronomagia": _chronomagia, "alchemy": _alchemy}[game]
    with pytest.raises(CardDataError) as exc:
        load(tmp_path)
    for w in words:
        assert w in str(exc.value)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('[[card]]\nid = "A"\n[extra]\nx = 1\n', "cards.toml: top level: unknown keys ['extra']"),
        ("card = 3\n", "cards.toml: [[card]] must be an array of tables"),
        ("card = [1]\n", "cards.toml: card #1: each [[card]] must be a table"),
        ("[[card\n", "cards.toml: not valid TOML"),
    ],
)
def test_the_shared_reader_refuses_a_malformed_file(tmp_path: Path, body: str, words: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(CardDataError) as exc:
        card_tables(path, "card")
    assert words in str(exc.value)


def test_a_duplicate_id_is_refused_naming_both_files(tmp_path: Path) -> None:
    from engines.chronomagia.cards import load as load_chronomagia

    folder = _copy(tmp_path, "chronomagia")
    _edit(folder, "thoughtforms.toml", 'id = "T002"', 'id = "T001"')
    with pytest.raises(
        CardDataError, match=r"thoughtforms.toml: card T001: duplicate id \(also in thoughtforms.toml\)"
    ):
        load_chronomagia(folder)


_WHO = ("me", "opp")
TOY: Vocabulary[str] = Vocabulary(
    "toy",
    [
        Op(
            "draw",
            "Draw cards.",
            (
                Arg("amount", lambda v, op, c: int(v), True, missing="{op} needs an amount"),
                Arg("who", one_of(_WHO, "{op} takes {choices}, not {value}"), default="me"),
            ),
        ),
        Op("hit", "Hit.", (Arg("target"), Arg("to")), needs=((("target", "to"), "a target or 'to'"),)),
    ],
    common=(Arg("if"),),
)


def test_the_reader_reads_words_and_tables_against_the_declaration() -> None:
    assert TOY.read_words("draw 2").values == (("amount", 2), ("who", "me"))
    assert TOY.read_words("draw 2 opp").get("who") == "opp"
    assert [r.op for r in TOY.read_line("draw 1, hit")] == ["draw", "hit"]
    assert TOY.read_table({"op": "hit", "to": "all", "if": 1}).values == (("to", "all"), ("if", 1))
    assert TOY.specs == {"draw": "Draw cards.", "hit": "Hit."}
    for text, words in [
        ("", "an empty effect"),
        ("zap", "unknown effect 'zap'; effects are draw, hit"),
        ("draw", "draw needs an amount"),
        ("draw 2 them", "draw takes me, opp, not 'them'"),
        ("draw 2 me now", "draw: unexpected words 'now'"),
    ]:
        with pytest.raises(CardDataError, match=words):
            TOY.read_words(text)
    for raw, words in [
        ({"op": "zap"}, "unknown effect op 'zap'"),
        ({"op": "hit", "target": 0, "colour": 1}, "effect hit has no field 'colour'"),
        ({"op": "hit"}, "effect hit needs a target or 'to'"),
        ([1], "an effect must be a table"),
    ]:
        with pytest.raises(CardDataError, match=words):
            TOY.read_table(raw)
