"""The effect vocabulary: one function per ``op`` of the card data (loaded by engines/afrika/cards.py).

An effect runs with a ``Ctx``: who controls it, its source, its targets (already re-checked on
resolution, R42: an illegal target is ``None``) and X. Effects that need a player's decision
(look at the top N and pick, search) open a Choice and must be the last effect of their list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import VOCABULARY, CardDef, Effect, card
from .rules import (
    active_perms,
    cd,
    deal_damage,
    destroy,
    draw,
    entities,
    is_active,
    lifelink_of,
    move,
    on_battlefield,
    opponents,
    ref_seat,
    seat_ref,
    set_charged,
)
from .state import Choice, Game, Obj
from .teams import change_life


@dataclass
class Ctx:
    controller: int
    src_card: CardDef
    src_id: int
    targets: list[str | None] = field(default_factory=list)
    x: int = 0
    slot: int = 0
    """The zone a spell's caster chose for its tokens (D32); 0 for abilities."""

    def src_obj(self, g: Game) -> Obj | None:
        o = g.objs.get(self.src_id)
        return o if o is not None and on_battlefield(o) else None


def _amount(e: Effect, ctx: Ctx, key: str = "amount", default: int = 1) -> int:
    v = e.get(key, default)
    return ctx.x if v == "X" else int(v)


def _objs(g: Game, e: Effect, ctx: Ctx) -> list[Obj]:
    """The permanents an effect acts on: its target, or a group named by ``to``."""
    t = e.get("target")
    if t is not None:
        ref = ctx.targets[t] if t < len(ctx.targets) else None
        if ref is None or ref_seat(ref) is not None or ref == "none":
            return []
        o = g.objs.get(int(ref))
        return [o] if o is not None else []
    to = e.get("to")
    if to == "self":
        s = ctx.src_obj(g)
        return [s] if s else []
    if to == "each_entity":
        return entities(g)
    if to == "opp_entities":
        return [o for q in opponents(g, ctx.controller) for o in entities(g, q)]
    if to == "own_entities":
        return entities(g, ctx.controller)
    if to == "other_entities":
        return [o for o in entities(g) if o.id != ctx.src_id]
    return []


def _players(g: Game, e: Effect, ctx: Ctx) -> list[int]:
    t = e.get("target")
    if t is not None:
        ref = ctx.targets[t] if t < len(ctx.targets) else None
        seat = ref_seat(ref) if ref else None
        return [seat] if seat is not None else []
    to = e.get("to")
    who = e.get("who", "you")
    if to == "each_player" or who == "each":
        return [q.seat for q in g.players if not q.lost]
    if to == "each_opponent" or who == "opponent":
        return opponents(g, ctx.controller)
    return [ctx.controller]


def _cond_ok(g: Game, e: Effect, ctx: Ctx) -> bool:
    cond = dict(e.get("if", ()))
    return check_cond(g, cond, ctx.controller)


def check_cond(g: Game, cond: dict[str, object], p: int) -> bool:
    pl = g.players[p]
    if "life_at_least" in cond and pl.life < int(str(cond["life_at_least"])):
        return False
    if cond.get("hand_empty") and pl.hand:
        return False
    return not (
        "you_control_entities" in cond and len(entities(g, p)) < int(str(cond["you_control_entities"]))
    )


def matches(c: CardDef, flt: str) -> bool:
    if flt == "any":
        return True
    if flt == "spell":
        return c.type == "spell"
    if flt == "basic_terrain":
        return c.type == "terrain" and c.basic
    if flt == "nonterrain":
        return c.type != "terrain"
    return c.type == flt


# --------------------------------------------------------------------------------------- ops
def op_damage(g: Game, e: Effect, ctx: Ctx) -> None:
    n = _amount(e, ctx)
    hits: list[tuple[str, int]] = []
    t = e.get("target")
    if t is not None:
        ref = ctx.targets[t] if t < len(ctx.targets) else None
        if ref is not None and ref != "none":
            hits.append((ref, n))
    elif e.get("to") in ("each_player", "each_opponent"):
        hits += [(seat_ref(p), n) for p in _players(g, e, ctx)]
    else:
        hits += [(str(o.id), n) for o in _objs(g, e, ctx)]
    deal_damage(g, ctx.src_card, lifelink_of(g, ctx.src_id), ctx.controller, hits)


def op_draw(g: Game, e: Effect, ctx: Ctx) -> None:
    for p in _players(g, e, ctx):
        got = draw(g, p, _amount(e, ctx))
        g.log(f"{seat_ref(p)} draws {got} card{'s' if got != 1 else ''}.")


def op_gain_life(g: Game, e: Effect, ctx: Ctx) -> None:
    for p in _players(g, e, ctx):
        change_life(g, p, _amount(e, ctx))
        g.log(f"{seat_ref(p)} gains {_amount(e, ctx)} life ({g.players[p].life}).")


def op_lose_life(g: Game, e: Effect, ctx: Ctx) -> None:
    for p in _players(g, e, ctx):
        change_life(g, p, -_amount(e, ctx))
        g.log(f"{seat_ref(p)} loses {_amount(e, ctx)} life ({g.players[p].life}).")


def op_destroy(g: Game, e: Effect, ctx: Ctx) -> None:
    for o in _objs(g, e, ctx):
        if on_battlefield(g.objs.get(o.id)):
            destroy(g, o)


def op_exile(g: Game, e: Effect, ctx: Ctx) -> None:
    for o in _objs(g, e, ctx):
        g.log(f"{cd(o).name} is exiled.")
        move(g, o.id, "exile")


def op_bounce(g: Game, e: Effect, ctx: Ctx) -> None:
    for o in _objs(g, e, ctx):
        g.log(f"{cd(o).name} returns to its owner's hand.")
        move(g, o.id, "hand")


def op_pump(g: Game, e: Effect, ctx: Ctx) -> None:
    p, h = _amount(e, ctx, "power", 0), _amount(e, ctx, "health", 0)
    kws = list(e.get("keywords", ()))
    for o in _objs(g, e, ctx):
        if cd(o).type != "entity":
            continue
        o.eot_power += p
        o.eot_health += h
        o.eot_keywords = sorted(set(o.eot_keywords) | set(kws))
        g.eot_by.append((ctx.controller, o.id, p, h, tuple(kws)))  # R122: theirs end if they leave
        extra = f" and gains {', '.join(kws)}" if kws else ""
        g.log(f"{cd(o).name} gets {p:+d}/{h:+d}{extra} until end of turn.")


def op_counters(g: Game, e: Effect, ctx: Ctx) -> None:
    kind = e.get("kind", "+1/+1")
    n = _amount(e, ctx)
    for o in _objs(g, e, ctx):
        o.add_counter(kind, n)
        g.log(f"{cd(o).name} gets {n} {kind} marker{'s' if n != 1 else ''}.")


def op_look_pick(g: Game, e: Effect, ctx: Ctx) -> None:
    """Look at the top N and pick. Where the card says "you may look" (``may_look``, Cosmic
    Storyteller) the player first decides whether to look at all (stage "gaze", D7): the cards are
    not theirs to see until they say yes, and a no moves nothing."""
    pl = g.players[ctx.controller]
    n = _amount(e, ctx, "count", 3)
    if not pl.codex[:n]:
        return
    g.choice = Choice(
        "pick",
        ctx.controller,
        item="look",
        nums=[n],
        stage="gaze",
        card="|".join(
            (str(e.get("filter", "any")), str(e.get("rest", "bottom")), "may" if e.get("may") else "")
        ),
    )
    if not e.get("may_look"):
        start_look(g, g.choice)


def start_look(g: Game, ch: Choice) -> None:
    """The player of a look-at choice looks: the top cards become the choice's cards (R70)."""
    top = g.players[ch.player].codex[: ch.nums[0]]
    g.log(f"{seat_ref(ch.player)} looks at the top {len(top)} cards of their Codex.")
    ch.ids = list(top)
    ch.stage = "pick"


def op_search(g: Game, e: Effect, ctx: Ctx) -> None:
    g.log(f"{seat_ref(ctx.controller)} searches their Codex.")
    g.choice = Choice("pick", ctx.controller, item="search", stage="pick", card=str(e.get("filter", "any")))


def op_return_from_void(g: Game, e: Effect, ctx: Ctx) -> None:
    flt = str(e.get("filter", "any"))
    if any(matches(cd(g.objs[i]), flt) for i in g.players[ctx.controller].void):
        g.choice = Choice("pick", ctx.controller, item="void", stage="pick", card=flt)


def op_token(g: Game, e: Effect, ctx: Ctx) -> None:
    """A permanent's tokens enter in its zone (D5); a spell's in the zone its caster chose (R20, D32)."""
    src = ctx.src_obj(g)
    slot = src.slot if src is not None and src.zone == "field" else ctx.slot or 1
    cid = str(e.get("card"))
    for _ in range(_amount(e, ctx, "count", 1)):
        from .rules import new_id

        o = Obj(new_id(g), cid, ctx.controller, ctx.controller, "codex", token=True)
        g.objs[o.id] = o
        g.players[ctx.controller].codex.insert(0, o.id)  # transient; move() places it
        nid = move(g, o.id, "field", slot=slot, controller=ctx.controller)
        g.objs[nid].token = True
        g.log(f"{seat_ref(ctx.controller)} creates a {card(cid).name} token in Zone {slot}.")


def op_add_energy(g: Game, e: Effect, ctx: Ctx) -> None:
    pl = g.players[ctx.controller]
    pool = pl.pool_dict()
    code = str(e.get("energy"))
    pool[code] = pool.get(code, 0) + _amount(e, ctx)
    pl.set_pool(pool)


def op_negate(g: Game, e: Effect, ctx: Ctx) -> None:
    t = e.get("target")
    ref = ctx.targets[t] if t is not None and t < len(ctx.targets) else None
    if ref is None:
        return
    for i, it in enumerate(g.stack):
        if it.kind == "spell" and str(it.source) == ref:
            del g.stack[i]
            g.log(f"{card(it.card).name} is negated.")
            move(g, it.source, "void")
            return


def op_charge(g: Game, e: Effect, ctx: Ctx) -> None:
    """Only a permanent whose state changes is said to become charged (the log is facts, D29)."""
    for o in _objs(g, e, ctx):
        if is_active(g, o) and not o.charged:
            set_charged(g, o, True)
            g.log(f"{cd(o).name} becomes charged.")


def op_uncharge(g: Game, e: Effect, ctx: Ctx) -> None:
    for o in _objs(g, e, ctx):
        if is_active(g, o) and o.charged:
            set_charged(g, o, False)
            g.log(f"{cd(o).name} becomes uncharged.")


def op_discard(g: Game, e: Effect, ctx: Ctx) -> None:
    """Each affected player chooses what they discard from their own hand (one ``discard:<id>`` at a
    time); a player with no more cards than asked discards the whole hand without a choice."""
    start_discards(g, _players(g, e, ctx), _amount(e, ctx))


def start_discards(g: Game, seats: list[int], n: int) -> None:
    for i, p in enumerate(seats):
        pl = g.players[p]
        if len(pl.hand) <= n:
            for oid in list(pl.hand):
                g.log(f"{seat_ref(p)} discards {cd(g.objs[oid]).name}.")
                move(g, oid, "void")
            continue
        g.choice = Choice("discard", p, item="effect", nums=[n, n], ids=seats[i + 1 :])
        return


def op_mill(g: Game, e: Effect, ctx: Ctx) -> None:
    for p in _players(g, e, ctx):
        pl = g.players[p]
        for _ in range(_amount(e, ctx)):
            if not pl.codex:
                break
            oid = pl.codex[0]
            g.log(f"{seat_ref(p)} puts {cd(g.objs[oid]).name} from their Codex into their Void.")
            move(g, oid, "void")


def op_win_game(g: Game, e: Effect, ctx: Ctx) -> None:
    for q in g.players:
        if q.seat != ctx.controller:
            q.lost = True
    g.log(f"{seat_ref(ctx.controller)} wins the game ({ctx.src_card.name}).")


def op_script(g: Game, e: Effect, ctx: Ctx) -> None:
    from .scripts import SCRIPTS

    SCRIPTS[str(e.get("fn"))](g, ctx)


OPS: dict[str, Callable[[Game, Effect, Ctx], None]] = VOCABULARY.handlers(
    {
        "damage": op_damage,
        "draw": op_draw,
        "gain_life": op_gain_life,
        "lose_life": op_lose_life,
        "destroy": op_destroy,
        "exile": op_exile,
        "bounce": op_bounce,
        "pump": op_pump,
        "counters": op_counters,
        "look_pick": op_look_pick,
        "search": op_search,
        "return_from_void": op_return_from_void,
        "token": op_token,
        "add_energy": op_add_energy,
        "negate": op_negate,
        "charge": op_charge,
        "uncharge": op_uncharge,
        "discard": op_discard,
        "mill": op_mill,
        "win_game": op_win_game,
        "script": op_script,
    }
)
"""One handler per op, registered with the declared vocabulary (``cards.VOCABULARY`` refuses, at
import, a declared op without a handler or a handler of an op not declared)."""


def run_effects(g: Game, effects: tuple[Effect, ...], ctx: Ctx) -> None:
    for e in effects:
        if g.over:
            return
        if e.get("if") is not None and not _cond_ok(g, e, ctx):
            continue
        OPS[e.op](g, e, ctx)
        if g.choice is not None:
            return


__all__ = ["OPS", "Ctx", "active_perms", "check_cond", "matches", "run_effects", "start_look"]
