"""Pairings after a draft or sealed event (R88, DECISION A22): round robin, Swiss, standings.

Public API
----------
``round_robin(seats) -> list[list[tuple[int, int | None]]]``
    Every round of a round robin (circle method): each pair of seats meets exactly once; with an
    odd number of seats, each seat gets one bye (``(seat, None)``, listed last in its round).
``swiss_round(standings, played) -> list[tuple[int, int | None]]``
    The next Swiss round. Before any result, by seating: seat ``i`` meets seat ``i + n/2`` (with
    an odd count, the last seat has the bye). Later rounds by standings (points, then
    tie-breaks), never a rematch when a rematch-free pairing exists, and the bye goes to the
    lowest-ranked seat that has not had one. Tables are listed best-ranked first, the bye last.
``standings(seats, results) -> Standings``
    Points 3 for a win (a bye is a win), 1 for a draw, 0 for a loss; ranked by points, then
    opponents' match-win percentage (each opponent's at least 33%), then seat number.
``Result(a, b, winner)``
    One match: ``b`` is None for a bye; ``winner`` is a seat, or None for a draw.

A match played as best of N is still one result here (its winner, or a draw): points, tie-breaks
and pairings count matches; ``Standings.lines(names, games)`` only shows the game record beside.

Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 3, 1, 0
MWP_FLOOR = 1 / 3

Pairing = tuple[int, int | None]


@dataclass(frozen=True)
class Result:
    a: int
    b: int | None
    """None: ``a`` had a bye (a win)."""
    winner: int | None
    """The winning seat; None for a draw (ignored for a bye)."""


@dataclass(frozen=True)
class StandingRow:
    rank: int
    seat: int
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    """Byes received (each also counted in ``wins``)."""
    matches: int
    """Matches played, byes included."""
    omw: float
    """Opponents' match-win percentage (0..1), the first tie-break."""
    opponents: tuple[int, ...]

    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    """Best first."""

    def order(self) -> list[int]:
        return [r.seat for r in self.rows]

    def row(self, seat: int) -> StandingRow:
        for r in self.rows:
            if r.seat == seat:
                return r
        raise KeyError(seat)

    def lines(
        self, names: Mapping[int, str] | None = None, games: Mapping[int, tuple[int, int]] | None = None
    ) -> list[str]:
        """One line per seat for posting: ``1. alice: 6 pts (2-0-0), opp. 50%``. ``games`` (seat ->
        games won, games lost) adds the game record of matches played as best of N:
        ``1. alice: 6 pts (2-0-0), games 4-1, opp. 50%``; it informs, it does not rank."""
        out = []
        for r in self.rows:
            name = names.get(r.seat, f"Seat {r.seat + 1}") if names else f"Seat {r.seat + 1}"
            won, lost = games.get(r.seat, (0, 0)) if games is not None else (0, 0)
            record = f", games {won}-{lost}" if games is not None else ""
            out.append(f"{r.rank}. {name}: {r.points} pts ({r.record()}){record}, opp. {100 * r.omw:.0f}%")
        return out

    def text(
        self, names: Mapping[int, str] | None = None, games: Mapping[int, tuple[int, int]] | None = None
    ) -> str:
        return "\n".join(self.lines(names, games))


def round_robin(seats: Sequence[int]) -> list[list[Pairing]]:
    order: list[int | None] = list(seats)
    if len(set(seats)) != len(seats):
        raise ValueError("a seat is listed twice")
    if len(order) < 2:
        return []
    if len(order) % 2:
        order.append(None)
    n = len(order)
    rounds: list[list[Pairing]] = []
    for _ in range(n - 1):
        tables: list[Pairing] = []
        bye: Pairing | None = None
        for i in range(n // 2):
            x, y = order[i], order[n - 1 - i]
            if x is None or y is None:
                seat = x if y is None else y
                assert seat is not None
                bye = (seat, None)
            else:
                tables.append((x, y))
        if bye is not None:
            tables.append(bye)
        rounds.append(tables)
        order = [order[0], order[-1], *order[1:-1]]  # rotate all but the first
    return rounds


def standings(seats: Sequence[int], results: Iterable[Result]) -> Standings:
    points = dict.fromkeys(seats, 0)
    wins = dict.fromkeys(seats, 0)
    losses = dict.fromkeys(seats, 0)
    draws = dict.fromkeys(seats, 0)
    byes = dict.fromkeys(seats, 0)
    opponents: dict[int, list[int]] = {s: [] for s in seats}
    for r in results:
        for s in (r.a, r.b):
            if s is not None and s not in points:
                raise ValueError(f"result for unknown seat {s}")
        if r.b is None:
            points[r.a] += WIN
            wins[r.a] += 1
            byes[r.a] += 1
            continue
        opponents[r.a].append(r.b)
        opponents[r.b].append(r.a)
        if r.winner is None:
            for s in (r.a, r.b):
                points[s] += DRAW
                draws[s] += 1
        else:
            if r.winner not in (r.a, r.b):
                raise ValueError(f"seat {r.winner} won a match it did not play")
            loser = r.b if r.winner == r.a else r.a
            points[r.winner] += WIN
            wins[r.winner] += 1
            losses[loser] += 1

    def matches(s: int) -> int:
        return wins[s] + losses[s] + draws[s]

    def mwp(s: int) -> float:
        return max(MWP_FLOOR, points[s] / (3 * matches(s))) if matches(s) else MWP_FLOOR

    def omw(s: int) -> float:
        opp = opponents[s]
        return sum(mwp(o) for o in opp) / len(opp) if opp else 0.0

    ranked = sorted(seats, key=lambda s: (-points[s], -round(omw(s), 9), s))
    rows = tuple(
        StandingRow(
            rank=i + 1,
            seat=s,
            points=points[s],
            wins=wins[s],
            losses=losses[s],
            draws=draws[s],
            byes=byes[s],
            matches=matches(s),
            omw=omw(s),
            opponents=tuple(opponents[s]),
        )
        for i, s in enumerate(ranked)
    )
    return Standings(rows)


def _pair_no_rematch(order: Sequence[int], played: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pairs ``order`` (best first) top-down with backtracking; None if every pairing has a rematch."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for j, other in enumerate(rest):
        if frozenset((first, other)) in played:
            continue
        tail = _pair_no_rematch([*rest[:j], *rest[j + 1 :]], played)
        if tail is not None:
            return [(first, other), *tail]
    return None


def swiss_round(standings: Standings, played: set[frozenset[int]]) -> list[Pairing]:
    rows = standings.rows
    if len(rows) < 2:
        return [(r.seat, None) for r in rows]
    fresh = not played and all(r.matches == 0 for r in rows)
    if fresh:  # round 1: by seating
        seats = sorted(r.seat for r in rows)
        bye: list[Pairing] = []
        if len(seats) % 2:
            bye = [(seats.pop(), None)]
        half = len(seats) // 2
        return [*((seats[i], seats[i + half]) for i in range(half)), *bye]
    order = [r.seat for r in rows]
    if len(order) % 2 == 0:
        candidates: list[int | None] = [None]
    else:
        no_bye = [r.seat for r in reversed(rows) if r.byes == 0]
        candidates = [*no_bye, *(s for s in reversed(order) if s not in no_bye)]
    for bye_seat in candidates:
        rest = [s for s in order if s != bye_seat]
        tables = _pair_no_rematch(rest, played)
        if tables is not None:
            out: list[Pairing] = list(tables)
            return out + ([(bye_seat, None)] if bye_seat is not None else [])
    # every pairing repeats a match (a long event in a small pod): pair by rank regardless
    bye_seat = candidates[0]
    rest = [s for s in order if s != bye_seat]
    out = [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    return out + ([(bye_seat, None)] if bye_seat is not None else [])


def played_pairs(results: Iterable[Result]) -> set[frozenset[int]]:
    """The pairs of seats that have met (for ``swiss_round``)."""
    return {frozenset((r.a, r.b)) for r in results if r.b is not None}


__all__ = [
    "MWP_FLOOR",
    "Pairing",
    "Result",
    "StandingRow",
    "Standings",
    "played_pairs",
    "round_robin",
    "standings",
    "swiss_round",
]
