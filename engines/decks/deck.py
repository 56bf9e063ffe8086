"""Validated decks: ``validate`` a parsed list against a game's pool, ``export`` it back to text.

``import_deck(text, pool, fmt)`` is parse + validate. It returns a ``DeckResult`` holding either a
``Deck`` (nothing wrong) or every ``Problem`` at once; a deck with problems is never built, so a
caller cannot save half a list. ``export(deck, pool)`` writes the import format, and importing
that text gives back an equal ``Deck`` (cards are kept in one canonical order).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .parse import SECTION_TITLES, Entry, ParsedList, Problem, parse
from .pool import CardInfo, DeckFormat, DeckPool

CURVE_TOP = 7
"""The cost curve has bars 0..6 and '7+'."""


@dataclass(frozen=True)
class Deck:
    """A legal deck: per section, (card id, count) in the pool's canonical order."""

    game: str
    format: str
    sections: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]

    def section(self, key: str) -> tuple[tuple[str, int], ...]:
        return next((cards for k, cards in self.sections if k == key), ())

    def size(self, key: str | None = None) -> int:
        if key is None:
            return sum(n for _, cards in self.sections for _, n in cards)
        return sum(n for _, n in self.section(key))

    def cards(self, key: str = "main") -> list[str]:
        """The section as a list of card ids, one per copy (what an engine's setup takes)."""
        return [cid for cid, n in self.section(key) for _ in range(n)]

    def rows(self) -> list[tuple[str, str, int, int]]:
        """(section, card id, count, position) for storage; positions run across all sections."""
        flat = [(key, cid, n) for key, cards in self.sections for cid, n in cards]
        return [(key, cid, n, i) for i, (key, cid, n) in enumerate(flat)]

    @classmethod
    def from_rows(cls, game: str, fmt: str, rows: Iterable[tuple[str, str, int, int]]) -> Deck:
        """The inverse of ``rows()`` (rows in any order)."""
        by: dict[str, list[tuple[str, int]]] = {}
        for section, cid, count, _ in sorted(rows, key=lambda r: r[3]):
            by.setdefault(section, []).append((cid, count))
        return cls(game, fmt, tuple((k, tuple(v)) for k, v in by.items()))


@dataclass(frozen=True)
class DeckResult:
    deck: Deck | None
    problems: tuple[Problem, ...] = ()
    format: str = ""
    name: str = ""
    """The name the list gives itself (an MTG Arena 'About' / 'Name' block), else empty."""

    @property
    def ok(self) -> bool:
        return self.deck is not None and not self.problems

    def report(self, limit: int | None = None) -> str:
        lines = [p.describe() for p in self.problems[:limit]]
        return "\n".join(lines)


def import_deck(text: str, pool: DeckPool, fmt: str | None = None) -> DeckResult:
    """Parse ``text`` and validate it for ``pool`` in format ``fmt`` (the game's default if None)."""
    return validate(parse(text, pool.headers, pool.group_titles.values()), pool, fmt)


def _card_for(entry: Entry, pool: DeckPool) -> tuple[CardInfo | None, Problem | None]:
    by_code = pool.by_code(entry.code) if entry.code else None
    if not entry.name:
        if by_code is None:
            return None, Problem(
                entry.line, entry.text, f"there is no card numbered {entry.code}.", "unknown"
            )
        return by_code, None
    named = pool.by_name(entry.name)
    if not named:
        if by_code is not None:
            return by_code, None  # a misspelt name with a right number: the number decides
        return None, Problem(
            entry.line, entry.text, f"unknown card {entry.name!r}.", "unknown", pool.did_you_mean(entry.name)
        )
    if by_code is not None and by_code not in named:
        if any(c.name == by_code.name for c in named):
            return by_code, None
        return None, Problem(
            entry.line,
            entry.text,
            f"{entry.code} is {by_code.name}, not {named[0].name}; fix the name or the number.",
            "mismatch",
        )
    return (by_code if by_code is not None else named[0]), None


def validate(parsed: ParsedList, pool: DeckPool, fmt_key: str | None = None) -> DeckResult:
    """Every problem of the list for this game and format, or the ``Deck`` when there are none."""
    fmt = pool.format(fmt_key)
    problems: list[Problem] = list(parsed.problems)
    where = f"{pool.title} {fmt.title.lower()} decks"
    for h in parsed.headers:
        if fmt.rule(h.section) is None:
            problems.append(
                Problem(h.line, h.text, f"{where} have no {SECTION_TITLES[h.section]} section.", "section")
            )
    counts: dict[str, dict[str, int]] = {s.key: {} for s in fmt.sections}
    lines: dict[str, list[Entry]] = {}  # copy key -> entries, for copy-limit messages
    placed: list[tuple[Entry, str]] = []  # each line read as cards, with the section it counts in
    resolved = [(e, *_card_for(e, pool)) for e in parsed.entries]
    listed = _listed(resolved, fmt) if any(s.fits for s in fmt.sections) else {}
    for e, card, problem in resolved:
        if problem is not None:
            problems.append(problem)
            continue
        assert card is not None
        section = e.section
        if fmt.rule(section) is None:
            if e.via in ("blank", "default"):
                section = fmt.sections[0].key  # no sideboard here: a trailing block is still the deck
            elif e.via == "sb":
                problems.append(
                    Problem(e.line, e.text, f"{where} have no {SECTION_TITLES[section].lower()}.", "section")
                )
                continue
            else:
                continue  # its header was reported once
        rule = fmt.rule(section)
        assert rule is not None
        reason = (
            (fmt.allows(card) if fmt.allows else "")
            or (rule.accepts(card) if rule.accepts else "")
            or (rule.fits(card, listed) if rule.fits else "")
        )
        if reason:
            problems.append(Problem(e.line, e.text, reason, "legal"))
            continue
        counts[section][card.id] = counts[section].get(card.id, 0) + e.count
        placed.append((e, section))
        if section in fmt.copy_scope:
            lines.setdefault(card.limit_key, []).append(e)
        if rule.max_copies is not None and counts[section][card.id] > rule.max_copies:
            problems.append(
                Problem(
                    e.line,
                    e.text,
                    f"too many copies of {card.name} in the {rule.label}: at most {rule.max_copies}.",
                    "copies",
                )
            )
    if not parsed.entries and not problems:
        problems.append(Problem(None, "", "the list has no cards.", "empty"))
        return DeckResult(None, tuple(problems), fmt.key, parsed.name)
    problems.extend(_copy_problems(fmt, pool, counts, lines))
    sizes = _clean_sizes(fmt, placed, problems)
    problems.extend(
        _size_problems(fmt, pool, sizes, partial=bool(problems), short_note=_blank_block_note(parsed, fmt))
    )
    if problems:
        return DeckResult(None, tuple(sorted(problems, key=_order)), fmt.key, parsed.name)
    deck = Deck(
        pool.game,
        fmt.key,
        tuple(
            (s.key, tuple(sorted(counts[s.key].items(), key=lambda kv: pool.sort_key(pool.card(kv[0])))))
            for s in fmt.sections
            if counts[s.key]
        ),
    )
    if fmt.check is not None:
        sentence = fmt.check(deck)
        if sentence:
            return DeckResult(None, (Problem(None, "", sentence, "legal"),), fmt.key, parsed.name)
    return DeckResult(deck, (), fmt.key, parsed.name)


def _section_of(e: Entry, fmt: DeckFormat) -> str | None:
    """The section a line counts in (as ``validate`` reads it), None when the format has none."""
    if fmt.rule(e.section) is not None:
        return e.section
    return fmt.sections[0].key if e.via in ("blank", "default") else None


def _listed(
    resolved: list[tuple[Entry, CardInfo | None, Problem | None]], fmt: DeckFormat
) -> dict[str, list[CardInfo]]:
    """Section key -> the cards its lines name, for ``SectionRule.fits``: lines naming no card or
    a card the format or section refuses on its own are left out."""
    out: dict[str, list[CardInfo]] = {s.key: [] for s in fmt.sections}
    for e, card, _ in resolved:
        section = _section_of(e, fmt)
        rule = fmt.rule(section) if section else None
        if card is None or rule is None:
            continue
        if (fmt.allows and fmt.allows(card)) or (rule.accepts and rule.accepts(card)):
            continue
        out[rule.key].append(card)
    return out


def _clean_sizes(fmt: DeckFormat, placed: list[tuple[Entry, str]], problems: list[Problem]) -> dict[str, int]:
    """Section key -> the copies on the lines without problems: what the size message counts, as it
    says ("counting only the lines without problems"). A line with too many copies has its copies
    read but is a problem line, so "5 Facet Lancer" there adds nothing, and "4 Facet Lancer" adds 4."""
    bad = {p.line for p in problems if p.line is not None}
    sizes = {s.key: 0 for s in fmt.sections}
    for e, section in placed:
        if e.line not in bad:
            sizes[section] += e.count
    return sizes


def _order(p: Problem) -> tuple[int, int]:
    return (1, 0) if p.line is None else (0, p.line)


def _copy_problems(
    fmt: DeckFormat, pool: DeckPool, counts: dict[str, dict[str, int]], lines: dict[str, list[Entry]]
) -> list[Problem]:
    totals: dict[str, int] = {}
    sample: dict[str, CardInfo] = {}
    for key in fmt.copy_scope:
        for cid, n in counts.get(key, {}).items():
            card = pool.card(cid)
            totals[card.limit_key] = totals.get(card.limit_key, 0) + n
            sample.setdefault(card.limit_key, card)
    out: list[Problem] = []
    for key, total in totals.items():
        card = sample[key]
        limit = fmt.copy_limit(card)
        if limit is None or total <= limit:
            continue
        entries = lines[key]
        first = entries[0]
        also = [str(e.line) for e in entries[1:]]
        across = f" (counting lines {first.line}, {', '.join(also)})" if also else ""
        scope = " and ".join(r.label for r in fmt.sections if r.key in fmt.copy_scope)
        out.append(
            Problem(
                first.line,
                first.text,
                f"too many copies: {total} × {card.name}{across}; a {fmt.title.lower()} {scope}"
                f" may hold at most {limit}.",
                "copies",
            )
        )
    return out


def _blank_block_note(parsed: ParsedList, fmt: DeckFormat) -> str:
    """Why the deck may be short: with no header, the block after the last blank line is read as
    the sideboard. A player who only left a blank line inside the deck would otherwise be told the
    deck lacks cards they can see in their list."""
    moved = [e for e in parsed.entries if e.via == "blank"]
    if not moved or fmt.rule("side") is None:
        return ""
    first, last = moved[0].line, moved[-1].line
    lines = f"line {first}" if first == last else f"lines {first}-{last}"
    n = sum(e.count for e in moved)
    return (
        f" The last block ({lines}, {n} card{'s' if n != 1 else ''}) comes after a blank line, so it was"
        " read as the sideboard: remove that blank line, or put 'Sideboard' above the sideboard."
    )


def _size_problems(
    fmt: DeckFormat, pool: DeckPool, sizes: dict[str, int], *, partial: bool, short_note: str
) -> list[Problem]:
    """Section sizes (copies per section key, see ``_clean_sizes``) against the format.
    ``partial``: other lines had problems and were not counted; ``short_note`` explains a short
    first section (see ``_blank_block_note``)."""
    counting = " (counting only the lines without problems)" if partial else ""

    def problem(message: str, kind: str = "size", note: str = "") -> Problem:
        return Problem(None, "", message.rstrip(".") + counting + "." + note, kind)

    out: list[Problem] = []
    total = 0
    for rule in fmt.sections:
        n = sizes[rule.key]
        total += n
        article = "an" if pool.title[:1].lower() in "aeiou" else "a"
        what = f"{article} {pool.title} {fmt.title.lower()} {rule.label}"
        note = short_note if rule is fmt.sections[0] else ""
        if n < rule.min_cards:
            if n == 0 and rule.missing:
                out.append(problem(rule.missing, "missing", note))
            else:
                out.append(
                    problem(
                        f"the {rule.label} has {n} cards; {what} needs at least {rule.min_cards}.", note=note
                    )
                )
        if rule.max_cards is not None and n > rule.max_cards:
            out.append(problem(f"the {rule.label} has {n} cards; {what} may have at most {rule.max_cards}."))
    if total > fmt.max_total:
        out.append(problem(f"the list has {total} cards; the most a deck can hold here is {fmt.max_total}."))
    return out


# -- export -----------------------------------------------------------------------------------


def card_line(count: int, card: CardInfo, pool: DeckPool) -> str:
    if pool.unique_name(card):
        return f"{count} {card.name}"
    prefix = card.id.rstrip("0123456789")
    return f"{count} {card.name} ({prefix}) {card.id[len(prefix) :]}"


def export(deck: Deck, pool: DeckPool, name: str = "") -> str:
    """The deck in the import format; ``import_deck(export(d), pool, d.format).deck == d``."""
    fmt = pool.format(deck.format)
    title = f"{name} — " if name else ""
    out = [f"# {title}{pool.title}, {fmt.title.lower()}, {deck.size()} cards"]
    for rule in fmt.sections:
        cards = deck.section(rule.key)
        if not cards:
            continue
        if len(out) > 1:
            out.append("")
        out.append(rule.header)
        group = None
        for cid, n in cards:
            card = pool.card(cid)
            if card.group != group and len(cards) > 1 and pool.groups:
                group = card.group
                size = sum(k for c, k in cards if pool.card(c).group == group)
                out.append(f"// {pool.group_titles.get(group, group)} ({size})")
            out.append(card_line(n, card, pool))
    return "\n".join(out) + "\n"


# -- summaries for images and chat ----------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    count: int
    name: str
    cost_text: str
    accent: str
    card_id: str


@dataclass(frozen=True)
class Group:
    title: str
    count: int
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class SectionSummary:
    title: str
    count: int
    groups: tuple[Group, ...]


@dataclass(frozen=True)
class DeckSummary:
    """Everything ``render.deck`` draws: plain values, no pool needed."""

    name: str
    game: str
    game_title: str
    format_title: str
    total: int
    sections: tuple[SectionSummary, ...]
    curve: tuple[tuple[str, int], ...]
    """('0', n) .. ('7+', n): copies per cost in the main deck, off-curve cards left out."""
    off_curve: int = 0
    notes: tuple[str, ...] = field(default=())

    def text(self) -> str:
        """A short chat summary: sizes per group and the curve."""
        out = [f"**{self.name}** — {self.game_title}, {self.format_title.lower()}, {self.total} cards"]
        for s in self.sections:
            groups = " · ".join(f"{g.title} {g.count}" for g in s.groups)
            out.append(f"{s.title} ({s.count}): {groups}")
        if any(n for _, n in self.curve):
            out.append("Curve: " + " · ".join(f"{c}: {n}" for c, n in self.curve if n))
        return "\n".join(out)


def summarize(deck: Deck, pool: DeckPool, name: str = "") -> DeckSummary:
    fmt = pool.format(deck.format)
    sections: list[SectionSummary] = []
    curve = [0] * (CURVE_TOP + 1)
    off = 0
    main = fmt.sections[0].key
    for rule in fmt.sections:
        cards = deck.section(rule.key)
        if not cards:
            continue
        groups: dict[str, list[Row]] = {}
        for cid, n in cards:
            c = pool.card(cid)
            groups.setdefault(c.group, []).append(Row(n, c.name, c.cost_text, c.accent, c.id))
            if rule.key == main:
                if c.cost is None:
                    off += n
                else:
                    curve[min(c.cost, CURVE_TOP)] += n
        sections.append(
            SectionSummary(
                rule.label,
                sum(n for _, n in cards),
                tuple(
                    Group(pool.group_titles.get(g, g), sum(r.count for r in rows), tuple(rows))
                    for g, rows in groups.items()
                ),
            )
        )
    labels = [str(i) for i in range(CURVE_TOP)] + [f"{CURVE_TOP}+"]
    return DeckSummary(
        name or "Deck",
        pool.game,
        pool.title,
        fmt.title,
        deck.size(),
        tuple(sections),
        tuple(zip(labels, curve, strict=True)),
        off,
    )
