"""Deck-list text -> ``ParsedList``: entries with line numbers and sections, plus syntax problems.

The parser knows nothing about any game. It reads the formats people paste (see ``GRAMMAR``) and
reports every line it cannot read, so the validator can add its own problems and show them all
at once. It never raises on any input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .text import clean_line

MAX_COUNT = 999
"""A count above this on one line is refused (a typo, or an attempt to blow up storage)."""
MAX_LINE_CHARS = 200
MAX_SHOWN_CHARS = 90
"""Line text quoted back in a problem is cut to this length."""

GRAMMAR = """\
One card per line, in any of these forms (any case, extra spaces, curly apostrophes, unicode dashes):
  4 Name          4x Name          4 x Name          Name x4          Name
  4 Name (LC) 012  (name plus set code and number)   LC012  or  4 LC012  (card number)
  SB: 2 Name      (one sideboard line)
Section headers, alone on a line (optionally with ':' or a count like '(15)'):
  Deck / Main / Main Deck / Codex      Sideboard / Side / Side Deck
  Commander / Star Lord                Hero / Hero Deck         Magnum Opus
Without any header, a blank line before the last block of cards starts the sideboard.
An MTG Arena export's 'About' block ('About', then 'Name <deck name>') gives the deck's name.
Comments: lines starting with # or //, and ' # ...' or ' // ...' at the end of a line.
A comment that is only a header name ('// Sideboard') works as that header."""

SECTION_HEADERS: dict[str, str] = {
    "deck": "main",
    "main": "main",
    "main deck": "main",
    "maindeck": "main",
    "mainboard": "main",
    "main board": "main",
    "codex": "main",
    "library": "main",
    "sideboard": "side",
    "side board": "side",
    "side": "side",
    "side deck": "side",
    "sidedeck": "side",
    "commander": "commander",
    "commanders": "commander",
    "star lord": "commander",
    "hero": "hero",
    "heroes": "hero",
    "hero deck": "hero_deck",
    "herodeck": "hero_deck",
    "magnum opus": "opus",
    "magnum opus deck": "opus",
}
"""Normalised header text -> canonical section key. A game may add aliases (``parse(headers=)``)."""

SECTION_TITLES: dict[str, str] = {
    "main": "Deck",
    "side": "Sideboard",
    "commander": "Commander",
    "hero": "Hero",
    "hero_deck": "Hero Deck",
    "opus": "Magnum Opus",
}

NUMBER_WORDS = {
    w: i + 1
    for i, w in enumerate(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}


@dataclass(frozen=True)
class Problem:
    """Something the player can fix. ``line`` is 1-based; None means the deck as a whole."""

    line: int | None
    text: str
    message: str
    kind: str = "syntax"
    """syntax | count | unknown | mismatch | copies | size | section | legal | missing | limit | empty"""
    suggestions: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line for a player: 'Line 3 (`4 Cosmic Storytelr`): unknown card. Did you mean ...?'"""
        where = "Deck" if self.line is None else f"Line {self.line}"
        shown = self.text.replace("`", "'")
        head = f"{where} (`{shown}`)" if shown else where
        tail = f" Did you mean {_or_list(self.suggestions)}?" if self.suggestions else ""
        return f"{head}: {self.message}{tail}"


def _or_list(items: tuple[str, ...]) -> str:
    quoted = [f"**{s}**" for s in items]
    if len(quoted) <= 1:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


@dataclass(frozen=True)
class Entry:
    """One card line: ``count`` copies of the card called ``name`` (or numbered ``code``)."""

    line: int
    text: str
    section: str
    count: int
    name: str = ""
    code: str = ""
    via: str = "default"
    """How the section was chosen: default | header | sb ('SB:' prefix) | blank (trailing block)."""


@dataclass(frozen=True)
class Header:
    line: int
    text: str
    section: str


@dataclass(frozen=True)
class ParsedList:
    entries: tuple[Entry, ...] = ()
    headers: tuple[Header, ...] = ()
    problems: tuple[Problem, ...] = ()
    lines: tuple[str, ...] = field(default=(), repr=False)
    name: str = ""
    """The deck's name from an 'About' / 'Name <deck name>' block (MTG Arena), else empty."""


def shown(raw: str) -> str:
    text = clean_line(raw)
    return text if len(text) <= MAX_SHOWN_CHARS else text[: MAX_SHOWN_CHARS - 1] + "…"


_BULLET = re.compile(r"^(?:[-*•]|\d+[.)])\s+(?=\S)")
_SB = re.compile(r"^sb\s*:\s*", re.IGNORECASE)
_TRAILING_COMMENT = re.compile(r"\s(?:#|//).*$")
_HEADER_COUNT = re.compile(r"\s*(?:\(\s*\d+\s*\)|:\s*\d+)$")
_COUNT_FIRST = re.compile(r"^(?P<count>\d+)(?:\s*[xX])?\s+(?P<rest>\S.*)$")
_COUNT_LAST = re.compile(r"^(?P<rest>\S.*?)\s+[xX]\s*(?P<count>\d+)$")
_CODE = re.compile(r"^[A-Za-z]{1,4}-?\d{1,4}[a-zA-Z]?$")
_SET_NUMBER = re.compile(r"^(?P<name>.*?)\s*\((?P<set>[A-Za-z0-9]{1,6})\)\s*(?P<num>[A-Za-z0-9-]{1,8})?$")
CATEGORY_WORDS = frozenset(
    [
        "creature",
        "creatures",
        "land",
        "lands",
        "instant",
        "instants",
        "sorcery",
        "sorceries",
        "artifact",
        "artifacts",
        "enchantment",
        "enchantments",
        "planeswalker",
        "planeswalkers",
        "spell",
        "spells",
        "entity",
        "entities",
        "terrain",
        "terrains",
        "tech",
        "techs",
        "vehicle",
        "vehicles",
        "other",
        "others",
        "cards",
        "unit",
        "units",
    ]
)
"""Type labels other tools write above groups ('Creatures (20)', 'Lands:'): skipped, not cards."""
_ABOUT = re.compile(r"^about\s*:?$", re.IGNORECASE)
_ABOUT_NAME = re.compile(r"^name\s*:?\s+(?P<name>\S.*)$", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_BAD_LAST = re.compile(r"^(?P<rest>\S.*?)\s+(?P<count>[xX]\S*\d\S*)$")


def header_key(text: str, headers: Mapping[str, str]) -> str | None:
    """The section a header line selects, or None if the line is not a header."""
    t = text.strip().strip("*_=").strip()
    t = _HEADER_COUNT.sub("", t.rstrip(":").strip()).rstrip(":").strip().casefold()
    return headers.get(t)


def parse(text: str, headers: Mapping[str, str] | None = None, categories: Iterable[str] = ()) -> ParsedList:
    """Read a deck list. Never raises; unreadable lines become ``Problem``s with their number.

    ``headers`` adds a game's own section headers (normalised text -> section key); ``categories``
    adds type labels ('Entities') that may stand above groups with ':' or a '(count)'."""
    table = {**SECTION_HEADERS, **{k.casefold(): v for k, v in (headers or {}).items()}}
    cats = CATEGORY_WORDS | {c.casefold() for c in categories}
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\n" not in text.strip():
        text = unflatten(text, table)
    raw_lines = text.split("\n")
    entries: list[Entry] = []
    found: list[Header] = []
    problems: list[Problem] = []
    section = "main"
    block, block_has_cards, block_starts_with_comment = 0, False, False
    blocks: list[int] = []  # block of each entry
    labelled_blocks: set[int] = set()  # blocks headed by a non-header comment ("// Terrains")
    explicit = False
    name = ""
    in_about = False  # inside an MTG Arena 'About' block, which names the deck and holds no cards
    for i, raw in enumerate(raw_lines, start=1):
        line = clean_line(raw)
        if _ABOUT.match(line):
            in_about = True
            continue
        if in_about:
            about = _ABOUT_NAME.match(line)
            if about:
                name = name or about["name"].strip()[:MAX_SHOWN_CHARS]
                continue
            in_about = False
        if not line:
            if block_has_cards:
                block, block_has_cards = block + 1, False
            block_starts_with_comment = False
            continue
        if len(line) > MAX_LINE_CHARS:
            problems.append(Problem(i, shown(raw), f"line is too long (over {MAX_LINE_CHARS} characters)."))
            continue
        if line.startswith("#") or line.startswith("//"):
            body = line.lstrip("#/").strip()
            key = header_key(body, table) if body else None
            if key is not None:
                section, explicit = key, True
                found.append(Header(i, shown(raw), key))
            elif not block_has_cards:
                block_starts_with_comment = True
            continue
        line = _TRAILING_COMMENT.sub("", line).strip()
        sb = _SB.match(line)
        line_section, via = section, ("header" if found else "default")
        if sb:
            line = line[sb.end() :]
            line_section, via, explicit = "side", "sb", True
        line = _BULLET.sub("", line)
        if not line:
            problems.append(Problem(i, shown(raw), "there is no card on this line."))
            continue
        if not sb:
            key = header_key(line, table)
            if key is not None:
                section, explicit = key, True
                found.append(Header(i, shown(raw), key))
                continue
            label = _HEADER_COUNT.sub("", line.rstrip(":").strip()).rstrip(":").strip().casefold()
            if label in cats:
                continue  # "Creatures (20)" / "Lands:": a category label from another tool
        entry, problem = _card_line(i, raw, line, line_section, via)
        if block_starts_with_comment and not block_has_cards:
            labelled_blocks.add(block)
        block_has_cards = True
        if problem is not None:
            problems.append(problem)
        if entry is not None:
            entries.append(entry)
            blocks.append(block)
    if not explicit and blocks and blocks[-1] > blocks[0] and blocks[-1] not in labelled_blocks:
        last = blocks[-1]
        entries = [
            Entry(e.line, e.text, "side", e.count, e.name, e.code, via="blank") if b == last else e
            for e, b in zip(entries, blocks, strict=True)
        ]
    return ParsedList(tuple(entries), tuple(found), tuple(problems), tuple(raw_lines), name)


def _card_line(i: int, raw: str, line: str, section: str, via: str) -> tuple[Entry | None, Problem | None]:
    text = shown(raw)
    count: int | None = None
    rest = line
    m = _COUNT_FIRST.match(line)
    if m:
        count, rest = int(m["count"]), m["rest"]
    else:
        m = _COUNT_LAST.match(line)
        if m:
            count, rest = int(m["count"]), m["rest"]
    if count is None:
        bad = _bad_count(line)
        if bad is not None:
            return None, Problem(i, text, bad, "count")
        count = 1
    if count < 1:
        return None, Problem(i, text, "the count must be at least 1 (leave the line out instead).", "count")
    if count > MAX_COUNT:
        return None, Problem(i, text, f"the count {count} is too large.", "count")
    rest = rest.strip()
    if _CODE.match(rest):
        return Entry(i, text, section, count, code=rest.upper(), via=via), None
    m = _SET_NUMBER.match(rest)
    if m and m["name"]:
        code = f"{m['set']}{m['num']}".upper() if m["num"] else ""
        return Entry(i, text, section, count, name=m["name"].strip(), code=code, via=via), None
    return Entry(i, text, section, count, name=rest, via=via), None


def _bad_count(line: str) -> str | None:
    """A message when the line starts (or ends) with something meant as a count that isn't one."""
    first, _, after = line.partition(" ")
    if after and not _CODE.match(first) and _DIGIT.search(first):
        return f"the count {first!r} is not a whole number."
    word = first.casefold()
    if after and word in NUMBER_WORDS:
        return f"the count {first!r} is not a number; write {NUMBER_WORDS[word]} instead."
    m = _BAD_LAST.match(line)
    if m:
        return f"the count {m['count']!r} is not a whole number."
    return None


_HEADER_WORDS = sorted(SECTION_HEADERS, key=len, reverse=True)
_COUNT_START = re.compile(r"(?<!sb:)\s+(?=(?:\d+[xX]?|SB:)\s)", re.IGNORECASE)
_POSTFIX_END = re.compile(r"(\s[xX]\d+)\s+(?=\S)")


def unflatten(text: str, headers: Mapping[str, str] | None = None) -> str:
    """A list pasted into a one-line box (newlines lost) back into lines.

    ';' and ' | ' separate lines; otherwise a new line starts before each count ('4 ', '4x ',
    'SB:'), after each postfix count ('x4'), and around header words followed by a count.
    """
    text = re.sub(r"\s*(?:;|\s\|\s)\s*", "\n", text.strip())
    words = sorted(headers or SECTION_HEADERS, key=len, reverse=True) if headers else _HEADER_WORDS
    alternation = "|".join(re.escape(w) for w in words)
    header_split = re.compile(
        rf"(?<!hero)(?<!side)(?<!main)\s+(?=(?:{alternation}):?\s+(?:\d|SB:))", re.IGNORECASE
    )
    out: list[str] = []
    for part in text.split("\n"):
        part = header_split.sub("\n", part)
        part = _COUNT_START.sub("\n", part)
        part = _POSTFIX_END.sub(r"\1\n", part)
        out.append(part)
    return "\n".join(out)
