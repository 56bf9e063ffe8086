"""Afrika's moves as buttons and menus: the usual choice one click away, the rest explained.

A terrain has three placements and a permanent two zones; listing them all as buttons buried the
move a player wanted among its variants. The usual one is a button, the others wait in the "More
moves" menu with a line saying what each does (as does charging by hand, which spells make
unnecessary). Attackers and blockers are declared with one menu whose options are whole
declarations ("Cinder Raider → bob", "Sentinel blocks Cinder Raider").

Moves are read by their typed fields (``obj``, ``zone``, ``n``, ``seat``) and made by the engine's
``act``: nothing here parses or writes an action id (tests/bot/test_afrika_moves_typed.py).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.presenters.afrika.tables import entity, ref, rival
from bot.presenters.afrika.words import in_words
from bot.presenters.choices import MULTI_SEPARATOR, MoveChoice, MultiChoice
from engines.afrika.actions import GROUP_ORDER, ActionGroup, AfrikaAction, act, group
from engines.afrika.cards import card as card_def
from engines.afrika.kinds import STEP_NAMES, STEPS
from engines.core import PlayerId

#: Button colour per family of moves (the engine says which family a move is in, ``group``).
_STYLE: dict[ActionGroup, discord.ButtonStyle] = {
    "decision": discord.ButtonStyle.primary,
    "cast": discord.ButtonStyle.success,
    "terrain": discord.ButtonStyle.success,
    "act": discord.ButtonStyle.success,
    "pass": discord.ButtonStyle.secondary,
    "charge": discord.ButtonStyle.secondary,
}


CHARGE_HELP = "Adds its energy to your pool now. Spells pay for themselves: rarely needed."


def usual_zone(view: Any, seat: int) -> int:
    """Where a player usually puts a new permanent: with the rest of their army (Zone 1 on a tie)."""
    me = view.seats[seat]
    return 2 if len(me.zone2) > len(me.zone1) else 1


def zone_help(view: Any, seat: int, zone: int) -> str:
    active = view.seats[seat].active_terrains[zone - 1]
    if active is None:
        return f"Zone {zone} has no active terrain."
    return f"Zone {zone}'s active terrain is {active.name}: its zone ability applies there."


def terrain_usual(view: Any, seat: int, card_id: str) -> int | None:
    """A basic terrain goes to the Terrain Stack (None: it has no zone ability, R21); another one
    goes active where the player's army is, or into the empty slot when only one is empty."""
    if card_def(card_id).zone_ability is None:
        return None
    slots = view.seats[seat].active_terrains
    usual = usual_zone(view, seat)
    other = 3 - usual
    if slots[usual - 1] is not None and slots[other - 1] is None:
        return other
    return usual


def terrain_help(view: Any, seat: int, card_id: str, where: int | None) -> str:
    """What playing a terrain to Zone ``where``'s active slot (None: the Terrain Stack) does."""
    if where is None:
        return "Charge it for energy; in the Terrain Stack its zone ability does nothing."
    old = view.seats[seat].active_terrains[where - 1]
    moved = f" {old.name} moves to the Terrain Stack." if old is not None else ""
    if card_def(card_id).zone_ability is None:
        return f"A basic terrain has no zone ability here; it can still be charged.{moved}"
    return f"Its zone ability applies to your cards in Zone {where}.{moved}"


def pass_label(view: Any, seat: int) -> str:
    """Where passing goes: "Pass: to combat", "End turn", "Pass: let Spark Bolt resolve"."""
    if view.stack:
        top = view.stack[-1]
        what = card_def(top.card).name if top.card else f"the {top.kind}"
        return f"Pass: let {what} resolve"
    if view.active != seat:
        return "Pass"
    if view.step in ("explore2", "dusk", "restoration"):
        return "End turn"
    if view.step == "explore1":
        return "Pass: to combat"
    later = STEPS[STEPS.index(view.step) + 1 :] if view.step in STEPS else ()
    return f"Pass: to the {STEP_NAMES[later[0]]}" if later else "Pass"


def choices(engine: Any, state: Any, seat: int) -> list[MoveChoice]:
    """The seat's moves, grouped by what they do: the pending decision first."""
    view = engine.view(state, PlayerId(seat))
    cards = {c.id: c.card for c in view.hand}
    legal = sorted(engine.legal_actions(state, PlayerId(seat)), key=lambda a: GROUP_ORDER.index(group(a)))
    out: list[MoveChoice] = []
    for a in legal:
        style = _STYLE[group(a)]
        if a.kind == "terrain" and a.obj in cards:
            usual = a.zone == terrain_usual(view, seat, cards[a.obj])
            explained = terrain_help(view, seat, cards[a.obj], a.zone)
            out.append(MoveChoice(a.to_id(), a.label, style, explained, more=not usual))
        elif a.kind == "cast" and a.zone is not None:
            usual = a.zone == usual_zone(view, seat)
            out.append(MoveChoice(a.to_id(), a.label, style, zone_help(view, seat, a.zone), more=not usual))
        elif a.kind == "charge":
            out.append(MoveChoice(a.to_id(), a.label, style, CHARGE_HELP, more=True))
        elif a.kind == "act" and a.n is None:
            # equip or travel: moving a tech or a vehicle is seldom the move of the moment, so it
            # is grey, never brighter than Pass
            out.append(MoveChoice(a.to_id(), a.label, discord.ButtonStyle.secondary))
        elif a.kind == "pass":
            out.append(MoveChoice(a.to_id(), pass_label(view, seat), style))
        elif a.kind == "at":
            out.append(MoveChoice(a.to_id(), f"Attack {attack_words(view, a)}", style))
        elif a.kind == "roll":
            out.append(MoveChoice(a.to_id(), in_words(a.label), style))
        else:
            out.append(MoveChoice(a.to_id(), a.label, style))
    return out


def attacks(state: Any, attacker: int) -> list[AfrikaAction]:
    """The ``at`` moves of an attacker, as the engine's combat rules list what it may attack: the
    one opponent of a duel; each opponent at a bigger table (R121), a rival team once when it
    shares its life (R129), none for Rush without Swift (R44); then the opposing entities."""
    from engines.afrika.combat import attack_targets
    from engines.afrika.state import peek

    g = peek(state)
    o = g.objs.get(attacker)
    if o is None:
        return []
    moves = [act("at", r) for r in attack_targets(g, o)]
    return [m for m in moves if m.seat is not None] + [m for m in moves if m.seat is None]


def attack_words(view: Any, at: AfrikaAction) -> str:
    """What the attack ``at`` hits, as players know it: the rival team in Allied Kingdoms
    ("Team 2: P3 & P4"), a player ("P2"), or an entity with its controller ("P3's Reef
    Sentinel"); seats are named by the table service."""
    if at.seat is not None:
        return rival(view, at.seat)
    found = entity(view, at.obj) if at.obj is not None else None
    return found if found is not None else "an entity"


def _attackers(engine: Any, state: Any, seat: int, view: Any) -> MultiChoice | None:
    """Every attacker paired with every rival and entity it may attack, in one menu (issue #34
    item 14: entities were left to a button the menu had taken away). Too many pairs for a menu:
    None, and the buttons ask for the attacker, then what it attacks."""
    legal = [a for a in engine.legal_actions(state, PlayerId(seat)) if a.kind == "atk"]
    if len(legal) < 2:
        return None
    perms = {p.id: p for s in view.seats for p in (*s.zone1, *s.zone2)}
    style = discord.ButtonStyle.primary
    options = []
    for a in legal:
        perm = perms.get(a.obj)
        name = perm.name if perm is not None else a.label
        targets = attacks(state, perm.id) if perm is not None else [act("at", ref(1 - seat))]
        for at in targets:
            value = f"{a.to_id()}{MULTI_SEPARATOR}{at.to_id()}"
            options.append(MoveChoice(value, f"{name} → {attack_words(view, at)}", style))
    if not options or len(options) > 25:
        return None
    return MultiChoice("Choose attackers, each with what it attacks", options)


def _blockers(engine: Any, state: Any, seat: int, view: Any) -> MultiChoice | None:
    legal = [a for a in engine.legal_actions(state, PlayerId(seat)) if a.kind == "blk"]
    attacking = [p for s in view.seats for p in (*s.zone1, *s.zone2) if p.attacking]
    perms = {p.id: p for s in view.seats for p in (*s.zone1, *s.zone2)}
    if not legal or not attacking or len(legal) * len(attacking) > 25:
        return None  # nothing to block, or too many pairs for a menu: buttons ask blocker, then attacker
    style = discord.ButtonStyle.primary
    options = []
    for b in legal:
        blocker = perms[b.obj].name if b.obj in perms else b.label
        for attacker in attacking:
            value = f"{b.to_id()}{MULTI_SEPARATOR}{act('on', attacker.id).to_id()}"
            options.append(MoveChoice(value, f"{blocker} blocks {attacker.name}", style))
    return MultiChoice("Choose blockers (each blocks one attacker)", options)


def multi_choice(engine: Any, state: Any, seat: int) -> tuple[MultiChoice, str] | None:
    """Attackers or blockers declared in one menu, then "done" ends the declaration."""
    view = engine.view(state, PlayerId(seat))
    if view.choice is None or view.choice.player != seat:
        return None
    if view.choice.kind == "attackers":
        menu = _attackers(engine, state, seat, view)
    elif view.choice.kind == "blockers":
        menu = _blockers(engine, state, seat, view)
    else:
        menu = None
    return (menu, "done") if menu is not None else None
