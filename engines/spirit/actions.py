"""Spirit Tactics moves as typed values: ``to_id()`` is the text a Discord custom_id carries,
``label`` the words on a button, ``kind`` a group for presenters, and ``decode_action`` the one
parser (the Alchemy model). Ids are case-insensitive when decoded.

Card ids: ``C01``.. Commanders, ``S01``.. Spirits, ``A01``.. Arcana, ``R01``.. Reflex, ``E1``-``E7``
Essence (one id per Essence type). Zones are named ``a1``..``f4`` (``engines.spirit.grid``: column
letter as seat 0 sees the board, row 1 = seat 0's Back Row .. row 4 = seat 1's Back Row).
A *payment* is ``$`` followed by one pair per Essence detached: ``s`` (from the Spirit whose ability
it is) or ``c`` (from your Commander), then the Essence type digit: ``$c4s1s1`` (written sorted) detaches two Flame
Essence from the Spirit and one Stone from the Commander (S48).

Grammar:

    call:<spirit>:<zone>          Call a Spirit from hand face up into your empty zone (S10)   call:S12:c2
    conceal:<spirit>:<zone>       Conceal a Spirit face down (S11)                             conceal:S03:b1
    flip:<zone>                   flip your Concealed Spirit face up (S15)                     flip:b1
    gather:<essence>:<zone|cmd>   attach an Essence from hand to your face-up Spirit or Commander (S46)
    cast:<card>[:<zone>..][:$pay] cast an Arcana or play a Reflex; zones are its designations (S23)
                                  cast:R02:d3   cast:A07:c3:c4   cast:A11:$c1
    use:<zone|cmd>:<n>[:<zone>..][:$pay]
                                  activate Charged Ability n (1 or 2) of your Spirit or Commander
                                  use:c2:1:d3:$s1s1   use:cmd:2:$c6c6c6
    attack:<zone>:<zone|direct>   declare an attack with your Spirit (S30-S32)                 attack:c2:d3
    pass                          pass priority in a Sequence (S21)
    reload                        Reload Phase: shuffle the Reload pile into the deck, draw 1 (S43)
    go:<phase>                    move on: go:draw (no Reload), go:main, go:combat, go:submain, go:end
    end                           End Phase: end the turn
    cancel                        Rewind: give up the attack (it stays used, B15)
    target[:<zone>..]             designate the targets of your triggered ability as it starts its Sequence
    place:<zone>                  Unending: the empty zone your Spirit returns to (B22)
    first / second                the chooser decides who takes the first turn (B6)
    concede                       give up (a command, never listed as a move)

Designations (``<zone>..`` after a card or ability) are, in order: the designated Spirit's zone
(when the effect designates a Spirit) and then the destination zone (when it Moves one, S56).
Several copies of a card in hand are one action: the engine picks the copy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from engines.core import CONCEDE, InvalidAction

from . import grid

_CARD_ID = re.compile(r"^(?:[CSAR][0-9]{2}|E[1-7])$")
_PAY = re.compile(r"^(?:[sc][1-7])+$")
PHASES: tuple[str, ...] = ("reload", "draw", "calm", "main", "combat", "submain", "end")
"""The phases of a turn in order (section 2 of the digest)."""
GO_TARGETS: tuple[str, ...] = ("draw", "main", "combat", "submain", "end")
"""Phases a ``go:<phase>`` move may name."""


def _card_name(cid: str) -> str:
    from .cards import card

    return card(cid).name


def _zone_words(zones: tuple[int, ...]) -> str:
    return ", ".join(grid.label(z) for z in zones)


def pay_words(pay: tuple[str, ...]) -> str:
    """ "2 Flame from the Spirit, 1 Stone from the Commander" for ``("s1", "s1", "c4")``."""
    from .cards import essence_name

    if not pay:
        return "nothing"
    parts = []
    for src, word in (("s", "the Spirit"), ("c", "the Commander")):
        counts: dict[int, int] = {}
        for p in pay:
            if p[0] == src:
                counts[int(p[1])] = counts.get(int(p[1]), 0) + 1
        if counts:
            inner = ", ".join(f"{n} {essence_name(t)}" for t, n in sorted(counts.items()))
            parts.append(f"{inner} from {word}")
    return "; ".join(parts)


def _pay_id(pay: tuple[str, ...]) -> str:
    return f":${''.join(pay)}" if pay else ""


def _targets_id(targets: tuple[int, ...]) -> str:
    return "".join(f":{grid.name(z)}" for z in targets)


@dataclass(frozen=True)
class Call:
    """Call ``card`` (a Spirit in hand) face up into the empty zone ``zone`` (S10, B24)."""

    card: str
    zone: int
    kind: ClassVar[str] = "call"

    def to_id(self) -> str:
        return f"call:{self.card}:{grid.name(self.zone)}"

    @property
    def label(self) -> str:
        return f"Call {_card_name(self.card)} to {grid.label(self.zone)}"


@dataclass(frozen=True)
class Conceal:
    """Conceal ``card`` face down into the empty zone ``zone`` (S11)."""

    card: str
    zone: int
    kind: ClassVar[str] = "conceal"

    def to_id(self) -> str:
        return f"conceal:{self.card}:{grid.name(self.zone)}"

    @property
    def label(self) -> str:
        return f"Conceal {_card_name(self.card)} at {grid.label(self.zone)}"


@dataclass(frozen=True)
class Flip:
    """Flip your Concealed Spirit at ``zone`` face up (S15)."""

    zone: int
    kind: ClassVar[str] = "flip"

    def to_id(self) -> str:
        return f"flip:{grid.name(self.zone)}"

    @property
    def label(self) -> str:
        return f"Flip the Spirit at {grid.label(self.zone)}"


@dataclass(frozen=True)
class Gather:
    """Attach Essence ``card`` from hand to your face-up Spirit at ``onto`` or, when ``onto`` is
    None, to your Commander (S46)."""

    card: str
    onto: int | None
    kind: ClassVar[str] = "gather"

    def to_id(self) -> str:
        where = "cmd" if self.onto is None else grid.name(self.onto)
        return f"gather:{self.card}:{where}"

    @property
    def label(self) -> str:
        where = "your Commander" if self.onto is None else grid.label(self.onto)
        return f"Gather {_card_name(self.card)} onto {where}"


@dataclass(frozen=True)
class Cast:
    """Cast an Arcana or play a Reflex from hand, with its designations and Essence payment."""

    card: str
    targets: tuple[int, ...] = ()
    pay: tuple[str, ...] = ()
    kind: ClassVar[str] = "cast"

    def to_id(self) -> str:
        return f"cast:{self.card}{_targets_id(self.targets)}{_pay_id(self.pay)}"

    @property
    def label(self) -> str:
        on = f" on {_zone_words(self.targets)}" if self.targets else ""
        paid = f" (pay {pay_words(self.pay)})" if self.pay else ""
        return f"Play {_card_name(self.card)}{on}{paid}"


@dataclass(frozen=True)
class Use:
    """Activate Charged Ability ``n`` (1-based) of your Spirit at ``source`` or, when ``source`` is
    None, of your Commander (S47-S49)."""

    source: int | None
    n: int
    targets: tuple[int, ...] = ()
    pay: tuple[str, ...] = ()
    kind: ClassVar[str] = "ability"

    def to_id(self) -> str:
        src = "cmd" if self.source is None else grid.name(self.source)
        return f"use:{src}:{self.n}{_targets_id(self.targets)}{_pay_id(self.pay)}"

    @property
    def label(self) -> str:
        who = "your Commander" if self.source is None else f"the Spirit at {grid.label(self.source)}"
        on = f" on {_zone_words(self.targets)}" if self.targets else ""
        paid = f" (pay {pay_words(self.pay)})" if self.pay else ""
        return f"Ability {self.n} of {who}{on}{paid}"


@dataclass(frozen=True)
class Attack:
    """Declare an attack with your Spirit at ``attacker`` on the Spirit at ``target``, or a Direct
    Attack on the opposing Commander when ``target`` is None (S30-S32)."""

    attacker: int
    target: int | None
    kind: ClassVar[str] = "attack"

    def to_id(self) -> str:
        t = "direct" if self.target is None else grid.name(self.target)
        return f"attack:{grid.name(self.attacker)}:{t}"

    @property
    def label(self) -> str:
        t = "the Commander (Direct Attack)" if self.target is None else grid.label(self.target)
        return f"Attack {t} with {grid.label(self.attacker)}"


@dataclass(frozen=True)
class Pass:
    """Pass priority; two passes in a row complete the Sequence (S21)."""

    kind: ClassVar[str] = "pass"

    def to_id(self) -> str:
        return "pass"

    @property
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class Reload:
    """Reload Phase: Reload (shuffle the Reload pile into the deck), then draw 1 (S43)."""

    kind: ClassVar[str] = "phase"

    def to_id(self) -> str:
        return "reload"

    @property
    def label(self) -> str:
        return "Reload, then draw 1"


_GO_WORDS = {
    "draw": "Don't Reload: go to the Draw Phase",
    "main": "Go to the Main Phase",
    "combat": "Proceed to Combat",
    "submain": "Go to the Sub-Main Phase",
    "end": "Go to the End Phase",
}


@dataclass(frozen=True)
class Go:
    """Move to the phase ``phase`` (a phase move is an action and starts a Sequence, S20)."""

    phase: str
    kind: ClassVar[str] = "phase"

    def to_id(self) -> str:
        return f"go:{self.phase}"

    @property
    def label(self) -> str:
        return _GO_WORDS[self.phase]


@dataclass(frozen=True)
class EndTurn:
    """End Phase: end the turn (it starts a Sequence like any phase move)."""

    kind: ClassVar[str] = "phase"

    def to_id(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End the turn"


@dataclass(frozen=True)
class Cancel:
    """Rewind: cancel the attack instead of choosing a new target; it stays used (B15)."""

    kind: ClassVar[str] = "rewind"

    def to_id(self) -> str:
        return "cancel"

    @property
    def label(self) -> str:
        return "Cancel the attack"


@dataclass(frozen=True)
class Target:
    """Designate the targets of your triggered ability as it starts its own Sequence (S28)."""

    targets: tuple[int, ...]
    kind: ClassVar[str] = "target"

    def to_id(self) -> str:
        return f"target{_targets_id(self.targets)}"

    @property
    def label(self) -> str:
        return f"Designate {_zone_words(self.targets)}" if self.targets else "No target"


@dataclass(frozen=True)
class Place:
    """Unending: the empty zone of your Battleground your Spirit returns to (B22)."""

    zone: int
    kind: ClassVar[str] = "place"

    def to_id(self) -> str:
        return f"place:{grid.name(self.zone)}"

    @property
    def label(self) -> str:
        return f"Return it to {grid.label(self.zone)}"


@dataclass(frozen=True)
class First:
    """The chooser's decision (B6): ``me`` True takes the first turn, False gives it away."""

    me: bool
    kind: ClassVar[str] = "first"

    def to_id(self) -> str:
        return "first" if self.me else "second"

    @property
    def label(self) -> str:
        return "Go first" if self.me else "Let your opponent go first"


@dataclass(frozen=True)
class Concede:
    """Give up: accepted from either seat at any moment of an unfinished Duel (never listed)."""

    kind: ClassVar[str] = "concede"

    def to_id(self) -> str:
        return CONCEDE

    @property
    def label(self) -> str:
        return "Concede"


SpiritAction = (
    Call
    | Conceal
    | Flip
    | Gather
    | Cast
    | Use
    | Attack
    | Pass
    | Reload
    | Go
    | EndTurn
    | Cancel
    | Target
    | Place
    | First
    | Concede
)

_HELP = (
    "Moves look like 'call:S12:c2', 'conceal:S03:b1', 'flip:b1', 'gather:E1:cmd', 'cast:R02:d3', "
    "'use:c2:1:d3:$s1s1', 'attack:c2:direct', 'pass', 'reload', 'go:combat' or 'end'."
)
_SIMPLE: dict[str, SpiritAction] = {
    "pass": Pass(),
    "reload": Reload(),
    "end": EndTurn(),
    "cancel": Cancel(),
    "first": First(True),
    "second": First(False),
    "target": Target(()),
    CONCEDE: Concede(),
}


def _shown(text: str, n: int = 20) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _card(text: str, kinds: str, what: str) -> str:
    from .cards import card_ids

    cid = text.strip().upper()
    if not _CARD_ID.match(cid) or cid not in card_ids():
        raise InvalidAction(f"'{_shown(text.strip())}' is not a Spirit Tactics card. {_HELP}")
    if cid[0] not in kinds:
        raise InvalidAction(f"{_card_name(cid)} is not {what}.")
    return cid


def _zone(text: str) -> int:
    z = grid.parse(text)
    if z is None:
        raise InvalidAction(
            f"'{_shown(text.strip())}' is not a zone: zones are named a1 to f4 (column a-f, row 1-4)."
        )
    return z


def _rest(parts: list[str]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Designated zones, then an optional ``$`` payment, from the tail of an id."""
    pay: tuple[str, ...] = ()
    if parts and parts[-1].strip().startswith("$"):
        raw = parts.pop().strip()[1:].lower()
        if not _PAY.match(raw):
            raise InvalidAction(
                "A payment is '$' and pairs such as s1 (Essence type 1 from the Spirit) or c3 "
                "(type 3 from the Commander)."
            )
        pay = tuple(sorted(raw[i : i + 2] for i in range(0, len(raw), 2)))
    if len(parts) > 2:
        raise InvalidAction("A card or ability designates at most a Spirit and a zone to move it to.")
    return tuple(_zone(p) for p in parts), pay


def decode_action(action_id: str) -> SpiritAction:
    """Parse an action id (case-insensitive); ``InvalidAction`` in words for anything else."""
    text = action_id.strip()
    simple = _SIMPLE.get(text.lower())
    if simple is not None:
        return simple
    verb, _, rest = text.partition(":")
    verb = verb.lower()
    parts = rest.split(":") if rest else []
    if verb in ("call", "conceal") and len(parts) == 2:
        cid = _card(parts[0], "S", "a Spirit")
        z = _zone(parts[1])
        return Call(cid, z) if verb == "call" else Conceal(cid, z)
    if verb == "flip" and len(parts) == 1:
        return Flip(_zone(parts[0]))
    if verb == "place" and len(parts) == 1:
        return Place(_zone(parts[0]))
    if verb == "gather" and len(parts) == 2:
        cid = _card(parts[0], "E", "an Essence card")
        onto = None if parts[1].strip().lower() == "cmd" else _zone(parts[1])
        return Gather(cid, onto)
    if verb == "cast" and parts:
        cid = _card(parts[0], "AR", "an Arcana or Reflex card")
        targets, pay = _rest(parts[1:])
        if any(p[0] == "s" for p in pay):
            raise InvalidAction("An Arcana or Reflex card is paid with Essence from your Commander (c).")
        return Cast(cid, targets, pay)
    if verb == "use" and len(parts) >= 2:
        src = parts[0].strip().lower()
        source = None if src == "cmd" else _zone(src)
        if parts[1].strip() not in ("1", "2"):
            raise InvalidAction("A card has Charged Abilities 1 and 2 at most: say use:<zone>:1 or :2.")
        targets, pay = _rest(parts[2:])
        if source is None and any(p[0] == "s" for p in pay):
            raise InvalidAction("A Commander's ability is paid with Essence from the Commander (c).")
        return Use(source, int(parts[1]), targets, pay)
    if verb == "attack" and len(parts) == 2:
        tgt = parts[1].strip().lower()
        return Attack(_zone(parts[0]), None if tgt == "direct" else _zone(tgt))
    if verb == "go" and len(parts) == 1 and parts[0].strip().lower() in GO_TARGETS:
        return Go(parts[0].strip().lower())
    if verb == "target" and parts:
        targets, pay = _rest(parts)
        if pay:
            raise InvalidAction("A triggered ability costs nothing: its targets take no payment.")
        return Target(targets)
    raise InvalidAction(f"'{_shown(text, 40)}' is not a Spirit Tactics move. {_HELP}")
