"""The deck importer with the real Afrika pool: every accepted list format, every problem, round trips.

Cards are read through the Afrika loader (never hard-coded ids beyond the starter Codexes the
engine itself defines), so the tests keep working as the card set grows.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES, STARTER_WILDS, check_deck
from engines.decks import (
    Deck,
    DeckError,
    check_deck_name,
    export,
    get_pool,
    import_deck,
    parse,
    summarize,
    unflatten,
)

POOL = get_pool("afrika")


def name(cid: str) -> str:
    return CARDS()[cid].name


def counts(deck: Deck | None, section: str = "main") -> dict[str, int]:
    assert deck is not None
    return dict(deck.section(section))


FLAMES = dict(STARTER_FLAMES)
WILDS = dict(STARTER_WILDS)
LINES = [(cid, n, name(cid)) for cid, n in FLAMES.items()]


def _list(fmt: str) -> str:
    return "\n".join(fmt.format(n=n, name=nm, cid=cid, num=cid[2:], pre=cid[:2]) for cid, n, nm in LINES)


def _nonbasic_first() -> str:
    return next(cid for cid, _, _ in LINES if "basic" not in POOL.card(cid).tags)


SIDE = {"LC044": 1, "LC005": 2}  # two non-basic cards, also in the pool the starter came from


def _side_text(fmt: str) -> str:
    return "\n".join(fmt.format(n=n, name=name(cid)) for cid, n in SIDE.items())


# (id, text, format, expected main, expected side)
TABLE: list[tuple[str, str, str, dict[str, int], dict[str, int]]] = [
    ("count-name", _list("{n} {name}"), "constructed", FLAMES, {}),
    ("count-x-name", _list("{n}x {name}"), "constructed", FLAMES, {}),
    ("count-space-x-name", _list("{n} x {name}"), "constructed", FLAMES, {}),
    ("times-sign", _list("{n}× {name}"), "constructed", FLAMES, {}),
    ("name-x-count", _list("{name} x{n}"), "constructed", FLAMES, {}),
    ("name-X-space-count", _list("{name} X {n}"), "constructed", FLAMES, {}),
    ("arena-set-number", "Deck\n" + _list("{n} {name} ({pre}) {num}"), "constructed", FLAMES, {}),
    ("set-code-without-number", _list("{n} {name} ({pre})"), "constructed", FLAMES, {}),
    (
        "set-number-without-zeros",
        "\n".join(f"{n} {nm} ({cid[:2]}) {int(cid[2:])}" for cid, n, nm in LINES),
        "constructed",
        FLAMES,
        {},
    ),
    ("number-with-count", _list("{n} {cid}"), "constructed", FLAMES, {}),
    ("number-lowercase-dash", _list("{n} {pre}-{num}").lower(), "constructed", FLAMES, {}),
    (
        "number-alone-repeated",
        "\n".join("\n".join([cid] * n) for cid, n, _ in LINES),
        "constructed",
        FLAMES,
        {},
    ),
    ("upper-case", _list("{n} {name}").upper(), "constructed", FLAMES, {}),
    (
        "lower-case-extra-spaces",
        _list("  {n}   {name}  ").lower().replace(" ", "  "),
        "constructed",
        FLAMES,
        {},
    ),
    ("tabs-and-nbsp", _list("{n}\t{name}").replace(" ", "\u00a0"), "constructed", FLAMES, {}),
    ("crlf", _list("{n} {name}").replace("\n", "\r\n"), "constructed", FLAMES, {}),
    ("bom-and-zero-width", "\ufeff" + _list("{n} {name}\u200b"), "constructed", FLAMES, {}),
    ("markdown-bullets", _list("- {n} {name}"), "constructed", FLAMES, {}),
    ("star-bullets", _list("* {n}x {name}"), "constructed", FLAMES, {}),
    ("unicode-dash-separator", _list("{n} – {name}"), "constructed", FLAMES, {}),
    (
        "comments-everywhere",
        "# My Flames list\n// by someone\n" + _list("{n} {name}  # a note") + "\n// end",
        "constructed",
        FLAMES,
        {},
    ),
    (
        "slash-comment-at-end",
        _list("{n} {name} // why not"),
        "constructed",
        FLAMES,
        {},
    ),
    (
        "duplicate-lines-merge",
        _list("{n} {name}").replace("12 Nebula Plains", "6 Nebula Plains\n6 Nebula Plains"),
        "constructed",
        FLAMES,
        {},
    ),
    (
        "category-labels",
        "Entities (22)\n" + _list("{n} {name}").replace("12 Nebula Plains", "Terrains:\n12 Nebula Plains"),
        "constructed",
        FLAMES,
        {},
    ),
    (
        "main-header-colon-count",
        "Main Deck (60):\n" + _list("{n} {name}"),
        "constructed",
        FLAMES,
        {},
    ),
    (
        "codex-header",
        "CODEX\n" + _list("{n} {name}"),
        "constructed",
        FLAMES,
        {},
    ),
    (
        "blank-line-trailing-block-is-deck-without-sideboard",
        _list("{n} {name}").replace("\n", "\n\n", 1),
        "constructed",
        FLAMES,
        {},
    ),
    (
        "sideboard-header",
        "Deck\n" + _list("{n} {name}") + "\n\nSideboard\n" + _side_text("{n} {name}"),
        "limited",
        FLAMES,
        SIDE,
    ),
    (
        "side-deck-header-colon",
        _list("{n} {name}") + "\nSide Deck:\n" + _side_text("{n}x {name}"),
        "limited",
        FLAMES,
        SIDE,
    ),
    ("sb-prefix", _list("{n} {name}") + "\n" + _side_text("SB: {n} {name}"), "limited", FLAMES, SIDE),
    ("sb-prefix-no-space", _list("{n} {name}") + "\n" + _side_text("sb:{n} {name}"), "limited", FLAMES, SIDE),
    (
        "blank-line-sideboard",
        _list("{n} {name}") + "\n\n" + _side_text("{n} {name}"),
        "limited",
        FLAMES,
        SIDE,
    ),
    (
        "comment-sideboard-header",
        _list("{n} {name}") + "\n\n// Sideboard\n" + _side_text("{n} {name}"),
        "limited",
        FLAMES,
        SIDE,
    ),
    (
        "labelled-blocks-are-not-a-sideboard",
        "// Creatures\n" + _list("{n} {name}").replace("12 Nebula Plains", "\n// Lands\n12 Nebula Plains"),
        "limited",
        FLAMES,
        {},
    ),
    ("one-line-semicolons", _list("{n} {name}").replace("\n", "; "), "constructed", FLAMES, {}),
    ("one-line-no-separators", _list("{n}x {name}").replace("\n", " "), "constructed", FLAMES, {}),
    ("one-line-postfix", _list("{name} x{n}").replace("\n", " "), "constructed", FLAMES, {}),
    (
        "one-line-with-headers",
        ("Deck " + _list("{n} {name}") + " Sideboard " + _side_text("{n} {name}")).replace("\n", " "),
        "limited",
        FLAMES,
        SIDE,
    ),
]


@pytest.mark.parametrize(("text", "fmt", "main", "side"), [t[1:] for t in TABLE], ids=[t[0] for t in TABLE])
def test_real_world_lists(text: str, fmt: str, main: dict[str, int], side: dict[str, int]) -> None:
    result = import_deck(text, POOL, fmt)
    assert result.ok, result.report()
    assert counts(result.deck) == main
    assert counts(result.deck, "side") == side


def test_wilds_starter_and_punctuation_in_names() -> None:
    odd = [c for c in CARDS().values() if any(ch in c.name for ch in "',") and not c.token]
    assert odd, "the pool has names with apostrophes or commas"
    text = "\n".join(f"{n} {name(cid)}" for cid, n in WILDS.items())
    for c in odd[:4]:
        curly = c.name.replace("'", "’").replace(",", "")
        text += f"\n1 {curly.upper()}"
    result = import_deck(text, POOL, "limited")
    assert result.ok, result.report()
    for c in odd[:4]:
        assert counts(result.deck)[c.id] == WILDS.get(c.id, 0) + 1


# -- problems ---------------------------------------------------------------------------------


def _problems(text: str, fmt: str = "constructed") -> list[tuple[int | None, str]]:
    result = import_deck(text, POOL, fmt)
    assert result.deck is None
    return [(p.line, p.kind) for p in result.problems]


BASE = _list("{n} {name}")


def test_every_problem_at_once_with_line_numbers() -> None:
    storyteller = name("LC001")
    bad = (
        f"{BASE}\n"
        f"2 {storyteller[:-2]}\n"  # 28 unknown (typo)
        "four Spark Bolt\n"  # 29 count word
        "4a Spark Bolt\n"  # 30 bad count
        f"3 {storyteller}\n"  # 31 too many with the 2 above
        "Commander\n"  # 32 no such section
        "1 Nebula Plains\n"  # 33 (under the bad header: not reported again)
    )
    result = import_deck(bad, POOL, "constructed")
    assert result.deck is None
    by_line = {p.line: p for p in result.problems}
    n = len(BASE.splitlines())
    assert by_line[n + 1].kind == "unknown" and storyteller in by_line[n + 1].suggestions
    assert by_line[n + 2].kind == "count" and "write 4" in by_line[n + 2].message
    assert by_line[n + 3].kind == "count"
    assert by_line[n + 5].kind == "section" and "Commander" in by_line[n + 5].message
    copies = [p for p in result.problems if p.kind == "copies"]
    assert len(copies) == 1 and storyteller in copies[0].message and "5 ×" in copies[0].message
    assert str(n + 4) in copies[0].message  # names every line that adds to the count
    for p in result.problems:
        assert p.describe().startswith(f"Line {p.line}") if p.line else p.describe().startswith("Deck")
    assert f"`2 {storyteller[:-2]}`" in result.report()


def test_unknown_card_suggests_up_to_three() -> None:
    result = import_deck("4 Nebula", POOL)
    unknown = next(p for p in result.problems if p.kind == "unknown")
    assert 1 <= len(unknown.suggestions) <= 3
    assert all("Nebula" in s for s in unknown.suggestions)
    assert _problems("2 Zzzzqqq") == [(1, "unknown"), (None, "size")]


def test_counts_that_are_not_numbers() -> None:
    for line in ("4.5 Spark Bolt", "-2 Spark Bolt", "2/3 Spark Bolt", "Spark Bolt x4a", "Spark Bolt x-2"):
        assert (1, "count") in _problems(line), line
    assert _problems("0 Spark Bolt")[0] == (1, "count")
    assert _problems("1000 Nebula Plains")[0] == (1, "count")


def test_deck_too_small_and_too_many_copies() -> None:
    assert _problems("4 Spark Bolt") == [(None, "size")]
    big = BASE.replace("3 Spark Bolt", "5 Spark Bolt") + "\n1 Spark Bolt"
    probs = _problems(big)
    # the size counts only the lines without problems (issue #35 item 7): 63 listed, 5 on the bad line
    assert probs == [(list(BASE.splitlines()).index("3 Spark Bolt") + 1, "copies"), (None, "size")]
    report = import_deck(big, POOL).report()
    assert "the Codex has 58 cards;" in report and "(counting only the lines without problems)" in report
    # Basic terrains are unlimited; limited has no copy limit at all.
    assert import_deck(BASE.replace("12 Nebula Plains", "40 Nebula Plains"), POOL).ok
    assert import_deck(BASE.replace("3 Spark Bolt", "9 Spark Bolt"), POOL, "limited").ok


def test_limited_size_and_no_sideboard_in_constructed() -> None:
    forty = "\n".join(f"{n} {name(cid)}" for cid, n in list(FLAMES.items())[:3]) + "\n20 Volcanic Valleys"
    assert import_deck(forty, POOL, "limited").ok is (sum(list(FLAMES.values())[:3]) + 20 >= 40)
    probs = _problems(BASE + "\nSB: 1 Spark Bolt")
    assert probs == [(len(BASE.splitlines()) + 1, "section")]
    probs = _problems(BASE + "\nSideboard\n1 Spark Bolt")
    assert probs == [(len(BASE.splitlines()) + 1, "section")]


def test_token_is_not_legal() -> None:
    token = next(c for c in CARDS().values() if c.token)
    probs = import_deck(BASE + f"\n1 {token.name}", POOL).problems
    assert [(p.line, p.kind) for p in probs] == [(len(BASE.splitlines()) + 1, "legal")]
    assert "token" in probs[0].message
    assert token.name not in POOL.suggest(token.name[:-1])


def test_name_and_number_must_agree() -> None:
    a, b = "LC001", "LC004"
    probs = _problems(f"4 {name(a)} (LC) {b[2:]}")
    assert probs[0] == (1, "mismatch")
    # a misspelt name with the right number: the number decides
    result = import_deck(f"4 {name(a)[:-3]}xyz (LC) {a[2:]}\n" + BASE.replace(f"2 {name(a)}\n", ""), POOL)
    assert result.ok, result.report()
    assert counts(result.deck)[a] == 4


def test_empty_and_comment_only_lists() -> None:
    assert _problems("") == [(None, "empty")]
    assert _problems("# nothing here\n// at all\n\n") == [(None, "empty")]
    assert _problems("Deck\nSideboard", "limited") == [(None, "empty")]


def test_long_line_is_a_problem_not_a_crash() -> None:
    assert _problems("4 " + "A" * 500)[0] == (1, "syntax")


def test_engine_check_is_the_last_word() -> None:
    """The pool reuses engines.afrika.decks.check_deck: whatever the importer accepts, it accepts."""
    result = import_deck(BASE, POOL)
    assert result.deck is not None
    assert check_deck(result.deck.cards("main"), "constructed") == ""


# -- round trip -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["constructed", "limited"])
@pytest.mark.parametrize("starter", ["flames", "wilds"])
def test_export_imports_back_to_the_same_deck(fmt: str, starter: str) -> None:
    cards = FLAMES if starter == "flames" else WILDS
    text = "\n".join(f"{n} {name(cid)}" for cid, n in cards.items())
    if fmt == "limited":
        text += "\nSideboard\n" + _side_text("{n} {name}")
    deck = import_deck(text, POOL, fmt).deck
    assert deck is not None
    out = export(deck, POOL, "My Deck")
    again = import_deck(out, POOL, fmt)
    assert again.ok, again.report()
    assert again.deck == deck
    assert export(again.deck, POOL, "My Deck") == out
    assert Deck.from_rows(deck.game, deck.format, reversed(deck.rows())) == deck


def test_export_is_readable() -> None:
    deck = import_deck(BASE, POOL).deck
    assert deck is not None
    out = export(deck, POOL, "Flames")
    lines = out.splitlines()
    assert lines[0].startswith("# Flames — Chronicles of Afrika, constructed, 60 cards")
    assert lines[1] == "Deck"
    assert any(line.startswith("// Entities (") for line in lines)
    assert sum(int(line.split()[0]) for line in lines if line[:1].isdigit()) == 60


def test_summary_groups_and_curve() -> None:
    deck = import_deck(BASE, POOL).deck
    assert deck is not None
    s = summarize(deck, POOL, "Flames")
    assert s.total == 60 and s.sections[0].count == 60
    assert sum(g.count for g in s.sections[0].groups) == 60
    terrains = sum(n for cid, n in FLAMES.items() if CARDS()[cid].type == "terrain")
    assert s.off_curve == terrains
    assert sum(n for _, n in s.curve) == 60 - terrains
    assert [c for c, _ in s.curve] == ["0", "1", "2", "3", "4", "5", "6", "7+"]
    assert "Curve:" in s.text()


# -- parser details ---------------------------------------------------------------------------


def test_parse_keeps_line_numbers_and_sections() -> None:
    p = parse("Deck\n4 A\n\n# c\nSideboard\n2 B\nSB: 1 C")
    assert [(e.line, e.section, e.count, e.name) for e in p.entries] == [
        (2, "main", 4, "A"),
        (6, "side", 2, "B"),
        (7, "side", 1, "C"),
    ]
    assert [(h.line, h.section) for h in p.headers] == [(1, "main"), (5, "side")]


def test_game_headers() -> None:
    p = parse("Commander\n1 K\nHero:\n1 H\nHero Deck (10)\n2 X\nMagnum Opus\n1 O\nStar Lord\n1 S")
    assert [e.section for e in p.entries] == ["commander", "hero", "hero_deck", "opus", "commander"]


def test_unflatten() -> None:
    assert unflatten("4 A 2x B 3 C SB: 1 D").split("\n") == ["4 A", "2x B", "3 C", "SB: 1 D"]
    assert unflatten("A x4 B x2 C D x1").split("\n") == ["A x4", "B x2", "C D x1"]
    assert unflatten("Deck 4 A Sideboard 2 B").split("\n") == ["Deck", "4 A", "Sideboard", "2 B"]
    assert unflatten("Hero 1 H Hero Deck 2 X").split("\n") == ["Hero", "1 H", "Hero Deck", "2 X"]
    assert unflatten("4 A; 2 B | 1 C").split("\n") == ["4 A", "2 B", "1 C"]


def test_pool_lookup_normalises() -> None:
    some = next(c for c in CARDS().values() if "'" in c.name)
    assert POOL.by_name(some.name.upper().replace("'", "’"))[0].id == some.id
    assert POOL.by_code("lc-1") is POOL.by_code("LC001") is not None
    assert POOL.search("cosm")[0].name.lower().startswith("cosm")
    assert Counter(c.group for c in POOL.cards.values())["entity"] > 10


# -- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize("good", ["Flames", "  Savanna   Wilds ", "Aggro v2.1 (Bo3)", "Kofi's deck", "Ñandú"])
def test_good_deck_names(good: str) -> None:
    assert check_deck_name(good) == " ".join(good.split())
    assert check_deck_name("a\nb  c") == "a b c"  # one line, single spaces
    assert check_deck_name("Kofi’s deck") == "Kofi's deck"


@pytest.mark.parametrize(
    "bad", ["", "   ", "x" * 41, "@everyone", "<@123>", "a*b", "#12", "***", "a|b", "\x00"]
)
def test_bad_deck_names(bad: str) -> None:
    with pytest.raises(DeckError):
        check_deck_name(bad)


def test_unknown_game_and_format() -> None:
    with pytest.raises(DeckError, match="no deck building"):
        get_pool("chrono")
    with pytest.raises(DeckError, match="no format"):
        POOL.format("vintage")
    assert POOL.format("LIMITED").key == "limited"


def test_an_mtg_arena_export_names_the_deck() -> None:
    """Arena starts its export with 'About' / 'Name <deck name>': the deck's name, not two unknown cards."""
    text = "About\nName Storm Riders of the Veld\n\nDeck\n" + _list("{n} {name}") + "\n\nSideboard\n"
    text += _side_text("{n} {name}")
    result = import_deck(text, POOL, "limited")
    assert result.ok, result.report()
    assert result.name == "Storm Riders of the Veld"
    assert counts(result.deck) == FLAMES and counts(result.deck, "side") == SIDE
    assert parse("about:\nname: Mine\n4 Spark Bolt").name == "Mine"
    # Without an About block a 'Name …' line is still a card line (an unknown card here).
    assert parse("Name Storm Riders\n4 Spark Bolt").name == ""
    assert (1, "unknown") in _problems("Name Storm Riders\n" + _list("{n} {name}"))


def test_a_short_limited_deck_says_its_last_block_became_the_sideboard() -> None:
    """A blank line inside a limited list, no headers: the last block is the sideboard, and the
    'too few cards' problem says so, with the lines, instead of leaving the player to guess."""
    forty: list[tuple[int, str]] = []  # exactly 40 cards: the limited minimum
    for _, n, nm in LINES:
        take = min(n, 40 - sum(k for k, _ in forty))
        if take:
            forty.append((take, nm))
    lines = [f"{n} {nm}" for n, nm in forty]
    assert import_deck("\n".join(lines), POOL, "limited").ok
    text = "\n".join(lines[:-2]) + "\n\n" + "\n".join(lines[-2:])
    moved = sum(n for n, _ in forty[-2:])
    result = import_deck(text, POOL, "limited")
    assert not result.ok
    (size,) = [p for p in result.problems if p.kind == "size"]
    first = len(lines) - 2 + 2
    assert f"has {40 - moved} cards" in size.message
    assert f"lines {first}-{first + 1}, {moved} cards" in size.message
    assert "read as the sideboard" in size.message and "remove that blank line" in size.message
    # In constructed (no sideboard) the block is still the deck, and nothing is said about it.
    assert all("sideboard" not in p.message for p in import_deck(text, POOL, "constructed").problems)
