"""What one seat (or a spectator) may see of an Afrika game (R5, R18, R19, R26).

Other players' hands and every Codex are counts here; the cards a player is privately looking at
(Cosmic Storyteller, a search) appear only in that player's own view. Nothing hidden is a field.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card
from .checks import conceder
from .combat import can_attack
from .kinds import STEP_NAMES, ChoiceKind, ItemKind, Step
from .legal import choice_actions
from .rules import is_active, overlord_seat, seat_ref, sick, stats
from .schemes import rift, scheme
from .state import Game, Obj
from .teams import on_turn, teammates


@dataclass(frozen=True)
class PermView:
    id: int
    card: str
    name: str
    type: str
    controller: int
    charged: bool
    power: int = 0
    health: int = 0
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()
    keywords: tuple[str, ...] = ()
    attached_to: int = 0
    sick: bool = False
    phased_out: bool = False
    token: bool = False
    active: bool = True
    attacking: str = ""
    blocking: int = 0
    can_attack: bool = False


@dataclass(frozen=True)
class CardView:
    id: int
    card: str
    name: str
    cost: str
    type_line: str
    text: str


@dataclass(frozen=True)
class SeatView:
    seat: int
    life: int
    hand_count: int
    codex_count: int
    pool: tuple[tuple[str, int], ...]
    zone1: tuple[PermView, ...]
    zone2: tuple[PermView, ...]
    active_terrains: tuple[PermView | None, ...]
    terrain_stack: tuple[PermView, ...]
    artifacts: tuple[PermView, ...]
    """Bottom first; only the last (top) one is active (R23)."""
    void: tuple[CardView, ...]
    exile: tuple[CardView, ...]
    lost: bool
    team: int = -1
    """The seat's team (Allied Kingdoms, the Galactic Overlord's opponents); -1: on its own."""
    command: tuple[CardView, ...] = ()
    """The Command zone (public): a Star Lord waiting to be cast (R140)."""
    command_casts: int = 0
    """Times the Star Lord was cast from the Command zone: the next cast costs {2} more each (R143)."""
    lord_damage: tuple[tuple[int, int], ...] = ()
    """(seat whose Star Lord, combat damage it has dealt this seat); 21 from one loses (R145)."""
    overlord: bool = False
    """This seat is the Galactic Overlord (R150)."""
    lord: str = ""
    """The card id of the seat's Star Lord (public: it starts face up, R140), wherever it is."""


@dataclass(frozen=True)
class StackView:
    id: int
    kind: ItemKind
    controller: int
    card: str
    text: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class ChoiceView:
    kind: ChoiceKind
    player: int
    about: str = ""
    """Public description: the card being cast, the attacker being ordered, ..."""
    cards: tuple[CardView, ...] = ()
    """Cards only this viewer may see (looked-at Codex cards); empty for everyone else."""
    options: tuple[tuple[str, str], ...] = ()
    """(action id, label) pairs; only in the deciding player's own view."""


@dataclass(frozen=True)
class AfrikaView:
    viewer: int | None
    turn: int
    active: int
    first: int
    step: Step
    step_name: str
    priority: int | None
    seats: tuple[SeatView, ...]
    stack: tuple[StackView, ...]
    choice: ChoiceView | None
    hand: tuple[CardView, ...]
    """The viewer's own hand (empty for spectators)."""
    terrain_played: bool
    over: bool
    ranking: tuple[tuple[int, ...], ...]
    reason: str
    variant: str = "duel"
    """ "duel", "allied" (2 v 2, one life per team), "starlords" (free-for-all with Star Lords),
    "overlord" (one Galactic Overlord against a team)."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The seats of each team, when the variant has teams."""
    partner_hands: tuple[tuple[int, tuple[CardView, ...]], ...] = ()
    """(teammate's seat, their hand): only in a team member's own view (R124, R151)."""
    scheme: CardView | None = None
    """The scheme the Overlord set in motion this turn (R154), face up."""
    ongoing_schemes: tuple[CardView, ...] = ()
    """Ongoing schemes face up in the Overlord's Command zone until abandoned."""
    scheme_count: int = 0
    """Schemes left face down in the Scheme deck."""
    rift: CardView | None = None
    """The face-up rift of Cosmic Rifts (R160); None without the option."""
    rift_count: int = 0
    die: str = ""
    """The last roll of the cosmic die this turn: "rift", "chaos", "blank" or ""."""
    die_rolls: int = 0
    """Rolls made this turn (the next costs {n} more, R160)."""


def card_view(g: Game, oid: int) -> CardView:
    c = card(g.objs[oid].card)
    return CardView(oid, c.id, c.name, c.cost.text() if c.type != "terrain" else "", c.type_line(), c.text)


def perm_view(g: Game, o: Obj) -> PermView:
    c = card(o.card)
    st = stats(g, o)
    blocking = 0
    if o.id in g.blockers:
        blocking = g.blockers[o.id]
    return PermView(
        o.id,
        c.id,
        c.name,
        c.type,
        o.controller,
        o.charged,
        st.power if c.type == "entity" else 0,
        st.health if c.type == "entity" else 0,
        o.damage,
        tuple(o.counters),
        tuple(sorted(st.kws)),
        o.attached_to,
        c.type == "entity" and sick(g, o),
        o.phased_out,
        o.token,
        is_active(g, o),
        g.attackers.get(o.id, ""),
        blocking,
        c.type == "entity" and on_turn(g, o.controller) and can_attack(g, o),
    )


def make_view(g: Game, viewer: int | None) -> AfrikaView:
    seats = []
    for pl in g.players:
        field = [g.objs[i] for i in pl.field]
        seats.append(
            SeatView(
                pl.seat,
                pl.life,
                len(pl.hand),
                len(pl.codex),
                tuple(pl.pool),
                tuple(perm_view(g, o) for o in field if o.slot == 1),
                tuple(perm_view(g, o) for o in field if o.slot == 2),
                tuple(perm_view(g, g.objs[i]) if i else None for i in pl.slots),
                tuple(perm_view(g, g.objs[i]) for i in pl.terrains),
                tuple(perm_view(g, g.objs[i]) for i in pl.artifacts),
                tuple(card_view(g, i) for i in pl.void),
                tuple(card_view(g, i) for i in pl.exile),
                pl.lost,
                command=tuple(card_view(g, i) for i in pl.command),
                command_casts=pl.command_casts,
                lord_damage=tuple(pl.lord_damage),
                lord=pl.lord,
                team=next((i for i, t in enumerate(g.teams) if pl.seat in t), -1),
                overlord=pl.seat == overlord_seat(g),
            )
        )
    stack = tuple(
        StackView(it.id, it.kind, it.controller, it.card, it.text, tuple(it.targets)) for it in g.stack
    )
    choice = None
    ch = g.choice
    if ch is not None:
        about = ""
        if ch.kind == "cast":
            about = card(ch.card).name
        elif ch.kind in ("order", "attackers", "blockers", "lord") and ch.obj in g.objs:
            about = card(g.objs[ch.obj].card).name
        elif ch.kind == "discard":
            about = f"discard {ch.nums[0]}"
        elif ch.kind == "pick" and ch.stage == "gaze":
            about = "deciding whether to look at the top of their Codex"
        elif ch.kind == "pick":
            about = {
                "look": "looking at the top of their Codex",
                "search": "searching their Codex",
                "void": "choosing a card in their Void",
            }.get(ch.item, "")
        cards: tuple[CardView, ...] = ()
        options: tuple[tuple[str, str], ...] = ()
        if viewer == ch.player:
            if ch.kind == "pick" and ch.item == "look":
                cards = tuple(card_view(g, i) for i in ch.ids)
            options = tuple((a.to_id(), a.label) for a in choice_actions(g, ch))
        choice = ChoiceView(ch.kind, ch.player, about, cards, options)
    hand: tuple[CardView, ...] = ()
    partners: tuple[tuple[int, tuple[CardView, ...]], ...] = ()
    if viewer is not None and 0 <= viewer < len(g.players):
        hand = tuple(card_view(g, i) for i in g.players[viewer].hand)
        # R124/R151: teammates see each other's hands (nobody else does)
        partners = tuple((q, tuple(card_view(g, i) for i in g.players[q].hand)) for q in teammates(g, viewer))
    return AfrikaView(
        viewer,
        g.turn,
        g.active,
        g.first,
        g.step,
        STEP_NAMES.get(g.step, g.step),
        g.priority if g.priority >= 0 and g.choice is None and not g.over else None,
        tuple(seats),
        stack,
        choice,
        hand,
        g.terrain_played,
        g.over,
        tuple(tuple(x) for x in g.ranking),
        _reason_text(g),
        variant=g.variant,
        teams=tuple(tuple(t) for t in g.teams),
        partner_hands=partners,
        scheme=_scheme_view(g.scheme) if g.scheme else None,
        ongoing_schemes=tuple(_scheme_view(c) for c in g.ongoing),
        scheme_count=len(g.schemes),
        rift=_rift_view(g.rifts[0]) if g.rifts else None,
        rift_count=len(g.rifts),
        die=g.die,
        die_rolls=g.die_rolls,
    )


def _scheme_view(cid: str) -> CardView:
    s = scheme(cid)
    return CardView(0, cid, s.name, "", "Ongoing Scheme" if s.ongoing else "Scheme", s.text)


def _rift_view(cid: str) -> CardView:
    r = rift(cid)
    text = f"{r.text}\nChaos: {r.chaos.text}" if r.chaos.text else r.text
    return CardView(0, cid, r.name, "", "Rift", text)


def _reason_text(g: Game) -> str:
    """How the game ended, as the board shows it: a concession is a sentence here too."""
    who = conceder(g)
    return g.reason if who is None else f"{seat_ref(who)} conceded."


__all__ = ["AfrikaView", "CardView", "PermView", "SeatView", "make_view", "seat_ref"]
