"""The ladder's policy without Discord (issue #32 item 7): who a match with a result rates once a
loser who did not play and the day's repeated results are left out; duels, games of several, teams
and AI seats. The farming itself is played through the bot in tests/bot/test_trust_ladder.py."""

from __future__ import annotations

from typing import Any

from bot.db.ratings import RatedMatch, RatedSeat
from bot.services.ladder_policy import (
    FEW_MOVES,
    LEFT_EARLY,
    MIN_OWN_MOVES,
    REPEAT,
    REPEAT_LIMIT,
    REPEAT_WINDOW,
    Rated,
    judge,
)
from bot.services.ratings import Contest, contest_of, replay

DAY = 86400.0


def contest(
    mid: int, users: list[int | None], ranking: list[list[int]], moves: list[int], **kw: Any
) -> Contest:
    match = RatedMatch(
        id=mid,
        game="chrono",
        guild_id=1,
        status="finished",
        ended_at=kw.get("at", float(mid)),
        teams=kw.get("teams"),
        ranking=ranking,
        seats=tuple(RatedSeat(i, u) for i, u in enumerate(users)),
        own_moves={i: n for i, n in enumerate(moves) if n},
    )
    found = contest_of(match, rate_ai=kw.get("rate_ai", False))
    assert found is not None
    return found


def rated_users(c: Contest | None) -> list[int | None]:
    return [] if c is None else [s.user_id for team in c.teams for s in team]


def test_a_duel_whose_loser_did_not_play_is_unrated_for_both() -> None:
    verdict = judge(contest(1, [10, 20], [[0], [1]], [0, MIN_OWN_MOVES - 1]), [])
    assert verdict.contest is None
    assert verdict.unrated == {10: FEW_MOVES, 20: LEFT_EARLY}
    # the winner needs no moves (the loser may concede before the winner's first turn)
    verdict = judge(contest(2, [10, 20], [[0], [1]], [0, MIN_OWN_MOVES]), [])
    assert rated_users(verdict.contest) == [10, 20] and verdict.unrated == {}
    # the concession and automatic passes are not in own_moves (bot.db.ratings counts by_ai = 0)
    # a draw needs no moves either: nobody lost
    verdict = judge(contest(3, [10, 20], [[0, 1]], [0, 0]), [])
    assert rated_users(verdict.contest) == [10, 20]


def test_a_game_of_several_rates_those_who_played_among_themselves() -> None:
    # four in a Chrono game: seat 3 left at once and is last; the other three are rated by place
    verdict = judge(contest(1, [10, 20, 30, 40], [[1], [0], [2], [3]], [5, 0, 4, 1]), [])
    assert rated_users(verdict.contest) == [10, 20, 30]
    assert verdict.contest is not None and [t[0].place for t in verdict.contest.teams] == [2, 1, 3]
    assert verdict.unrated == {40: LEFT_EARLY}
    # a farmer and three alts who all leave at once: nothing is rated
    verdict = judge(contest(2, [10, 20, 30, 40], [[0], [1], [2], [3]], [0, 0, 2, 0]), [])
    assert verdict.contest is None
    assert verdict.unrated == {10: FEW_MOVES, 20: LEFT_EARLY, 30: LEFT_EARLY, 40: LEFT_EARLY}
    # two tied winners and the losers left at once: nobody beat anybody who played
    verdict = judge(contest(3, [10, 20, 30, 40], [[0, 1], [2, 3]], [0, 0, 0, 0]), [])
    assert verdict.contest is None and verdict.unrated[10] == FEW_MOVES


def test_a_team_plays_by_the_moves_of_its_players_together() -> None:
    teams = [[0, 2], [1, 3]]
    verdict = judge(contest(1, [10, 20, 30, 40], [[0, 2], [1, 3]], [0, 1, 0, 2], teams=teams), [])
    assert rated_users(verdict.contest) == [10, 30, 20, 40]
    verdict = judge(contest(2, [10, 20, 30, 40], [[0, 2], [1, 3]], [9, 1, 9, 1], teams=teams), [])
    assert verdict.contest is None and verdict.unrated == {
        10: FEW_MOVES,
        30: FEW_MOVES,
        20: LEFT_EARLY,
        40: LEFT_EARLY,
    }


def test_ai_seats_always_count() -> None:
    # a rated AI game (the server rates them): the person loses after their moves, or the AI loses
    verdict = judge(contest(1, [10, None], [[1], [0]], [MIN_OWN_MOVES, 0], rate_ai=True), [])
    assert rated_users(verdict.contest) == [10, None]
    verdict = judge(contest(2, [10, None], [[0], [1]], [0, 0], rate_ai=True), [])
    assert rated_users(verdict.contest) == [10, None]
    verdict = judge(contest(3, [10, None], [[1], [0]], [0, 0], rate_ai=True), [])
    assert verdict.contest is None and verdict.unrated == {10: LEFT_EARLY}


def test_repeated_results_between_the_same_players_count_three_times_a_day() -> None:
    played = [MIN_OWN_MOVES, MIN_OWN_MOVES]
    c = contest(9, [10, 20], [[0], [1]], played, at=10 * DAY)
    same = [Rated(10 * DAY - i * 3600, i, frozenset({10, 20})) for i in range(1, REPEAT_LIMIT + 1)]
    verdict = judge(c, same)
    assert verdict.contest is None and verdict.unrated == {10: REPEAT, 20: REPEAT}
    # one of them more than 24 hours before: rated
    older = [*same[:-1], Rated(10 * DAY - REPEAT_WINDOW - 1, 3, frozenset({10, 20}))]
    assert judge(c, older).contest is not None
    # other players, or the same two with a third, are other pairings
    others = [Rated(10 * DAY - i, i, frozenset({10, 20, 30})) for i in range(1, 9)]
    assert judge(c, others).contest is not None
    # a match that ended after this one does not count against it
    later = [*same[:-1], Rated(10 * DAY, 10, frozenset({10, 20}))]
    assert judge(c, later).contest is not None


def test_the_replay_counts_only_rated_results_towards_the_day() -> None:
    played, idle = [MIN_OWN_MOVES, MIN_OWN_MOVES], [0, 0]
    history = [
        contest(1, [10, 20], [[0], [1]], idle, at=1.0),  # unrated: does not count
        *(contest(i, [10, 20], [[0], [1]], played, at=float(i)) for i in range(2, 7)),
        contest(7, [10, 20], [[0], [1]], played, at=2.5 + REPEAT_WINDOW),  # 2 left the window
    ]
    build = replay(history)
    assert sorted({c.match_id for c in build.changes}) == [2, 3, 4, 7]
    assert {(k.match_id, k.reason) for k in build.skips} == {
        (1, FEW_MOVES), (1, LEFT_EARLY), (5, REPEAT), (6, REPEAT)
    }  # fmt: skip
    assert build.matches == 4
