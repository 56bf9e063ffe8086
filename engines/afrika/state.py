"""The Afrika game state: frozen plain data outside ``apply``, a mutable working copy inside it.

``AfrikaState`` (frozen dataclasses of primitives, tuples and mappings) is what the kernel stores,
JSON-encodes and replays. ``apply`` thaws it into ``Game`` (the same fields in lists, dicts and
mutable dataclasses; card objects only as the rules look them up, ``ObjMap``), runs the rules on
that copy and freezes the result; an action that raises half-way leaves the caller's state
untouched. Callers that only read (legal actions, views, the AI) share one copy per state instead
(``peek``), which reads the state's own frozen card objects and remembers what they work out
(``Memo``). Every such fast path has a plain counterpart (``fast.plain()``) that it must equal.

Object zones (``Obj.zone``): codex, hand, void, exile, stack, field (battlefield Zone 1/2: ``slot``),
active (the Active Terrain slot of zone ``slot``), terrain (the Terrain Stack), artifact (the
Artifact Stack; only the top one is active, R23).
"""

from __future__ import annotations

import threading
from _collections_abc import dict_items, dict_keys, dict_values
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from dataclasses import field as _f
from operator import attrgetter
from types import MappingProxyType
from typing import Any, TypeVar, cast, overload
from weakref import WeakValueDictionary

from . import fast
from .kinds import ChoiceItem, ChoiceKind, ChoiceStage, ItemKind, Step, Zone

_T = TypeVar("_T")
EotEffect = tuple[int, int, int, int, tuple[str, ...]]
"""An "until end of turn" effect: who made it, the entity's id, +power, +health, keywords granted."""
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

    def count(self, kind: str) -> int:
        """``Obj.count``: a read-only ``peek`` copy holds the frozen objects themselves."""
        for k, n in self.counters:
            if k == kind:
                return n
        return 0


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
    command: tuple[int, ...] = ()
    """The Command zone (Star Lords, R140): the Star Lord's object while it waits there."""
    lord: str = ""
    """The card id of this player's Star Lord ("" outside Star Lords)."""
    command_casts: int = 0
    """Times the Star Lord was cast from the Command zone (R143: {2} more for each)."""
    lord_damage: tuple[tuple[int, int], ...] = ()
    """(seat whose Star Lord, combat damage it dealt this player), by seat (R145)."""


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
    variant: str = "duel"
    """ "duel" (two players) or "starlords" (2-6, R140-R146); see ``engines.afrika.variants``."""
    eliminated: tuple[tuple[int, ...], ...] = ()
    """The seats that lost, in the order they lost (those of one state check together): the
    ranking of a game of more than two puts the last out first after the winner."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The seats of each team (Allied Kingdoms, Galactic Overlord; ``teams.py``), else empty."""
    terrains_by: tuple[int, ...] = ()
    """With teams, the active players who played their terrain this turn (R126: one each)."""
    schemes: tuple[str, ...] = ()
    """The Overlord's Scheme deck, top first (R153; hidden order)."""
    ongoing: tuple[str, ...] = ()
    """Ongoing schemes face up in the Overlord's Command zone (R154)."""
    scheme: str = ""
    """The scheme set in motion this turn (R154), shown until the next one."""
    rifts: tuple[str, ...] = ()
    """The Rift deck, top first, its first card the face-up rift (R160; empty without the option)."""
    die: str = ""
    """The cosmic die's last face this turn: "rift", "chaos", "blank" or ""."""
    die_rolls: int = 0
    """Rolls of the cosmic die this turn (the next costs this much, R160)."""
    pass_from: int = -1
    """The seat whose pass began the current run of passes in succession (``passes`` counts them;
    stale while ``passes`` is 0): with teams it tells which teammates have already passed, so the
    team keeps priority until all its members have (R128, ``timing.after_pass``)."""
    lord_returns: tuple[int, ...] = ()
    """Star Lords just put into their owner's hand whose owner has not yet said whether they stay
    there or go to the Command zone (R144, D35); ``steps.settle`` asks, one at a time."""
    eot_by: tuple[EotEffect, ...] = ()
    """This turn's "until end of turn" effects by who made them (each also counted in its entity's
    ``eot_*``): a player who leaves the game takes theirs with them (R122); the turn's end clears it."""


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
    command: list[int] = _f(default_factory=list)
    lord: str = ""
    command_casts: int = 0
    lord_damage: list[tuple[int, int]] = _f(default_factory=list)

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


class Memo:
    """What read-only callers worked out from one unchanging Game (see ``Game.memo``): the legal
    list per seat (``apply`` reuses it instead of listing again), each object's characteristics
    and the static abilities in play (``rules.Board``), each seat's energy sources. Filled and
    read by engine.py, rules.py and legal.py, only while ``fast.ON``."""

    __slots__ = ("board", "legal", "sources", "stats")

    def __init__(self) -> None:
        self.legal: dict[int, list[Any]] = {}
        self.stats: dict[int, Any] = {}
        self.sources: dict[int, list[Any]] = {}
        self.board: Any = None

    def carried(self) -> Memo:
        """A memo for a state with the very same objects and players (``evolve`` changing only
        the step, priority, passes, pools or combat): characteristics, the Board and energy
        sources depend on nothing else, so they are shared; the legal lists are not."""
        m = Memo()
        m.stats = self.stats
        m.sources = self.sources
        m.board = self.board
        return m


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
    variant: str = "duel"
    eliminated: list[list[int]] = _f(default_factory=list)
    teams: list[list[int]] = _f(default_factory=list)
    terrains_by: list[int] = _f(default_factory=list)
    schemes: list[str] = _f(default_factory=list)
    ongoing: list[str] = _f(default_factory=list)
    scheme: str = ""
    rifts: list[str] = _f(default_factory=list)
    die: str = ""
    die_rolls: int = 0
    pass_from: int = -1
    lord_returns: list[int] = _f(default_factory=list)
    eot_by: list[EotEffect] = _f(default_factory=list)
    events: list[str] = _f(default_factory=list)
    memo: Memo | None = None
    """Values derived from this Game while it stands for a frozen state and nobody changes it (a
    ``peek`` copy); None on a Game being changed (``apply``'s copy), where nothing is remembered."""

    def log(self, text: str) -> None:
        """A public fact for the game log (seat labels like "P1"; the bot swaps in names)."""
        self.events.append(text)


# ------------------------------------------------------------------------------------ conversion
# Every apply thaws a state and freezes the result, so this is the engine's hot path (issue #23
# item 3): every class has a hand-written converter, ``apply``'s Game thaws a card object only when
# it is looked up (``ObjMap``; pure readers use ``reader``/``look`` and thaw none), ``freeze`` copies
# the old frozen dict and re-freezes only the thawed objects that changed, and read-only callers
# share one copy per state holding the frozen objects themselves (``peek``).
_new = object.__new__
_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(AfrikaState))
_PLAYER_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(PlayerS))
_GAME_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Game))
_game_values = attrgetter(*_GAME_FIELDS)
"""Every field of a Game, in order, as one tuple (a shallow copy's constructor arguments)."""


def _make(cls: type[_T], names: tuple[str, ...], values: tuple[Any, ...]) -> _T:
    """A frozen dataclass instance without its generated ``__init__`` (one ``object.__setattr__``
    per field: ~3x the cost for the 25 fields of a state), for the states and players ``freeze``
    makes; equal, hashed and encoded exactly as one made by ``__init__`` (tested). Not for the
    card objects, which are read far more often than made (see ``_freeze_obj``)."""
    o = _new(cls)
    o.__dict__.update(zip(names, values))  # noqa: B905 (the field counts are tested)
    return o


def _thaw_item(it: ItemS) -> Item:
    return Item(
        it.id,
        it.kind,
        it.controller,
        it.source,
        it.card,
        it.ability,
        list(it.targets),
        it.x,
        it.mode,
        it.slot,
        it.text,
    )


def _freeze_item(it: Item) -> ItemS:
    return ItemS(
        it.id,
        it.kind,
        it.controller,
        it.source,
        it.card,
        it.ability,
        tuple(it.targets),
        it.x,
        it.mode,
        it.slot,
        it.text,
    )


def _thaw_choice(c: ChoiceS | None) -> Choice | None:
    if c is None:
        return None
    return Choice(
        c.kind,
        c.player,
        c.item,
        c.obj,
        c.ability,
        c.slot,
        c.x,
        c.mode,
        list(c.targets),
        list(c.ids),
        list(c.nums),
        c.stage,
        c.card,
    )


def _freeze_choice(c: Choice | None) -> ChoiceS | None:
    if c is None:
        return None
    return ChoiceS(
        c.kind,
        c.player,
        c.item,
        c.obj,
        c.ability,
        c.slot,
        c.x,
        c.mode,
        tuple(c.targets),
        tuple(c.ids),
        tuple(c.nums),
        c.stage,
        c.card,
    )


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
        list(p.command),
        p.lord,
        p.command_casts,
        list(p.lord_damage),
    )


def _freeze_player(p: Player) -> PlayerS:
    return _make(
        PlayerS,
        _PLAYER_FIELDS,
        (
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
            tuple(p.command),
            p.lord,
            p.command_casts,
            tuple(p.lord_damage),
        ),
    )


ObjR = Obj | ObjS
"""An object to read: a Game's own ``Obj`` or, read through ``look`` or on a ``peek`` copy, the frozen
``ObjS`` (the same fields, the same values)."""


class ObjMap(dict[int, Obj]):
    """A Game's card objects, thawed copy-on-read from a frozen state's ``objs`` (issue #23 item 3).

    A move reads a few dozen of a game's ~120 card objects (the Codexes are most of them) and
    changes a handful, so ``thaw`` no longer copies them all: an object becomes a mutable ``Obj``
    the first time it is looked up (``__missing__``), and ``freeze`` copies the frozen dict and
    re-freezes only those. To every reader it is the dict the plain thaw builds: the same keys
    in the same order (``base``'s order, objects created since appended), the same values; a key
    deleted is remembered in ``gone`` so it is not thawed again from ``base``. Whatever would see
    the whole dict (iteration, ``len``, views, ==) first ``materialise``s it into exactly that
    plain dict. ``base`` is never changed; ``src`` is the frozen dict ``freeze`` may reuse from.
    """

    __slots__ = ("base", "gone", "origin", "rd", "src")

    def __init__(self, base: dict[int, ObjS], origin: AfrikaState | None = None) -> None:
        super().__init__()
        self.base: dict[int, ObjS] = base
        """Objects not looked up yet (empty once materialised)."""
        self.gone: set[int] = set()
        """Keys of ``base`` deleted from the Game."""
        self.src: dict[int, ObjS] = base
        self.rd: dict[int, ObjR] | None = None
        """``reader``'s dict, until a key is thawed, set or deleted."""
        self.origin = origin
        """The state the Game was thawed from: its objects are that state's but for the ones
        thawed, set or deleted since (``checks.state_checks_unchanged``)."""

    def __missing__(self, k: int) -> Obj:
        f = self.base[k]
        if k in self.gone:
            raise KeyError(k)
        o = _thaw_obj(f)
        dict.__setitem__(self, k, o)
        self.rd = None
        return o

    def __contains__(self, k: object) -> bool:
        return dict.__contains__(self, k) or (k in self.base and k not in self.gone)

    @overload
    def get(self, k: int, default: None = None, /) -> Obj | None: ...

    @overload
    def get(self, k: int, default: Obj, /) -> Obj: ...

    @overload
    def get(self, k: int, default: _T, /) -> Obj | _T: ...

    def get(self, k: int, default: Any = None, /) -> Any:
        o = dict.get(self, k)
        if o is not None:
            return o
        if k in self.base and k not in self.gone:
            return self.__missing__(k)
        return default

    def __setitem__(self, k: int, v: Obj) -> None:
        if self.gone and k in self.gone:
            self.gone.discard(k)
        dict.__setitem__(self, k, v)
        self.rd = None

    def __delitem__(self, k: int) -> None:
        self.rd = None
        if k in self.base:
            if k in self.gone:
                raise KeyError(k)
            self.gone.add(k)
            if dict.__contains__(self, k):
                dict.__delitem__(self, k)
            return
        dict.__delitem__(self, k)

    def materialise(self) -> None:
        """Thaw every object still in ``base``: the dict is then the plain thaw's, order included."""
        base = self.base
        if not base:
            return
        gone = self.gone
        own = dict(dict.items(self))
        dict.clear(self)
        for k, f in base.items():
            if k not in gone:
                o = own.pop(k, None)
                dict.__setitem__(self, k, _thaw_obj(f) if o is None else o)
        for k, o in own.items():
            dict.__setitem__(self, k, o)
        self.base = {}
        self.gone = set()
        self.rd = None

    # ------------------------------------------------------- everything else sees the plain dict
    def __iter__(self) -> Iterator[int]:
        self.materialise()
        return dict.__iter__(self)

    def __reversed__(self) -> Iterator[int]:
        self.materialise()
        return dict.__reversed__(self)

    def __len__(self) -> int:
        self.materialise()
        return dict.__len__(self)

    def keys(self) -> dict_keys[int, Obj]:
        self.materialise()
        return dict.keys(self)

    def values(self) -> dict_values[int, Obj]:
        self.materialise()
        return dict.values(self)

    def items(self) -> dict_items[int, Obj]:
        self.materialise()
        return dict.items(self)

    def __eq__(self, other: object) -> bool:
        self.materialise()
        if isinstance(other, ObjMap):
            other.materialise()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self.materialise()
        return dict.__repr__(self)

    def copy(self) -> dict[int, Obj]:
        self.materialise()
        return dict(dict.items(self))

    def pop(self, k: int, *default: Any) -> Any:
        if k in self:
            o = self[k]
            del self[k]
            return o
        if default:
            return default[0]
        raise KeyError(k)

    def setdefault(self, k: int, default: Obj) -> Obj:
        if k in self:
            return self[k]
        self[k] = default
        return default

    def popitem(self) -> tuple[int, Obj]:
        self.materialise()
        return dict.popitem(self)

    def update(self, *args: Any, **kw: Any) -> None:
        self.materialise()
        dict.update(self, *args, **kw)

    def clear(self) -> None:
        dict.clear(self)
        self.base = {}
        self.gone = set()
        self.rd = None

    def __reduce__(self) -> Any:
        self.materialise()
        return (dict, (dict(dict.items(self)),))


def reader(objs: dict[int, Obj]) -> dict[int, ObjR]:
    """Every object of ``objs`` to read only, as one plain dict (``look`` for many keys at once):
    a lazily thawed map's objects not thawed yet are its frozen ones. For a pure function's own
    use: a reader is a snapshot of which object stands for each key, and goes stale for the keys
    thawed after it was made (the map keeps one until then; it costs a dict copy to make)."""
    if type(objs) is not ObjMap:
        return cast("dict[int, ObjR]", objs)
    rd = objs.rd
    if rd is None:
        thawed = dict.items(objs)
        own: dict[int, ObjR] = dict(thawed)
        if objs.base:
            rd = dict(objs.base)
            for k in objs.gone:
                del rd[k]
            rd.update(own)
        else:
            rd = own
        objs.rd = rd
    return rd


def look(objs: dict[int, Obj], k: int) -> Obj | ObjS:
    """``objs[k]`` to read only: an object a lazily thawed Game has not thawed yet is read from its
    frozen state as it is (every field reads the same), so reading it does not thaw it. The result
    must not be changed nor kept past a change of the Game."""
    if type(objs) is not ObjMap:
        return objs[k]
    o = dict.get(objs, k)
    if o is not None:
        return o
    if k not in objs.gone:
        return objs.base[k]
    return objs[k]


def touched(objs: dict[int, Obj], needs: Callable[[ObjS], bool]) -> list[Obj]:
    """The objects a sweep over all of ``objs`` would change: every one already thawed, plus those
    still frozen for which ``needs`` says the sweep has work (cleanup's "remove all damage" need
    not thaw a Codex). On a plain dict (the reference path), every object."""
    if type(objs) is not ObjMap or not objs.base:
        return list(objs.values())
    out = list(dict.values(objs))
    gone = objs.gone
    for k, f in objs.base.items():
        if needs(f) and not dict.__contains__(objs, k) and k not in gone:
            out.append(objs[k])
    return out


def thaw(s: AfrikaState) -> Game:
    """A fresh mutable copy of ``s``: nothing in it is shared with any other Game.

    Its card objects are thawed on first use (``ObjMap``), or all at once on the plain path."""
    objs: dict[int, Obj] = ObjMap(s.objs, s) if fast.ON else {k: _thaw_obj(o) for k, o in s.objs.items()}
    return Game(
        objs,
        [_thaw_player(p) for p in s.players],
        s.turn,
        s.active,
        s.first,
        s.step,
        s.priority,
        s.passes,
        [_thaw_item(it) for it in s.stack] if s.stack else [],
        dict(s.attackers),
        dict(s.blockers),
        {k: list(x) for k, x in s.order.items()},
        {k: list(x) for k, x in s.assign.items()},
        list(s.first_dealt),
        s.clash_first,
        _thaw_choice(s.choice),
        [Trig(t.controller, t.source, t.card, t.ability) for t in s.triggers] if s.triggers else [],
        s.rng,
        s.next_id,
        s.terrain_played,
        s.over,
        [list(g) for g in s.ranking],
        s.reason,
        s.fmt,
        list(s.lifelink_lki),
        s.variant,
        [list(x) for x in s.eliminated],
        [list(x) for x in s.teams],
        list(s.terrains_by),
        list(s.schemes),
        list(s.ongoing),
        s.scheme,
        list(s.rifts),
        s.die,
        s.die_rolls,
        s.pass_from,
        list(s.lord_returns),
        list(s.eot_by),
    )


_SORTED_SIZE = 64
_sorted_objs: dict[int, dict[int, ObjS]] = {}
"""The last ``objs`` dicts ``freeze`` made (keyed by identity, holding them so an id is not reused
while listed): those are in id order. A state decoded from JSON is not (its keys were sorted as
strings), and ``freeze`` must put its objects in id order either way."""


_quiet: WeakValueDictionary[int, AfrikaState] = WeakValueDictionary()
"""The states ``apply`` made whose final state-check pass changed nothing, by identity, for as
long as they live (a weak reference: an entry goes with its state, so an id is never reused while
listed, and a bot's many live matches each keep theirs): checks on the same board would change
nothing again (see ``checks.state_checks_unchanged``)."""


def mark_quiet(s: AfrikaState) -> None:
    _quiet[id(s)] = s


def is_quiet(s: AfrikaState) -> bool:
    return _quiet.get(id(s)) is s


def _in_order(objs: dict[int, ObjS]) -> None:
    """Note that ``objs`` is in id order."""
    with _peek_lock:
        _sorted_objs[id(objs)] = objs
        while len(_sorted_objs) > _SORTED_SIZE:
            del _sorted_objs[next(iter(_sorted_objs))]


def note_sorted(objs: dict[int, ObjS], like: dict[int, ObjS]) -> None:
    """``objs`` has ``like``'s keys in ``like``'s order: note it is in id order if ``like`` is."""
    if _in_id_order(like):
        _in_order(objs)


def _in_id_order(objs: dict[int, ObjS]) -> bool:
    if _sorted_objs.get(id(objs)) is objs:  # a dict read: atomic, no lock needed
        return True
    keys = list(objs)
    return keys == sorted(keys)


def _freeze_objs(cur: dict[int, Obj], old: dict[int, ObjS]) -> dict[int, ObjS]:
    """The plain way: every object in id order, reused from ``old`` when unchanged."""
    objs: dict[int, ObjS] = {}
    for k in sorted(cur):
        o = cur[k]
        f = old.get(k)
        objs[k] = f if f is not None and _unchanged(o, f) else _freeze_obj(o)
    return objs


def _freeze_lazy(m: ObjMap) -> dict[int, ObjS]:
    """Re-freeze only what was thawed, over a copy of the frozen dict the map thaws from (same
    result as ``_freeze_objs``, tested): untouched objects are ``base``'s own, in ``base``'s order.
    When no object changed, appeared or went, the new state shares ``base`` itself (frozen states
    are never changed, so sharing their dicts is as safe as sharing their objects)."""
    base = m.base
    changed: list[tuple[int, ObjS]] = []
    new: list[tuple[int, ObjS]] = []
    for k, o in dict.items(m):
        f = base.get(k)
        if f is None:
            new.append((k, _freeze_obj(o)))
        elif not _unchanged(o, f):
            changed.append((k, _freeze_obj(o)))
    ordered = _in_id_order(base)
    if not changed and not new and not m.gone and ordered:
        return base
    out = dict(base)
    for k in m.gone:
        del out[k]
    for k, f in changed:
        out[k] = f
    if new:
        last = next(reversed(out), None)
        for k, f in new:
            if last is not None and k < last:
                ordered = False
            out[k] = f
            last = k
    return out if ordered else dict(sorted(out.items()))


def freeze(g: Game, base: AfrikaState | None = None) -> AfrikaState:
    """The frozen state of ``g``; ``base`` (the state ``g`` was thawed from) lends its card objects.

    A move touches a handful of the ~120 card objects; each one ``_unchanged`` finds identical to
    ``base``'s is reused rather than rebuilt, which also lets successive states share them. A lazily
    thawed Game (``ObjMap``) lends from the state it was thawed from, whatever ``base`` says.
    """
    cur = g.objs
    if type(cur) is ObjMap:
        objs = _freeze_lazy(cur) if cur.base else _freeze_objs(cur, cur.src)
    else:
        objs = _freeze_objs(cur, base.objs if base is not None else {})
    _in_order(objs)
    return _make(
        AfrikaState,
        _STATE_FIELDS,
        (
            objs,
            tuple([_freeze_player(p) for p in g.players]),
            g.turn,
            g.active,
            g.first,
            g.step,
            g.priority,
            g.passes,
            tuple([_freeze_item(it) for it in g.stack]) if g.stack else (),
            dict(g.attackers),
            dict(g.blockers),
            {k: tuple(x) for k, x in g.order.items()},
            {k: tuple(x) for k, x in g.assign.items()},
            tuple(g.first_dealt),
            g.clash_first,
            _freeze_choice(g.choice),
            tuple([TrigS(t.controller, t.source, t.card, t.ability) for t in g.triggers])
            if g.triggers
            else (),
            g.rng,
            g.next_id,
            g.terrain_played,
            g.over,
            tuple(tuple(x) for x in g.ranking),
            g.reason,
            g.fmt,
            tuple(g.lifelink_lki),
            g.variant,
            tuple(tuple(x) for x in g.eliminated),
            tuple(tuple(x) for x in g.teams),
            tuple(g.terrains_by),
            tuple(g.schemes),
            tuple(g.ongoing),
            g.scheme,
            tuple(g.rifts),
            g.die,
            g.die_rolls,
            g.pass_from,
            tuple(g.lord_returns),
            tuple(g.eot_by),
        ),
    )


# ------------------------------------------------------------------------------------ read cache
_PEEK_SIZE = 8
_peeked: dict[int, tuple[AfrikaState, Game]] = {}
_peek_lock = threading.Lock()


def peek(s: AfrikaState) -> Game:
    """A thawed ``s`` to READ ONLY, shared by every caller that peeks at the same state object.

    A click costs ``legal_actions`` + ``apply`` and a bot turn ``legal_actions`` + the AI + ``view``,
    all on one state: they thaw it once between them (the last ``apply`` usually already left its
    result here, see ``keep``), and what they work out from it is remembered on it (``Game.memo``).
    Read-only is tested (tests/engines/afrika/test_conversion.py and test_fast_paths.py): ``legal``,
    ``make_view`` and the AI policy never change the Game, and views hold no part of it. Anything
    that mutates (``apply``, ``resample_hidden``) must ``thaw`` its own copy. Entries are keyed by
    identity and hold the state, so an id is never reused while its entry lives. On the plain path
    (``fast.plain()``) every call thaws afresh and nothing is shared or remembered.
    """
    if not fast.ON:
        return thaw(s)
    hit = _peeked.get(id(s))  # a dict read is atomic: only the writers below take the lock
    if hit is not None and hit[0] is s:
        return hit[1]
    g = thaw(s)
    keep(s, g)
    return g


def evolve(s: AfrikaState, **changes: Any) -> AfrikaState:
    """``s`` with some fields changed, sharing everything else (frozen values are never changed)."""
    values = dict(vars(s))
    values.update(changes)
    o = _new(AfrikaState)
    o.__dict__.update(values)
    return o


def charged_copy(f: ObjS) -> ObjS:
    """``f`` charged (through ``__init__``, as ``_freeze_obj`` makes card objects)."""
    return ObjS(
        f.id,
        f.card,
        f.owner,
        f.controller,
        f.zone,
        f.slot,
        True,
        f.damage,
        f.counters,
        f.attached_to,
        f.since_turn,
        f.phased_out,
        f.token,
        f.eot_power,
        f.eot_health,
        f.eot_keywords,
    )


def player_with(f: PlayerS, **changes: Any) -> PlayerS:
    """``f`` with some fields changed, sharing the rest."""
    values = dict(vars(f))
    values.update(changes)
    o = _new(PlayerS)
    o.__dict__.update(values)
    return o


def keep_charged(
    before: AfrikaState, after: AfrikaState, seat: int, pool: tuple[tuple[str, int], ...]
) -> None:
    """``after`` is ``before`` with one card object charged and ``seat``'s pool now ``pool``: if
    ``before`` has a shared copy, ``after``'s shares it but for those, and keeps what its memo
    knew of characteristics and the Board (neither reads whether a card is charged)."""
    old = peeked(before)
    if old is None:
        return
    g = Game(*_game_values(old))
    g.objs = cast("dict[int, Obj]", MappingProxyType(after.objs))
    pl = g.players[seat]
    players = list(g.players)
    values: list[Any] = [getattr(pl, n) for n in _PLAYER_FIELDS]
    values[_PLAYER_FIELDS.index("pool")] = list(pool)
    players[seat] = Player(*values)
    g.players = players
    g.events = []
    m = Memo()
    if old.memo is not None:
        m.stats = old.memo.stats
        m.board = old.memo.board
    g.memo = m
    with _peek_lock:
        _peeked[id(after)] = (after, g)
        while len(_peeked) > _PEEK_SIZE:
            del _peeked[next(iter(_peeked))]


def without_pools(players: tuple[PlayerS, ...]) -> tuple[PlayerS, ...]:
    """The players with their energy pools emptied (``rules.empty_pools``), the others shared."""
    out = []
    for f in players:
        if f.pool:
            values = dict(vars(f))
            values["pool"] = ()
            f = _new(PlayerS)
            f.__dict__.update(values)
        out.append(f)
    return tuple(out)


def keep_evolved(
    before: AfrikaState, after: AfrikaState, pools_emptied: bool = False, **changes: Any
) -> None:
    """``after`` is ``evolve(before, **changes)`` (and, with ``pools_emptied``, ``without_pools``):
    if ``before`` has a shared copy, ``after``'s is the same one with those fields changed (values
    as a Game holds them), sharing the rest (both are read only), and what its memo knows of the
    objects (``Memo.carried``)."""
    old = peeked(before)
    if old is None:
        return
    g = Game(*_game_values(old))
    for k, v in changes.items():
        setattr(g, k, v)
    if pools_emptied:
        g.players = [
            Player(*[[] if n == "pool" else getattr(pl, n) for n in _PLAYER_FIELDS]) for pl in g.players
        ]
    g.events = []
    g.memo = old.memo.carried() if old.memo is not None else Memo()
    with _peek_lock:
        _peeked[id(after)] = (after, g)
        while len(_peeked) > _PEEK_SIZE:
            del _peeked[next(iter(_peeked))]


def peeked(s: AfrikaState) -> Game | None:
    """The shared read-only copy of ``s`` if there is one (no thaw)."""
    if not fast.ON:
        return None
    hit = _peeked.get(id(s))
    return hit[1] if hit is not None and hit[0] is s else None


def keep(s: AfrikaState, g: Game) -> None:
    """Hand ``g``, which ``freeze`` just made ``s`` from, to ``peek(s)``; the caller drops ``g``.

    ``g`` then reads exactly as ``thaw(s)`` would (tested on every move of random games): same
    values (mypy holds the rules to the list/tuple split), no events. Its card objects become
    ``s``'s own frozen dict behind a read-only proxy (no copy): the objects read the same
    (``ObjS.count`` too), every lookup is a dict hit, nothing is thawed for readers, and a reader
    that tried to change an object or the dict would fail loudly (FrozenInstanceError, TypeError)
    instead of corrupting the shared copy or the state. It gets an empty ``memo``.
    """
    if not fast.ON:
        return
    if g.events:
        g.events = []
    g.objs = cast("dict[int, Obj]", MappingProxyType(s.objs))
    g.memo = Memo()
    with _peek_lock:
        _peeked[id(s)] = (s, g)
        while len(_peeked) > _PEEK_SIZE:
            del _peeked[next(iter(_peeked))]
