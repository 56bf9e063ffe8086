"""The "did you mean" suggestions applied to a list: the corrected list, only when it is certain.

A failed import lists every problem with its suggestions ("Did you mean **Spark Bolt**?"). When
every line's problem has exactly one suggestion, the player can take them all at once; when any
problem has none or several (a guess between "Tide Lurker" and "Tide Caller"), nothing is
offered, because the bot would be choosing a card for them, and ``offer_fix`` says which line stops
it. (A typo with one clearly closest card has only that suggestion: ``closest``.) Problems of the deck as a whole
("the Codex has 56 cards, counting only the lines without problems") follow from the unread lines,
so they are allowed as long as the corrected list imports with no problem at all: the corrected
list is validated again, and offered only if it is a legal deck.

Each corrected line keeps the player's own writing (count style, set code, trailing comment) with
only the card's name replaced; a line where the name cannot be found as written is written anew as
``<count> <name>``. Pure: no Discord, no storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.words import plural

from .deck import Deck, validate
from .parse import Entry, Problem, parse
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


@dataclass(frozen=True)
class FixOffer:
    """The corrected list, or why there is none: ``reason`` is a clause a player reads after
    "**Use the suggestions** is not offered: " ("line 12 could be **Pyre Drake** or **Isle
    Drake**"); empty when nothing on the list looks like a name to correct, where saying it would
    only be noise."""

    fix: SuggestedFix | None
    reason: str = ""


def suggested_fix(text: str, pool: DeckPool, fmt: str | None = None) -> SuggestedFix | None:
    """The corrected list when every line's problem has exactly one suggestion and the result is
    a legal deck; ``None`` otherwise (nothing wrong, a problem without one sure suggestion, or a
    deck still wrong after the suggestions)."""
    return offer_fix(text, pool, fmt).fix


def offer_fix(text: str, pool: DeckPool, fmt: str | None = None) -> FixOffer:
    """``suggested_fix`` with the reason when there is none and some problem has a suggestion."""
    parsed = parse(text, pool.headers, pool.group_titles.values())
    result = validate(parsed, pool, fmt)
    if result.ok:
        return FixOffer(None)
    by_line = [p for p in result.problems if p.line is not None]
    if not any(p.suggestions for p in by_line):
        return FixOffer(None)
    blocking = [p for p in by_line if len(p.suggestions) != 1]
    if blocking:
        return FixOffer(None, _why(blocking))
    lines = list(parsed.lines)  # the parser's numbering: line breaks normalised, a one-line list split
    entries = {e.line: e for e in parsed.entries}
    changes: list[LineChange] = []
    for problem in by_line:
        assert problem.line is not None
        entry = entries.get(problem.line)
        if entry is None or any(c.line == problem.line for c in changes):
            # a suggestion for a line that is not one card line: nothing sure to replace
            return FixOffer(None, f"line {problem.line} has two problems to solve")
        before = lines[problem.line - 1]
        after = _replace_name(before, entry, problem.suggestions[0])
        lines[problem.line - 1] = after
        changes.append(LineChange(problem.line, before.strip(), after.strip()))
    corrected = "\n".join(lines)
    checked = validate(parse(corrected, pool.headers, pool.group_titles.values()), pool, fmt)
    if not checked.ok or checked.deck is None:
        return FixOffer(None, "even with the suggestions the list would not be a legal deck")
    return FixOffer(SuggestedFix(corrected, tuple(changes), checked.deck))


def _why(blocking: list[Problem]) -> str:
    """Why the first problem without one sure suggestion stops the offer (and how many more do)."""
    first = blocking[0]
    if len(first.suggestions) > 1:
        names = [f"**{s}**" for s in first.suggestions]
        clause = f"line {first.line} could be {', '.join(names[:-1])} or {names[-1]}, and only you know which"
    elif first.kind == "unknown":
        clause = f"line {first.line} names no card close enough to suggest"
    else:
        clause = f"the problem on line {first.line} is not a misspelt card name"
    more = len(blocking) - 1
    if more:
        clause += f" ({plural(more, 'more line')} need{'s' if more == 1 else ''} you too)"
    return clause


def _replace_name(raw: str, entry: Entry, name: str) -> str:
    """``raw`` with the card's name replaced, keeping everything else the player wrote."""
    for line in (raw, clean_line(raw)):
        if entry.name and line.count(entry.name) == 1:
            return line.replace(entry.name, name, 1)
    prefix = "SB: " if entry.via == "sb" else ""
    return f"{prefix}{entry.count} {name}"
