"""Pairings (R88, A22): round robin covers every pair once, Swiss by seating then points without
rematches, byes, standings with tie-breaks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.draft.pairings import (
    Result,
    played_pairs,
    round_robin,
    standings,
    swiss_round,
)


@pytest.mark.parametrize("n", range(2, 10))
def test_round_robin_meets_every_pair_once(n: int) -> None:
    seats = list(range(n))
    rounds = round_robin(seats)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    pairs: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for tables in rounds:
        seen = [s for a, b in tables for s in (a, b) if s is not None]
        assert sorted(seen) == seats, "each seat once per round"
        for a, b in tables:
            if b is None:
                byes[a] += 1
            else:
                pairs[frozenset((a, b))] += 1
        assert all(b is not None for _, b in tables[:-1]), "the bye is listed last"
    assert set(pairs) == {frozenset(p) for p in combinations(seats, 2)}
    assert set(pairs.values()) == {1}
    assert byes == (Counter(seats) if n % 2 else Counter())


def test_round_robin_keeps_seat_labels() -> None:
    rounds = round_robin([3, 5, 7, 9])
    assert {s for t in rounds for p in t for s in p} == {3, 5, 7, 9}
    assert round_robin([1]) == []
    with pytest.raises(ValueError):
        round_robin([1, 1])


def test_swiss_round_one_pairs_by_seating() -> None:
    assert swiss_round(standings(range(8), []), set()) == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert swiss_round(standings(range(6), []), set()) == [(0, 3), (1, 4), (2, 5)]
    assert swiss_round(standings(range(5), []), set()) == [(0, 2), (1, 3), (4, None)]


@settings(max_examples=30, deadline=None)
@given(
    n=st.integers(min_value=4, max_value=8),
    outcomes=st.lists(st.sampled_from(["a", "b", "draw"]), min_size=12, max_size=12),
)
def test_swiss_three_rounds_without_rematches(n: int, outcomes: list[str]) -> None:
    seats = list(range(n))
    results: list[Result] = []
    k = 0
    byes: Counter[int] = Counter()
    for rnd in range(3):
        table = standings(seats, results)
        tables = swiss_round(table, played_pairs(results))
        assert sorted(s for a, b in tables for s in (a, b) if s is not None) == seats
        if rnd == 0:
            half = n // 2
            assert tables[:half] == [(i, i + half) for i in range(half)]
        for a, b in tables:
            if b is None:
                byes[a] += 1
                results.append(Result(a, None, a))
                continue
            assert frozenset((a, b)) not in played_pairs(results), "a rematch"
            o = outcomes[k % len(outcomes)]
            k += 1
            results.append(Result(a, b, None if o == "draw" else a if o == "a" else b))
        if rnd > 0 and n % 2 == 0:
            # later rounds by points: tables are listed best first, and points never increase
            order = table.order()
            firsts = [order.index(a) for a, _ in tables]
            assert firsts == sorted(firsts)
    assert all(v == 1 for v in byes.values()), "nobody gets a second bye"
    assert len(byes) == (3 if n % 2 else 0)


def test_swiss_bye_goes_to_the_lowest_ranked_without_one() -> None:
    seats = list(range(5))
    r1 = [Result(0, 2, 0), Result(1, 3, 1), Result(4, None, 4)]
    table = standings(seats, r1)
    tables = swiss_round(table, played_pairs(r1))
    # seat 4 had the bye; the lowest-ranked without one is the worse of the losers 2 and 3
    assert tables[-1][1] is None and tables[-1][0] == table.order()[-1] != 4
    assert tables[-1][0] in (2, 3)


def test_swiss_pairs_leaders_together() -> None:
    seats = list(range(8))
    r1 = [Result(0, 4, 0), Result(1, 5, 1), Result(2, 6, 2), Result(3, 7, 3)]
    tables = swiss_round(standings(seats, r1), played_pairs(r1))
    winners = {0, 1, 2, 3}
    assert {frozenset(t) for t in tables[:2]} <= {frozenset(p) for p in combinations(winners, 2)}
    assert all(set(t) <= winners for t in tables[:2]) and all(set(t).isdisjoint(winners) for t in tables[2:])


def test_swiss_falls_back_to_a_rematch_when_none_is_left() -> None:
    seats = [0, 1]
    r = [Result(0, 1, 0)]
    assert swiss_round(standings(seats, r), played_pairs(r)) == [(0, 1)]


def test_standings_points_and_tie_breaks() -> None:
    seats = [0, 1, 2, 3]
    results = [
        Result(0, 1, 0),
        Result(2, 3, 2),
        Result(0, 2, None),  # draw
        Result(1, 3, 1),
    ]
    table = standings(seats, results)
    row = {r.seat: r for r in table.rows}
    assert (row[0].points, row[0].record()) == (4, "1-0-1")
    assert (row[2].points, row[2].record()) == (4, "1-0-1")
    assert (row[1].points, row[3].points) == (3, 0)
    # 0 and 2 tie on points: 0 beat 1 (3 pts of 6 = 50%) and drew 2 (4/6); 2 beat 3 (0/6 -> 33%)
    assert row[0].omw == pytest.approx((0.5 + 4 / 6) / 2)
    assert row[2].omw == pytest.approx((1 / 3 + 4 / 6) / 2)
    assert table.order() == [0, 2, 1, 3]
    assert [r.rank for r in table.rows] == [1, 2, 3, 4]
    # equal points and tie-breaks: the lower seat first
    assert standings([5, 2, 9], []).order() == [2, 5, 9]
    # a bye is a win worth 3 points but no opponent
    byes = standings([0, 1, 2], [Result(2, None, None), Result(0, 1, 1)])
    assert byes.row(2).points == 3 and byes.row(2).byes == 1 and byes.row(2).opponents == ()
    lines = table.lines({0: "alice", 2: "carol"})
    assert lines[0] == "1. alice: 4 pts (1-0-1), opp. 58%"
    assert lines[2].startswith("3. Seat 2: 3 pts (1-1-0)")
    assert table.text().count("\n") == 3
    with pytest.raises(ValueError):
        standings([0, 1], [Result(0, 1, 5)])
    with pytest.raises(ValueError):
        standings([0, 1], [Result(0, 7, 0)])
