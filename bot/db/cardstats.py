"""Card statistics per server, counted in SQL over what is stored (issue #21 item 5).

Three numbers per card, over one server's (guild's) history of one game:

- **pick order**: the average pick number (1 = first pick of a pack) of the picks people made in
  the server's drafts (``pod_picks``; a bot's pick follows the AI's rating table, not the
  players, so bots and timeouts are left out);
- **decks and wins**: in how many decks of finished games the card was (``match_decks``: one
  row per match, seat and card, written when the match is created) and how many of those games
  the deck won (first in ``matches.outcome``'s ranking, when the game was not a draw);
- **plays**: how many times it was played and in how many of those decks at least once
  (``match_actions.card``, written when the move was stored: see ``GameSpec.played_card``).

Only finished games with a result count for decks and plays (an aborted game has no winner and
its decks would only dilute the rates), and only once nothing about their decks is hidden from a
player who can ask: a game of a series once the series is over, a game of a pod once the pod is
over; a pod's picks count once the pod is over (issue #32 item 1, docs/playing.md). The queries are aggregates over indexes (V008): no game
is replayed, and 10,000 stored matches take a small fraction of a second (bench/card_stats.py).

They run on a connection of their own, opened read-only in a worker thread: the bot's one
connection keeps storing moves while a server's statistics are counted (WAL lets both run).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .series import OPEN as SERIES_OPEN
from .sql import Sql

if TYPE_CHECKING:
    from .access import Access

T = TypeVar("T")


@dataclass(frozen=True)
class CardCounts:
    """What was counted for one card (zeros: nothing stored yet)."""

    card: str
    picks: int = 0
    """Picks of this card by people in the server's drafts."""
    pick_sum: int = 0
    """The sum of their pick numbers (``avg_pick`` = pick_sum / picks)."""
    decks: int = 0
    """Decks of finished games that held it (a seat in a game; a card in both decks counts twice)."""
    wins: int = 0
    """Of those, the decks whose player won the game."""
    plays: int = 0
    """Times it was played in those games."""
    played_in: int = 0
    """Decks that played it at least once."""

    @property
    def avg_pick(self) -> float | None:
        return self.pick_sum / self.picks if self.picks else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.decks if self.decks else None

    @property
    def play_rate(self) -> float | None:
        """The share of the decks holding it that played it at least once."""
        return self.played_in / self.decks if self.decks else None


@dataclass(frozen=True)
class Totals:
    """The server's history the counts come from."""

    games: int = 0
    """Finished games of the game, with a result."""
    decks: int = 0
    """Decks in those games (seats with a known deck)."""
    drafts: int = 0
    """Drafts with at least one pick by a person."""


@dataclass(frozen=True)
class CardStatsData:
    totals: Totals
    cards: dict[str, CardCounts] = field(default_factory=dict)

    def card(self, card_id: str) -> CardCounts:
        return self.cards.get(card_id) or CardCounts(card_id)


# ------------------------------------------------------------------------------------ queries
# :guild, :game: the server and the game; {card} is "" for every card, or "AND <alias>.card =
# :card" for one (a separate statement: an "(:card IS NULL OR ...)" form would keep SQLite from
# using the card indexes). Each query starts from the server's own matches or pods (the
# matches_by_guild and pods_by_guild indexes), so its cost follows that server's history, not the
# whole database's. Timings at 10,000 matches: bench/card_stats.py.

# When a deck counts (issue #32 item 1, docs/playing.md): only once nothing about it is hidden from
# anyone who can ask. A game of a series still being played (or between games) would show the
# opponent's deck to the player who meets it in the next game, and a game of a pod still playing
# its rounds the drafted deck of a rival met in a later round; so those games count only when the
# series, or the pod, is over, and a pod's picks only when the pod is. A pod table played as a
# series has its game 1 in pod_matches and the later games through series_games.

POD_OVER = ("finished", "cancelled")
"""A pod in these statuses is over (bot/cogs/draft.py: ``OVER``); a cancelled pod never started."""


def _listed(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


_OPEN_SERIES_GAMES = (  # open series are few, found by the series_status index
    "SELECT g.match_id FROM series AS s JOIN series_games AS g ON g.series_id = s.id"
    f" WHERE s.status IN ({_listed(SERIES_OPEN)})"
)
_OPEN_POD_TABLES = (
    "SELECT t.match_id FROM pods AS p JOIN pod_matches AS t ON t.pod_id = p.id"
    f" WHERE p.guild_id = :guild AND p.status NOT IN ({_listed(POD_OVER)}) AND t.match_id IS NOT NULL"
)
_OPEN_POD_SERIES_GAMES = (
    "SELECT g.match_id FROM series_games AS g WHERE g.series_id IN"
    f" (SELECT g1.series_id FROM series_games AS g1 WHERE g1.match_id IN ({_OPEN_POD_TABLES}))"
)
_UNDECIDED = f"{_OPEN_SERIES_GAMES} UNION {_OPEN_POD_TABLES} UNION {_OPEN_POD_SERIES_GAMES}"
"""Every match whose decks may still be hidden from someone: a game of an open series, or of a pod
that is not over (each id is a NOT NULL column: ``NOT IN`` reads no NULL)."""

_FINISHED = (
    "m.guild_id = :guild AND m.game = :game AND m.status = 'finished' AND m.outcome IS NOT NULL"
    f" AND m.id NOT IN ({_UNDECIDED})"
)
_GAMES = f"SELECT m.id FROM matches AS m WHERE {_FINISHED}"

_DECKS_SQL = """
SELECT d.card, count(*) FROM match_decks AS d
WHERE d.match_id IN ({games}) {card} GROUP BY d.card
"""
_WINS_SQL = """
SELECT d.card, count(*) FROM match_decks AS d
WHERE (d.match_id, d.seat) IN ({winners}) {card} GROUP BY d.card
"""
_PLAYS_SQL = """
SELECT card, sum(n), count(*) FROM (
    SELECT a.card, a.match_id, a.seat, count(*) AS n FROM match_actions AS a
    WHERE a.card IS NOT NULL AND a.match_id IN ({games}) {card}
    GROUP BY a.card, a.match_id, a.seat
) AS plays GROUP BY card
"""
_PICKS_SQL = """
SELECT k.card, count(*), sum(k.pick_no) FROM pod_picks AS k
WHERE k.by = 'player' AND k.pod_id IN ({pods}) {card} GROUP BY k.card
"""
_COUNTS = {
    "decks": (_DECKS_SQL, "d"),
    "wins": (_WINS_SQL, "d"),
    "plays": (_PLAYS_SQL, "a"),
    "picks": (_PICKS_SQL, "k"),
}


def _spelled(json: str) -> dict[str, str]:
    """The statements of ``count_cards`` with the JSON functions named ``{json}each``, ... (SQLite's
    ``json_each``, PostgreSQL's ``cardhost_json_each``, bot/db/pgsql.py): "totals", and each of
    ``_COUNTS`` for all cards and (``<name>:card``) for one."""
    # (match, seat) of every winner: the first group of a ranking that has more than one (a
    # ranking of one group is a draw, and nobody won it)
    winners = (
        f"SELECT m.id, CAST(w.value AS BIGINT) FROM matches AS m, {json}each(m.outcome, '$.ranking[0]') AS w"
        f" WHERE {_FINISHED} AND {json}array_length(m.outcome, '$.ranking') > 1"
    )
    # the server's pods of the game that are over: only their picks count
    pods = (
        f"SELECT p.id FROM pods AS p WHERE p.guild_id = :guild"
        f" AND COALESCE({json}extract(p.config, '$.game'), :draft_game) = :game"
        f" AND p.status IN ({_listed(POD_OVER)})"
    )
    texts = {
        "totals": f"""
SELECT
  (SELECT count(*) FROM matches AS m WHERE {_FINISHED}),
  (SELECT count(*) FROM match_seats AS s WHERE s.match_id IN ({_GAMES})
     AND EXISTS (SELECT 1 FROM match_decks AS d WHERE d.match_id = s.match_id AND d.seat = s.seat)),
  (SELECT count(DISTINCT k.pod_id) FROM pod_picks AS k WHERE k.by = 'player' AND k.pod_id IN ({pods}))
"""
    }
    for name, (template, alias) in _COUNTS.items():
        for key, card in ((name, ""), (f"{name}:card", f"AND {alias}.card = :card")):
            texts[key] = template.format(games=_GAMES, winners=winners, pods=pods, card=card)
    return texts


STATEMENTS = {
    key: Sql(lite, postgres)
    for (key, lite), postgres in zip(
        _spelled("json_").items(), _spelled("cardhost_json_").values(), strict=True
    )
}
"""Every statement of the card statistics, spelled for each backend."""


def count_cards(
    conn: sqlite3.Connection, guild_id: int, game: str, *, draft_game: str | None, card: str | None = None
) -> CardStatsData:
    """Every count for ``game`` in server ``guild_id`` (one card's when ``card`` is given).

    ``draft_game``: the game a pod drafts when its config names none (pods of the one drafting
    game store no game); None: only pods that name their game count. The caller runs this in one
    read transaction, so the numbers agree with one another.
    """
    params = {"guild": guild_id, "game": game, "card": card, "draft_game": draft_game}
    games, decks, drafts = conn.execute(STATEMENTS["totals"], params).fetchone()
    found: dict[str, dict[str, int]] = {}

    def add(statement: str, *names: str) -> None:
        key = statement if card is None else f"{statement}:card"
        for cid, *values in conn.execute(STATEMENTS[key], params):
            found.setdefault(cid, {}).update(zip(names, values, strict=True))

    add("decks", "decks")
    add("wins", "wins")
    add("plays", "plays", "played_in")
    add("picks", "picks", "pick_sum")
    cards = {cid: CardCounts(cid, **values) for cid, values in found.items()}
    return CardStatsData(Totals(games=games, decks=decks, drafts=drafts), cards)


def _read_only(path: Path, fn: Callable[[sqlite3.Connection], T]) -> T:
    """``fn`` on a fresh read-only connection to ``path``, in one read transaction."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0, isolation_level=None)
    try:
        conn.execute("BEGIN")
        try:
            return fn(conn)
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.close()


class CardStatsStore:
    """The statistics queries of one database."""

    def __init__(self, db: Access) -> None:
        self.db = db

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        path = self.db.path
        if str(path) != ":memory:" and path.is_file():
            return await asyncio.to_thread(_read_only, path, fn)
        return await self.db.query(fn)  # an in-memory database has only the bot's connection

    async def counts(
        self, guild_id: int, game: str, *, draft_game: str | None, card: str | None = None
    ) -> CardStatsData:
        """Every card's counts in ``guild_id`` for ``game`` (only ``card``'s when given)."""
        return await self._read(
            lambda conn: count_cards(conn, guild_id, game, draft_game=draft_game, card=card)
        )


__all__ = ["CardCounts", "CardStatsData", "CardStatsStore", "Totals", "count_cards"]
