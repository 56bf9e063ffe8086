"""Alchemy moves as typed values: ``to_id()`` is the text a Discord custom_id carries, ``label`` the
words on a button, and ``decode_action`` the one parser (the Chrono model).

Grammar (card ids: ``F1``-``F5`` Fire, ``A1``-``A5`` Air, ``E1``-``E5`` Earth, ``W1``-``W5`` Water,
``P01``... Process cards; an *element* is one id or two ids of different types joined by ``+``,
a complex element, written in the order Fire, Air, Earth, Water):

    attack:<element>      spend 1 AP and attack with it (AL25)           attack:F4  attack:F2+W3
    block:<element>       defender: block the element on the Field (AL26)
    counter:<element>     after a parry: counterattack for free (AL28)
    pass                  in a Battle: take the hit / compare now / no counterattack
    draw                  1 AP: draw a card (AL12)
    refresh               1 AP: start refreshing the hand (AL13); then back:<card> ... done
    back:<card>           mark one more copy of a card to go to the Recharge pile
    done                  put the marked cards back and draw as many
    store                 1 AP: enter the Store (AL15); then put:<card> / take:<card> ... leave
    put:<card>  take:<card>  leave
    play:<card>           play a Process card (AL17, AL18)
    play:<card>:<paid>    ... paying its other cost with the card <paid> from hand
    opus                  reveal your Magnum Opus and gain its reward (AL40)
    end                   end your turn
    concede               give up (a command, never listed as a move)

Several copies of a card are one action: the engine picks the copy (DECISIONS.md, D3). Every
action has a ``kind`` so a presenter can group buttons without reading ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from engines.core import CONCEDE, InvalidAction

from .cards import TYPE_LETTERS, card, card_ids, complex_name

_ELEMENT_ID = re.compile(r"^[FAEW][1-5]$")
_CARD_ID = re.compile(r"^(?:[FAEW][1-5]|P[0-9]{2}|MO[0-9]{2})$")


def element_key(cid: str) -> tuple[int, int]:
    """Sort key of an element card id: type in the order Fire, Air, Earth, Water, then MG."""
    return (TYPE_LETTERS.index(cid[0]), int(cid[1:]))


def card_words(cid: str) -> str:
    """ "Blaze (Fire 4)" for an element, the name for any other card."""
    c = card(cid)
    return f"{c.name} ({c.element} {c.mg})" if c.kind == "element" else c.name


def element_words(first: str, second: str | None) -> str:
    """What a placed element is called: "Blaze (Fire 4)" or "Steam 5 (Ember + Stream)"."""
    if second is None:
        return card_words(first)
    a, b = card(first), card(second)
    return f"{complex_name(a.element, b.element)} {a.mg + b.mg} ({a.name} + {b.name})"


@dataclass(frozen=True)
class _ElementAction:
    """A move that places an element: one basic, or two of different types (a complex, AL30)."""

    first: str
    second: str | None = None
    verb: ClassVar[str] = ""
    kind: ClassVar[str] = "battle"

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    @property
    def is_complex(self) -> bool:
        return self.second is not None

    def to_id(self) -> str:
        return f"{self.verb}:{'+'.join(self.cards)}"


@dataclass(frozen=True)
class Attack(_ElementAction):
    verb: ClassVar[str] = "attack"

    @property
    def label(self) -> str:
        return f"Attack with {element_words(self.first, self.second)}"


@dataclass(frozen=True)
class Block(_ElementAction):
    verb: ClassVar[str] = "block"

    @property
    def label(self) -> str:
        return f"Block with {element_words(self.first, self.second)}"


@dataclass(frozen=True)
class Counter(_ElementAction):
    verb: ClassVar[str] = "counter"

    @property
    def label(self) -> str:
        return f"Counterattack with {element_words(self.first, self.second)}"


@dataclass(frozen=True)
class Pass:
    """In a Battle: take the hit (defend), compare now (press), or no counterattack (riposte).

    One id for the three windows so a response clock that runs out always plays ``pass``;
    ``BattleView.pass_label`` says what it means at the moment."""

    kind: ClassVar[str] = "battle"

    def to_id(self) -> str:
        return "pass"

    @property
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class Draw:
    kind: ClassVar[str] = "game"

    def to_id(self) -> str:
        return "draw"

    @property
    def label(self) -> str:
        return "Draw a card (1 AP)"


@dataclass(frozen=True)
class Refresh:
    kind: ClassVar[str] = "game"

    def to_id(self) -> str:
        return "refresh"

    @property
    def label(self) -> str:
        return "Refresh hand (1 AP)"


@dataclass(frozen=True)
class Back:
    """While refreshing: mark one more copy of ``card`` to go back to the Recharge pile."""

    card: str
    kind: ClassVar[str] = "refresh"

    def to_id(self) -> str:
        return f"back:{self.card}"

    @property
    def label(self) -> str:
        return f"Put back {card_words(self.card)}"


@dataclass(frozen=True)
class Done:
    kind: ClassVar[str] = "refresh"

    def to_id(self) -> str:
        return "done"

    @property
    def label(self) -> str:
        return "Done: draw replacements"


@dataclass(frozen=True)
class OpenStore:
    kind: ClassVar[str] = "game"

    def to_id(self) -> str:
        return "store"

    @property
    def label(self) -> str:
        return "Open the Store (1 AP)"


@dataclass(frozen=True)
class Put:
    card: str
    kind: ClassVar[str] = "store"

    def to_id(self) -> str:
        return f"put:{self.card}"

    @property
    def label(self) -> str:
        return f"Store {card_words(self.card)}"


@dataclass(frozen=True)
class Take:
    card: str
    kind: ClassVar[str] = "store"

    def to_id(self) -> str:
        return f"take:{self.card}"

    @property
    def label(self) -> str:
        return f"Take {card_words(self.card)}"


@dataclass(frozen=True)
class Leave:
    kind: ClassVar[str] = "store"

    def to_id(self) -> str:
        return "leave"

    @property
    def label(self) -> str:
        return "Leave the Store"


@dataclass(frozen=True)
class Play:
    """Play a Process card; ``pay`` is the card from hand that pays its other cost, if it has one."""

    card: str
    pay: str | None = None
    kind: ClassVar[str] = "process"

    def to_id(self) -> str:
        return f"play:{self.card}" if self.pay is None else f"play:{self.card}:{self.pay}"

    @property
    def label(self) -> str:
        c = card(self.card)
        cost = f" ({c.cost_ap} AP)" if c.cost_ap else ""
        if self.pay is None:
            return f"Play {c.name}{cost}"
        verb = "exhausting" if c.cost_other == "exhaust_element" else "discarding"
        return f"Play {c.name}{cost}, {verb} {card_words(self.pay)}"


@dataclass(frozen=True)
class Reveal:
    kind: ClassVar[str] = "opus"

    def to_id(self) -> str:
        return "opus"

    @property
    def label(self) -> str:
        return "Reveal your Magnum Opus"


@dataclass(frozen=True)
class End:
    kind: ClassVar[str] = "end"

    def to_id(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End turn"


@dataclass(frozen=True)
class Concede:
    """Give up: accepted from either seat at any moment of an unfinished game (never listed)."""

    kind: ClassVar[str] = "concede"

    def to_id(self) -> str:
        return CONCEDE

    @property
    def label(self) -> str:
        return "Concede"


AlchemyAction = (
    Attack
    | Block
    | Counter
    | Pass
    | Draw
    | Refresh
    | Back
    | Done
    | OpenStore
    | Put
    | Take
    | Leave
    | Play
    | Reveal
    | End
    | Concede
)

_HELP = (
    "Moves look like 'attack:F4', 'block:F2+W3', 'counter:E2', 'pass', 'draw', 'refresh', 'store', "
    "'put:F4', 'play:P01' or 'end'."
)
_SIMPLE: dict[str, AlchemyAction] = {
    "pass": Pass(),
    "draw": Draw(),
    "refresh": Refresh(),
    "done": Done(),
    "store": OpenStore(),
    "leave": Leave(),
    "opus": Reveal(),
    "end": End(),
    CONCEDE: Concede(),
}


def _card_id(text: str) -> str:
    cid = text.strip().upper()
    if not _CARD_ID.match(cid) or cid not in card_ids():
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
        raise InvalidAction(f"'{shown}' is not an Alchemy card. {_HELP}")
    return cid


def _element(text: str) -> tuple[str, str | None]:
    parts = text.split("+")
    if len(parts) > 2:
        raise InvalidAction("A complex element is made of exactly two basic elements, not more (AL30).")
    ids = [_card_id(p) for p in parts]
    for cid in ids:
        if not _ELEMENT_ID.match(cid):
            raise InvalidAction(f"{card(cid).name} is not an element card.")
    if len(ids) == 1:
        return ids[0], None
    a, b = sorted(ids, key=element_key)
    if a[0] == b[0]:
        kind = card(a).element
        raise InvalidAction(
            f"Two {kind} elements can't combine: a complex element needs two different types (AL30)."
        )
    return a, b


def decode_action(action_id: str) -> AlchemyAction:
    """Parse an action id (case-insensitive); ``InvalidAction`` in words for anything else."""
    text = action_id.strip()
    low = text.lower()
    simple = _SIMPLE.get(low)
    if simple is not None:
        return simple
    verb, sep, rest = text.partition(":")
    verb = verb.lower()
    if sep and rest.strip():
        if verb in ("attack", "block", "counter"):
            first, second = _element(rest)
            if verb == "attack":
                return Attack(first, second)
            return Block(first, second) if verb == "block" else Counter(first, second)
        if verb in ("back", "put", "take"):
            cid = _card_id(rest)
            if verb == "back":
                return Back(cid)
            return Put(cid) if verb == "put" else Take(cid)
        if verb == "play":
            name, _, pay = rest.partition(":")
            cid = _card_id(name)
            if not cid.startswith("P"):
                raise InvalidAction(f"{card(cid).name} is not a Process card, so it can't be played.")
            return Play(cid, _card_id(pay) if pay.strip() else None)
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise InvalidAction(f"'{shown}' is not an Alchemy move. {_HELP}")
