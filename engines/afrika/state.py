"""The Afrika game state: frozen plain data outside ``apply``, a mutable working copy inside it.

``AfrikaState`` (frozen dataclasses of primitives, tuples and mappings) is what the kernel stores,
JSON-encodes and replays. ``apply`` thaws it into ``Game`` (the same fields in lists, dicts and
mutable dataclasses), runs the rules on that copy and freezes the result; an action that raises
half-way leaves the caller's state untouched. Callers that only read (legal actions, views, the AI)
share one thawed copy per state instead (``peek``).

Object zones (``Obj.zone``): codex, hand, void, exile, stack, field (battlefield Zone 1/2: ``slot``),
active (the Active Terrain slot of zone ``slot``), terrain (the Terrain Stack), artifact (the
Artifact Stack; only the top one is active, R23).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, fields
from dataclasses import field as _f
from typing import Any

from .kinds import ChoiceItem, ChoiceKind, ChoiceStage, ItemKind, Step, Zone

BATTLEFIELD: frozenset[Zone] = frozenset({"field", "active", "terrain", "artifact"})


# ----------------------------------------------------------------------------------------- frozen
@dataclass(frozen=True)
class ObjS:
    id: int
    card: str
    owner: int
    controller: int
    zone: Zone
    slot: int = 0
    charged: bool = False
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: int = 0
    since_turn: int = 0
    phased_out: bool = False
    token: bool = False
    eot_power: int = 0
    eot_health: int = 0
    eot_keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerS:
    seat: int
    life: int = 20
    codex: tuple[int, ...] = ()
    hand: tuple[int, ...] = ()
    void: tuple[int, ...] = ()
    exile: tuple[int, ...] = ()
    field: tuple[int, ...] = ()
    terrains: tuple[int, ...] = ()
    slots: tuple[int, ...] = (0, 0)
    artifacts: tuple[int, ...] = ()
    pool: tuple[tuple[str, int], ...] = ()
    lost: bool = False
    drew_empty: bool = False
    kept: bool = False
    hand_size: int = 7
    mull: str = ""
    turn_started: int = 0


@dataclass(frozen=True)
class ItemS:
    id: int
    kind: ItemKind
    controller: int
    source: int
    card: str
    ability: int = -1
    targets: tuple[str, ...] = ()
    x: int = 0
    mode: int = -1
    slot: int = 0
    text: str = ""


@dataclass(frozen=True)
class TrigS:
    controller: int
    source: int
    card: str
    ability: int


@dataclass(frozen=True)
class ChoiceS:
    kind: ChoiceKind
    player: int
    item: ChoiceItem = ""
    obj: int = 0
    ability: int = -1
    slot: int = 0
    x: int = -1
    mode: int = -1
    targets: tuple[str, ...] = ()
    ids: tuple[int, ...] = ()
    nums: tuple[int, ...] = ()
    stage: ChoiceStage = ""
    card: str = ""


@dataclass(frozen=True)
class AfrikaState:
    objs: dict[int, ObjS]
    players: tuple[PlayerS, ...]
    turn: int = 0
    active: int = 0
    first: int = 0
    step: Step = "setup"
    priority: int = -1
    passes: int = 0
    stack: tuple[ItemS, ...] = ()
    attackers: dict[int, str] = _f(default_factory=dict)
    blockers: dict[int, int] = _f(default_factory=dict)
    order: dict[int, tuple[int, ...]] = _f(default_factory=dict)
    assign: dict[int, tuple[int, ...]] = _f(default_factory=dict)
    first_dealt: tuple[int, ...] = ()
    clash_first: bool = False
    choice: ChoiceS | None = None
    triggers: tuple[TrigS, ...] = ()
    rng: int = 0
    next_id: int = 1
    terrain_played: bool = False
    over: bool = False
    ranking: tuple[tuple[int, ...], ...] = ()
    reason: str = ""
    fmt: str = "constructed"
    lifelink_lki: tuple[int, ...] = ()
    """Ids of permanents that left the battlefield with Lifelink while an ability of theirs could
    still deal damage: their last known characteristics (K12, D31)."""


# ---------------------------------------------------------------------------------------- mutable
@dataclass(slots=True)
class Obj:
    id: int
    card: str
    owner: int
    controller: int
    zone: Zone
    slot: int = 0
    charged: bool = False
    damage: int = 0
    counters: list[tuple[str, int]] = _f(default_factory=list)
    attached_to: int = 0
    since_turn: int = 0
    phased_out: bool = False
    token: bool = False
    eot_power: int = 0
    eot_health: int = 0
    eot_keywords: list[str] = _f(default_factory=list)

    def count(self, kind: str) -> int:
        for k, n in self.counters:
            if k == kind:
                return n
        return 0

    def add_counter(self, kind: str, n: int) -> None:
        total = max(0, self.count(kind) + n)
        self.counters = sorted(
            [(k, v) for k, v in self.counters if k != kind] + ([(kind, total)] if total else [])
        )


@dataclass(slots=True)
class Player:
    seat: int
    life: int = 20
    codex: list[int] = _f(default_factory=list)
    hand: list[int] = _f(default_factory=list)
    void: list[int] = _f(default_factory=list)
    exile: list[int] = _f(default_factory=list)
    field: list[int] = _f(default_factory=list)
    terrains: list[int] = _f(default_factory=list)
    slots: list[int] = _f(default_factory=lambda: [0, 0])
    artifacts: list[int] = _f(default_factory=list)
    pool: list[tuple[str, int]] = _f(default_factory=list)
    lost: bool = False
    drew_empty: bool = False
    kept: bool = False
    hand_size: int = 7
    mull: str = ""
    turn_started: int = 0

    def pool_dict(self) -> dict[str, int]:
        return dict(self.pool)

    def set_pool(self, pool: dict[str, int]) -> None:
        self.pool = sorted((k, v) for k, v in pool.items() if v > 0)


@dataclass(slots=True)
class Item:
    id: int
    kind: ItemKind
    controller: int
    source: int
    card: str
    ability: int = -1
    targets: list[str] = _f(default_factory=list)
    x: int = 0
    mode: int = -1
    slot: int = 0
    text: str = ""


@dataclass(slots=True)
class Trig:
    controller: int
    source: int
    card: str
    ability: int


@dataclass(slots=True)
class Choice:
    kind: ChoiceKind
    player: int
    item: ChoiceItem = ""
    obj: int = 0
    ability: int = -1
    slot: int = 0
    x: int = -1
    mode: int = -1
    targets: list[str] = _f(default_factory=list)
    ids: list[int] = _f(default_factory=list)
    nums: list[int] = _f(default_factory=list)
    stage: ChoiceStage = ""
    card: str = ""


@dataclass(slots=True)
class Game:
    objs: dict[int, Obj]
    players: list[Player]
    turn: int = 0
    active: int = 0
    first: int = 0
    step: Step = "setup"
    priority: int = -1
    passes: int = 0
    stack: list[Item] = _f(default_factory=list)
    attackers: dict[int, str] = _f(default_factory=dict)
    blockers: dict[int, int] = _f(default_factory=dict)
    order: dict[int, list[int]] = _f(default_factory=dict)
    assign: dict[int, list[int]] = _f(default_factory=dict)
    first_dealt: list[int] = _f(default_factory=list)
    clash_first: bool = False
    choice: Choice | None = None
    triggers: list[Trig] = _f(default_factory=list)
    rng: int = 0
    next_id: int = 1
    terrain_played: bool = False
    over: bool = False
    ranking: list[list[int]] = _f(default_factory=list)
    reason: str = ""
    fmt: str = "constructed"
    lifelink_lki: list[int] = _f(default_factory=list)
    events: list[str] = _f(default_factory=list)

    def log(self, text: str) -> None:
        """A public fact for the game log (seat labels like "P1"; the bot swaps in names)."""
        self.events.append(text)


# ------------------------------------------------------------------------------------ conversion
# Every legal_actions / apply / view call converts the whole state (about 120 card objects), so this
# is the engine's hot path: the card objects and the players have hand-written converters, ``freeze``
# reuses the frozen card objects a move left alone, and read-only callers share one thawed copy per
# state (``peek``).
_FROZEN: dict[type, type] = {Obj: ObjS, Player: PlayerS, Item: ItemS, Trig: TrigS, Choice: ChoiceS}
_THAWED: dict[type, type] = {v: k for k, v in _FROZEN.items()}
_NAMES: dict[type, tuple[str, ...]] = {}
_LEAVES = frozenset({int, str, bool, tuple, type(None)})
"""Types ``_thaw``/``_freeze`` return unchanged (a tuple inside a list stays a tuple), so the
element loops can skip the call."""


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _freeze(v: Any) -> Any:
    t = type(v)
    if t is list:
        return tuple(x if type(x) in _LEAVES else _freeze(x) for x in v)
    if t is dict:
        return {k: _freeze(x) for k, x in v.items()}
    cls = _FROZEN.get(t)
    if cls is not None:
        return cls(*(_freeze(getattr(v, n)) for n in _names(t)))
    return v


def _thaw(v: Any) -> Any:
    t = type(v)
    if t is tuple:
        return [x if type(x) in _LEAVES else _thaw(x) for x in v]
    if t is dict:
        return {k: _thaw(x) for k, x in v.items()}
    cls = _THAWED.get(t)
    if cls is not None:
        return cls(*(_thaw(getattr(v, n)) for n in _names(t)))
    return v


def _thaw_obj(o: ObjS) -> Obj:
    return Obj(
        o.id,
        o.card,
        o.owner,
        o.controller,
        o.zone,
        o.slot,
        o.charged,
        o.damage,
        list(o.counters),
        o.attached_to,
        o.since_turn,
        o.phased_out,
        o.token,
        o.eot_power,
        o.eot_health,
        list(o.eot_keywords),
    )


def _freeze_obj(o: Obj) -> ObjS:
    # Through __init__ on purpose, not by filling a bare instance's __dict__ (engines/core/evolve.py):
    # that builds faster, but a card object is read by every later thaw that reuses it, and one whose
    # __dict__ was ever materialised reads ~1.7x slower on CPython 3.11 (no inline values): a net loss.
    return ObjS(
        o.id,
        o.card,
        o.owner,
        o.controller,
        o.zone,
        o.slot,
        o.charged,
        o.damage,
        tuple(o.counters),
        o.attached_to,
        o.since_turn,
        o.phased_out,
        o.token,
        o.eot_power,
        o.eot_health,
        tuple(o.eot_keywords),
    )


def _same_items(a: list[Any], b: tuple[Any, ...]) -> bool:
    """Same length and the very same elements (``_unchanged`` skips the call when both are empty)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _unchanged(o: Obj, f: ObjS) -> bool:
    """True if ``_freeze_obj(o)`` would equal ``f`` field for field, value and type alike.

    Identity, not ==: a thawed field the move did not touch is the very object ``f`` holds, and
    identity also rules out look-alikes (True vs 1) that == would let through. A field the move
    rewrote to an equal but new object only costs a rebuild, never a wrong reuse.
    """
    return (
        o.damage is f.damage
        and o.zone is f.zone
        and o.charged is f.charged
        and o.slot is f.slot
        and o.controller is f.controller
        and o.since_turn is f.since_turn
        and o.attached_to is f.attached_to
        and o.phased_out is f.phased_out
        and o.eot_power is f.eot_power
        and o.eot_health is f.eot_health
        and o.card is f.card
        and o.id is f.id
        and o.owner is f.owner
        and o.token is f.token
        and (_same_items(o.counters, f.counters) if o.counters or f.counters else True)
        and (_same_items(o.eot_keywords, f.eot_keywords) if o.eot_keywords or f.eot_keywords else True)
    )


def _thaw_player(p: PlayerS) -> Player:
    # the zones hold ints and the pool (str, int) tuples, which _thaw keeps as they are
    return Player(
        p.seat,
        p.life,
        list(p.codex),
        list(p.hand),
        list(p.void),
        list(p.exile),
        list(p.field),
        list(p.terrains),
        list(p.slots),
        list(p.artifacts),
        list(p.pool),
        p.lost,
        p.drew_empty,
        p.kept,
        p.hand_size,
        p.mull,
        p.turn_started,
    )


def _freeze_player(p: Player) -> PlayerS:
    return PlayerS(
        p.seat,
        p.life,
        tuple(p.codex),
        tuple(p.hand),
        tuple(p.void),
        tuple(p.exile),
        tuple(p.field),
        tuple(p.terrains),
        tuple(p.slots),
        tuple(p.artifacts),
        tuple(p.pool),
        p.lost,
        p.drew_empty,
        p.kept,
        p.hand_size,
        p.mull,
        p.turn_started,
    )


def thaw(s: AfrikaState) -> Game:
    """A fresh mutable copy of ``s``: nothing in it is shared with any other Game."""
    return Game(
        {k: _thaw_obj(o) for k, o in s.objs.items()},
        [_thaw_player(p) for p in s.players],
        s.turn,
        s.active,
        s.first,
        s.step,
        s.priority,
        s.passes,
        _thaw(s.stack),
        dict(s.attackers),
        dict(s.blockers),
        {k: list(x) for k, x in s.order.items()},
        {k: list(x) for k, x in s.assign.items()},
        list(s.first_dealt),
        s.clash_first,
        _thaw(s.choice),
        _thaw(s.triggers),
        s.rng,
        s.next_id,
        s.terrain_played,
        s.over,
        [list(g) for g in s.ranking],
        s.reason,
        s.fmt,
        list(s.lifelink_lki),
    )


def freeze(g: Game, base: AfrikaState | None = None) -> AfrikaState:
    """The frozen state of ``g``; ``base`` (the state ``g`` was thawed from) lends its card objects.

    A move touches a handful of the ~120 card objects; each one ``_unchanged`` finds identical to
    ``base``'s is reused rather than rebuilt, which also lets successive states share them.
    """
    old = base.objs if base is not None else {}
    cur = g.objs
    objs: dict[int, ObjS] = {}
    for k in sorted(cur):
        o = cur[k]
        f = old.get(k)
        objs[k] = f if f is not None and _unchanged(o, f) else _freeze_obj(o)
    return AfrikaState(
        objs,
        tuple(_freeze_player(p) for p in g.players),
        g.turn,
        g.active,
        g.first,
        g.step,
        g.priority,
        g.passes,
        _freeze(g.stack),
        _freeze(g.attackers),
        _freeze(g.blockers),
        _freeze(g.order),
        _freeze(g.assign),
        _freeze(g.first_dealt),
        g.clash_first,
        _freeze(g.choice),
        _freeze(g.triggers),
        g.rng,
        g.next_id,
        g.terrain_played,
        g.over,
        tuple(tuple(x) for x in g.ranking),
        g.reason,
        g.fmt,
        tuple(g.lifelink_lki),
    )


# ------------------------------------------------------------------------------------ read cache
_PEEK_SIZE = 8
_peeked: dict[int, tuple[AfrikaState, Game]] = {}
_peek_lock = threading.Lock()


def peek(s: AfrikaState) -> Game:
    """A thawed ``s`` to READ ONLY, shared by every caller that peeks at the same state object.

    A click costs ``legal_actions`` + ``apply`` and a bot turn ``legal_actions`` + the AI + ``view``,
    all on one state: they thaw it once between them (the last ``apply`` usually already left its
    result here, see ``keep``). Read-only is tested (tests/engines/afrika/test_conversion.py):
    ``legal``, ``make_view`` and the AI policy never change the Game, and views hold no part of
    it. Anything that mutates (``apply``, ``resample_hidden``) must ``thaw`` its own copy. Entries are
    keyed by identity and hold the state, so an id is never reused while its entry lives.
    """
    with _peek_lock:
        hit = _peeked.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    g = thaw(s)
    keep(s, g)
    return g


def keep(s: AfrikaState, g: Game) -> None:
    """Hand ``g``, which ``freeze`` just made ``s`` from, to ``peek(s)``; the caller drops ``g``.

    ``g`` then reads exactly as ``thaw(s)`` would (tested on every move of random games): same
    values and types (mypy holds the rules to the list/tuple split), same dict orders once its
    objects are in id order as ``freeze`` puts them, no events.
    """
    if g.events:
        g.events = []
    objs = g.objs
    if list(objs) != sorted(objs):
        g.objs = dict(sorted(objs.items()))
    with _peek_lock:
        _peeked[id(s)] = (s, g)
        while len(_peeked) > _PEEK_SIZE:
            del _peeked[next(iter(_peeked))]
