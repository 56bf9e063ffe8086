"""The "did you mean" suggestions applied to a list: the corrected list, only when it is certain.

A failed import lists every problem with its suggestions ("Did you mean **Spark Bolt**?"). When
every line's problem has exactly one suggestion, the player can take them all at once; when any
problem has none or several (a guess between "Cosmic Storyteller" and "Cosmic Recall"), nothing
is offered, because the bot would be choosing a card for them. Problems of the deck as a whole
("the Codex has 56 cards, counting only the lines without problems") follow from the unread lines,
so they are allowed as long as the corrected list imports with no problem at all: the corrected
list is validated again, and offered only if it is a legal deck.

Each corrected line keeps the player's own writing (count style, set code, trailing comment) with
only the card's name replaced; a line where the name cannot be found as written is written anew as
``<count> <name>``. Pure: no Discord, no storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Deck, validate
from .parse import Entry, parse
from .pool import DeckPool
from .text import clean_line


@dataclass(frozen=True)
class LineChange:
    """One replaced line: its 1-based number and the line before and after (as in the list)."""

    line: int
    before: str
    after: str


@dataclass(frozen=True)
class SuggestedFix:
    """The list with every suggestion applied, the lines that changed, and the deck it makes."""

    text: str
    changes: tuple[LineChange, ...]
    deck: Deck


def suggested_fix(text: str, pool: DeckPool, fmt: str | None = None) -> SuggestedFix | None:
    """The corrected list when every line's problem has exactly one suggestion and the result is
    a legal deck; ``None`` otherwise (nothing wrong, a problem without one sure suggestion, or a
    deck still wrong after the suggestions)."""
    parsed = parse(text, pool.headers, pool.group_titles.values())
    result = validate(parsed, pool, fmt)
    if result.ok:
        return None
    by_line = [p for p in result.problems if p.line is not None]
    if not by_line or any(len(p.suggestions) != 1 for p in by_line):
        return None
    lines = list(parsed.lines)  # the parser's numbering: line breaks normalised, a one-line list split
    entries = {e.line: e for e in parsed.entries}
    changes: list[LineChange] = []
    for problem in by_line:
        assert problem.line is not None
        entry = entries.get(problem.line)
        if entry is None or any(c.line == problem.line for c in changes):
            return None  # a suggestion for a line that is not one card line: nothing sure to replace
        before = lines[problem.line - 1]
        after = _replace_name(before, entry, problem.suggestions[0])
        lines[problem.line - 1] = after
        changes.append(LineChange(problem.line, before.strip(), after.strip()))
    corrected = "\n".join(lines)
    checked = validate(parse(corrected, pool.headers, pool.group_titles.values()), pool, fmt)
    if not checked.ok or checked.deck is None:
        return None
    return SuggestedFix(corrected, tuple(changes), checked.deck)


def _replace_name(raw: str, entry: Entry, name: str) -> str:
    """``raw`` with the card's name replaced, keeping everything else the player wrote."""
    for line in (raw, clean_line(raw)):
        if entry.name and line.count(entry.name) == 1:
            return line.replace(entry.name, name, 1)
    prefix = "SB: " if entry.via == "sb" else ""
    return f"{prefix}{entry.count} {name}"
