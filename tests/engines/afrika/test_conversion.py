"""The fast state conversion (state.py: thaw, freeze with a base, peek/keep) against the plain one.

``ref_thaw`` / ``ref_freeze`` are the generic converters the engine used before the fast path, kept
here as the reference. Along random and AI games in several configurations every step checks that
the engine's thaw, shared peek copy, legal actions, views, apply (state, JSON and events) are exactly
what the reference conversion gives, that legal/view/AI never change the Game they read, and that
apply never touches the shared copy.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

import pytest

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.legal import legal
from engines.afrika.perform import perform
from engines.afrika.state import (
    AfrikaState,
    Choice,
    ChoiceS,
    Game,
    Item,
    ItemS,
    Obj,
    ObjMap,
    ObjS,
    Player,
    PlayerS,
    Trig,
    TrigS,
    freeze,
    peek,
    thaw,
)
from engines.afrika.steps import settle
from engines.afrika.view import make_view
from engines.core import Event, MatchConfig, PlayerId, Rng
from engines.core.codec import dumps

# ------------------------------------------------------------------------- the reference conversion
_FROZEN: dict[type, type] = {Obj: ObjS, Player: PlayerS, Item: ItemS, Trig: TrigS, Choice: ChoiceS}
_THAWED: dict[type, type] = {v: k for k, v in _FROZEN.items()}


def _names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _ref_freeze(v: Any) -> Any:
    t = type(v)
    if t is list:
        return tuple(_ref_freeze(x) for x in v)
    if t is dict:
        return {k: _ref_freeze(x) for k, x in v.items()}
    cls = _FROZEN.get(t)
    if cls is not None:
        return cls(*(_ref_freeze(getattr(v, n)) for n in _names(t)))
    return v


def _ref_thaw(v: Any) -> Any:
    t = type(v)
    if t is tuple:
        return [x if type(x) is tuple else _ref_thaw(x) for x in v]
    if t is dict:
        return {k: _ref_thaw(x) for k, x in v.items()}
    cls = _THAWED.get(t)
    if cls is not None:
        return cls(*(_ref_thaw(getattr(v, n)) for n in _names(t)))
    return v


def _ref_thaw_obj(o: ObjS) -> Obj:
    vals: list[Any] = [list(x) if type(x) is tuple else x for x in (getattr(o, n) for n in _names(ObjS))]
    return Obj(*vals)


def _ref_freeze_obj(o: Obj) -> ObjS:
    vals: list[Any] = [tuple(x) if type(x) is list else x for x in (getattr(o, n) for n in _names(Obj))]
    return ObjS(*vals)


def ref_thaw(s: AfrikaState) -> Game:
    kw: dict[str, Any] = {}
    for name in _names(AfrikaState):
        v = getattr(s, name)
        if name == "objs":
            kw[name] = {k: _ref_thaw_obj(o) for k, o in v.items()}
        elif name in ("order", "assign"):
            kw[name] = {k: list(x) for k, x in v.items()}
        elif name in ("ranking", "eliminated", "teams"):
            kw[name] = [list(g) for g in v]
        else:
            kw[name] = _ref_thaw(v)
    return Game(**kw)


def ref_freeze(g: Game) -> AfrikaState:
    kw: dict[str, Any] = {}
    for name in _names(AfrikaState):
        v = getattr(g, name)
        if name == "objs":
            kw[name] = {k: _ref_freeze_obj(o) for k, o in sorted(v.items())}
        elif name == "ranking":
            kw[name] = tuple(tuple(x) for x in v)
        else:
            kw[name] = _ref_freeze(v)
    return AfrikaState(**kw)


_LEAF = (int, str, bool, type(None))
_FIELDS: dict[type, tuple[str, ...]] = {}


def snapshot(m: ObjMap) -> dict[int, Obj]:
    """The plain dict a lazily thawed map stands for, without thawing anything in it."""
    out: dict[int, Obj] = {}
    for k, f in m.base.items():
        if k not in m.gone:
            own: Any = dict.get(m, k)
            out[k] = own if own is not None else _ref_thaw_obj(f)
    for k, o in dict.items(m):
        if k not in out:
            out[k] = o
    return out


_NOT_STATE = ("memo",)
"""Game fields that are not part of the state (what read-only callers remembered)."""


def strict(a: Any, b: Any, path: str = "") -> None:
    """``a == b`` with the same types all the way down and the same dict orders (a lazily thawed
    ``ObjMap`` compares as the plain dict it stands for)."""
    if type(a) is ObjMap:
        a = snapshot(a)
    if type(b) is ObjMap:
        b = snapshot(b)
    if type(a) is MappingProxyType:
        a = dict(a)  # a peek copy reads its state's own dict through a read-only proxy
    if type(a) is ObjS and type(b) is Obj:
        a = _ref_thaw_obj(a)  # a peek copy holds the frozen objects, which read the same
    t = type(a)
    assert t is type(b), f"{path}: {t.__name__} vs {type(b).__name__}"
    if t in _LEAF:
        assert a == b, f"{path}: {a!r} vs {b!r}"
    elif t is dict:
        assert list(a) == list(b), f"{path}: keys/order differ"
        for k in a:
            strict(a[k], b[k], path)
    elif t is list or t is tuple:
        assert len(a) == len(b), f"{path}: lengths differ"
        for x, y in zip(a, b, strict=True):
            strict(x, y, path)
    else:
        names = _FIELDS.get(t)
        if names is None:
            assert dataclasses.is_dataclass(a), f"{path}: unexpected {t.__name__}"
            names = _FIELDS[t] = tuple(n for n in _names(t) if n not in _NOT_STATE)
        for n in names:
            strict(getattr(a, n), getattr(b, n), f"{path}.{n}")


def ref_apply(s: AfrikaState, p: int, aid: str) -> tuple[AfrikaState, tuple[Event, ...]]:
    g = ref_thaw(s)
    g.events = []
    perform(g, p, ENGINE.decode_action(aid))
    settle(g)
    return ref_freeze(g), tuple(Event(t) for t in g.events)


# ------------------------------------------------------------------------------------- the games
CONFIGS = [
    MatchConfig(players=2),
    MatchConfig(players=2, options={"decks": ["Savanna Wilds", "Stellar Flames"]}),
    MatchConfig(players=2, options={"decks": ["Stellar Flames", "Stellar Flames"], "chooser": 1}),
    MatchConfig(players=2, options={"format": "limited", "decks": ["Savanna Wilds", "Savanna Wilds"]}),
]


def _check_step(s: AfrikaState, p: int, rng: Rng, ai: bool, k: int) -> tuple[AfrikaState, str]:
    ref = ref_thaw(s)
    # the shared copy (usually the Game the last apply handed over) reads exactly as a fresh thaw
    strict(peek(s), ref, "peek")
    if k % 4 == 0:
        strict(thaw(s), ref, "thaw")
        strict(freeze(ref), s, "freeze")
        strict(freeze(ref, base=s), s, "freeze(base)")
    acts = list(ENGINE.legal_actions(s, PlayerId(p)))
    assert [a.to_id() for a in acts] == [a.to_id() for a in legal(ref_thaw(s), p)]
    assert [a.label for a in acts] == [a.label for a in legal(ref_thaw(s), p)]
    if k % 8 == 0:
        for viewer in (None, 0, 1):
            v = None if viewer is None else PlayerId(viewer)
            assert ENGINE.view(s, v) == make_view(ref_thaw(s), viewer)
            assert dumps(ENGINE.view(s, v)) == dumps(make_view(ref_thaw(s), viewer))
    a = afrika_policy(ENGINE, s, PlayerId(p), Rng.from_seed(k)) if ai else rng.choice(acts)
    if ai or k % 4 == 0:  # reading never changed the shared copy
        strict(peek(s), ref, "peek after legal/view/AI")
    return s, a.to_id()


@pytest.mark.parametrize("cfg", CONFIGS, ids=["starters", "swapped", "mirror-chooser", "limited"])
@pytest.mark.parametrize("seed", [1, 2])
def test_fast_conversion_matches_the_plain_one(cfg: MatchConfig, seed: int) -> None:
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed * 101 + 7)
    ai = seed % 2 == 0
    for k in range(220):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        s, aid = _check_step(s, p, rng, ai and k % 3 != 0, k)
        want_state, want_events = ref_apply(s, p, aid)
        t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        strict(t.state, want_state, "apply")
        assert t.state == want_state
        assert dumps(t.state) == dumps(want_state)
        assert t.events == want_events
        if k % 4 == 0:  # apply worked on its own copy: the old state's shared copy is as it was
            strict(peek(s), ref_thaw(s), "peek of the previous state after apply")
        s = t.state


def test_read_only_paths_never_change_the_game() -> None:
    """legal, make_view and the AI policy, on fresh Games along random games: frozen before == after."""
    for seed in range(4):
        s = ENGINE.setup(CONFIGS[seed % len(CONFIGS)], seed + 40)
        rng = Rng.from_seed(seed)
        for _ in range(200):
            if ENGINE.outcome(s) is not None:
                break
            p = min(ENGINE.current_players(s))
            before = dumps(s)
            g = thaw(s)
            acts = legal(g, p)
            for viewer in (None, 0, 1):
                make_view(g, viewer)
            assert dumps(ref_freeze(g)) == before
            afrika_policy(ENGINE, s, PlayerId(p), Rng.from_seed(seed))
            strict(peek(s), ref_thaw(s), "peek after the AI")
            assert dumps(s) == before
            s = ENGINE.apply(s, PlayerId(p), rng.choice(acts)).state


def test_the_hand_written_converters_cover_every_field() -> None:
    """thaw/freeze list the fields positionally: a field added on one side must be added on both."""
    assert _names(Game)[:-2] == _names(AfrikaState) and _names(Game)[-2:] == ("events", "memo")
    assert _names(Obj) == _names(ObjS)
    assert _names(Player) == _names(PlayerS)
    assert _names(Item) == _names(ItemS)
    assert _names(Choice) == _names(ChoiceS)
    assert _names(Trig) == _names(TrigS)
    s = ENGINE.setup(CONFIGS[0], 3)
    strict(thaw(s), ref_thaw(s))
    strict(freeze(thaw(s)), s)


def test_states_made_without_init_are_the_same_values() -> None:
    """``freeze`` builds states and players without the dataclass ``__init__``: equal, same hash,
    same JSON, same fields as the ones ``__init__`` builds, and still frozen."""
    s = ENGINE.setup(CONFIGS[0], 4)
    for _ in range(30):
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), ENGINE.legal_actions(s, PlayerId(p))[0]).state
    by_init = AfrikaState(**{n: getattr(s, n) for n in _names(AfrikaState)})
    assert s == by_init and dumps(s) == dumps(by_init) and hash(s.players[0]) == hash(by_init.players[0])
    assert vars(s) == vars(by_init)
    player = PlayerS(**{n: getattr(s.players[0], n) for n in _names(PlayerS)})
    assert s.players[0] == player and hash(s.players[0]) == hash(player) and vars(s.players[0]) == vars(player)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.turn = 99  # type: ignore[misc]


def test_freeze_reuses_untouched_objects_only() -> None:
    s = ENGINE.setup(CONFIGS[0], 5)
    g = thaw(s)
    oid = next(iter(g.objs))
    g.objs[oid].damage = 1
    after = freeze(g, base=s)
    assert after.objs[oid] is not s.objs[oid] and after.objs[oid].damage == 1
    assert all(after.objs[k] is s.objs[k] for k in s.objs if k != oid)
    # a look-alike value (True == 1) is not the same field: it is rebuilt, never taken from base
    g2 = thaw(after)
    g2.objs[oid].damage = True
    again = freeze(g2, base=after)
    assert again.objs[oid].damage is True
    assert dumps(again) == dumps(ref_freeze(g2))
    # equal but new counters / keywords are rebuilt too, with the same value
    g3 = thaw(s)
    g3.objs[oid].add_counter("shield", 1)
    g3.objs[oid].eot_keywords.append("Swift")
    third = freeze(g3, base=s)
    strict(third, ref_freeze(g3))


def test_a_peek_copy_cannot_change_its_state() -> None:
    """The shared copy reads the state's own frozen objects and dict: changing either fails."""
    s = ENGINE.setup(CONFIGS[0], 11)
    g = peek(s)
    oid = next(iter(s.objs))
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.objs[oid].damage = 3
    with pytest.raises(TypeError):
        del g.objs[oid]
    assert s.objs[oid].damage == 0 and oid in s.objs


def test_peek_is_per_state_object_and_apply_never_uses_it() -> None:
    s = ENGINE.setup(CONFIGS[0], 9)
    twin = ENGINE.setup(CONFIGS[0], 9)
    assert twin == s and twin is not s
    assert peek(s) is peek(s)
    assert peek(twin) is not peek(s)
    p = min(ENGINE.current_players(s))
    shared = peek(s)
    snapshot = dumps(ref_freeze(shared))
    a = ENGINE.legal_actions(s, PlayerId(p))[0]
    ENGINE.apply(s, PlayerId(p), a)
    assert peek(s) is shared
    assert dumps(ref_freeze(shared)) == snapshot
