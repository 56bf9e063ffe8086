"""State checks (R55) and the end of the game (R56, R57): who lost, and the ranking and reason
``outcome()`` reports.
"""

from __future__ import annotations

from . import fast
from .rules import (
    active_perms,
    active_perms_with,
    board,
    card_sets,
    cd,
    destroy,
    entities,
    entities_ro,
    is_entity,
    move,
    name,
    on_battlefield,
    seat_ref,
    stats,
)
from .state import Choice, Game, Obj, ObjMap, ObjS, is_quiet, reader
from .teams import SHARED_LIFE, alive_teams, loses_with
from .timing import alive_players
from .variants import leave_game, lord_beaten, ranking, record_loss


def _same_for_checks(o: Obj, f: ObjS) -> bool:
    """Whether ``o`` reads as ``f`` in every field ``sba`` reads (directly or through ``stats``):
    all but whether it is charged and since when it is controlled."""
    return (
        o.damage == f.damage
        and o.zone == f.zone
        and o.phased_out == f.phased_out
        and o.attached_to == f.attached_to
        and o.slot == f.slot
        and o.controller == f.controller
        and o.card == f.card
        and o.eot_power == f.eot_power
        and o.eot_health == f.eot_health
        and o.id == f.id
        and o.owner == f.owner
        and o.token == f.token
        and tuple(o.counters) == f.counters
        and tuple(o.eot_keywords) == f.eot_keywords
    )


def state_checks_unchanged(g: Game) -> bool:
    """Whether ``sba`` would change nothing, known without running it: ``g`` was thawed from a
    state whose last state checks changed nothing (``is_quiet``) and nothing ``sba`` reads has
    changed since. It reads the players' life, loss, empty-Codex draw and battlefield lists, the
    battlefield's objects (every field of them but ``charged`` and ``since_turn``, some through
    their characteristics) and whether a choice is pending (settle calls it only with none, as
    it was for a quiet state). The lazily thawed map says which objects may have changed: those
    it thawed (no object may have been added or deleted)."""
    objs = g.objs
    if type(objs) is not ObjMap or objs.gone or objs.base is not objs.src:
        return False
    s = objs.origin
    if s is None or not is_quiet(s) or g.choice is not None or len(g.players) != len(s.players):
        return False
    base = objs.base
    for k, o in dict.items(objs):
        was = base.get(k)
        if was is None or not _same_for_checks(o, was):
            return False
    if (g.ongoing or s.ongoing) and tuple(g.ongoing) != s.ongoing:
        return False  # an Ongoing scheme's anthem came or went
    if g.rifts and g.rifts[0] != s.rifts[0]:
        return False  # another rift is face up, with other anthems
    for pl, f in zip(g.players, s.players, strict=True):
        if pl.life != f.life or pl.lost != f.lost or pl.drew_empty != f.drew_empty:
            return False
        if (
            tuple(pl.field) != f.field
            or tuple(pl.slots) != f.slots
            or tuple(pl.terrains) != f.terrains
            or tuple(pl.artifacts) != f.artifacts
        ):
            return False
    return True


def sba(g: Game) -> bool:
    """State checks (R55), repeated until nothing changes; the results of one pass happen together.

    True if they ended with a pass that changed nothing (the plain path always says False)."""
    if not fast.ON:
        sba_plain(g)
        return False
    for _ in range(50):
        changed = False
        newly: list[int] = []
        for q in g.players:
            if q.lost:
                continue
            if q.life <= 0:
                newly.append(q.seat)
                g.log(f"{seat_ref(q.seat)} has {q.life} life and loses.")
            elif q.drew_empty:
                newly.append(q.seat)
                g.log(f"{seat_ref(q.seat)} drew from an empty Codex and loses.")
            elif q.lord_damage and (lord := lord_beaten(g, q.seat)) is not None:
                newly.append(q.seat)
                g.log(
                    f"{seat_ref(q.seat)} has taken 21 combat damage from {seat_ref(lord)}'s Star Lord and loses."
                )
        if newly and g.teams:
            newly = _with_team(g, newly)
        to_void: list[int] = []
        to_destroy: list[int] = []
        # read without thawing (``reader``): only what a pass changes becomes a mutable copy; a
        # tech's detachment is made after the reading (nothing read here depends on it)
        objs = reader(g.objs)
        bd = board(g)
        for o in entities_ro(g):
            st = stats(g, o, bd)
            if st.health <= 0:
                to_void.append(o.id)
            elif o.damage >= st.health and "Invincible" not in st.kws:
                to_destroy.append(o.id)
        detach: list[int] = []
        sets = card_sets()
        bond, tech, legendary = sets.bond, sets.tech, sets.legendary
        for q in g.players:
            for aid in q.field:
                a = objs[aid]
                if a.phased_out:
                    continue
                if a.card in bond and not is_entity(g, objs.get(a.attached_to)):
                    to_void.append(aid)
                elif a.attached_to and a.card in tech and not is_entity(g, objs.get(a.attached_to)):
                    detach.append(aid)
            legends: dict[str, list[int]] = {}
            for o in active_perms_with(g, q.seat, legendary):
                legends.setdefault(cd(o).name, []).append(o.id)
            for ids in legends.values():
                if len(ids) > 1 and g.choice is None:
                    g.choice = Choice("legend", q.seat, ids=sorted(ids))  # R55(f): that player chooses
        for aid in detach:
            g.objs[aid].attached_to = 0
        for q in g.players:
            if q.seat in newly:
                q.lost = True
                changed = True
        if newly:
            _left(g, newly)
        for oid in dict.fromkeys(to_void):
            if oid in g.objs and on_battlefield(g.objs[oid]):
                g.log(f"{name(g, oid)} goes to the Void.")
                move(g, oid, "void")
                changed = True
        for oid in to_destroy:
            if oid in g.objs and on_battlefield(g.objs[oid]):
                destroy(g, g.objs[oid])
                changed = True
        if newly or any(q.lost for q in g.players):
            check_end(g, newly)
        if g.over or not changed:
            return not g.over and not changed
    return False


def sba_plain(g: Game) -> None:
    """``sba`` as it was before the fast paths (issue #23 item 3): the reference it must equal."""
    for _ in range(50):
        changed = False
        newly: list[int] = []
        for q in g.players:
            if q.lost:
                continue
            if q.life <= 0:
                newly.append(q.seat)
                g.log(f"{seat_ref(q.seat)} has {q.life} life and loses.")
            elif q.drew_empty:
                newly.append(q.seat)
                g.log(f"{seat_ref(q.seat)} drew from an empty Codex and loses.")
            elif q.lord_damage and (lord := lord_beaten(g, q.seat)) is not None:
                newly.append(q.seat)
                g.log(
                    f"{seat_ref(q.seat)} has taken 21 combat damage from {seat_ref(lord)}'s Star Lord and loses."
                )
        if newly and g.teams:
            newly = _with_team(g, newly)
        to_void: list[int] = []
        to_destroy: list[Obj] = []
        for o in entities(g):
            st = stats(g, o)
            if st.health <= 0:
                to_void.append(o.id)
            elif o.damage >= st.health and "Invincible" not in st.kws:
                to_destroy.append(o)
        for q in g.players:
            for aid in q.field:
                a = g.objs[aid]
                c = cd(a)
                if a.phased_out:
                    continue
                if c.is_bond and not is_entity(g, g.objs.get(a.attached_to)):
                    to_void.append(aid)
                elif a.attached_to and c.type == "tech" and not is_entity(g, g.objs.get(a.attached_to)):
                    a.attached_to = 0
            legends: dict[str, list[int]] = {}
            for o in active_perms(g, q.seat):
                if cd(o).legendary:
                    legends.setdefault(cd(o).name, []).append(o.id)
            for ids in legends.values():
                if len(ids) > 1 and g.choice is None:
                    g.choice = Choice("legend", q.seat, ids=sorted(ids))  # R55(f): that player chooses
        for q in g.players:
            if q.seat in newly:
                q.lost = True
                changed = True
        if newly:
            _left(g, newly)
        for oid in dict.fromkeys(to_void):
            if oid in g.objs and on_battlefield(g.objs[oid]):
                g.log(f"{name(g, oid)} goes to the Void.")
                move(g, oid, "void")
                changed = True
        for o in to_destroy:
            if o.id in g.objs and on_battlefield(o):
                destroy(g, o)
                changed = True
        if newly or any(q.lost for q in g.players):
            check_end(g, newly)
        if g.over or not changed:
            return


CONCESSION = "concession"
"""``outcome().reason`` of a game someone conceded, the same word in every game of the bot."""


def concede(g: Game, p: int) -> None:
    """R57: conceding is losing, at any moment (even mid-choice, with spells on the stack); the
    game ends with the others ranked first and ``p`` last. It is an action, so the log replays it."""
    g.log(f"{seat_ref(p)} concedes.")
    out = _with_team(g, [p]) if g.teams else [p]
    for q in out:
        g.players[q].lost = True
    _left(g, out)
    if len(alive_teams(g)) <= 1:
        g.reason = CONCESSION
    check_end(g, out)


def _with_team(g: Game, newly: list[int]) -> list[int]:
    """R130: an Allied Kingdoms team loses together (its shared life already says so for life)."""
    out = loses_with(g, newly)
    for q in out:
        if q not in newly and not g.players[q].lost:
            g.log(f"{seat_ref(q)} loses with their team.")
    return [q for q in out if not g.players[q].lost]


def _left(g: Game, newly: list[int]) -> None:
    """Players who lost together: noted for the ranking, and while two or more are still in the
    game, gone from it with their cards (R122)."""
    record_loss(g, newly)
    if len(alive_teams(g)) > 1:
        for p in newly:
            leave_game(g, p)


def conceder(g: Game) -> int | None:
    """The seat that conceded a finished game, if that is how it ended (it is ranked last)."""
    if g.reason != CONCESSION or not g.ranking:
        return None
    return g.ranking[-1][0]


def check_end(g: Game, newly: list[int]) -> None:
    alive = alive_players(g)
    if len(alive_teams(g)) > 1:
        return
    losers = [q.seat for q in g.players if q.lost]
    g.over = True
    said = False
    g.ranking = ranking(g, alive)
    if not alive:
        g.reason = "Every player lost at the same time: the game is a draw."
    else:
        # A reason made here repeats the state check's "P2 has 0 life and loses." already in the log.
        said = not g.reason
        if not g.reason and g.teams:
            # the team's result first; the cause is this state check's (earlier losses are logged)
            seats = [seat_ref(q) for q in g.ranking[0]]
            names = ", ".join(seats[:-1]) + f" and {seats[-1]}" if len(seats) > 1 else seats[0]
            g.reason = f"{names} {'win' if len(seats) > 1 else 'wins'}: {_reason(g, newly or losers)}"
        g.reason = g.reason or _reason(g, losers)
    g.choice = None
    g.priority = -1
    g.step = "over"
    if g.reason != CONCESSION and not said:  # "P1 concedes." already says it
        g.log(g.reason)


def _reason(g: Game, losers: list[int]) -> str:
    parts = []
    for p in losers:
        q = g.players[p]
        if q.life <= 0:
            parts.append(f"{seat_ref(p)} reached {q.life} life")
        elif q.drew_empty:
            parts.append(f"{seat_ref(p)} had to draw from an empty Codex")
        elif (lord := lord_beaten(g, p)) is not None:
            parts.append(f"{seat_ref(p)} took 21 combat damage from {seat_ref(lord)}'s Star Lord")
        elif g.variant in SHARED_LIFE:
            parts.append(f"{seat_ref(p)} lost with their team")
        else:
            parts.append(f"{seat_ref(p)} lost")
    return "; ".join(parts) + "."
