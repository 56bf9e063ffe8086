"""Combat (§3.8, R43-R50): who may attack and block, the declarations, the damage order and the
damage passes (First Attack first, R49). Declarations are sequences of one-object choices so every
step is a short list of buttons.
"""

from __future__ import annotations

from .rules import (
    cd,
    combat_hits_with_lifelink,
    describe_ref,
    entities_ro,
    has_kw,
    is_entity,
    kw_params,
    name,
    opponents,
    qualities,
    rampage,
    seat_ref,
    set_charged,
    shield_from,
    sick,
    stats,
)
from .state import Choice, Game, Obj, ObjR, Trig
from .teams import SHARED_BLOCKS, SHARED_LIFE, actives, on_turn, same_team


def can_attack(g: Game, o: ObjR) -> bool:
    if not is_entity(g, o) or not on_turn(g, o.controller) or o.charged:
        return False
    st = stats(g, o)
    if "Guardianship" in st.kws or st.cant_attack:
        return False
    return not (sick(g, o) and "Swift" not in st.kws and "Rush" not in st.kws)


def possible_attackers(g: Game, p: int | None = None) -> list[ObjR]:
    """``p``'s entities that can attack something now (to read only); every active player's when
    ``p`` is None (with teams both teammates attack in one declaration, R129)."""
    seats = actives(g) if p is None else [p]
    return [o for q in seats for o in entities_ro(g, q) if can_attack(g, o) and attack_targets(g, o)]


def attack_targets(g: Game, o: ObjR) -> list[str]:
    st = stats(g, o)
    rush_only = sick(g, o) and "Swift" not in st.kws
    refs: list[str] = []
    shared = g.variant in SHARED_LIFE
    named: list[int] = []
    for q in opponents(g, o.controller):
        # R129: with a shared life an attacker attacks the rival team, named by its first seat
        # still playing (the damage goes to the team's one life total either way)
        if not rush_only and not (shared and any(same_team(g, q, r) for r in named)):
            refs.append(seat_ref(q))
            named.append(q)
        refs += [str(e.id) for e in entities_ro(g, q)]
    return refs


def defender_of(g: Game, ref: str) -> int:
    if ref.startswith("P"):
        return int(ref[1:]) - 1
    o = g.objs.get(int(ref))
    return o.controller if o is not None else -1


def controls_terrain_type(g: Game, p: int, code: str) -> bool:
    pl = g.players[p]
    return any(
        code in cd(g.objs[t]).produces or code in cd(g.objs[t]).subtypes
        for t in [*pl.terrains, *[s for s in pl.slots if s]]
    )


def can_block(g: Game, blocker: ObjR, attacker: ObjR) -> bool:
    if attacker.id not in g.attackers or not is_entity(g, attacker):
        return False
    defender = defender_of(g, g.attackers[attacker.id])
    if defender != blocker.controller and not (
        g.variant in SHARED_BLOCKS and defender >= 0 and same_team(g, defender, blocker.controller)
    ):
        return False
    bst, ast = stats(g, blocker), stats(g, attacker)
    if bst.cant_block:
        return False
    if "Soaring" in ast.kws and not ({"Soaring", "Aerial"} & bst.kws):
        return False
    for code in kw_params(ast.kws, "Terrainwalk"):
        if controls_terrain_type(g, blocker.controller, code):
            return False
    return not (shield_from(ast.kws) & qualities(cd(blocker)))


def blockable(g: Game, blocker: ObjR) -> list[int]:
    if not is_entity(g, blocker) or blocker.charged:
        return []
    return [a for a in g.attackers if a in g.objs and can_block(g, blocker, g.objs[a])]


def attacker_alive(g: Game, aid: int) -> bool:
    o = g.objs.get(aid)
    return o is not None and is_entity(g, o) and on_turn(g, o.controller)


def blocker_alive(g: Game, bid: int) -> bool:
    o = g.objs.get(bid)
    return o is not None and is_entity(g, o) and not on_turn(g, o.controller)


def target_alive(g: Game, ref: str) -> bool:
    if ref.startswith("P"):
        return not g.players[int(ref[1:]) - 1].lost
    o = g.objs.get(int(ref))
    return o is not None and is_entity(g, o) and not on_turn(g, o.controller)


def finish_attackers(g: Game) -> None:
    for aid, ref in g.attackers.items():
        o = g.objs[aid]
        if not has_kw(g, o, "Alertness"):
            set_charged(g, o, True)
        g.log(f"{seat_ref(o.controller)} attacks {describe_ref(g, ref)} with {cd(o).name}.")
        for i, ab in enumerate(cd(o).abilities):
            if ab.kind == "triggered" and ab.on == "attacks":
                g.triggers.append(Trig(o.controller, o.id, o.card, i))
    if not g.attackers:
        names = [seat_ref(q) for q in actives(g)]
        who = f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else names[0]
        g.log(f"{who} {'does' if len(actives(g)) == 1 else 'do'} not attack.")
    g.choice = None
    g.priority = g.active


def finish_blockers(g: Game) -> None:
    for bid, aid in g.blockers.items():
        g.log(f"{seat_ref(g.objs[bid].controller)} blocks {name(g, aid)} with {name(g, bid)}.")
        g.order.setdefault(aid, []).append(bid)
        o = g.objs[bid]
        for i, ab in enumerate(cd(o).abilities):
            if ab.kind == "triggered" and ab.on == "blocks":
                g.triggers.append(Trig(o.controller, o.id, o.card, i))
    for aid, bl in g.order.items():
        a = g.objs[aid]
        n = rampage(stats(g, a).kws)
        if n and len(bl) > 1:
            bonus = n * (len(bl) - 1)
            a.eot_power += bonus
            a.eot_health += bonus
            g.log(f"{cd(a).name} rampages: +{bonus}/+{bonus} until end of turn.")
    g.choice = None
    next_order(g)


def next_order(g: Game) -> None:
    for aid, bl in g.order.items():
        if len(bl) > 1 and aid not in g.assign:
            # g.assign doubles as "ordered" marker during Establish Defenses; cleared before damage
            g.choice = Choice("order", g.objs[aid].controller, obj=aid, ids=list(bl))
            g.order[aid] = []
            return
    g.assign.clear()
    g.choice = None
    g.priority = g.active


def _lethal(g: Game, bid: int) -> int:
    o = g.objs[bid]
    return max(1, stats(g, o).health - o.damage)


def _tramples_over(g: Game, aid: int) -> bool:
    """Whether the blocked attacker ``aid`` may assign damage beyond its blockers: it has Trample
    and what it attacks is still there (K14). When the attacked entity has left (or the attacked
    player), all of its damage goes to its blockers instead, since all of it must be assigned (R48):
    none is lost, and a Lifelink trampler gains it all."""
    return has_kw(g, g.objs[aid], "Trample") and target_alive(g, g.attackers[aid])


def assign_options(g: Game, ch: Choice) -> list[tuple[int, int]]:
    aid = ch.ids[0]
    a = g.objs[aid]
    blockers = [b for b in g.order[aid] if blocker_alive(g, b)]
    power = max(0, stats(g, a).power)
    trample = _tramples_over(g, aid)
    i = len(ch.nums)
    rest = power - sum(ch.nums)
    b = blockers[i]
    if i == len(blockers) - 1 and not trample:
        return [(rest, b)]
    lo = min(_lethal(g, b), rest)
    return [(n, b) for n in range(lo, rest + 1)]


def _needs_assignment(g: Game, aid: int) -> bool:
    blockers = [b for b in g.order.get(aid, []) if blocker_alive(g, b)]
    if not blockers:
        return False
    a = g.objs[aid]
    power = stats(g, a).power
    if power <= 0:
        return False
    return len(blockers) > 1 or _tramples_over(g, aid)


def _dealers(g: Game, first_pass: bool) -> list[int]:
    ids = [a for a in g.attackers if attacker_alive(g, a)] + [b for b in g.blockers if blocker_alive(g, b)]
    if not g.clash_first:
        return ids
    if first_pass:
        return [i for i in ids if has_kw(g, g.objs[i], "First Attack")]
    return [i for i in ids if i not in g.first_dealt and not has_kw(g, g.objs[i], "First Attack")]


def start_damage(g: Game, first_pass: bool) -> None:
    dealers = _dealers(g, first_pass)
    queue = [a for a in g.attackers if a in dealers and _needs_assignment(g, a)]
    g.assign.clear()
    if queue:
        g.choice = Choice("assign", g.objs[queue[0]].controller, ids=queue, stage="1" if first_pass else "2")
        auto_assign(g)  # deals the damage itself once every assignment is made
        return
    deal_pass(g, first_pass)


def auto_assign(g: Game) -> None:
    """Fill forced assignments; move to the next attacker; deal damage when every choice is made."""
    ch = g.choice
    assert ch is not None
    while ch.ids:
        aid = ch.ids[0]
        blockers = [b for b in g.order[aid] if blocker_alive(g, b)]
        a = g.objs[aid]
        power = max(0, stats(g, a).power)
        if len(ch.nums) == len(blockers):
            g.assign[aid] = [*list(ch.nums), power - sum(ch.nums)]
            ch.ids.pop(0)
            ch.nums = []
            continue
        opts = assign_options(g, ch)
        if len(opts) == 1:
            ch.nums.append(opts[0][0])
            continue
        ch.player = a.controller  # with teams, each teammate assigns their own attacker's damage
        return
    first = ch.stage == "1"
    g.choice = None
    deal_pass(g, first)


def deal_pass(g: Game, first_pass: bool) -> None:
    dealers = set(_dealers(g, first_pass))
    hits: list[tuple[Obj, str, int]] = []
    for aid, ref in g.attackers.items():
        if aid not in dealers:
            continue
        a = g.objs[aid]
        power = stats(g, a).power
        if power <= 0:
            continue
        if aid in g.order:
            blockers = [b for b in g.order[aid] if blocker_alive(g, b)]
            trample = has_kw(g, a, "Trample")
            if blockers:
                amounts = g.assign.get(aid) or [power, 0]
                for b, n in zip(blockers, amounts, strict=False):
                    hits.append((a, str(b), n))
                leftover = amounts[len(blockers)] if len(amounts) > len(blockers) else 0
                if trample and leftover and target_alive(g, ref):
                    hits.append((a, ref, leftover))  # (assigned only while the target is there)
            elif trample and target_alive(g, ref):
                hits.append((a, ref, power))
        elif target_alive(g, ref):
            hits.append((a, ref, power))
    for bid, aid in g.blockers.items():
        if bid in dealers and attacker_alive(g, aid):
            power = stats(g, g.objs[bid]).power
            if power > 0:
                hits.append((g.objs[bid], str(aid), power))
    combat_hits_with_lifelink(g, hits)
    if first_pass:
        g.first_dealt = sorted(dealers)
    g.assign.clear()
    g.priority = g.active
    g.passes = 0


def clear_combat(g: Game) -> None:
    g.attackers.clear()
    g.blockers.clear()
    g.order.clear()
    g.assign.clear()
    g.first_dealt = []
    g.clash_first = False
