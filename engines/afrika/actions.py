"""Afrika actions: small values whose ``to_id()`` is the text the bot puts in a custom_id.

Grammar (``<id>`` is an object id, ``<ref>`` an object id or a seat label ``P1``/``P2``):

    pass | concede | keep | mull | go:1st | go:2nd | done | cancel
    roll                          roll the cosmic die (Cosmic Rifts, R160)
    terrain:<id>:<s|1|2>          play a terrain to the Terrain Stack or an Active slot (R41)
    cast:<id>  cast:<id>:<1|2>    cast a card (into Zone 1/2 for zone permanents); pays automatically
    act:<id>:<n|equip|travel>     activate an ability of a permanent
    charge:<id>  charge:<id>:<E>  use an energy ability (E = energy code for "any" sources)
    x:<n>  mode:<n>  target:<ref>  target:none
    atk:<id>  at:<ref>            declare an attacker, then what it attacks
    blk:<id>  on:<id>             declare a blocker, then the attacker it blocks
    first:<id>                    next blocker in the damage assignment order (R47)
    dmg:<n>                       damage to the next blocker in order (R48)
    look:yes  look:no             look at the top cards or not, where the card says "you may" (D7)
    discard:<id>  pick:<id>  pick:none  bottom:<id>
    trigger:<n>                   which of your pending triggered abilities goes on the stack next (R39)
    lord:hand  lord:command       a Star Lord put into your hand stays there or goes to the Command zone (R144)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, cast

from ..core import InvalidAction
from .kinds import ActionKind

_ARITY: dict[ActionKind, tuple[int, ...]] = {
    "pass": (0,),
    "roll": (0,),
    "concede": (0,),
    "keep": (0,),
    "mull": (0,),
    "done": (0,),
    "cancel": (0,),
    "go": (1,),
    "terrain": (2,),
    "cast": (1, 2),
    "act": (2,),
    "charge": (1, 2),
    "x": (1,),
    "mode": (1,),
    "target": (1,),
    "atk": (1,),
    "at": (1,),
    "blk": (1,),
    "on": (1,),
    "first": (1,),
    "dmg": (1,),
    "discard": (1,),
    "look": (1,),
    "pick": (1,),
    "bottom": (1,),
    "trigger": (1,),
    "lord": (1,),
}
# ASCII digits only: ``\d`` and ``str.isdigit`` also accept "²" or "٣", which ``int`` then
# refuses or reads, and a forged custom_id must be an InvalidAction, never a ValueError.
_ID = re.compile(r"[0-9]{1,9}")
_REF = re.compile(r"[0-9]{1,9}|P[0-9]")


@dataclass(frozen=True)
class AfrikaAction:
    """One move. ``kind``, ``a`` and ``b`` are the words of its id, kept as written so ``to_id()``
    gives back the text decoded (stored logs and custom_ids replay unchanged); they alone decide
    equality. ``obj``, ``n``, ``zone`` and ``seat`` are the same values typed, set once by ``act`` or
    ``decode`` (the two makers), so the rules and the presenters read numbers and never parse ids."""

    kind: ActionKind
    a: str = ""
    b: str = ""
    label: str = field(default="", compare=False)
    obj: int | None = field(default=None, compare=False)
    """The object the move names: the card played, cast, activated or charged, the attacker, the
    blocker, the attacker blocked, the next blocker in order, the card discarded, picked or put at
    the bottom, the entity targeted or attacked. None when it names no object (``pick:none``, a
    player)."""
    n: int | None = field(default=None, compare=False)
    """The number it names: X, the mode, the damage, the pending trigger, the ability an ``act``
    activates (None for ``equip`` and ``travel``, whose word is ``a.b``)."""
    zone: int | None = field(default=None, compare=False)
    """Zone 1 or 2 a permanent is cast into or a terrain goes active in; None: no zone (a terrain
    to the Terrain Stack, a spell)."""
    seat: int | None = field(default=None, compare=False)
    """The player a ``target`` or an ``at`` names (``P2`` is seat 1)."""

    def to_id(self) -> str:
        return ":".join(x for x in (self.kind, self.a, self.b) if x)

    @property
    def num(self) -> int:
        """The object or the number a legal move names (``obj``, else ``n``)."""
        v = self.obj if self.obj is not None else self.n
        if v is None:
            raise ValueError(f"{self.to_id()} names no object or number")
        return v

    @property
    def energy(self) -> str:
        """The energy code a ``charge`` asks for; "" for the source's own (its first) energy."""
        return self.b if self.kind == "charge" else ""

    @property
    def ref(self) -> str:
        """What a ``target`` or an ``at`` names as the rules hold it: a seat label ("P2") or an
        object id ("41"), as ``Choice.targets`` and ``Game.attackers`` store it."""
        return self.a if self.kind in ("target", "at") else ""


CONCEDE = AfrikaAction("concede", label="Concede")
"""Accepted from a seat still playing at any moment, never listed as legal: a command, not a button."""

_OBJECT, _NUMBER, _REFERENCE, _ZONED, _ABILITY = 1, 2, 3, 4, 5
_FIRST_WORD: dict[str, int] = {
    **dict.fromkeys(("atk", "blk", "on", "first", "discard", "pick", "bottom", "charge"), _OBJECT),
    **dict.fromkeys(("cast", "terrain"), _ZONED),
    "act": _ABILITY,
    **dict.fromkeys(("x", "mode", "dmg", "trigger"), _NUMBER),
    **dict.fromkeys(("target", "at"), _REFERENCE),
}
"""What the first word of a kind's id names: an object (a zoned one for ``cast``/``terrain``,
whose second word is the zone; an ability's for ``act``), a number, or a reference; the other
kinds name words or nothing. ``pick`` also takes "none"."""
_ZONES: dict[str, int | None] = {"": None, "s": None, "1": 1, "2": 2}


_new = object.__new__
_set = object.__setattr__


_REFS: dict[str, tuple[int | None, int | None]] = {}
"""References already read: the same few seats and objects are targeted state after state."""


def _ref(r: str) -> tuple[int | None, int | None]:
    """(object, seat) a reference names: "41" is object 41, "P2" seat 1, "none" neither."""
    got = _REFS.get(r)
    if got is None:
        if r[:1] == "P":
            got = None, (int(r[1:]) - 1 if r[1:] not in ("", "0") else None)
        else:
            got = (int(r), None) if r.isdigit() else (None, None)
        if len(_REFS) >= 10_000:
            _REFS.clear()
        _REFS[r] = got
    return got


def act(kind: ActionKind, a: object = "", b: object = "", label: str = "") -> AfrikaAction:
    """The move ``kind`` on ``a`` and ``b`` as the rules hold them: object ids and numbers as ints,
    references as "P2"/"41", words as words. The typed fields are taken from them, never parsed
    from text (except a reference, and an ability given as text)."""
    sa, sb = str(a), str(b)
    obj = n = zone = seat = None
    role = _FIRST_WORD.get(kind)
    if role is not None:
        if role == _OBJECT:
            obj = a if type(a) is int else None
        elif role == _ZONED:
            obj = a if type(a) is int else None
            zone = _ZONES[sb]
        elif role == _NUMBER:
            n = a if type(a) is int else int(sa)
        elif role == _ABILITY:
            obj = a if type(a) is int else None
            n = b if type(b) is int else int(sb) if sb.isdigit() else None
        else:
            obj, seat = _ref(sa)
    # made by filling its __dict__ at once (see _made), inline: this is the hot path
    x = _new(AfrikaAction)
    _set(
        x,
        "__dict__",
        {
            "kind": kind,
            "a": sa,
            "b": sb,
            "label": label or kind,
            "obj": obj,
            "n": n,
            "zone": zone,
            "seat": seat,
        },
    )
    return x


ActionGroup = Literal["decision", "cast", "terrain", "act", "pass", "charge"]
"""The families a table shows moves in: the pending decision first, then plays, passing, charging."""

GROUP_ORDER: tuple[ActionGroup, ...] = ("decision", "cast", "terrain", "act", "pass", "charge")

_GROUPS: dict[ActionKind, ActionGroup] = {
    "pass": "pass",
    "cast": "cast",
    "terrain": "terrain",
    "act": "act",
    "charge": "charge",
}


def group(a: AfrikaAction) -> ActionGroup:
    """The family of ``a``'s button: every answer to a pending choice is a "decision"."""
    return _GROUPS.get(a.kind, "decision")


def decode(action_id: str) -> AfrikaAction:
    if not isinstance(action_id, str) or len(action_id) > 60:
        raise InvalidAction("That is not an Afrika move.")
    parts = action_id.split(":")
    word, args = parts[0], parts[1:]
    arity = _ARITY.get(cast(ActionKind, word))
    if arity is None or len(args) not in arity:
        raise InvalidAction(f"'{action_id}' is not an Afrika move.")
    kind = cast(ActionKind, word)
    if kind == "concede":
        return CONCEDE
    ok = True
    if kind == "go":
        ok = args[0] in ("1st", "2nd")
    elif kind == "terrain":
        ok = bool(_ID.fullmatch(args[0])) and args[1] in ("s", "1", "2")
    elif kind == "cast":
        ok = bool(_ID.fullmatch(args[0])) and (len(args) == 1 or args[1] in ("1", "2"))
    elif kind == "act":
        ok = bool(_ID.fullmatch(args[0])) and (args[1] in ("equip", "travel") or bool(_ID.fullmatch(args[1])))
    elif kind == "charge":
        ok = bool(_ID.fullmatch(args[0])) and (len(args) == 1 or args[1].isalpha())
    elif kind in ("target", "at"):
        ok = bool(_REF.fullmatch(args[0])) or (kind == "target" and args[0] == "none")
    elif kind == "pick":
        ok = bool(_ID.fullmatch(args[0])) or args[0] == "none"
    elif kind == "look":
        ok = args[0] in ("yes", "no")
    elif kind == "lord":
        ok = args[0] in ("hand", "command")
    elif args:
        ok = bool(_ID.fullmatch(args[0]))
    if not ok:
        raise InvalidAction(f"'{action_id}' is not an Afrika move.")
    return _decoded(kind, *args)


def _decoded(kind: ActionKind, a: str = "", b: str = "") -> AfrikaAction:
    """The move of a checked id, its typed fields parsed from its words (``decode``'s last step)."""
    obj = n = zone = seat = None
    role = _FIRST_WORD.get(kind)
    if role is not None:
        if role == _NUMBER:
            n = int(a)
        elif role == _REFERENCE:
            obj, seat = _ref(a)
        else:
            obj = int(a) if a != "none" else None
            if role == _ZONED:
                zone = _ZONES[b]
            elif role == _ABILITY:
                n = int(b) if b.isdigit() else None
    return _made(kind, a, b, "", obj, n, zone, seat)


def _made(
    kind: ActionKind,
    a: str,
    b: str,
    label: str,
    obj: int | None,
    n: int | None,
    zone: int | None,
    seat: int | None,
) -> AfrikaAction:
    """``AfrikaAction(kind, a, b, label, obj, n, zone, seat)``, made by filling its ``__dict__`` at
    once: a frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, and
    with the typed fields that doubled the cost of making a move (1.2 us, was 0.6); this way it is
    0.4 us. Legal lists are made state after state, so this is on the engine's and the AI's hot path."""
    x = _new(AfrikaAction)
    _set(
        x,
        "__dict__",
        {"kind": kind, "a": a, "b": b, "label": label, "obj": obj, "n": n, "zone": zone, "seat": seat},
    )
    return x
