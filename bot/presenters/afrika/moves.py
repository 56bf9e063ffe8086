"""Afrika's moves as buttons and menus: the usual choice one click away, the rest explained.

A terrain has three placements and a permanent two zones; listing them all as buttons buried the
move a player wanted among its variants. The usual one is a button, the others wait in the "More
moves" menu with a line saying what each does (as does charging by hand, which spells make
unnecessary). Attackers and blockers are declared with one menu whose options are whole
declarations ("Cinder Raider → bob", "Sentinel blocks Cinder Raider").
"""

from __future__ import annotations

from typing import Any

import discord

from bot.presenters.afrika.tables import attacked, rival
from bot.presenters.afrika.words import in_words
from bot.presenters.choices import MULTI_SEPARATOR, MoveChoice, MultiChoice
from engines.afrika.actions import GROUP_ORDER, ActionGroup, group
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

QUIET_ABILITIES = ("travel", "equip")
"""Moving a vehicle or a tech is seldom the move of the moment: grey, never brighter than Pass."""

CHARGE_HELP = "Adds its energy to your pool now. Spells pay for themselves: rarely needed."


def opponent_ref(seat: int) -> str:
    """The other seat of a duel as the engine names it in action ids ("P2" for seat 0)."""
    return f"P{2 - seat}"


def usual_zone(view: Any, seat: int) -> str:
    """Where a player usually puts a new permanent: with the rest of their army (Zone 1 on a tie)."""
    me = view.seats[seat]
    return "2" if len(me.zone2) > len(me.zone1) else "1"


def zone_help(view: Any, seat: int, zone: str) -> str:
    active = view.seats[seat].active_terrains[int(zone) - 1]
    if active is None:
        return f"Zone {zone} has no active terrain."
    return f"Zone {zone}'s active terrain is {active.name}: its zone ability applies there."


def terrain_usual(view: Any, seat: int, card_id: str) -> str:
    """A basic terrain goes to the Terrain Stack (it has no zone ability, R21); another one goes
    active where the player's army is, or into the empty slot when only one is empty."""
    if card_def(card_id).zone_ability is None:
        return "s"
    slots = view.seats[seat].active_terrains
    usual = usual_zone(view, seat)
    other = "2" if usual == "1" else "1"
    if slots[int(usual) - 1] is not None and slots[int(other) - 1] is None:
        return other
    return usual


def terrain_help(view: Any, seat: int, card_id: str, where: str) -> str:
    if where == "s":
        return "Charge it for energy; in the Terrain Stack its zone ability does nothing."
    old = view.seats[seat].active_terrains[int(where) - 1]
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
    cards = {str(c.id): c.card for c in view.hand}
    legal = sorted(engine.legal_actions(state, PlayerId(seat)), key=lambda a: GROUP_ORDER.index(group(a)))
    out: list[MoveChoice] = []
    for a in legal:
        style = _STYLE[group(a)]
        if a.kind == "terrain" and a.a in cards:
            usual = a.b == terrain_usual(view, seat, cards[a.a])
            explained = terrain_help(view, seat, cards[a.a], a.b)
            out.append(MoveChoice(a.to_id(), a.label, style, explained, more=not usual))
        elif a.kind == "cast" and a.b in ("1", "2"):
            usual = a.b == usual_zone(view, seat)
            out.append(MoveChoice(a.to_id(), a.label, style, zone_help(view, seat, a.b), more=not usual))
        elif a.kind == "charge":
            out.append(MoveChoice(a.to_id(), a.label, style, CHARGE_HELP, more=True))
        elif a.kind == "act" and a.b in QUIET_ABILITIES:
            out.append(MoveChoice(a.to_id(), a.label, discord.ButtonStyle.secondary))
        elif a.kind == "pass":
            out.append(MoveChoice(a.to_id(), pass_label(view, seat), style))
        elif a.kind == "at":
            out.append(MoveChoice(a.to_id(), f"Attack {attack_words(view, a.a)}", style))
        elif a.kind == "roll":
            out.append(MoveChoice(a.to_id(), in_words(a.label), style))
        else:
            out.append(MoveChoice(a.to_id(), a.label, style))
    return out


def players_attacked(state: Any, attacker: str) -> list[str]:
    """The players ("P2") an attacker may attack, as the engine's combat rules list them: the one
    opponent of a duel; each opponent at a bigger table (R121), a rival team once when it shares
    its life (R129); none for Rush without Swift (R44)."""
    from engines.afrika.combat import attack_targets
    from engines.afrika.state import peek

    g = peek(state)
    o = g.objs.get(int(attacker)) if attacker.isdigit() else None
    if o is None:
        return []
    return [r for r in attack_targets(g, o) if r.startswith("P")]


def attack_words(view: Any, ref: str) -> str:
    """What an attack on ``ref`` hits, as players know it: the rival team in Allied Kingdoms
    ("Team 2: P3 & P4"), a player ("P2"), or an entity with its controller ("P3's Reef
    Sentinel"); seats are named by the table service."""
    return rival(view, ref) if ref.startswith("P") else attacked(view, ref, {})


def entities_attacked(state: Any, attacker: str) -> list[str]:
    """The opposing entities an attacker may attack (R121, R129), as the engine lists them."""
    from engines.afrika.combat import attack_targets
    from engines.afrika.state import peek

    g = peek(state)
    o = g.objs.get(int(attacker)) if attacker.isdigit() else None
    return [r for r in attack_targets(g, o) if not r.startswith("P")] if o is not None else []


def _attackers(engine: Any, state: Any, seat: int, view: Any) -> MultiChoice | None:
    """Every attacker paired with every rival and entity it may attack, in one menu (issue #34
    item 14: entities were left to a button the menu had taken away). Too many pairs for a menu:
    None, and the buttons ask for the attacker, then what it attacks."""
    legal = [a for a in engine.legal_actions(state, PlayerId(seat)) if a.kind == "atk"]
    if len(legal) < 2:
        return None
    perms = {str(p.id): p for s in view.seats for p in (*s.zone1, *s.zone2)}
    style = discord.ButtonStyle.primary
    options = []
    for a in legal:
        perm = perms.get(a.a)
        name = perm.name if perm is not None else a.label
        refs = players_attacked(state, a.a) if perm is not None else [opponent_ref(seat)]
        refs += entities_attacked(state, a.a) if perm is not None else []
        for ref in refs:
            value = f"{a.to_id()}{MULTI_SEPARATOR}at:{ref}"
            options.append(MoveChoice(value, f"{name} → {attack_words(view, ref)}", style))
    if not options or len(options) > 25:
        return None
    return MultiChoice("Choose attackers, each with what it attacks", options)


def _blockers(engine: Any, state: Any, seat: int, view: Any) -> MultiChoice | None:
    legal = [a for a in engine.legal_actions(state, PlayerId(seat)) if a.kind == "blk"]
    attacking = [p for s in view.seats for p in (*s.zone1, *s.zone2) if p.attacking]
    perms = {str(p.id): p for s in view.seats for p in (*s.zone1, *s.zone2)}
    if not legal or not attacking or len(legal) * len(attacking) > 25:
        return None  # nothing to block, or too many pairs for a menu: buttons ask blocker, then attacker
    style = discord.ButtonStyle.primary
    options = []
    for b in legal:
        blocker = perms[b.a].name if b.a in perms else b.label
        for attacker in attacking:
            value = f"{b.to_id()}{MULTI_SEPARATOR}on:{attacker.id}"
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
