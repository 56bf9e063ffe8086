"""The draft pod (R82-R85): every card picked once, directions, queues, privacy, replay, errors;
sealed pools (R81)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.afrika.cards import CARDS
from engines.afrika.draftsource import afrika_set
from engines.core import ConfigError, IllegalAction, InvalidAction, Rng, dumps, loads
from engines.draft import pod
from engines.draft.boosters import open_boosters
from engines.draft.pod import (
    DraftError,
    NoPackWaiting,
    NotInPack,
    PickRef,
    PodConfig,
    PodProgress,
    PodState,
    SeatView,
    StalePick,
)

CARD_ID = re.compile(r"LC\d{3}")


def boosters_of(cfg: PodConfig, seed: int) -> list[tuple[str, ...]]:
    return open_boosters(afrika_set(cfg.set_code), seed, cfg.seats * cfg.packs)


def check_queues(s: PodState) -> None:
    """R84: what each seat holds follows from the pick counts alone, and in arrival order."""
    cfg, size = s.config, s.pack_size
    if pod.is_done(s):
        assert not any(s.queues) and not any(s.unopened)
        return
    r = s.round
    for seat in range(cfg.seats):
        src = pod.pass_source(cfg, seat, r)
        expected = 1 + min(s.picks_made[src], size - 1) - s.picks_made[seat]
        assert len(s.queues[seat]) == expected, "a seat holds more (or fewer) packs than passed to it"
        assert 0 <= len(s.queues[seat]) <= cfg.seats
        for k, p in enumerate(s.queues[seat]):
            taken = size - len(p.cards)
            assert p.round == r and p.id == p.opener * cfg.packs + (r - 1)
            # oldest first: the k-th pack in the queue has been picked from (picks_made + k) times
            assert taken == s.picks_made[seat] + k
            # direction: a pack picked from `taken` times has moved `taken` seats the round's way
            assert (p.opener + pod.direction(r) * taken) % cfg.seats == seat
        assert len(s.unopened[seat]) == cfg.packs - r
        assert len(s.pools[seat]) == (r - 1) * size + s.picks_made[seat]


def redeal_others(s: PodState, seat: int, rng: Rng) -> PodState:
    """The same state for ``seat``, with every other seat's packs and pool replaced by other cards."""
    ids = sorted(CARDS())
    fake = lambda n: tuple(rng.choice(ids) for _ in range(n))  # noqa: E731
    queues = tuple(
        q if i == seat else tuple(replace(p, cards=fake(len(p.cards))) for p in q)
        for i, q in enumerate(s.queues)
    )
    pools = tuple(p if i == seat else fake(len(p)) for i, p in enumerate(s.pools))
    unopened = tuple(u if i == seat else tuple(fake(len(x)) for x in u) for i, u in enumerate(s.unopened))
    return replace(s, queues=queues, pools=pools, unopened=unopened)


def draft_randomly(cfg: PodConfig, seed: int, order_seed: int, check: bool = True) -> tuple[PodState, list]:
    s = pod.new_pod(cfg, seed)
    rng = Rng.from_seed(order_seed)
    picks: list[tuple[int, str]] = []
    step = 0
    while not pod.is_done(s):
        seats = sorted(pod.waiting_seats(s))
        assert seats, "the pod is stuck"
        seat = rng.choice(seats)
        before = s.queues[seat]
        card = rng.choice(before[0].cards)
        r = s.round
        s2 = pod.pick(s, seat, card, pod.current_ref(s, seat))
        if check:
            assert s2.pools[seat] == (*s.pools[seat], card)
            if s2.round == r:
                # the oldest pack was picked from and went on; the rest of the queue is untouched
                assert s2.queues[seat] == before[1:]
                rest = tuple(c for c in before[0].cards if c != card)
                to = pod.pass_target(cfg, seat, r)
                if rest:
                    assert s2.queues[to][-1] == replace(before[0], cards=rest)
            check_queues(s2)
            if step % 23 == 0:
                view = pod.seat_view(s2, seat)
                other = redeal_others(s2, seat, rng)
                assert pod.seat_view(other, seat) == view
                assert pod.progress(other) == pod.progress(s2)
                assert not CARD_ID.search(dumps(pod.progress(s2), PodProgress))
            if step % 97 == 0:
                assert loads(PodState, dumps(s2)) == s2
        picks.append((seat, card))
        s = s2
        step += 1
    return s, picks


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    seats=st.integers(min_value=4, max_value=8),
    order_seed=st.integers(min_value=0, max_value=2**32),
)
def test_random_pods_follow_r82_r85(seed: int, seats: int, order_seed: int) -> None:
    cfg = PodConfig(seats)
    start = pod.new_pod(cfg, seed)
    check_queues(start)
    end, picks = draft_randomly(cfg, seed, order_seed)
    # every card of every pack picked exactly once; 54 picks per seat, 18 per round
    assert Counter(c for p in end.pools for c in p) == Counter(c for b in boosters_of(cfg, seed) for c in b)
    assert [len(p) for p in end.pools] == [54] * seats
    assert len(picks) == seats * 54
    for seat in range(seats):
        assert sum(1 for s, _ in picks if s == seat) == 54
    assert pod.is_done(end) and pod.waiting_seats(end) == frozenset()
    assert pod.replay(cfg, seed, picks) == end
    assert loads(PodState, dumps(end)) == end
    assert loads(PodState, dumps(start)) == start
    assert pod.progress(end).done


def test_each_pack_follows_its_round_direction() -> None:
    """Track every pack: in rounds 1 and 3 it visits seat, seat+1, ...; in round 2 seat, seat-1, ..."""
    cfg = PodConfig(5)
    s = pod.new_pod(cfg, 11)
    rng = Rng.from_seed(4)
    visits: dict[int, list[int]] = {}
    while not pod.is_done(s):
        seat = rng.choice(sorted(pod.waiting_seats(s)))
        p = pod.current_pack(s, seat)
        assert p is not None
        visits.setdefault(p.id, []).append(seat)
        s = pod.pick(s, seat, p.cards[-1])
    assert len(visits) == 15
    for pid, seq in visits.items():
        opener, r = divmod(pid, cfg.packs)
        d = 1 if r + 1 in (1, 3) else -1
        assert len(seq) == 18
        assert seq == [(opener + d * k) % 5 for k in range(18)]
    assert [pod.direction(r) for r in (1, 2, 3)] == [1, -1, 1]
    assert pod.pass_target(PodConfig(8), 7, 1) == 0 and pod.pass_target(PodConfig(8), 0, 2) == 7


def test_a_slow_seat_queues_packs_and_picks_the_oldest_first() -> None:
    cfg = PodConfig(8)
    s = pod.new_pod(cfg, 3)
    # everyone but seat 0 picks as long as they can: all of round 1's packs pile up at seat 0
    while pod.waiting_seats(s) - {0}:
        seat = min(pod.waiting_seats(s) - {0})
        s = pod.pick(s, seat, s.queues[seat][0].cards[0])
    assert len(s.queues[0]) == 8 and s.picks_made == (0, 1, 2, 3, 4, 5, 6, 7)
    # in arrival order: its own pack, then seat 7's (picked once), seat 6's (picked twice), ...
    assert [p.opener for p in s.queues[0]] == [0, 7, 6, 5, 4, 3, 2, 1]
    assert [len(p.cards) for p in s.queues[0]] == [18, 17, 16, 15, 14, 13, 12, 11]
    view = pod.seat_view(s, 0)
    assert view.queued == 8 and view.pack_id == 0 and view.pick_no == 1 and len(view.pack) == 18
    with pytest.raises(NoPackWaiting, match="no pack"):
        pod.pick(s, 1, s.queues[0][1].cards[0])
    assert pod.seat_view(s, 1).pack == () and pod.seat_view(s, 1).ref is None
    prog = pod.progress(s)
    assert [x.waiting for x in prog.seats] == [8, 0, 0, 0, 0, 0, 0, 0]
    # seat 0 takes its own pack first, then seat 7's, ...
    s = pod.pick(s, 0, s.queues[0][0].cards[5])
    assert s.queues[0][0].opener == 7 and len(s.queues[0][0].cards) == 17
    assert s.queues[1][-1].opener == 0 and len(s.queues[1][-1].cards) == 17


def test_round_two_opens_when_every_pack_is_empty_and_passes_right() -> None:
    cfg = PodConfig(4)
    s = pod.new_pod(cfg, 9)
    for _ in range(4 * 18 - 1):
        seat = min(pod.waiting_seats(s))
        s = pod.pick(s, seat, s.queues[seat][0].cards[0])
    assert s.round == 1 and len(pod.waiting_seats(s)) == 1
    seat = min(pod.waiting_seats(s))
    s = pod.pick(s, seat, s.queues[seat][0].cards[0])
    assert s.round == 2 and s.picks_made == (0, 0, 0, 0)
    assert [q[0].id for q in s.queues] == [1, 4, 7, 10]
    s = pod.pick(s, 0, s.queues[0][0].cards[0])
    assert s.queues[3][-1].opener == 0  # round 2: pass right, seat 0 -> seat 3
    assert pod.current_ref(s, 0) is None and pod.current_ref(s, 3) == PickRef(3, 2, 1)


def test_errors_are_typed_and_readable() -> None:
    s = pod.new_pod(PodConfig(4), 5)
    ref = pod.current_ref(s, 2)
    assert ref == PickRef(2, 1, 1)
    card = s.queues[2][0].cards[3]
    with pytest.raises(NotInPack, match="not in the pack you hold"):
        pod.pick(s, 2, s.queues[1][0].cards[0])
    s2 = pod.pick(s, 2, card, ref)
    # the same button again: stale (no pack yet)
    with pytest.raises(StalePick, match="already made"):
        pod.pick(s2, 2, s2.queues[3][0].cards[0], ref)
    s3 = pod.pick(s2, 1, s2.queues[1][0].cards[0])  # seat 1 passes a pack to seat 2
    assert pod.current_ref(s3, 2) == PickRef(2, 1, 2)
    with pytest.raises(StalePick, match="here is your next pack"):
        pod.pick(s3, 2, s3.queues[2][0].cards[0], ref)
    with pytest.raises(DraftError, match="no seat 9"):
        pod.pick(s3, 9, card)
    for exc in (NoPackWaiting(), NotInPack(), StalePick(), DraftError("x")):
        assert isinstance(exc, IllegalAction)
    for cls in (NoPackWaiting, NotInPack, StalePick):
        text = str(cls())
        assert text[0].isupper() and text.endswith(".") and not CARD_ID.search(text)


def test_finished_pod_refuses_picks() -> None:
    cfg = PodConfig(4, packs=1)
    s, picks = draft_randomly(cfg, 1, 2, check=False)
    assert pod.is_done(s) and [len(p) for p in s.pools] == [18] * 4
    with pytest.raises(NoPackWaiting, match="draft is over"):
        pod.pick(s, 0, picks[0][1])
    view = pod.seat_view(s, 0)
    assert view.progress.done and view.pack == () and view.pool == s.pools[0]


def test_config_and_pick_refs() -> None:
    for seats in (3, 9, 0):
        with pytest.raises(ConfigError):
            PodConfig(seats)
    with pytest.raises(ConfigError):
        PodConfig(6, slots="13Q")
    with pytest.raises(ConfigError):
        PodConfig(6, packs=0)
    ref = PickRef(3, 1, 7)
    assert ref.text() == "s3r1p7" and PickRef.parse("s3r1p7") == ref
    for bad in ("", "s3r1", "x3r1p7", "s-1r1p2"):
        with pytest.raises(InvalidAction):
            PickRef.parse(bad)


def test_packs_are_a_function_of_the_seed() -> None:
    cfg = PodConfig(6)
    a, b = pod.new_pod(cfg, 42), pod.new_pod(cfg, 42)
    assert a == b and a != pod.new_pod(cfg, 43)
    boosters = boosters_of(cfg, 42)
    for seat in range(6):
        assert a.queues[seat][0].cards == boosters[seat * 3]
        assert a.unopened[seat] == (boosters[seat * 3 + 1], boosters[seat * 3 + 2])


def test_seat_view_shows_only_the_seat_s_pack_and_pool() -> None:
    cfg = PodConfig(8)
    s = pod.new_pod(cfg, 8)
    rng = Rng.from_seed(1)
    for _ in range(100):
        seat = rng.choice(sorted(pod.waiting_seats(s)))
        s = pod.pick(s, seat, rng.choice(s.queues[seat][0].cards))
    for seat in range(8):
        view = pod.seat_view(s, seat)
        text = dumps(view, SeatView)
        visible = set(view.pack) | set(view.pool)
        assert set(CARD_ID.findall(text)) == visible
        assert view.pack == (s.queues[seat][0].cards if s.queues[seat] else ())
        assert view.queued == len(s.queues[seat])
        for other in range(8):
            if other != seat:
                hidden = set(s.pools[other]) | {c for p in s.queues[other] for c in p.cards}
                assert not (hidden - visible) & set(CARD_ID.findall(text))
        assert loads(SeatView, text) == view


def test_sealed_pools_are_six_r80_boosters() -> None:
    pools = pod.sealed_pools("LC", "13C 4U 1R7M1", 77, 3)
    assert len(pools) == 3 and all(len(p) == 108 for p in pools)
    packs = open_boosters(afrika_set(), 77, 18)
    cards = CARDS()
    for i, pool in enumerate(pools):
        assert pool == [c for p in packs[i * 6 : (i + 1) * 6] for c in p]
        for k in range(6):
            booster = [cards[c] for c in pool[k * 18 : (k + 1) * 18]]
            assert [c.rarity for c in booster[:13]] == ["C"] * 13
            assert [c.rarity for c in booster[13:17]] == ["U"] * 4
            assert booster[17].rarity in ("R", "M")
            assert len({c.name for c in booster}) == 18
            assert not any(c.basic or c.token for c in booster)
    assert pod.sealed_pools("LC", "13C 4U 1R7M1", 77, 3) == pools
    assert pod.sealed_pools("LC", "13C 4U 1R7M1", 78, 3) != pools
    assert len(pod.sealed_pools("LC", "13C 4U 1R7M1", 1, 2, boosters=3)[0]) == 54
    with pytest.raises(ConfigError):
        pod.sealed_pools("LC", "13C 4U 1R7M1", 1, 0)
    with pytest.raises(ConfigError):
        pod.sealed_pools("ZZ", "13C 4U 1R7M1", 1, 2)


def test_the_draft_is_not_a_registered_game() -> None:
    from engines.core import load_all

    games = load_all()
    assert "draft" not in games and "pod" not in games
    assert all(not type(e).__module__.startswith("engines.draft") for e in games.values())
