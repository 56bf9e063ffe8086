"""Turn order, and whether a card may be cast or an ability activated now (R20, R31-R36).

Shared by the legal-move lists and by the refusals, so a button is offered exactly when its
action would be accepted, and a refused one is explained with the same sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import fast
from .cards import Ability, CardDef, Cost, TargetSpec, parse_cost
from .rules import (
    any_target,
    available_energy,
    can_pay,
    cd,
    has_kw,
    is_active,
    plan_payment,
    sick,
    target_options,
)
from .state import Game, ObjR
from .teams import on_turn

MAIN = ("explore1", "explore2")
"""The steps where sorcery-speed things may be done (R20)."""
EQUIP, TRAVEL = -2, -3
"""Ability keys of the built-in Equip (K4) and Travel (K19) abilities, beside a card's own 0, 1, ..."""


def alive_players(g: Game) -> list[int]:
    return [q.seat for q in g.players if not q.lost]


def next_seat(g: Game, p: int) -> int:
    n = len(g.players)
    for i in range(1, n + 1):
        q = (p + i) % n
        if not g.players[q].lost:
            return q
    return p


def after_pass(players: Sequence[Any], teams: Sequence[Sequence[int]], start: int, p: int) -> int:
    """Who gets priority after ``p`` passes, in a run of passes in succession that ``start``'s pass
    began (``players``: anything with ``lost``, a Game's or a frozen state's).

    Without teams it is the next seat. With teams priority passes between teams, and a team passes
    only when all its members have passed in succession (R128): the run goes round ``start``'s
    team from ``start``, then every other team in turn from its first seat, so a member who acts
    and passes hands priority to the teammates who passed before it acted, not to the rivals."""
    n = len(players)
    k = next((i for i, t in enumerate(teams) if start in t and not players[start].lost), -1)
    if k >= 0:
        own = list(teams[k])
        i = own.index(start)
        order = own[i:] + own[:i]
        for j in range(1, len(teams)):
            order += teams[(k + j) % len(teams)]
        order = [q for q in order if not players[q].lost]
        if p in order and order.index(p) + 1 < len(order):
            return order[order.index(p) + 1]
    for i in range(1, n + 1):  # no teams (or a run the leaving of a player broke): the next seat
        q = (p + i) % n
        if not players[q].lost:
            return q
    return p


def distinct_by_card(g: Game, ids: list[int]) -> list[int]:
    seen: set[str] = set()
    out = []
    for i in ids:
        c = g.objs[i].card
        if c not in seen:
            seen.add(c)
            out.append(i)
    return out


def is_quick(c: CardDef) -> bool:
    return c.spell_kind == "quickplay" or c.has("Warp")


def sorcery_time(g: Game, p: int) -> bool:
    return (p == g.active or on_turn(g, p)) and g.step in MAIN and not g.stack and g.choice is None


def terrain_done(g: Game, p: int) -> bool:
    """Whether ``p`` played their terrain this turn (R126: with teams, one for each teammate)."""
    return p in g.terrains_by if g.teams else g.terrain_played


def activated(c: CardDef) -> tuple[tuple[int, Ability], ...]:
    return c.activated


def targets_possible(g: Game, specs: tuple[TargetSpec, ...], p: int, src: CardDef) -> bool:
    if not fast.ON:
        return all(s.optional or target_options(g, s, p, src) for s in specs)
    return all(s.optional or any_target(g, s, p, src) for s in specs)


NO = "no"
"""What ``can_cast(..., why=False)`` returns for a refusal: the legal list only asks yes or no, so
the sentence is not made (the conditions are the same ones, in the same order)."""


def can_cast(g: Game, p: int, o: ObjR, why: bool = True) -> str:
    """'' if ``p`` may cast the card ``o`` from hand now, else the reason (a player-facing sentence;
    ``NO`` when ``why`` is False and the fast paths are on)."""
    why = why or not fast.ON
    c = cd(o)
    if o.owner != p or (o.zone != "hand" and (o.zone != "command" or o.card != g.players[p].lord)):
        return "That card is not in your hand."
    tax = command_tax(g, o)
    if c.type == "terrain":
        return "Terrains are played, not cast (use the terrain move)."
    if not is_quick(c) and not sorcery_time(g, p):
        if not why:
            return NO
        return (
            f"{c.name} can be cast only in your own Exploration phase while the stack is empty "
            "(it is not quick-play)."
        )
    # Asked yes or no, the cheapest pure check goes first (the answer does not depend on their
    # order): plan_payment finds no plan for more than the available energy, one per source.
    if not why and c.cost.total + tax > available_energy(g, p):
        return NO
    if c.targets and not targets_possible(g, c.targets, p, c):
        return f"{c.name} has no legal target." if why else NO
    if not why:
        return "" if can_pay(g, p, c.cost, 0, extra_generic=tax) else NO
    plan = plan_payment(g, p, c.cost, 0, extra_generic=tax)
    if isinstance(plan, str):
        return f"You can't pay for {c.name}: {plan}." if why else NO
    return ""


def command_tax(g: Game, o: ObjR) -> int:
    """R143: a Star Lord cast from the Command zone costs {2} more for each earlier such cast."""
    return 2 * g.players[o.owner].command_casts if o.zone == "command" else 0


def equip_cost(c: CardDef) -> Cost:
    return parse_cost(c.kw_param("Equip"))


def can_activate(g: Game, p: int, o: ObjR, key: int, why: bool = True) -> str:
    """'' if ``p`` may activate ability ``key`` of ``o`` now, else the reason (``NO`` when ``why``
    is False and the fast paths are on: the sentence is not made)."""
    why = why or not fast.ON
    c = cd(o)
    if o.controller != p or not is_active(g, o):
        return "You don't control that permanent."
    if key == EQUIP:
        if not c.has("Equip"):
            return f"{c.name} has no Equip ability."
        if not sorcery_time(g, p):
            return "Equip can be used only in your Exploration phase while the stack is empty."
        spec = TargetSpec("entity", ("own",))
        if not [r for r in target_options(g, spec, p, c) if int(r) != o.attached_to]:
            return "You control no entity to equip."
        plan = plan_payment(g, p, equip_cost(c), 0)
        return f"You can't pay for Equip: {plan}." if isinstance(plan, str) else ""
    if key == TRAVEL:
        if c.type != "vehicle":
            return f"{c.name} is not a vehicle."
        if not sorcery_time(g, p):
            return "Travel can be used only in your Exploration phase while the stack is empty."
        return f"{c.name} is charged." if o.charged else ""
    if not 0 <= key < len(c.abilities) or c.abilities[key].kind != "activated":
        return f"{c.name} has no such ability."
    ab = c.abilities[key]
    if ab.timing == "sorcery" and not sorcery_time(g, p):
        return "That ability can be used only in your Exploration phase while the stack is empty."
    if ab.charge:
        if o.charged:
            return f"{c.name} is already charged." if why else NO
        if c.type == "entity" and sick(g, o) and not has_kw(g, o, "Swift"):
            return f"{c.name} has not been under your control since the start of your turn." if why else NO
    if not why and ab.cost.total > available_energy(g, p):
        return NO  # no plan can pay it (see can_cast; excluding a source only makes it worse)
    if ab.targets and not targets_possible(g, ab.targets, p, c):
        return "That ability has no legal target."
    if not why:
        return "" if can_pay(g, p, ab.cost, 0, exclude=o.id if ab.charge else 0) else NO
    plan = plan_payment(g, p, ab.cost, 0, exclude=o.id if ab.charge else 0)
    if isinstance(plan, str):
        return f"You can't pay for that ability: {plan}." if why else NO
    return ""
