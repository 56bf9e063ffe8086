"""Chronicles of Afrika for more than two (R120-R146): what changes when a game has several
opponents, and the Star Lords variant's own rules.

The engine was written for seats in order from the start (priority, attacks on "an opponent or
an entity of an opponent", blockers of the attacked player only, R120-R121, already hold for any
number of players). What is here is what only matters with more than two: a player who loses
leaves the game with every card they own while the others play on (R122), the ranking by the
order players lost, and the Star Lords rules (the Command zone and its tax live in ``timing``,
``stack`` and ``rules.move``; the damage count in ``rules.combat_hits_with_lifelink``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import card
from .combat import (
    auto_assign,
    blockable,
    clear_combat,
    finish_attackers,
    finish_blockers,
    next_order,
    target_alive,
)
from .restoration import end_effects_of, wear_off
from .rules import seat_ref
from .state import BATTLEFIELD, Choice, Game
from .teams import team_of
from .timing import next_seat


@dataclass(frozen=True)
class Variant:
    name: str
    title: str
    min_players: int
    max_players: int
    life: int


VARIANTS: dict[str, Variant] = {
    "duel": Variant("duel", "Duel", 2, 2, 20),
    "allied": Variant("allied", "Allied Kingdoms", 4, 4, 30),
    "starlords": Variant("starlords", "Star Lords", 2, 6, 40),
    "overlord": Variant("overlord", "Galactic Overlord", 3, 6, 20),
}
"""The variants the engine plays, by option value (R125: a team's shared 30 in Allied Kingdoms;
R142: 40 life in Star Lords; R150: 20 for each team member against the Overlord's 40)."""

OVERLORD_LIFE = 40
"""R150: the Galactic Overlord's starting life."""


def team_layout(variant: str, n: int) -> list[list[int]]:
    """The teams of a variant by seat (none for the free-for-alls): in Allied Kingdoms seats 0-1
    play seats 2-3; against the Overlord, seat 0 is the Overlord and every other seat its rival
    team (R124, R150). The bot seats players in this order, so the seat order of the table is
    also the order priority goes round, one team after the other (R128)."""
    if variant == "allied":
        return [[0, 1], [2, 3]]
    if variant == "overlord":
        return [[0], list(range(1, n))]
    return []


LORD_DAMAGE_LIMIT = 21
"""R145: a player who has taken this much combat damage from one Star Lord loses."""


def lord_beaten(g: Game, seat: int) -> int | None:
    """The seat whose Star Lord has dealt ``seat`` 21 or more combat damage (R145), if any."""
    for owner, taken in g.players[seat].lord_damage:
        if taken >= LORD_DAMAGE_LIMIT:
            return owner
    return None


def record_loss(g: Game, newly: list[int]) -> None:
    """The seats that lost together, in the order of losses (the ranking reads it backwards)."""
    if newly:
        g.eliminated.append(sorted(newly))


def leave_game(g: Game, p: int) -> None:
    """R122: ``p`` lost and the game goes on: every card they own leaves the game, their spells,
    abilities and waiting triggers leave the stack, effects they control end (what they control
    of others' goes back to its owners), and the game moves on past them."""
    gone = {oid for oid, o in g.objs.items() if o.owner == p}
    pl = g.players[p]
    for lst in (pl.codex, pl.hand, pl.void, pl.exile, pl.field, pl.terrains, pl.artifacts, pl.command):
        lst.clear()
    pl.slots = [0 for _ in pl.slots]
    pl.pool = []
    for oid in gone:
        del g.objs[oid]
    for oid, o in g.objs.items():  # others' permanents p controls go back to their owners
        if o.controller == p and o.zone in BATTLEFIELD:
            owner = g.players[o.owner]
            o.controller = owner.seat
            if o.zone == "field":
                owner.field.append(oid)
            elif o.zone == "artifact":
                owner.artifacts.append(oid)
            else:
                owner.terrains.append(oid)
                o.zone = "terrain"
    end_effects_of(g, p)
    # only their spells and abilities leave the stack: another player's stay, their cards with them
    g.stack = [it for it in g.stack if it.controller != p and it.source not in gone]
    g.triggers = [t for t in g.triggers if t.controller != p and t.source not in gone]
    ch = g.choice
    g.log(f"{seat_ref(p)} leaves the game with every card they own.")
    if g.active == p:
        mates = [q for q in team_of(g, p) if q != p and not g.players[q].lost]
        if not mates:
            _end_turn_without(g, p)
            return
        # R151, R126: the team shares the turn, so it goes on for the teammate
        g.active = mates[0]
    # Attacks on them or their entities end (p is out, so target_alive says no).
    g.attackers = {a: t for a, t in g.attackers.items() if a in g.objs and target_alive(g, t)}
    g.blockers = {b: a for b, a in g.blockers.items() if b in g.objs and a in g.attackers}
    g.order = {a: [b for b in bs if b in g.blockers] for a, bs in g.order.items() if a in g.attackers}
    g.assign = {a: xs for a, xs in g.assign.items() if a in g.attackers}
    if ch is not None:
        _mend_choice(g, p, ch)
    if g.priority == p:
        g.priority = next_seat(g, p)
    # the passes in succession start again: a pass of theirs, counted among fewer players, would
    # otherwise let the stack resolve or the step end before someone still playing had passed
    g.passes = 0


def _end_turn_without(g: Game, p: int) -> None:
    """The turn of ``p``, who left the game in it, ends as its Restoration step would end it (R54:
    damage and "until end of turn" effects end; combat is over). What others put on the stack
    stays and resolves first, the next seat still playing receiving priority in ``p``'s place
    (``teams.priority_seat``); then ``steps.advance`` begins the next seat's turn."""
    clear_combat(g)
    ch = g.choice
    if ch is not None and (ch.player == p or ch.kind in ("attackers", "blockers", "order", "assign")):
        g.choice = None  # theirs, or a declaration or damage split of the combat that just ended
    wear_off(g)
    g.step = "restoration"
    g.passes = 0
    g.priority = next_seat(g, p) if g.stack or g.triggers else -1


def _mend_choice(g: Game, p: int, ch: Choice) -> None:
    """The decision pending when ``p`` left, in a turn that goes on: one that was ``p``'s ends, or,
    for a declaration, goes on with the next player who declares in it (R129: teammates declare
    one after the other); one of another player's forgets what left with ``p`` (an attacker, a
    declarer still to come), so nobody is asked about a card or a player that is gone."""
    if ch.kind in ("attackers", "blockers"):
        ch.nums = [q for q in ch.nums if q != p]
        if ch.player != p:
            if ch.obj and (
                ch.obj not in g.objs or (ch.kind == "blockers" and not blockable(g, g.objs[ch.obj]))
            ):
                ch.obj = 0  # the blocker chosen has no attacker left to block
        elif ch.nums:
            g.choice = Choice(ch.kind, ch.nums[0], nums=list(ch.nums[1:]))
        elif ch.kind == "attackers":
            finish_attackers(g)
        else:
            finish_blockers(g)
    elif ch.kind == "order" and ch.obj not in g.attackers:
        g.choice = None
        next_order(g)
    elif ch.kind == "assign":
        keep = [a for a in ch.ids if a in g.attackers]
        if keep[:1] != ch.ids[:1]:
            ch.nums = []
        ch.ids = keep
        auto_assign(g)  # the next attacker's split, or the damage once none is left to split
    elif ch.player == p:
        g.choice = None


def ranking(g: Game, alive: list[int]) -> list[list[int]]:
    """Winner first, then those who lost, the last to lose first (R122: the game goes on until one
    player is left); seats that lost at the same time share a place."""
    if g.teams:
        # D40: a team wins or loses as one (R130, R157), members who left before the end with it
        won = [t for t in g.teams if any(q in alive for q in t)]
        lost = [sorted(t) for t in g.teams if t not in won]
        return [sorted(won[0]), *lost] if won else [sorted(q.seat for q in g.players)]
    placed = {s for grp in g.eliminated for s in grp}
    missing = sorted(q.seat for q in g.players if q.lost and q.seat not in placed)
    groups = [list(x) for x in reversed(g.eliminated)]
    if missing:  # lost through an effect ("you win the game") rather than a state check
        groups.insert(0, missing)
    return [alive, *groups] if alive else groups


def default_lord(deck: list[str]) -> str:
    """A Star Lords Codex's Star Lord when the match does not name it: its first Legendary Entity."""
    for cid in deck:
        c = card(cid)
        if c.legendary and c.type == "entity":
            return cid
    return ""
