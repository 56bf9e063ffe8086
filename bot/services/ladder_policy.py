"""The ladder's policy: which results of a match the ratings count (issue #32 item 7).

Ranked ladders do not count every result: a farmer with a second account could otherwise climb to
the top on games the alt conceded at once (thirty such concessions took a newcomer from 1000 to
1946). Two rules, both computed from what the match history stores, so a rebuild judges every
match as the update did:

1. **A side that lost must have played.** A side (a seat, or a team) that did not finish first and
   whose people made fewer than ``MIN_OWN_MOVES`` moves of their own is left out of the rating:
   it neither loses rating nor gives any to others. A move of one's own is an action in the log by
   that seat that the player chose (``match_actions.by_ai = 0``), not the concession itself, not
   an automatic pass and not a move the AI made for a timed-out player. When no side that counts
   finished below another (a duel whose loser left at once), the match is unrated for everyone.
   AI seats (rated only when the server says so) are never left out: the AI does not farm.
2. **Repeated results count once a day, up to a point.** Of the matches with exactly the same
   rated players on one ladder (server and game), only ``REPEAT_LIMIT`` may be rated in any
   ``REPEAT_WINDOW`` seconds: a match is unrated when that many matches with the same players
   were rated in the window before it ended. Unrated matches do not count towards the limit.

A person left out, or in a match left unrated, gets a reason (``REASONS``) that ``/history`` and
the final ranking show. Nothing here knows Discord or storage: ``bot.services.ratings`` applies it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Side:
    """One rated seat: a person (``user_id``) or an AI (None), and its place (1 = first)."""

    seat: int
    user_id: int | None
    place: int
    moves: int = 0
    """Moves the seat's player made themselves (the ladder's policy counts them)."""


@dataclass(frozen=True)
class Contest:
    """What one match rates: teams of seats (one seat each when the game has no teams), each team
    with its place; ties share a place."""

    match_id: int
    guild_id: int
    game: str
    at: float
    """When the match ended: the order of the history, and the change's time."""
    teams: tuple[tuple[Side, ...], ...]

    @property
    def people(self) -> list[Side]:
        return [s for team in self.teams for s in team if s.user_id is not None]


MIN_OWN_MOVES = 3
"""Moves of its own a side that lost must have made for the match to rate it."""
REPEAT_LIMIT = 3
"""Rated matches between exactly the same players per ladder in any ``REPEAT_WINDOW``."""
REPEAT_WINDOW = 24 * 60 * 60.0
"""Seconds: 24 hours, counted back from the end of the match being judged."""

LEFT_EARLY = "left_early"
"""This player's side lost before making ``MIN_OWN_MOVES`` moves of its own."""
FEW_MOVES = "few_moves"
"""The match is unrated: no side that counts finished below another once the sides that lost
before making their moves were left out."""
REPEAT = "repeat"
"""The match is unrated: ``REPEAT_LIMIT`` matches between the same players were rated within
``REPEAT_WINDOW`` before it."""

REASONS = {
    LEFT_EARLY: f"lost before making {MIN_OWN_MOVES} moves of their own",
    FEW_MOVES: f"a loser made fewer than {MIN_OWN_MOVES} moves of their own",
    REPEAT: f"more than {REPEAT_LIMIT} results between the same players within 24 hours",
}
"""Each reason in words, for /history and the end of the final ranking."""

REASONS_RU = {
    LEFT_EARLY: f"проиграл, не сделав {MIN_OWN_MOVES} своих ходов",
    FEW_MOVES: f"проигравший сделал меньше {MIN_OWN_MOVES} своих ходов",
    REPEAT: f"больше {REPEAT_LIMIT} результатов между теми же игроками за 24 часа",
}
"""The reasons in Russian, for a final ranking shown in Russian (``bot.i18n``)."""


@dataclass(frozen=True)
class Verdict:
    """What the policy makes of one match: the contest to rate (None: nothing is rated), and each
    person who is not rated by it with the reason."""

    contest: Contest | None
    unrated: dict[int, str]


@dataclass(frozen=True)
class Rated:
    """A rated match as the repeat rule remembers it: when it ended, and its rated people."""

    at: float
    match_id: int
    people: frozenset[int]


def lineup(contest: Contest) -> frozenset[int]:
    return frozenset(s.user_id for s in contest.people if s.user_id is not None)


def _played(team: tuple[Side, ...]) -> bool:
    """A side has played when it has an AI seat or its people made the moves between them."""
    if any(s.user_id is None for s in team):
        return True
    return sum(s.moves for s in team) >= MIN_OWN_MOVES


def judge(contest: Contest, recent: Iterable[Rated]) -> Verdict:
    """Apply both rules to ``contest``. ``recent``: rated matches of the same ladder that ended
    before it (more is fine: the window and the players are checked here)."""
    first = min(min(s.place for s in team) for team in contest.teams)
    kept: list[tuple[Side, ...]] = []
    gone: list[tuple[Side, ...]] = []
    for team in contest.teams:
        place = min(s.place for s in team)
        (kept if place == first or _played(team) else gone).append(team)
    unrated = {s.user_id: LEFT_EARLY for team in gone for s in team if s.user_id is not None}
    if gone:
        places = {min(s.place for s in team) for team in kept}
        people = [s for team in kept for s in team if s.user_id is not None]
        if len(places) < 2 or not people:
            everyone = {s.user_id: FEW_MOVES for s in contest.people if s.user_id is not None}
            return Verdict(None, {**everyone, **unrated})
        contest = replace(contest, teams=tuple(kept))
    players = lineup(contest)
    since = contest.at - REPEAT_WINDOW
    seen = sum(
        1
        for r in recent
        if r.people == players and r.at >= since and (r.at, r.match_id) < (contest.at, contest.match_id)
    )
    if seen >= REPEAT_LIMIT:
        return Verdict(None, {**{uid: REPEAT for uid in players}, **unrated})
    return Verdict(contest, unrated)


__all__ = [
    "FEW_MOVES",
    "LEFT_EARLY",
    "MIN_OWN_MOVES",
    "REASONS",
    "REPEAT",
    "REPEAT_LIMIT",
    "REPEAT_WINDOW",
    "Rated",
    "Verdict",
    "judge",
    "lineup",
]
