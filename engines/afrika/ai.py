"""The Afrika AI seat: a rules-aware heuristic player over the legal action list.

It plays a terrain every turn (the type its hand needs most), spends its energy on the most
expensive useful card it can cast (curve), attacks when an attacker survives the likely blocks or
when the total is lethal, blocks to kill attackers or to survive, and aims removal at the biggest
threat. Every decision is one of ``legal_actions``; the rng only breaks exact ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import PlayerId, Rng
from .actions import AfrikaAction
from .cards import CardDef, card
from .combat import attack_targets, can_block, possible_attackers
from .effects import matches
from .rules import cd, entities, opponents, ref_seat, seat_ref, sick, stats
from .state import AfrikaState, Choice, Game, Obj, ObjR, peek
from .teams import SHARED_LIFE, on_turn, team_of
from .timing import EQUIP, TRAVEL

HARMFUL_OPS = {"damage", "destroy", "exile", "bounce", "charge", "negate", "discard", "mill"}


def _value(g: Game, o: ObjR) -> int:
    st = stats(g, o)
    return 2 * max(st.power, 0) + st.health - o.damage + 2 * len(st.kws)


def _harmful(c: CardDef, mode: int = -1) -> bool:
    effects = c.modes[mode] if c.modes and mode >= 0 else c.effects
    if c.is_bond:
        return any(s.cant_attack or s.power < 0 for s in c.static)
    for e in effects:
        if e.op in HARMFUL_OPS:
            return True
        if e.op == "pump" and (int(e.get("power", 0) or 0) < 0 or int(e.get("health", 0) or 0) < 0):
            return True
    return False


def _damage_amount(c: CardDef, x: int) -> int:
    for e in c.effects:
        if e.op == "damage":
            v = e.get("amount", 0)
            return x if v == "X" else int(v)
    return 0


def _shrink_amount(c: CardDef) -> int:
    """How much health a -X/-X spell takes away (0 if it is not one)."""
    for e in c.effects:
        if e.op == "pump":
            h = int(e.get("health", 0) or 0)
            if h < 0:
                return -h
    return 0


def _spell_ops(c: CardDef) -> set[str]:
    return {e.op for e in c.effects} | {e.op for m in c.modes for e in m}


def _opp_entities(g: Game, p: int) -> list[Obj]:
    return [o for q in opponents(g, p) for o in entities(g, q)]


def _threat(g: Game, o: ObjR) -> int:
    """How much bouncing ``o`` gains: its value, its cost to recast, and everything lost with it."""
    c = cd(o)
    extra = sum(n for _k, n in o.counters) + sum(
        3 for q in g.players for a in q.field if g.objs[a].attached_to == o.id
    )
    return _value(g, o) + 2 * c.cost.total + extra + (8 if o.token else 0)


def _best_target(g: Game, p: int, ch: Choice, options: list[str]) -> str | None:
    c = card(ch.card)
    if ch.ability == TRAVEL:
        return "none" if "none" in options else None
    if ch.ability == EQUIP:
        own = [r for r in options if r != "none" and _owner(g, r) == p and r.isdigit()]
        if own:
            return max(own, key=lambda r: _equip_score(g, g.objs[int(r)]))
    harmful = ch.ability != EQUIP and (
        _harmful(c, ch.mode)
        if ch.item == "spell"
        else any(e.op in HARMFUL_OPS for e in c.abilities[ch.ability].effects)
    )
    opp_refs = [r for r in options if r != "none" and _owner(g, r) != p]
    own_refs = [r for r in options if r != "none" and _owner(g, r) == p]
    if harmful:
        dmg = _damage_amount(c, max(ch.x, 0)) if ch.item == "spell" else 0
        ents = [r for r in opp_refs if ref_seat(r) is None and r.isdigit() and g.objs[int(r)].zone == "field"]
        ops = _spell_ops(c) if ch.item == "spell" else set()
        shrink = _shrink_amount(c) if ch.item == "spell" else 0
        if shrink and ents:
            killable = [r for r in ents if _toughness_left(g, g.objs[int(r)]) <= shrink]
            return max(killable or ents, key=lambda r: _value(g, g.objs[int(r)]))
        if ops == {"charge"} and ents:
            ready = [r for r in ents if not g.objs[int(r)].charged] or ents
            return max(
                ready, key=lambda r: (max(stats(g, g.objs[int(r)]).power, 0), _value(g, g.objs[int(r)]))
            )
        if "bounce" in ops and ents:
            return max(ents, key=lambda r: _threat(g, g.objs[int(r)]))
        if dmg:
            killable = [r for r in ents if stats(g, g.objs[int(r)]).health - g.objs[int(r)].damage <= dmg]
            if killable:
                return max(killable, key=lambda r: _value(g, g.objs[int(r)]))
            players = [r for r in opp_refs if ref_seat(r) is not None]
            if players:
                return players[0]
        if ents:
            return max(ents, key=lambda r: _value(g, g.objs[int(r)]))
        others = [r for r in opp_refs if ref_seat(r) is None]
        if others:
            return others[0]
        players = [r for r in opp_refs if ref_seat(r) is not None]
        return players[0] if players else None
    mine = [r for r in own_refs if ref_seat(r) is None]
    ops = _spell_ops(c) if ch.item == "spell" else {e.op for e in c.abilities[ch.ability].effects}
    if "uncharge" in ops:
        mine = [r for r in mine if r.isdigit() and g.objs[int(r)].charged] or mine
    saved = [r for r in mine if int(r) in _endangered(g, p)]
    if saved:
        return max(saved, key=lambda r: _value(g, g.objs[int(r)]))
    if mine:
        return max(mine, key=lambda r: _value(g, g.objs[int(r)]))
    players = [r for r in own_refs if ref_seat(r) is not None]
    return players[0] if players else None


def _owner(g: Game, ref: str) -> int:
    seat = ref_seat(ref)
    if seat is not None:
        return seat
    o = g.objs.get(int(ref)) if ref.isdigit() else None
    return o.controller if o is not None else -1


# ------------------------------------------------------------------------------------------ combat
def _victim(g: Game, p: int, attackers: list[ObjR]) -> int:
    """Whom to attack at a table of several (R121): the opponent closest to losing to this attack
    (life, or what is left of 21 from our Star Lord when it attacks, R145), fewer ready blockers
    counting in their favour; the weaker on ties. A duel has one opponent."""
    opps = opponents(g, p)
    if len(opps) == 1:
        return opps[0]
    power = sum(max(stats(g, a).power, 0) for a in attackers)
    lord = g.players[p].lord
    lord_attacks = bool(lord) and any(a.card == lord for a in attackers)

    def key(q: int) -> tuple[int, int]:
        life = g.players[q].life
        reach = life
        if lord_attacks:
            reach = min(reach, 21 - dict(g.players[q].lord_damage).get(p, 0))
        ready = sum(1 for b in entities(g, q) if not b.charged)
        return (reach - power + 3 * ready, life)

    return min(opps, key=key)


def _attack_plan(g: Game, p: int) -> list[tuple[int, str]]:
    attackers = possible_attackers(g, p)
    opp = _victim(g, p, attackers)
    # Allied Kingdoms (R129): the rival team is attacked as one and either member may block
    team = team_of(g, opp) if g.variant in SHARED_LIFE else [opp]
    blockers = [b for q in team for b in entities(g, q) if not b.charged and not g.players[q].lost]
    plan: list[tuple[int, str]] = []
    total = sum(max(stats(g, a).power, 0) for a in attackers)
    lethal = total >= g.players[opp].life
    for a in sorted(attackers, key=lambda o: -_value(g, o)):
        ast = stats(g, a)
        targets = attack_targets(g, a)
        player_ref = next((r for r in targets if ref_seat(r) in team), seat_ref(opp))
        can_be_blocked = [b for b in blockers if _could_block(g, b, a)]
        safe = all(
            max(stats(g, b).power, 0) < ast.health - a.damage or "Invincible" in ast.kws
            for b in can_be_blocked
        )
        trades_up = all(
            ast.power >= stats(g, b).health and _value(g, b) >= _value(g, a) for b in can_be_blocked
        )
        if player_ref in targets and (safe or trades_up or lethal or len(can_be_blocked) == 0):
            if ast.power > 0:
                plan.append((a.id, player_ref))
            continue
        # Rush or risky: attack an opposing entity we kill without dying (charged ones can't block back)
        for ref in targets:
            if ref_seat(ref) is not None:
                continue
            t = g.objs[int(ref)]
            tst = stats(g, t)
            dies = (not t.charged) and tst.power >= ast.health - a.damage
            if ast.power >= tst.health - t.damage and not dies and safe:
                plan.append((a.id, ref))
                break
    return plan


def _could_block(g: Game, b: ObjR, a: ObjR) -> bool:
    """Would ``b`` be able to block ``a`` if ``a`` attacked its controller (evasion only)."""
    ast, bst = stats(g, a), stats(g, b)
    if bst.cant_block:
        return False
    return not ("Soaring" in ast.kws and not ({"Soaring", "Aerial"} & bst.kws))


def _block_plan(g: Game, p: int) -> list[tuple[int, int]]:
    mine = [b for b in entities(g, p) if not b.charged]
    attackers = sorted((g.objs[a] for a in g.attackers if a in g.objs), key=lambda o: -stats(g, o).power)
    # with a shared life (Allied Kingdoms, R125) an attack on the teammate is one on us: help block
    ours = {seat_ref(q) for q in (team_of(g, p) if g.variant in SHARED_LIFE else [p])}
    incoming = sum(max(stats(g, a).power, 0) for a in attackers if g.attackers[a.id] in ours)
    life = g.players[p].life
    plan: list[tuple[int, int]] = []
    used: set[int] = set()
    for a in attackers:
        ast = stats(g, a)
        options = [b for b in mine if b.id not in used and can_block(g, b, a)]
        if not options:
            continue
        good = [
            b
            for b in options
            if stats(g, b).power >= ast.health - a.damage and stats(g, b).health - b.damage > ast.power
        ]
        survive = [b for b in options if stats(g, b).health - b.damage > ast.power]
        trade = [
            b for b in options if stats(g, b).power >= ast.health - a.damage and _value(g, b) <= _value(g, a)
        ]
        pick = None
        if good:
            pick = min(good, key=lambda b: _value(g, b))
        elif survive:
            pick = min(survive, key=lambda b: _value(g, b))
        elif trade:
            pick = min(trade, key=lambda b: _value(g, b))
        elif incoming >= life and g.attackers[a.id] in ours:
            pick = min(options, key=lambda b: _value(g, b))
        if pick is not None:
            used.add(pick.id)
            plan.append((pick.id, a.id))
            if g.attackers[a.id] in ours and "Trample" not in ast.kws:
                incoming -= max(ast.power, 0)
    return plan


# ------------------------------------------------------------------------------------------ casting
def _cast_value(g: Game, p: int, o: Obj) -> int:
    c = cd(o)
    if c.type == "entity":
        return 10 + 3 * c.cost.total + c.power + c.health
    if c.type in ("tech", "vehicle", "artifact") or (c.type == "spell" and c.spell_kind == "enchantment"):
        if c.is_bond:
            side = [o for q in opponents(g, p) for o in entities(g, q)] if _harmful(c) else entities(g, p)
            return 8 + c.cost.total if side else -1
        if not entities(g, p) and c.type != "artifact":
            return -1
        return 6 + c.cost.total
    # sorceries and quick-play spells
    ops = _spell_ops(c)
    if ops & {"destroy", "exile", "damage"}:
        return 12 + c.cost.total if _has_good_harm_target(g, p, c) else -1
    shrink = _shrink_amount(c)
    if shrink and c.targets:
        # -X/-X: only on an opposing entity it kills
        kills = [o for o in _opp_entities(g, p) if _toughness_left(g, o) <= shrink]
        return 12 + c.cost.total if kills else -1
    if "bounce" in ops and c.targets:
        # bounce the biggest opposing threat when it is worth the card (a token, or a costly entity)
        best = max((_threat(g, o) for o in _opp_entities(g, p)), default=0)
        if best >= 14:
            return 9 + c.cost.total
    if ops == {"discard"} and not c.targets and any(g.players[q].hand for q in opponents(g, p)):
        return 5 + c.cost.total
    if ops == {"return_from_void"}:
        # Recall the Fallen, Echo of Yesterday: wait until the Void holds a card to get back
        flt = {str(e.get("filter", "any")) for e in c.effects if e.op == "return_from_void"}
        return 5 + c.cost.total if any(_void_has(g, p, f) for f in flt) else -1
    if ops & {"draw", "look_pick", "search", "token", "return_from_void", "script", "add_energy"}:
        return 5 + c.cost.total
    if "gain_life" in ops:
        return 4 if g.players[p].life < 12 else -1
    if ops == {"mill"}:
        # nothing better to do with the energy: shorten the opponent's Codex
        return 1 if g.step == "explore2" else -1
    return -1  # pumps, negation, charge and tricks are kept for combat / responses


def _void_has(g: Game, p: int, flt: str) -> bool:
    """Whether player ``p``'s Void holds a card matching a ``return_from_void`` filter."""
    return any(matches(cd(g.objs[i]), flt) for i in g.players[p].void)


def _toughness_left(g: Game, o: Obj) -> int:
    return stats(g, o).health - o.damage


def _equip_score(g: Game, o: Obj) -> tuple[int, int]:
    """Equip the best attacker: an entity that can attack this turn first, then the strongest."""
    st = stats(g, o)
    ready = not o.charged and not st.cant_attack and (not sick(g, o) or "Swift" in st.kws)
    return (1 if ready else 0, _value(g, o))


def _should_equip(g: Game, p: int, a: AfrikaAction) -> bool:
    """Equip when the equipment is loose, or its holder is clearly not our best attacker."""
    gear = g.objs[int(a.a)]
    mine = entities(g, p)
    if not mine:
        return False
    best = max(mine, key=lambda o: _equip_score(g, o))
    holder = g.objs.get(gear.attached_to) if gear.attached_to else None
    if holder is None or holder.zone != "field" or holder.controller != p:
        return True
    return (
        best.id != holder.id
        and _equip_score(g, best) > _equip_score(g, holder)
        and (
            _equip_score(g, best)[0] > _equip_score(g, holder)[0] or _value(g, best) >= _value(g, holder) + 4
        )
    )


def _combat_spell(g: Game, p: int, legal: Sequence[AfrikaAction]) -> AfrikaAction | None:
    """Quick-play answers at the start of combat (the Dawn of Conflict step, empty stack).

    On the opponent's turn: charge or bounce their biggest would-be attacker, or uncharge our own
    entities so that they can block. On our turn: charge their only ready blocker so that our
    attack gets through.
    """
    casts = [(cd(g.objs[int(a.a)]), a) for a in legal if a.kind == "cast" and a.b == ""]
    if not casts:
        return None
    opp_turn = not on_turn(g, p)
    if opp_turn:
        attackers = [o for o in possible_attackers(g) if stats(g, o).power > 0]
        if not attackers:
            return None
        biggest = max(attackers, key=lambda o: stats(g, o).power)
        power = stats(g, biggest).power
        incoming = sum(stats(g, o).power for o in attackers)
        for c, a in casts:
            ops = _spell_ops(c)
            if ops == {"charge"} and c.targets and (power >= 3 or incoming >= g.players[p].life):
                return a
            if "bounce" in ops and c.targets and not c.modes and (power >= 3 or _threat(g, biggest) >= 14):
                return a
            if ops == {"uncharge"} and not c.targets:
                tired = [o for o in entities(g, p) if o.charged and stats(g, o).power > 0]
                if len(tired) >= 2 or (tired and incoming >= g.players[p].life // 2):
                    return a
        return None
    mine = [o for o in possible_attackers(g) if stats(g, o).power > 0]
    blockers = [o for o in _opp_entities(g, p) if not o.charged and not stats(g, o).cant_block]
    if mine and len(blockers) == 1 and sum(stats(g, o).power for o in mine) >= 3:
        for c, a in casts:
            if _spell_ops(c) == {"charge"} and c.targets:
                return a
    return None


def _has_good_harm_target(g: Game, p: int, c: CardDef) -> bool:
    opp = opponents(g, p)
    if any(t.kind in ("any", "player") for t in c.targets):
        return True
    if not c.targets:
        # sweepers: only when they hurt the opponent more than us
        theirs = sum(_value(g, o) for q in opp for o in entities(g, q))
        ours = sum(_value(g, o) for o in entities(g, p))
        return theirs > ours
    return any(entities(g, q) for q in opp)


def _terrain_choice(g: Game, p: int, legal: Sequence[AfrikaAction]) -> AfrikaAction | None:
    terrains = [a for a in legal if a.kind == "terrain"]
    if not terrains:
        return None
    need: dict[str, int] = {}
    for oid in g.players[p].hand:
        for code, n in cd(g.objs[oid]).cost.typed:
            need[code] = need.get(code, 0) + n
    have: dict[str, int] = {}
    for o in [*(g.objs[i] for i in g.players[p].terrains), *(g.objs[i] for i in g.players[p].slots if i)]:
        for code in cd(o).produces:
            have[code] = have.get(code, 0) + 1

    def score(a: AfrikaAction) -> tuple[int, int]:
        c = cd(g.objs[int(a.a)])
        code = c.produces[0] if c.produces else ""
        want = need.get(code, 0) - have.get(code, 0) + (5 if c.produces == ("any",) else 0)
        dest = (
            1 if (c.zone_ability is not None and a.b == "1") or (c.zone_ability is None and a.b == "s") else 0
        )
        return (want, dest)

    return max(terrains, key=score)


def _priority_action(g: Game, p: int, legal: Sequence[AfrikaAction]) -> AfrikaAction:
    by_id = {a.to_id(): a for a in legal}
    pass_ = by_id["pass"]
    my_main = on_turn(g, p) and g.step in ("explore1", "explore2") and not g.stack
    if g.stack:
        top = g.stack[-1]
        if top.controller != p and top.kind == "spell" and card(top.card).cost.total >= 3:
            for a in legal:
                if a.kind == "cast" and any(e.op == "negate" for e in cd(g.objs[int(a.a)]).effects):
                    return a
        return pass_
    if my_main:
        if g.die_rolls == 0 and "roll" in by_id:
            return by_id["roll"]  # the first roll of the cosmic die each turn is free (R160)
        t = _terrain_choice(g, p, legal)
        if t is not None:
            return t
        casts = [a for a in legal if a.kind == "cast" and a.b in ("", "1")]
        scored = [(_cast_value(g, p, g.objs[int(a.a)]), a) for a in casts]
        scored = [(v, a) for v, a in scored if v > 0]
        if scored:
            return max(scored, key=lambda x: (x[0], -int(x[1].a)))[1]
        for a in legal:
            if a.kind == "act" and a.b == "equip" and _should_equip(g, p, a):
                return a
        for a in legal:
            if a.kind == "act" and a.b.isdigit():
                ab = cd(g.objs[int(a.a)]).abilities[int(a.b)]
                if any(e.op == "draw" for e in ab.effects):
                    return a
                # uncharging is worth a charge only when one of our entities is charged
                if any(e.op == "uncharge" for e in ab.effects) and any(o.charged for o in entities(g, p)):
                    return a
        # Resilient Wanderer: charge it, then let Energy Harvester uncharge it (the designed synergy)
        for a in legal:
            if (
                a.kind == "charge"
                and cd(g.objs[int(a.a)]).id == "LC002"
                and any(b.kind == "act" and cd(g.objs[int(b.a)]).id == "LC003" for b in legal)
            ):
                return a
    if g.step == "dawn" and not g.stack:
        spell = _combat_spell(g, p, legal)
        if spell is not None:
            return spell
    # combat tricks: a +X/+Y spell that saves one of our entities about to die in this combat
    if g.step == "defenses" and g.blockers and _endangered(g, p):
        for a in legal:
            if a.kind != "cast":
                continue
            c = cd(g.objs[int(a.a)])
            if c.targets and c.effects and c.effects[0].op == "pump" and not _harmful(c):
                bonus = int(c.effects[0].get("health", 0) or 0)
                if any(
                    _incoming(g, o) < stats(g, g.objs[o]).health - g.objs[o].damage + bonus
                    for o in _endangered(g, p)
                ):
                    return a
    return pass_


def _incoming(g: Game, oid: int) -> int:
    """Combat damage the entity ``oid`` is about to take (a rough upper bound)."""
    total = 0
    if oid in g.blockers and g.blockers[oid] in g.objs:
        total += max(stats(g, g.objs[g.blockers[oid]]).power, 0)
    for b, a in g.blockers.items():
        if a == oid and b in g.objs:
            total += max(stats(g, g.objs[b]).power, 0)
    return total


def _endangered(g: Game, p: int) -> list[int]:
    """Our attackers/blockers that the blocks declared so far would destroy."""
    ids = [o for o in [*g.attackers, *g.blockers] if o in g.objs and g.objs[o].controller == p]
    out = []
    for oid in ids:
        o = g.objs[oid]
        st = stats(g, o)
        if (
            "Invincible" not in st.kws
            and not o.count("shield")
            and _incoming(g, oid) >= st.health - o.damage > 0
        ):
            out.append(oid)
    return out


def _energies_fit(hand: Sequence[Any]) -> bool:
    """Whether the hand's terrains make the energy of at least one of its spells (or it has too
    few spells to tell). Keeping two terrains of one energy with every spell of the other left the
    AI casting nothing for turns (issue #16): such a hand is mulliganed while it has 6+ cards."""
    energies = {e for c in hand if c.type == "terrain" for e in c.produces}
    spells = [c for c in hand if c.type != "terrain" and c.cost.typed]
    if len(spells) < 2:
        return True
    return any(all(e in energies for e, _ in c.cost.typed) for c in spells)


def _choice_action(g: Game, p: int, ch: Choice, legal: Sequence[AfrikaAction], rng: Rng) -> AfrikaAction:
    by_kind: dict[str, list[AfrikaAction]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    k = ch.kind
    if k == "first":
        return by_kind["go"][0]
    if k == "mulligan":
        hand = [cd(g.objs[i]) for i in g.players[p].hand]
        lands = sum(1 for c in hand if c.type == "terrain")
        ok = len(hand) <= 5 or (2 <= lands <= 5 and _energies_fit(hand))
        return by_kind["keep"][0] if ok else by_kind["mull"][0]
    if k == "cast":
        if "x" in by_kind:
            return by_kind["x"][-1]
        if "mode" in by_kind:
            theirs = any(entities(g, q) for q in opponents(g, p))
            return by_kind["mode"][0 if theirs or len(by_kind["mode"]) < 2 else 1]
        if "target" in by_kind:
            opts = [a.a for a in by_kind["target"]]
            best = _best_target(g, p, ch, opts)
            if best is not None:
                return next(a for a in by_kind["target"] if a.a == best)
            # never cancel: a cancelled cast would be tried again at once (no memory between calls)
            return by_kind["target"][0]
        return legal[0]
    if k == "attackers":
        if ch.obj:
            plan = dict(_attack_plan(g, p))
            want = plan.get(ch.obj)
            for a in by_kind.get("at", []):
                if a.a == want:
                    return a
            return by_kind["at"][0]
        for aid, _ref in _attack_plan(g, p):
            if aid not in g.attackers:
                for a in by_kind.get("atk", []):
                    if int(a.a) == aid:
                        return a
        return by_kind["done"][0]
    if k == "blockers":
        bplan = _block_plan(g, p)
        if ch.obj:
            target = dict(bplan).get(ch.obj)
            for a in by_kind.get("on", []):
                if int(a.a) == target:
                    return a
            return by_kind["on"][0]
        for bid, _aid in bplan:
            if bid not in g.blockers:
                for a in by_kind.get("blk", []):
                    if int(a.a) == bid:
                        return a
        return by_kind["done"][0]
    if k == "order":
        return min(legal, key=lambda a: stats(g, g.objs[int(a.a)]).health - g.objs[int(a.a)].damage)
    if k == "lord":  # kept in hand, it is cast again without the Command zone's tax (R143)
        return by_kind["lord"][0]
    if k in ("assign", "trigger_order"):
        return legal[0]
    if k == "discard":
        held = [(cd(g.objs[int(a.a)]), a) for a in legal]
        land_acts = [a for c, a in held if c.type == "terrain"]
        if len(land_acts) >= 3:
            return land_acts[0]
        return max(held, key=lambda x: x[0].cost.total)[1]
    if k == "pick":
        looks = [a for a in legal if a.kind == "look" and a.a == "yes"]
        if looks:  # "you may look": knowing more is never worse, and a spell may be taken
            return looks[0]
        picks = [a for a in legal if a.kind == "pick" and a.a != "none"]
        if picks:
            return max(picks, key=lambda a: cd(g.objs[int(a.a)]).cost.total)
        return legal[0]
    return rng.choice(list(legal))


def afrika_policy(engine: Any, state: AfrikaState, player: PlayerId, rng: Rng) -> AfrikaAction:
    legal = list(engine.legal_actions(state, player))
    g = peek(state)  # read only, shared with legal_actions above
    p = int(player)
    if g.choice is not None:
        return _choice_action(g, p, g.choice, legal, rng)
    return _priority_action(g, p, legal)


__all__ = ["afrika_policy"]
