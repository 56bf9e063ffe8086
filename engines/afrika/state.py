"""The Afrika game state: frozen plain data outside ``apply``, a mutable working copy inside it.

``AfrikaState`` (frozen dataclasses of primitives, tuples and mappings) is what the kernel stores,
JSON-encodes and replays. ``apply`` thaws it into ``Game`` (the same fields in lists, dicts and
mutable dataclasses), runs the rules on that copy and freezes the result; an action that raises
half-way leaves the caller's state untouched.

Object zones (``Obj.zone``): codex, hand, void, exile, stack, field (battlefield Zone 1/2: ``slot``),
active (the Active Terrain slot of zone ``slot``), terrain (the Terrain Stack), artifact (the
Artifact Stack; only the top one is active, R23).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from dataclasses import field as _f
from typing import Any

BATTLEFIELD = frozenset({"field", "active", "terrain", "artifact"})


# ----------------------------------------------------------------------------------------- frozen
@dataclass(frozen=True)
class ObjS:
    id: int
    card: str
    owner: int
    controller: int
    zone: str
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
    kind: str  # spell | ability | trigger
    controller: int
    source: int
    card: str
    ability: int = -1
    targets: tuple[str, ...] = ()
    x: int = 0
    mode: int = -1
    slot: int = 0
    ev: int = 0
    text: str = ""


@dataclass(frozen=True)
class TrigS:
    controller: int
    source: int
    card: str
    ability: int
    ev: int = 0


@dataclass(frozen=True)
class ChoiceS:
    kind: str
    player: int
    item: str = ""
    obj: int = 0
    ability: int = -1
    slot: int = 0
    x: int = -1
    mode: int = -1
    targets: tuple[str, ...] = ()
    ids: tuple[int, ...] = ()
    nums: tuple[int, ...] = ()
    stage: str = ""
    card: str = ""
    ev: int = 0


@dataclass(frozen=True)
class AfrikaState:
    objs: dict[int, ObjS]
    players: tuple[PlayerS, ...]
    turn: int = 0
    active: int = 0
    first: int = 0
    step: str = "setup"
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


# ---------------------------------------------------------------------------------------- mutable
@dataclass(slots=True)
class Obj:
    id: int
    card: str
    owner: int
    controller: int
    zone: str
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
    kind: str
    controller: int
    source: int
    card: str
    ability: int = -1
    targets: list[str] = _f(default_factory=list)
    x: int = 0
    mode: int = -1
    slot: int = 0
    ev: int = 0
    text: str = ""


@dataclass(slots=True)
class Trig:
    controller: int
    source: int
    card: str
    ability: int
    ev: int = 0


@dataclass(slots=True)
class Choice:
    kind: str
    player: int
    item: str = ""
    obj: int = 0
    ability: int = -1
    slot: int = 0
    x: int = -1
    mode: int = -1
    targets: list[str] = _f(default_factory=list)
    ids: list[int] = _f(default_factory=list)
    nums: list[int] = _f(default_factory=list)
    stage: str = ""
    card: str = ""
    ev: int = 0


@dataclass(slots=True)
class Game:
    objs: dict[int, Obj]
    players: list[Player]
    turn: int = 0
    active: int = 0
    first: int = 0
    step: str = "setup"
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
    events: list[tuple[str, str, tuple[int, ...]]] = _f(default_factory=list)

    def log(self, text: str, kind: str = "info", *players: int) -> None:
        self.events.append((text, kind, players))


# ------------------------------------------------------------------------------------ conversion
_FROZEN: dict[type, type] = {Obj: ObjS, Player: PlayerS, Item: ItemS, Trig: TrigS, Choice: ChoiceS}
_THAWED: dict[type, type] = {v: k for k, v in _FROZEN.items()}
_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _freeze(v: Any) -> Any:
    t = type(v)
    if t is list:
        return tuple(_freeze(x) for x in v)
    if t is dict:
        return {k: _freeze(x) for k, x in v.items()}
    cls = _FROZEN.get(t)
    if cls is not None:
        return cls(*(_freeze(getattr(v, n)) for n in _names(t)))
    return v


def _thaw(v: Any) -> Any:
    t = type(v)
    if t is tuple:
        return [x if type(x) is tuple else _thaw(x) for x in v]
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


_GAME_FIELDS = tuple(f.name for f in fields(AfrikaState))


def thaw(s: AfrikaState) -> Game:
    kw: dict[str, Any] = {}
    for name in _GAME_FIELDS:
        v = getattr(s, name)
        if name == "objs":
            kw[name] = {k: _thaw_obj(o) for k, o in v.items()}
        elif name == "order" or name == "assign":
            kw[name] = {k: list(x) for k, x in v.items()}
        elif name == "ranking":
            kw[name] = [list(g) for g in v]
        else:
            kw[name] = _thaw(v)
    return Game(**kw)


def freeze(g: Game) -> AfrikaState:
    kw: dict[str, Any] = {}
    for name in _GAME_FIELDS:
        v = getattr(g, name)
        if name == "objs":
            kw[name] = {k: _freeze_obj(o) for k, o in sorted(v.items())}
        elif name == "ranking":
            kw[name] = tuple(tuple(x) for x in v)
        else:
            kw[name] = _freeze(v)
    return AfrikaState(**kw)
