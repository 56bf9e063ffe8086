"""A player's history in words and files: /history pages, /profile's lines and the export.

The rows come from ``bot.db.history``; this module says what a result was ("won", "2nd of 4",
"ended without a result"), who the opponents were, which deck the player brought, and how the
rating moved, and writes the player's own records as CSV and JSON.

A match stores the cards each seat brought (``match_decks``), not what the deck was called, so a
deck is named by its cards: one of the game's starter decks, a deck of the player's library with
exactly those cards (a saved deck edited since no longer matches; the player's own name wins over
a starter's), else "an unsaved deck".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot.db.history import HistoryEntry, HistoryItem, HistoryStore, SeriesSummary
from bot.services.ladder_policy import REASONS
from bot.services.markdown import escape_markdown
from bot.services.ratings import Skill, display
from bot.spreadsheet import write_csv
from bot.text import ai_seat, ordinal
from engines.core import CardhostError, ConfigError
from engines.decks.pool import play_cards
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.db import Database

PAGE_SIZE = 5
"""Matches on a /history page: five lines, and room for one Replay button each in a row."""
EXPORT_LIMIT = 8 * 1024 * 1024
"""Bytes per exported file: under Discord's default 8 MiB (10 MiB) attachment limit."""
Fingerprint = tuple[tuple[str, int], ...]


def game_title(game: str) -> str:
    try:
        return game_spec(game).title
    except ConfigError:
        return game


def _name(seat: Any) -> str:
    """A seat's name as a line shows it (markdown escaped: names are typed by players)."""
    name = escape_markdown(seat.name)
    return ai_seat(name) if seat.user_id is None else name


def opponents(entry: HistoryEntry) -> list[str]:
    return [_name(s) for s in entry.seats if s.seat != entry.seat]


def place_of(entry: HistoryEntry) -> int | None:
    if entry.ranking is None:
        return None
    place = 1
    for group in entry.ranking:
        if entry.seat in group:
            return place
        place += len(group)
    return len(entry.seats)


def result_words(entry: HistoryEntry) -> str:
    """'won', 'lost', 'draw', '2nd of 4', 'tied 1st of 3' or 'ended without a result'."""
    if entry.status != "finished" or entry.ranking is None:
        return "ended without a result"
    place = place_of(entry)
    assert place is not None
    tied = any(entry.seat in g and len(g) > 1 for g in entry.ranking)
    if len(entry.ranking) == 1:
        return "draw"
    if len(entry.seats) == 2:
        return "won" if place == 1 else "lost"
    return f"{'tied ' if tied else ''}{ordinal(place)} of {len(entry.seats)}"


def rating_words(entry: HistoryEntry) -> str:
    """'1000 → 1144 (+144)', or '' for a match that was not rated."""
    c = entry.change
    if c is None:
        return ""
    before, after = display(Skill(c.mu_before, c.sigma_before)), display(Skill(c.mu_after, c.sigma_after))
    return f"{before} → {after} ({after - before:+d})"


def entry_line(entry: HistoryEntry) -> str:
    """One match on a /history page or in /profile."""
    parts = [f"**#{entry.match_id}** {game_title(entry.game)}", result_words(entry)]
    others = opponents(entry)
    if others:
        parts.append("vs " + ", ".join(others))
    parts.append(f"<t:{int(entry.when)}:d>")
    rated = rating_words(entry)
    if rated:
        parts.append(f"rating {rated}")
    elif entry.unrated is not None:
        parts.append(f"unrated: {REASONS.get(entry.unrated, entry.unrated)}")
    return " · ".join(parts)


# ---------------------------------------------------------------------------------------- series


def series_result(series: SeriesSummary, player: int) -> str:
    """'won 2-1', 'lost 0-2', 'drawn 1-1', 'ended without a result (1-0)' or 'still on, 1-0':
    the player's game wins first, then the best of the others'."""
    mine = next((s.seat for s in series.seats if s.user_id == player and not s.is_ai), None)
    if mine is None or mine >= len(series.wins):
        score = "-".join(str(w) for w in series.wins)
    else:
        others = [w for i, w in enumerate(series.wins) if i != mine]
        score = f"{series.wins[mine]}-{max(others, default=0)}"
    if series.status in ("playing", "sideboarding"):
        return f"still on, {score}"
    if series.status != "finished":
        return f"ended without a result ({score})"
    if series.winner is None:
        return f"drawn {score}"
    return f"{'won' if series.winner == mine else 'lost'} {score}"


def _series_rating(games: Sequence[HistoryEntry]) -> str:
    """The rating before the first rated game and after the last: '1000 → 1031 (+31)', or ''."""
    rated = [g.change for g in games if g.change is not None]
    if not rated:
        return ""
    first, last = rated[0], rated[-1]
    before = display(Skill(first.mu_before, first.sigma_before))
    after = display(Skill(last.mu_after, last.sigma_after))
    return f"{before} → {after} ({after - before:+d})"


def game_line(entry: HistoryEntry) -> str:
    """A game under its series' line: '-# ↳ Game 2 · **#13** · lost · rating 1020 → 1004 (-16)'."""
    parts = [f"-# ↳ Game {entry.game_no} · **#{entry.match_id}**", result_words(entry)]
    rated = rating_words(entry)
    if rated:
        parts.append(f"rating {rated}")
    elif entry.unrated is not None:
        parts.append(f"unrated: {REASONS.get(entry.unrated, entry.unrated)}")
    return " · ".join(parts)


def item_lines(item: HistoryItem, player: int) -> list[str]:
    """A /history item in words: a single match's line, or a series' line (its result, opponents,
    last date and rating over the series) with one line per game under it (issue 34 item 15: a best
    of three read as three unrelated matches)."""
    series = item.series
    if series is None or series.best_of <= 1:
        return [entry_line(e) for e in item.games]
    last = item.games[-1]
    head = [f"**Best of {series.best_of}** {game_title(last.game)}", series_result(series, player)]
    others = [
        ai_seat(escape_markdown(s.name)) if s.user_id is None or s.is_ai else escape_markdown(s.name)
        for s in series.seats
        if not (s.user_id == player and not s.is_ai)
    ]
    if others:
        head.append("vs " + ", ".join(others))
    head.append(f"<t:{int(last.when)}:d>")
    rated = _series_rating(item.games)
    if rated:
        head.append(f"rating {rated}")
    return [" · ".join(head), *(game_line(e) for e in item.games)]


# ---------------------------------------------------------------------------------------- decks


class DeckNames:
    """Names decks by their cards: the game's starters and one player's library."""

    def __init__(self, names: Mapping[tuple[str, Fingerprint], str]) -> None:
        self.names = dict(names)

    @classmethod
    async def of(cls, db: Database, user_id: int, games: Sequence[str]) -> DeckNames:
        from bot.services.codexes import STARTER_PREFIX

        names: dict[tuple[str, Fingerprint], str] = {}
        for game in dict.fromkeys(games):
            try:
                spec = game_spec(game)
            except ConfigError:
                continue
            if spec.deck_pool is None:
                continue
            for row in await db.decks.list(user_id, game):  # the player's own names come first
                try:
                    stored = await db.decks.get(user_id, row.id)
                    cards = play_cards(stored.deck)
                except CardhostError:
                    continue
                names.setdefault((game, fingerprint(cards)), row.name)
            for label, cards in spec.starter_decks().items():
                names.setdefault((game, fingerprint(cards)), f"{STARTER_PREFIX}{label}")
        return cls(names)

    def name(self, game: str, deck: Fingerprint) -> str:
        if not deck:
            return ""
        return self.names.get((game, deck)) or f"an unsaved deck ({sum(n for _, n in deck)} cards)"


def fingerprint(cards: Sequence[str]) -> Fingerprint:
    return tuple(sorted(Counter(cards).items()))


@dataclass(frozen=True)
class DeckUse:
    name: str
    games: int


def favourite_decks(
    used: Mapping[str, Counter[Fingerprint]], names: DeckNames, top: int = 3
) -> dict[str, list[DeckUse]]:
    """Per game, the decks brought to most matches (decks of one name counted together)."""
    out: dict[str, list[DeckUse]] = {}
    for game, decks in used.items():
        by_name: Counter[str] = Counter()
        for deck, n in decks.items():
            by_name[names.name(game, deck)] += n
        ranked = sorted(by_name.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        out[game] = [DeckUse(name, n) for name, n in ranked]
    return out


# ---------------------------------------------------------------------------------------- export

EXPORT_FIELDS = (
    "match_id",
    "game",
    "server_id",
    "started_at",
    "ended_at",
    "status",
    "result",
    "place",
    "players",
    "seat",
    "opponents",
    "deck",
    "rating_before",
    "rating_after",
    "rating_change",
    "end_reason",
)


def _iso(t: float | None) -> str:
    return "" if t is None else datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds")


def export_record(entry: HistoryEntry, names: DeckNames) -> dict[str, Any]:
    """One match as the export writes it (plain values: the CSV and the JSON say the same)."""
    c = entry.change
    before = None if c is None else display(Skill(c.mu_before, c.sigma_before))
    after = None if c is None else display(Skill(c.mu_after, c.sigma_after))
    return {
        "match_id": entry.match_id,
        "game": entry.game,
        "server_id": None if entry.guild_id is None else str(entry.guild_id),
        "started_at": _iso(entry.created_at),
        "ended_at": _iso(entry.ended_at),
        "status": entry.status,
        "result": result_words(entry),
        "place": place_of(entry) if entry.status == "finished" else None,
        "players": len(entry.seats),
        "seat": entry.seat + 1,
        "opponents": [
            ai_seat(s.name) if s.user_id is None else s.name for s in entry.seats if s.seat != entry.seat
        ],
        "deck": names.name(entry.game, entry.deck),
        "rating_before": before,
        "rating_after": after,
        "rating_change": None if before is None or after is None else after - before,
        "end_reason": entry.end_reason or "",
    }


def to_csv(records: Sequence[Mapping[str, Any]]) -> bytes:
    """The records as CSV, through ``bot.spreadsheet`` (an opponent named "=HYPERLINK(…)" is text)."""
    return write_csv(EXPORT_FIELDS, ({**r, "opponents": "; ".join(r["opponents"])} for r in records))


def to_json(user_id: int, records: Sequence[Mapping[str, Any]], at: float) -> bytes:
    doc = {"user_id": str(user_id), "exported_at": _iso(at), "matches": list(records)}
    return json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")


@dataclass(frozen=True)
class Export:
    csv: bytes
    json: bytes
    matches: int
    left_out: int
    """The oldest matches left out so that each file fits in an attachment."""


async def export(db: Database, user_id: int) -> Export:
    """The player's own records, every server, the latest first; the oldest are left out only if
    the files would not fit in a Discord attachment."""
    entries = await HistoryStore(db).everything(user_id)
    names = await DeckNames.of(db, user_id, [e.game for e in entries])
    records = [export_record(e, names) for e in entries]
    kept = len(records)
    while True:
        as_csv, as_json = to_csv(records[:kept]), to_json(user_id, records[:kept], db.now())
        if max(len(as_csv), len(as_json)) <= EXPORT_LIMIT or kept == 0:
            return Export(as_csv, as_json, kept, len(records) - kept)
        kept = kept * 9 // 10
