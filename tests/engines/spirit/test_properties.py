"""Properties over random legal games: cards are never created or lost, views never leak, a replay
is exact, states round-trip JSON, the limits of the rules always hold, and every listed move is
accepted while any other is refused in words."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core import IllegalAction, InvalidAction, MatchConfig, PlayerId, Rng, from_data, replay, to_data
from engines.spirit import ENGINE, grid
from engines.spirit.setup import read_options
from engines.spirit.state import SpiritState

from .helpers import CFG, WIDE_CFG, playout

CONFIGS = [CFG, WIDE_CFG, MatchConfig(players=2, options={"decks": WIDE_CFG.options["decks"], "chooser": 1})]


def zones(s: SpiritState, p: int) -> list[int]:
    st_ = s.seats[p]
    out = [
        st_.commander.obj,
        *st_.commander.essence,
        *st_.deck,
        *st_.hand,
        *st_.reload,
        *st_.graveyard,
        *st_.side,
    ]
    for u in s.board:
        if u is not None and u.owner == p:
            out += [u.obj, *u.essence]
    out += [
        lk.obj
        for lk in s.seq
        if lk.seat == p and lk.kind in ("call", "conceal", "gather", "arcana", "reflex")
    ]
    return out


def check_conservation(s: SpiritState, start: SpiritState) -> None:
    """Every card object is in exactly one zone of its owner; no card appears or vanishes."""
    assert s.card_of == start.card_of, "a card changed identity"
    every: list[int] = []
    for p in (0, 1):
        mine = zones(s, p)
        assert sorted(mine) == sorted(zones(start, p)), f"P{p + 1}'s cards changed"
        every += mine
    assert sorted(every) == list(range(len(s.card_of)))


def check_limits(s: SpiritState) -> None:
    assert 0 <= s.gathers <= 2
    assert (s.mode == "sequence") == bool(s.seq)
    assert (s.mode == "choose") == (s.choice is not None)
    reserved = [lk.at for lk in s.seq if lk.kind in ("call", "conceal")]
    assert len(reserved) == len(set(reserved)) and all(s.board[z] is None for z in reserved)
    for z, u in enumerate(s.board):
        if u is not None:
            assert grid.owner_of(z) == u.owner, "a Spirit on the other side's Battleground"
            assert u.face_up or not u.essence, "Essence on a Concealed Spirit (S50)"
    renowned: Counter[tuple[int, str]] = Counter(
        (u.owner, s.card_of[u.obj])
        for u in s.board
        if u is not None
        and u.face_up
        and s.card_of[u.obj] in {"S05", "S18", "S29", "S40", "S49", "S59", "S70"}
    )
    assert all(n == 1 for n in renowned.values()), "two face-up Renowned of one name (S52)"


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=2))
def test_random_games_keep_every_card_and_replay_exactly(seed: int, which: int) -> None:
    cfg = CONFIGS[which]
    start = ENGINE.setup(cfg, seed)
    decks, sides, _first, _chooser = read_options(cfg)
    for p in (0, 1):
        assert Counter(start.card_of[o] for o in zones(start, p)) == Counter(decks[p]) + Counter(sides[p])
    log: list[tuple[int, str]] = []
    s = start
    for i, (before, p, aid) in enumerate(playout(seed, cfg)):
        check_conservation(before, start)
        check_limits(before)
        if i % 25 == 0:
            assert from_data(SpiritState, to_data(before)) == before
        log.append((p, aid))
        s = ENGINE.apply(before, PlayerId(p), ENGINE.decode_action(aid)).state
    check_conservation(s, start)
    assert ENGINE.outcome(s) is not None
    assert replay(ENGINE, cfg, seed, log) == s


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=1))
def test_views_never_leak(seed: int, which: int) -> None:
    rng = Rng.from_seed(seed)
    for i, (s, _p, _aid) in enumerate(playout(seed, CONFIGS[which], max_actions=600)):
        if i % 3:
            continue
        for viewer in (None, PlayerId(0), PlayerId(1)):
            v = ENGINE.view(s, viewer)
            assert ENGINE.view(ENGINE.resample_hidden(s, viewer, rng), viewer) == v
            if viewer is not None:
                assert len(v.hand) == len(s.seats[viewer].hand)
                for zv in v.zones:
                    if zv.unit is not None and not zv.unit.face_up and zv.unit.owner != viewer:
                        assert zv.unit.card is None and zv.unit.strength == 0


PROBES = ["call:S01:c2", "conceal:S02:a1", "flip:b2", "gather:E1:cmd", "gather:E2:c2", "cast:R01:c3",
          "cast:A08:c2", "use:cmd:1:c2:$c1", "use:c2:1:$s1", "attack:c2:direct", "attack:a2:f3", "pass",
          "reload", "go:draw", "go:main", "go:combat", "go:submain", "go:end", "end", "cancel",
          "target:c2", "place:a2", "first", "second"]  # fmt: skip


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_legal_moves_apply_and_others_are_refused(seed: int) -> None:
    """Every listed move is accepted; any other probe is refused with a readable error."""
    for i, (s, p, _aid) in enumerate(playout(seed, WIDE_CFG, max_actions=300)):
        if i % 3:
            continue
        legal = {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(p))}
        for aid in legal:
            ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        for aid in PROBES:
            if aid in legal:
                continue
            try:
                ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
            except (IllegalAction, InvalidAction) as exc:
                assert str(exc).endswith((".", ")", "!")) and str(exc)[0].isupper(), str(exc)
            else:
                raise AssertionError(f"{aid} was accepted but not listed as legal")
