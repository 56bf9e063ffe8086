"""Chronomagia moves as typed values: ``to_id()`` is the text a Discord custom_id carries,
``label`` the words on a button, ``kind`` a group for presenters, and ``decode_action`` the one
parser. Ids are case-insensitive when decoded.

Cards in hand are named by card id (``T001`` Thoughtforms, ``L01`` Locations, ``P01`` Phenomena,
``S01`` Shadows; several copies are one move, the engine picks the copy). Cards on the battlefield
are named by object id, with the card id after it when the card is face up (``tap:41:T012``), so a
button says what it does; a face-down Shadow is only its object id.

Grammar:

    keep | redeal:<card>.<card>..   the Redeal (M6): keep the hand, or set these cards aside
    first | second                  the loser of the last game chooses who goes first (M3)
    collect:<res>                   collect a resource (M20): conc, time, past, future, life, armor
    meditate:<card> | main          Meditation step: take that card from the Hero Deck (M60), or go on
    play:<card>                     play a card from hand (M30-M36)
    shadow:<card>                   place a Shadow face down (M37)
    tap:<obj>:<card>                use the Tap ability of your permanent (KM3)
    hero:<n>                        use Hero ability n, 1-3 (M62)
    sac:<obj>:<card>                sacrifice your creature with Fury (KM9)
    attack | end                    Attack Collection then end the turn, or end the turn without it
    target:<obj>[:<card>] | target:none      choose a creature (or a face-down Shadow for Intuition)
    pick:<obj>:<card> | done        Mass Disembody / Mass Return: one more creature, or resolve
    shift:<obj>:<card>:<epoch>      Time Shift that permanent into that epoch
    loc:<n>                         send n of the damage to the opponent's Location (M26, M28)
    hit:<n>                         spend n Time on the opponent's Phenomenon (M29 a)
    move:<+n|-n|0>                  move Time (M29 b)
    flip:<obj> | stay:<obj>         a Shadow's event happened: flip it face up, or leave it (M37)
    bounce | leave                  Intuition: return the Shadow looked at, or leave it (KM10)
    order:<n>                       which of your simultaneous triggers resolves next (M50)
    pass                            the default answer to any question (never listed)
    concede                         give up (a command, never listed as a move)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from engines.core import CONCEDE, InvalidAction

_CARD = re.compile(r"^(?:T[0-9]{3}|[HLPSK][0-9]{2})$")
COLLECT: dict[str, str] = {
    "conc": "concentration",
    "time": "time",
    "past": "time_past",
    "future": "time_future",
    "life": "life",
    "armor": "armor",
}
"""Action words for the resources a player collects by choice (M21), and the resource each is."""
COLLECT_WORD = {v: k for k, v in COLLECT.items()}


def _name(cid: str) -> str:
    from .cards import card

    return card(cid).name if cid else "a face-down Shadow"


def _words(res: str) -> str:
    from .grammar import RES_EN

    return RES_EN[res]


@dataclass(frozen=True)
class Keep:
    kind: ClassVar[str] = "redeal"

    def to_id(self) -> str:
        return "keep"

    @property
    def label(self) -> str:
        return "Keep this hand"


@dataclass(frozen=True)
class Redeal:
    """Set these cards aside, draw as many, shuffle them into the deck (M6)."""

    cards: tuple[str, ...]
    kind: ClassVar[str] = "redeal"

    def to_id(self) -> str:
        return "redeal:" + ".".join(self.cards)

    @property
    def label(self) -> str:
        return "Redeal " + ", ".join(_name(c) for c in self.cards)


@dataclass(frozen=True)
class FirstChoice:
    me: bool
    kind: ClassVar[str] = "first"

    def to_id(self) -> str:
        return "first" if self.me else "second"

    @property
    def label(self) -> str:
        return "Go first" if self.me else "Let your opponent go first"


@dataclass(frozen=True)
class Collect:
    res: str
    """A resource name (``concentration``, ``time_past`` ...)."""
    kind: ClassVar[str] = "collect"

    def to_id(self) -> str:
        return f"collect:{COLLECT_WORD[self.res]}"

    @property
    def label(self) -> str:
        return f"Collect {_words(self.res)}"


@dataclass(frozen=True)
class Meditate:
    card: str
    kind: ClassVar[str] = "meditate"

    def to_id(self) -> str:
        return f"meditate:{self.card}"

    @property
    def label(self) -> str:
        return f"Meditate: take {_name(self.card)}"


@dataclass(frozen=True)
class GoMain:
    kind: ClassVar[str] = "phase"

    def to_id(self) -> str:
        return "main"

    @property
    def label(self) -> str:
        return "Don't meditate: go to the Main phase"


@dataclass(frozen=True)
class Play:
    card: str
    kind: ClassVar[str] = "play"

    def to_id(self) -> str:
        return f"play:{self.card}"

    @property
    def label(self) -> str:
        return f"Play {_name(self.card)}"


@dataclass(frozen=True)
class PlaceShadow:
    card: str
    kind: ClassVar[str] = "shadow"

    def to_id(self) -> str:
        return f"shadow:{self.card}"

    @property
    def label(self) -> str:
        return f"Place {_name(self.card)} face down"


@dataclass(frozen=True)
class TapUse:
    obj: int
    card: str
    kind: ClassVar[str] = "tap"

    def to_id(self) -> str:
        return f"tap:{self.obj}:{self.card}"

    @property
    def label(self) -> str:
        return f"Tap {_name(self.card)}"


@dataclass(frozen=True)
class HeroUse:
    n: int
    kind: ClassVar[str] = "hero"

    def to_id(self) -> str:
        return f"hero:{self.n}"

    @property
    def label(self) -> str:
        return f"Hero ability {self.n}"


@dataclass(frozen=True)
class Sacrifice:
    obj: int
    card: str
    kind: ClassVar[str] = "sacrifice"

    def to_id(self) -> str:
        return f"sac:{self.obj}:{self.card}"

    @property
    def label(self) -> str:
        return f"Sacrifice {_name(self.card)} (Fury)"


@dataclass(frozen=True)
class AttackPhase:
    kind: ClassVar[str] = "phase"

    def to_id(self) -> str:
        return "attack"

    @property
    def label(self) -> str:
        return "Collect Attack and end the turn"


@dataclass(frozen=True)
class EndTurn:
    kind: ClassVar[str] = "phase"

    def to_id(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End the turn without collecting Attack"


@dataclass(frozen=True)
class Target:
    """A creature for Disembody, Return or Trap, a face-down Shadow for Intuition (``card``
    empty), or none (``obj`` None)."""

    obj: int | None
    card: str = ""
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        if self.obj is None:
            return "target:none"
        return f"target:{self.obj}:{self.card}" if self.card else f"target:{self.obj}"

    @property
    def label(self) -> str:
        if self.obj is None:
            return "Choose nothing"
        return f"Choose {_name(self.card)}" if self.card else f"Choose face-down Shadow {self.obj}"


@dataclass(frozen=True)
class Pick:
    obj: int
    card: str
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        return f"pick:{self.obj}:{self.card}"

    @property
    def label(self) -> str:
        return f"Add {_name(self.card)}"


@dataclass(frozen=True)
class Done:
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        return "done"

    @property
    def label(self) -> str:
        return "That's all"


@dataclass(frozen=True)
class ShiftTo:
    obj: int
    card: str
    epoch: int
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        return f"shift:{self.obj}:{self.card}:{self.epoch}"

    @property
    def label(self) -> str:
        return f"Shift {_name(self.card)} into Epoch {self.epoch}"


@dataclass(frozen=True)
class Loc:
    k: int
    kind: ClassVar[str] = "split"

    def to_id(self) -> str:
        return f"loc:{self.k}"

    @property
    def label(self) -> str:
        return "All to the player" if self.k == 0 else f"{self.k} to the Location"


@dataclass(frozen=True)
class Hit:
    k: int
    kind: ClassVar[str] = "time"

    def to_id(self) -> str:
        return f"hit:{self.k}"

    @property
    def label(self) -> str:
        return "Nothing on the Phenomenon" if self.k == 0 else f"{self.k} Time on the Phenomenon"


@dataclass(frozen=True)
class MoveTime:
    m: int
    kind: ClassVar[str] = "time"

    def to_id(self) -> str:
        return f"move:{self.m:+d}" if self.m else "move:0"

    @property
    def label(self) -> str:
        if self.m == 0:
            return "Leave Time where it is"
        return f"Move Time {abs(self.m)} into the {'Future' if self.m > 0 else 'Past'}"


@dataclass(frozen=True)
class Flip:
    obj: int
    kind: ClassVar[str] = "flip"

    def to_id(self) -> str:
        return f"flip:{self.obj}"

    @property
    def label(self) -> str:
        return "Flip the Shadow face up"


@dataclass(frozen=True)
class Stay:
    obj: int
    kind: ClassVar[str] = "flip"

    def to_id(self) -> str:
        return f"stay:{self.obj}"

    @property
    def label(self) -> str:
        return "Keep the Shadow face down"


@dataclass(frozen=True)
class Bounce:
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        return "bounce"

    @property
    def label(self) -> str:
        return "Return it to its owner's hand"


@dataclass(frozen=True)
class Leave:
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        return "leave"

    @property
    def label(self) -> str:
        return "Leave it face down"


@dataclass(frozen=True)
class Order:
    n: int
    kind: ClassVar[str] = "order"

    def to_id(self) -> str:
        return f"order:{self.n}"

    @property
    def label(self) -> str:
        return f"Resolve trigger {self.n} next"


@dataclass(frozen=True)
class Pass:
    """The default answer to the question asked (keep the Shadow face down, choose nothing, all
    damage to the player, leave Time where it is, the first trigger first): what the bot plays
    when a response prompt runs out. Accepted for any question, never listed."""

    kind: ClassVar[str] = "pass"

    def to_id(self) -> str:
        return "pass"

    @property
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class Concede:
    kind: ClassVar[str] = "concede"

    def to_id(self) -> str:
        return CONCEDE

    @property
    def label(self) -> str:
        return "Concede"


ChronomagiaAction = (
    Keep
    | Redeal
    | FirstChoice
    | Collect
    | Meditate
    | GoMain
    | Play
    | PlaceShadow
    | TapUse
    | HeroUse
    | Sacrifice
    | AttackPhase
    | EndTurn
    | Target
    | Pick
    | Done
    | ShiftTo
    | Loc
    | Hit
    | MoveTime
    | Flip
    | Stay
    | Bounce
    | Leave
    | Order
    | Pass
    | Concede
)

_HELP = (
    "Moves look like 'play:T012', 'collect:time', 'tap:41:T012', 'hero:2', 'attack', 'end', "
    "'target:41:T012', 'move:+2' or 'loc:1'."
)
_SIMPLE: dict[str, ChronomagiaAction] = {
    "keep": Keep(),
    "first": FirstChoice(True),
    "second": FirstChoice(False),
    "main": GoMain(),
    "attack": AttackPhase(),
    "end": EndTurn(),
    "done": Done(),
    "bounce": Bounce(),
    "leave": Leave(),
    "target:none": Target(None),
    "pass": Pass(),
    CONCEDE: Concede(),
}


def _shown(text: str, n: int = 24) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _cid(text: str) -> str:
    from .cards import card_ids

    cid = text.strip().upper()
    if not _CARD.match(cid) or cid not in card_ids():
        raise InvalidAction(f"'{_shown(text.strip())}' is not a Chronomagia card. {_HELP}")
    return cid


_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
"""ASCII digits only: ``str.isdigit`` also accepts "²", which ``int`` then refuses with a
ValueError, and a forged custom_id must be an InvalidAction in words (issue 32, item 6)."""


def _int(text: str, what: str, lo: int = 0, hi: int = 10_000) -> int:
    t = text.strip()
    if not _NUMBER.fullmatch(t) or not lo <= int(t) <= hi:
        raise InvalidAction(f"'{_shown(t)}' is not {what}.")
    return int(t)


def decode_action(action_id: str) -> ChronomagiaAction:
    """Parse an action id (case-insensitive); ``InvalidAction`` in words for anything else."""
    text = action_id.strip()
    simple = _SIMPLE.get(text.lower())
    if simple is not None:
        return simple
    verb, _, rest = text.partition(":")
    verb = verb.lower()
    parts = rest.split(":") if rest else []
    n = len(parts)
    if verb == "redeal" and n == 1:
        cards = tuple(_cid(c) for c in parts[0].split("."))
        if not 1 <= len(cards) <= 5:
            raise InvalidAction("A Redeal sets aside 1 to 5 cards of your opening hand.")
        return Redeal(tuple(sorted(cards)))
    if verb == "collect" and n == 1:
        word = parts[0].strip().lower()
        if word not in COLLECT:
            raise InvalidAction(
                f"You collect one of: {', '.join(COLLECT)} (Attack is collected with 'attack')."
            )
        return Collect(COLLECT[word])
    if verb in ("meditate", "play", "shadow") and n == 1:
        cid = _cid(parts[0])
        return Meditate(cid) if verb == "meditate" else Play(cid) if verb == "play" else PlaceShadow(cid)
    if verb in ("tap", "sac", "pick") and n == 2:
        obj, cid = _int(parts[0], "an object number"), _cid(parts[1])
        return TapUse(obj, cid) if verb == "tap" else Sacrifice(obj, cid) if verb == "sac" else Pick(obj, cid)
    if verb == "hero" and n == 1:
        return HeroUse(_int(parts[0], "a Hero ability number (1, 2 or 3)", 1, 3))
    if verb == "target" and n in (1, 2):
        obj = _int(parts[0], "an object number")
        return Target(obj, _cid(parts[1]) if n == 2 else "")
    if verb == "shift" and n == 3:
        return ShiftTo(
            _int(parts[0], "an object number"), _cid(parts[1]), _int(parts[2], "an Epoch (1-3)", 1, 3)
        )
    if verb in ("loc", "hit") and n == 1:
        k = _int(parts[0], "a number of points", 0, 99)
        return Loc(k) if verb == "loc" else Hit(k)
    if verb == "move" and n == 1:
        return MoveTime(_int(parts[0], "a movement such as +2 or -1", -29, 29))
    if verb in ("flip", "stay") and n == 1:
        obj = _int(parts[0], "an object number")
        return Flip(obj) if verb == "flip" else Stay(obj)
    if verb == "order" and n == 1:
        return Order(_int(parts[0], "a trigger number", 1, 99))
    raise InvalidAction(f"'{_shown(text, 40)}' is not a Chronomagia move. {_HELP}")
