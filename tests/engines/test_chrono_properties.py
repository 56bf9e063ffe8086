"""Property tests: whatever the seed, table size or card set, the rules keep their invariants.

Random legal playouts are the cheapest way to reach odd corners (the opening draw loop, empty
decks, deadlocks of incomplete sets), so every check runs on every intermediate state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from engines.chrono import ENGINE, ChronoState
from engines.chrono.engine import playable_codes
from engines.core import (
    ConfigError,
    IllegalAction,
    MatchConfig,
    PlayerId,
    Rng,
    from_data,
    random_action,
    replay,
    to_data,
)

MAX_ACTIONS = 5_000


def full_set(s: ChronoState) -> Counter[str]:
    return Counter(
        {f"{suit}{e}": s.copies for suit in s.suits for e in range(1, 11) if f"{suit}{e}" not in s.missing}
    )


def cards_in_play(s: ChronoState) -> Counter[str]:
    counts: Counter[str] = Counter(s.deck)
    for h in s.hands:
        counts.update(h)
    for row, suit in enumerate(s.suits):
        for e in range(1, 11):
            if s.piles[row][e - 1]:
                counts[f"{suit}{e}"] += s.piles[row][e - 1]
    return counts


def check_invariants(s: ChronoState) -> None:
    assert cards_in_play(s) == full_set(s), "a card was created or lost"
    for row in s.piles:
        filled = [i for i, n in enumerate(row) if n]
        assert filled == list(range(filled[0], filled[-1] + 1)), "a row has a gap"
        assert 4 in filled, "a row lost its epoch-V cell"
    for h in s.hands:
        assert list(h) == sorted(h, key=lambda c: ("HWON".index(c[0]), int(c[1:])))
    for p in s.out_order:
        assert s.hands[p] == ()
    if s.ranking is None:
        assert s.current is not None and s.hands[s.current]
        assert ENGINE.legal_actions(s, PlayerId(s.current))
        if s.must_play is not None:
            assert s.must_play in s.hands[s.current]
    else:
        assert s.current is None and s.phase == "over"
        seats = sorted(p for g in s.ranking for p in g)
        assert seats == list(range(s.players))


def check_views(s: ChronoState, rng: Rng) -> None:
    """No view may change when only cards hidden from its viewer are re-dealt."""
    for viewer in [None, *range(s.players)]:
        seat = None if viewer is None else PlayerId(viewer)
        view = ENGINE.view(s, seat)
        assert from_data(type(view), to_data(view)) == view
        assert ENGINE.view(ENGINE.resample_hidden(s, seat, rng), seat) == view
        if viewer is None:
            assert view.hand == () and view.playable == ()
        else:
            assert Counter(view.hand) == Counter(s.hands[viewer])
        if viewer != s.current:
            assert view.playable == () and view.must_play is None


def playout(cfg: MatchConfig, seed: int, *, checks: bool) -> tuple[ChronoState, list[tuple[int, str]]]:
    s: ChronoState = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed + 17)
    log: list[tuple[int, str]] = []
    for _ in range(MAX_ACTIONS):
        if checks:
            check_invariants(s)
            assert from_data(ChronoState, to_data(s)) == s
        if ENGINE.outcome(s) is not None:
            return s, log
        if checks:
            check_views(s, rng)
        (p,) = ENGINE.current_players(s)
        action = random_action(ENGINE, s, p, rng)
        s = ENGINE.apply(s, p, action).state
        log.append((p, action.to_id()))
    raise AssertionError(f"no result after {MAX_ACTIONS} actions")


configs = st.fixed_dictionaries(
    {
        "players": st.integers(2, 10),
        "suits": st.sampled_from([3, 4]),
        "copies": st.integers(1, 4),
        "missing": st.lists(
            st.sampled_from([f"{s}{e}" for s in "HWO" for e in (1, 2, 3, 4, 6, 7, 8, 9, 10)]), max_size=3
        ),
        "seed": st.integers(0, 2**63),
    }
)


def make_cfg(c: dict[str, Any]) -> MatchConfig:
    return MatchConfig(
        players=c["players"],
        options={"suits": c["suits"], "copies_per_cell": c["copies"], "missing": c["missing"]},
    )


@given(configs)
def test_random_playouts_keep_every_invariant(c: dict[str, Any]) -> None:
    cfg = make_cfg(c)
    try:
        ENGINE.setup(cfg, c["seed"])
    except ConfigError:
        assume(False)  # E4: too few cards for this table
    final, log = playout(cfg, c["seed"], checks=True)
    assert replay(ENGINE, cfg, c["seed"], log) == final
    assert ENGINE.outcome(final) is not None


@given(configs)
def test_every_legal_action_applies_and_others_are_refused(c: dict[str, Any]) -> None:
    cfg = make_cfg(c)
    try:
        s: ChronoState = ENGINE.setup(cfg, c["seed"])
    except ConfigError:
        assume(False)
    rng = Rng.from_seed(c["seed"])
    for _ in range(60):
        if ENGINE.outcome(s) is not None:
            break
        (p,) = ENGINE.current_players(s)
        legal = ENGINE.legal_actions(s, p)
        ids = {a.to_id() for a in legal}
        for a in legal:
            ENGINE.apply(s, p, a)
        hand = s.hands[p]
        for code in set(hand):
            if f"play:{code}" not in ids:
                try:
                    ENGINE.apply(s, p, ENGINE.decode_action(f"play:{code}"))
                except IllegalAction as exc:
                    assert str(exc).endswith("."), "player-facing messages are sentences"
                else:
                    raise AssertionError(f"play:{code} was accepted but not listed as legal")
        assert set(playable_codes(s, hand)) == {i[5:] for i in ids if i.startswith("play:")}
        s = ENGINE.apply(s, p, rng.choice(list(legal))).state


def test_thousands_of_random_games_end() -> None:
    games = 0
    lengths = []
    for seed in range(2_000):
        players = 2 + seed % 9
        suits = 3 + seed % 2
        cfg = MatchConfig(players=players, options={"suits": suits})
        final, log = playout(cfg, seed, checks=False)
        assert cards_in_play(final) == full_set(final)
        outcome = ENGINE.outcome(final)
        assert outcome is not None and len(outcome.ranking[-1]) == 1
        lengths.append(len(log))
        games += 1
    assert games == 2_000
    assert max(lengths) < MAX_ACTIONS


def test_deadlocks_end_incomplete_sets() -> None:
    """Sets with holes next to V can block every row; the E24 safeguard must still end them."""
    reasons: Counter[str] = Counter()
    for seed in range(300):
        cfg = MatchConfig(
            players=3, options={"copies_per_cell": 1, "missing": ["H4", "H6", "W4", "W6", "O4"]}
        )
        final, _ = playout(cfg, seed, checks=False)
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        reasons["deadlock" if outcome.reason.startswith("Deadlock") else "normal"] += 1
    assert reasons["deadlock"] > 0


def test_the_quick_playability_checks_agree_with_the_list() -> None:
    """has_playable and can_play are shortcuts of playable_codes: over random games, for every seat
    and every card code, they give the list's answer."""
    from engines.chrono.engine import ChronoEngine, can_play, has_playable, playable_codes
    from engines.chrono.state import CODE_INFO
    from engines.core import MatchConfig, PlayerId, Rng

    eng = ChronoEngine()
    checked = 0
    for seed in range(12):
        s = eng.setup(MatchConfig(players=2 + seed % 5, options={}), seed)
        rng = Rng.from_seed(seed)
        while eng.outcome(s) is None:
            for hand in s.hands:
                codes = playable_codes(s, hand)
                assert has_playable(s, hand) == bool(codes)
                for code in CODE_INFO:
                    assert can_play(s, hand, code) == (code in codes)
                checked += 1
            p = min(eng.current_players(s))
            s = eng.apply(s, PlayerId(p), rng.choice(list(eng.legal_actions(s, PlayerId(p))))).state
    assert checked > 500
