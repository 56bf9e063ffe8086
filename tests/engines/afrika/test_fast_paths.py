"""The conversion test of issue #23 item 3: every fast path of the Afrika engine equals the plain one.

The engine keeps the plain way of everything it now does faster (``engines/afrika/fast.py``):
the lazily thawed Game, ``apply`` reusing the legal list ``legal_actions`` made, the memoised
characteristics, Board and energy sources of a read-only Game, cleanup sweeping only the objects
it changes. Along seeded random and AI games, with starter Codexes and with sealed Codexes from
the whole set (so anthems, Bonds, tech, zone abilities and most keywords come up), every move is
made both ways from the same state and must give the same legal list (ids and labels), the same
views for both seats and a spectator, the same AI choice, and the same next state (equal, same
JSON, same types and dict orders) and events. A state re-read from its JSON (as after a restart,
its objects in another order) must play on the same way both ways too. ``AFRIKA_FAST_GAMES=N`` plays N more
games of each kind.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from engines.afrika import ENGINE, fast
from engines.afrika.ai import afrika_policy
from engines.afrika.cards import ENERGY
from engines.afrika.draftsource import afrika_set
from engines.afrika.state import AfrikaState, Obj, ObjMap, ObjS, peek, thaw
from engines.core import MatchConfig, PlayerId, Rng
from engines.core.codec import dumps, loads
from engines.draft.autobuild import build_deck
from engines.draft.boosters import open_boosters

from .test_conversion import ref_thaw, strict


def sealed(seed: int, pair: tuple[str, str]) -> list[str]:
    pool = [cid for pack in open_boosters(afrika_set(), seed, 6) for cid in pack]
    return build_deck(pool, pair)


def _config(kind: str, seed: int) -> MatchConfig:
    if kind == "starters":
        return MatchConfig(players=2)
    if kind == "mirror":
        return MatchConfig(
            players=2, options={"decks": ["Savanna Wilds", "Savanna Wilds"], "chooser": seed % 2}
        )
    pairs = [(ENERGY[i], ENERGY[(i + 3 + seed) % len(ENERGY)]) for i in range(len(ENERGY))]
    a, b = pairs[seed % len(pairs)], pairs[(seed * 7 + 3) % len(pairs)]
    decks = [sealed(seed * 2 + 1, a), sealed(seed * 2 + 2, b)]
    return MatchConfig(players=2, options={"decks": decks, "format": "limited"})


def _both(fn: Any) -> tuple[Any, Any]:
    """``fn()`` on the fast paths, then on the plain ones."""
    quick = fn()
    with fast.plain():
        slow = fn()
    return quick, slow


def _same_state(a: AfrikaState, b: AfrikaState, where: str) -> None:
    assert a == b, where
    assert dumps(a) == dumps(b), where
    strict(a, b, where)


def play_both_ways(cfg: MatchConfig, seed: int, ai: bool, max_moves: int = 1000) -> int:
    """One game, every move made both ways; returns the number of moves."""
    s = ENGINE.setup(cfg, seed)
    with fast.plain():
        _same_state(s, ENGINE.setup(cfg, seed), "setup")
    rng = Rng.from_seed(seed * 977 + 5)
    moves = 0
    while ENGINE.outcome(s) is None and moves < max_moves:
        p = PlayerId(min(ENGINE.current_players(s)))
        where = f"seed {seed} move {moves}"
        quick, slow = _both(lambda s=s, p=p: list(ENGINE.legal_actions(s, p)))
        assert [a.to_id() for a in quick] == [a.to_id() for a in slow], where
        assert [a.label for a in quick] == [a.label for a in slow], where
        if ai:
            k = moves
            a, b = _both(lambda s=s, p=p, k=k: afrika_policy(ENGINE, s, p, Rng.from_seed(k)))
            assert a.to_id() == b.to_id(), where
        else:
            a = rng.choice(quick)
        if moves % 3 == 0:
            for viewer in (None, PlayerId(0), PlayerId(1)):
                v1, v2 = _both(lambda s=s, viewer=viewer: ENGINE.view(s, viewer))
                assert v1 == v2, where
                assert dumps(v1) == dumps(v2), where
        t1, t2 = _both(lambda s=s, p=p, a=a: ENGINE.apply(s, p, a))
        _same_state(t1.state, t2.state, where)
        assert t1.events == t2.events, where
        if moves % 17 == 0:
            # a state read back from JSON (objects keyed in string order) plays on the same way
            back = loads(AfrikaState, dumps(s))
            t3, t4 = _both(lambda back=back, p=p, a=a: ENGINE.apply(back, p, a))
            _same_state(t3.state, t4.state, where + " (from JSON)")
            assert t3.events == t4.events, where
        if moves % 5 == 0:
            # what the read-only callers left on the shared copy still reads as the plain thaw
            strict(peek(t1.state), ref_thaw(t1.state), where + " (peek)")
        s = t1.state
        moves += 1
    return moves


KINDS = ("starters", "mirror", "sealed")
EXTRA = int(os.environ.get("AFRIKA_FAST_GAMES", "0"))


@pytest.mark.parametrize("seed", [1, 2, *range(100, 100 + EXTRA)])
@pytest.mark.parametrize("kind", KINDS)
def test_random_games_fast_equals_plain(kind: str, seed: int) -> None:
    assert play_both_ways(_config(kind, seed), seed, ai=False) > 50


@pytest.mark.parametrize("seed", [4, 5, *range(200, 200 + EXTRA)])
@pytest.mark.parametrize("kind", KINDS)
def test_ai_games_fast_equals_plain(kind: str, seed: int) -> None:
    assert play_both_ways(_config(kind, seed), seed, ai=True) > 50


def test_the_switch_reaches_the_engine() -> None:
    """``fast.plain()`` really takes the plain paths (or the test above would compare a path with
    itself): thawed objects, no shared copy, nothing remembered, a full thaw for ``apply``."""
    s = ENGINE.setup(MatchConfig(players=2), 1)
    with fast.plain():
        g = peek(s)
        assert all(type(o) is Obj for o in g.objs.values()) and g.memo is None and peek(s) is not g
        assert type(thaw(s).objs) is dict
    g = peek(s)
    assert all(type(o) is ObjS for o in g.objs.values()) and g.memo is not None and peek(s) is g
    assert type(thaw(s).objs) is ObjMap


def test_every_fast_path_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons above would pass trivially if a fast path never fired: along a random and
    an AI game each one must be taken (and the plain path must take none of them)."""
    from engines.afrika import engine as engine_mod
    from engines.afrika import state as state_mod
    from engines.afrika import steps as steps_mod

    hits: dict[str, int] = {}

    def count(name: str, fn: Any, taken: Any) -> Any:
        def wrapped(*args: Any, **kw: Any) -> Any:
            out = fn(*args, **kw)
            if taken(out, *args):
                hits[name] = hits.get(name, 0) + 1
            return out

        return wrapped

    def listed(_out: Any, *args: Any) -> bool:
        return len(args) > 3 and args[3] is not None

    monkeypatch.setattr(
        engine_mod, "quiet_pass", count("pass", engine_mod.quiet_pass, lambda o, *a: o is not None)
    )
    monkeypatch.setattr(
        engine_mod,
        "quiet_step_end",
        count("step end", engine_mod.quiet_step_end, lambda o, *a: o is not None),
    )
    monkeypatch.setattr(
        engine_mod, "quiet_charge", count("charge", engine_mod.quiet_charge, lambda o, *a: o is not None)
    )
    monkeypatch.setattr(engine_mod, "perform", count("legal list reused", engine_mod.perform, listed))
    monkeypatch.setattr(
        steps_mod,
        "state_checks_unchanged",
        count("state checks skipped", steps_mod.state_checks_unchanged, lambda o, *a: o),
    )
    monkeypatch.setattr(
        state_mod, "_freeze_lazy", count("objects shared", state_mod._freeze_lazy, lambda o, m: o is m.base)
    )
    names = ("pass", "step end", "legal list reused", "state checks skipped", "objects shared")
    random_only = ("charge",)  # the AI charges only in one designed synergy
    with fast.plain():
        _play(_config("starters", 7), 7, ai=False, moves=300)
        _play(_config("starters", 7), 7, ai=True, moves=300)
    assert hits == {}, "the plain path took a fast path"
    for ai in (False, True):
        _play(_config("sealed", 8), 8, ai=ai, moves=400)
        assert all(hits.get(n, 0) > 0 for n in names + (() if ai else random_only)), hits
        hits.clear()


def _play(cfg: MatchConfig, seed: int, ai: bool, moves: int) -> None:
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed)
    for k in range(moves):
        if ENGINE.outcome(s) is not None:
            break
        p = PlayerId(min(ENGINE.current_players(s)))
        acts = ENGINE.legal_actions(s, p)
        a = afrika_policy(ENGINE, s, p, Rng.from_seed(k)) if ai else rng.choice(list(acts))
        s = ENGINE.apply(s, p, a).state


def test_yes_no_answers_equal_the_full_ones() -> None:
    """The legal list's shortcuts, asked directly along a sealed random game: whether a payment
    plan exists (``can_pay``) and whether a target exists (``any_target``) as the full answers
    say, and ``can_cast`` / ``can_activate`` refusing exactly when their sentence version does."""
    from engines.afrika.cards import CARDS
    from engines.afrika.rules import any_target, can_pay, plan_payment, target_options
    from engines.afrika.timing import activated, can_activate, can_cast

    cards = CARDS()
    s = ENGINE.setup(_config("sealed", 11), 11)
    rng = Rng.from_seed(11)
    asked = 0
    for _ in range(600):
        if ENGINE.outcome(s) is not None:
            break
        p = PlayerId(min(ENGINE.current_players(s)))
        g = peek(s)
        pl = g.players[p]
        for oid in [*pl.hand, *pl.field]:
            c = cards[g.objs[oid].card]
            for x in range(4):
                assert can_pay(g, p, c.cost, x) == isinstance(plan_payment(g, p, c.cost, x), list)
            for spec in c.targets:
                assert any_target(g, spec, p, c) == bool(target_options(g, spec, p, c))
            assert bool(can_cast(g, p, g.objs[oid], why=False)) == bool(can_cast(g, p, g.objs[oid]))
            for i, _ab in activated(c):
                o = g.objs[oid]
                assert bool(can_activate(g, p, o, i, why=False)) == bool(can_activate(g, p, o, i))
            asked += 1
        s = ENGINE.apply(s, p, rng.choice(list(ENGINE.legal_actions(s, p)))).state
    assert asked > 500


def test_a_quiet_state_stays_known_while_it_lives() -> None:
    """A bot moves many matches in turn: a state's 'quiet' mark must not be pushed out by the
    states other matches make meanwhile (it is held weakly, for as long as the state lives)."""
    from engines.afrika.state import is_quiet

    games = [ENGINE.setup(MatchConfig(players=2), seed) for seed in range(3)]
    rng = Rng.from_seed(3)
    for _ in range(60):  # past the mulligans, into quiet priority states
        for i, s in enumerate(games):
            p = PlayerId(min(ENGINE.current_players(s)))
            games[i] = ENGINE.apply(s, p, rng.choice(list(ENGINE.legal_actions(s, p)))).state
    quiet = [s for s in games if is_quiet(s)]
    assert quiet
    other = ENGINE.setup(MatchConfig(players=2), 99)
    for _ in range(300):
        if ENGINE.outcome(other) is not None:
            break
        p = PlayerId(min(ENGINE.current_players(other)))
        other = ENGINE.apply(other, p, rng.choice(list(ENGINE.legal_actions(other, p)))).state
    assert all(is_quiet(s) for s in quiet)
