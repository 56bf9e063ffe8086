"""Fuzzing the importer: random text and random mutations of valid lists.

Whatever comes in, the importer never raises, never returns a deck together with problems (so a
caller can't save part of a list), gives every line problem a line number inside the text, and any
deck it does return passes the Afrika engine's own check and exports back to itself.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES, STARTER_WILDS, check_deck
from engines.decks import DeckResult, export, get_pool, import_deck

POOL = get_pool("afrika")
DECK_WIDE = {"size", "missing", "empty", "legal"}


def _valid_lists() -> list[str]:
    cards = CARDS()
    out = []
    for starter in (STARTER_FLAMES, STARTER_WILDS):
        out.append("\n".join(f"{n} {cards[cid].name}" for cid, n in starter.items()))
        out.append("\n".join(f"{cards[cid].name} x{n}" for cid, n in starter.items()))
        deck = import_deck(out[-1], POOL).deck
        assert deck is not None
        out.append(export(deck, POOL, "fuzz"))
    return out


VALID = _valid_lists()
NAMES = sorted({c.name for c in CARDS().values()})


def _check(text: str, result: DeckResult, fmt: str) -> None:
    n_lines = len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    if result.problems:
        assert result.deck is None, "a deck came back together with problems"
        assert not result.ok
    else:
        assert result.deck is not None
    for p in result.problems:
        assert p.message and p.describe()
        if p.line is None:
            assert p.kind in DECK_WIDE, p
        else:
            assert p.line >= 1, p
            # a one-line paste is split into lines before parsing; its numbers refer to those
            if "\n" in text.strip():
                assert p.line <= n_lines, p
        assert len(p.suggestions) <= 3
    if result.deck is not None:
        main = result.deck.cards("main")
        assert check_deck(main, fmt) == ""
        again = import_deck(export(result.deck, POOL), POOL, fmt)
        assert again.deck == result.deck


TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)),
    max_size=400,
)
LINEISH = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.builds(lambda n, name: f"{n} {name}", st.integers(-5, 2000), st.sampled_from(NAMES)),
        st.builds(lambda n, name: f"{name} x{n}", st.integers(0, 30), st.sampled_from(NAMES)),
        st.sampled_from(
            ["Deck", "Sideboard", "SB: 2 Spark Bolt", "Commander", "Hero Deck", "", "#", "//", "x4"]
        ),
        st.from_regex(r"[A-Z]{2}\d{1,4}", fullmatch=True),
    ),
    max_size=80,
)


@settings(max_examples=150)
@given(TEXT, st.sampled_from(["constructed", "limited"]))
def test_random_text_never_crashes(text: str, fmt: str) -> None:
    _check(text, import_deck(text, POOL, fmt), fmt)


@settings(max_examples=150)
@given(LINEISH, st.sampled_from(["constructed", "limited"]))
def test_random_lines_never_crash(lines: list[str], fmt: str) -> None:
    text = "\n".join(lines)
    _check(text, import_deck(text, POOL, fmt), fmt)


MUTATIONS = (
    "delete",
    "duplicate",
    "garbage",
    "count",
    "typo",
    "blank",
    "case",
    "curly",
    "swap",
    "sb",
    "header",
)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, list[int]]:
    """A valid list with a few random edits; returns the text and the line numbers touched."""
    lines = draw(st.sampled_from(VALID)).split("\n")
    touched: list[int] = []
    for _ in range(draw(st.integers(1, 6))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(MUTATIONS))
        line = lines[i]
        if kind == "delete":
            del lines[i]
            touched = [t - 1 if t > i + 1 else t for t in touched if t != i + 1]
            continue
        if kind == "duplicate":
            lines.insert(i, line)
            touched = [t + 1 if t > i else t for t in touched]
        elif kind == "garbage":
            lines[i] = draw(st.text(min_size=1, max_size=30))
        elif kind == "count":
            token = draw(st.sampled_from(["0", "-1", "4.5", "two", "9999", "x", "3a", "", "40"]))
            lines[i] = token + " " + " ".join(line.split()[1:])
        elif kind == "typo" and len(line) > 3:
            j = draw(st.integers(2, len(line) - 1))
            lines[i] = line[:j] + draw(st.characters(blacklist_categories=("Cs",))) + line[j + 1 :]
        elif kind == "blank":
            lines.insert(i, "")
            touched = [t + 1 if t > i else t for t in touched]
        elif kind == "case":
            lines[i] = line.swapcase()
        elif kind == "curly":
            lines[i] = line.replace("'", "’").replace(" ", "  ").replace("-", "–")
        elif kind == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
            touched.append(i + 2)
        elif kind == "sb":
            lines[i] = "SB: " + line
        elif kind == "header":
            lines.insert(i, draw(st.sampled_from(["Sideboard", "Commander", "Deck", "Hero"])))
            touched = [t + 1 if t > i else t for t in touched]
        touched.append(i + 1)
    return "\n".join(lines), touched


@settings(max_examples=200)
@given(mutated(), st.sampled_from(["constructed", "limited"]))
def test_mutated_valid_lists(case: tuple[str, list[int]], fmt: str) -> None:
    text, _touched = case
    result = import_deck(text, POOL, fmt)
    _check(text, result, fmt)


@settings(max_examples=100)
@given(st.sampled_from(VALID), st.data())
def test_a_garbage_line_is_reported_on_its_line(text: str, data: st.DataObject) -> None:
    lines = text.split("\n")
    i = data.draw(st.integers(0, len(lines)))
    junk = data.draw(st.from_regex(r"[1-9][0-9]? [QZJ][qzjxv]{6,12}", fullmatch=True))
    lines.insert(i, junk)
    result = import_deck("\n".join(lines), POOL, "limited")
    assert result.deck is None
    assert any(p.line == i + 1 and p.kind == "unknown" for p in result.problems), result.report()
