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
    kind: ActionKind
    a: str = ""
    b: str = ""
    label: str = field(default="", compare=False)

    def to_id(self) -> str:
        return ":".join(x for x in (self.kind, self.a, self.b) if x)

    @property
    def num(self) -> int:
        return int(self.a)


CONCEDE = AfrikaAction("concede", label="Concede")
"""Accepted from a seat still playing at any moment, never listed as legal: a command, not a button."""


def act(kind: ActionKind, a: object = "", b: object = "", label: str = "") -> AfrikaAction:
    return AfrikaAction(kind, str(a), str(b), label or kind)


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
    return AfrikaAction(kind, *args)
