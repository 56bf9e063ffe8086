"""Teams (Allied Kingdoms R124-R131, Galactic Overlord R150-R157): who plays with whom.

A game without teams (a duel, Star Lords) answers every question here as if each player were a
team of one, so the rules ask "is this seat on the turn's team?" or "are these two opponents?"
the same way in every variant. ``g.teams`` lists the seats of each team (``variants.team_layout``);
the seat order of the table puts a team's seats together, so priority goes round team by team
(R128: a team passes only when both members have passed in succession; ``timing.after_pass``
hands priority back to a teammate who passed before the other one acted).
"""

from __future__ import annotations

from .state import Game

SHARED_LIFE = frozenset({"allied"})
"""Variants whose teams share one life total and lose together (R125, R130)."""
SHARED_BLOCKS = frozenset({"allied"})
"""Variants where either defending teammate may block any attacker (R129; not the Overlord's
team, whose attacked member alone blocks, R156)."""


def team_of(g: Game, p: int) -> list[int]:
    """The seats of ``p``'s team, ``p`` included (just ``p`` without teams)."""
    for team in g.teams:
        if p in team:
            return team
    return [p]


def teammates(g: Game, p: int) -> list[int]:
    """``p``'s teammates still in the game."""
    return [q for q in team_of(g, p) if q != p and not g.players[q].lost]


def same_team(g: Game, p: int, q: int) -> bool:
    return p == q or (bool(g.teams) and q in team_of(g, p))


def on_turn(g: Game, p: int) -> bool:
    """Whether ``p`` is an active player: the active player, or a teammate sharing the turn (R126)."""
    return p == g.active or (bool(g.teams) and p in team_of(g, g.active))


def actives(g: Game) -> list[int]:
    """The active players still in the game, the turn's first seat first (R126: both teammates)."""
    if not g.teams:
        return [g.active]
    return [q for q in team_of(g, g.active) if not g.players[q].lost]


def priority_seat(g: Game) -> int:
    """Who receives priority as the active player: the active player, or, when they left the game
    in their own turn and the rest of it runs without them (their spells gone, others' still on
    the stack, R122), the next seat still playing."""
    if not g.players[g.active].lost:
        return g.active
    n = len(g.players)
    for i in range(1, n + 1):
        q = (g.active + i) % n
        if not g.players[q].lost:
            return q
    return g.active


def alive_teams(g: Game) -> list[list[int]]:
    """The teams (or players, without teams) with someone still in the game."""
    if not g.teams:
        return [[q.seat] for q in g.players if not q.lost]
    return [[q for q in t if not g.players[q].lost] for t in g.teams if any(not g.players[q].lost for q in t)]


def next_turn_seat(g: Game, after: int) -> int:
    """Whose turn comes after ``after``'s: the next seat still playing, or with teams the first seat
    still playing of the next team (turns go team by team; against the Overlord they alternate
    between the Overlord and the team, R152)."""
    if not g.teams:
        n = len(g.players)
        for i in range(1, n + 1):
            q = (after + i) % n
            if not g.players[q].lost:
                return q
        return after
    k = next(i for i, t in enumerate(g.teams) if after in t)
    for i in range(1, len(g.teams) + 1):
        team = g.teams[(k + i) % len(g.teams)]
        alive = [q for q in team if not g.players[q].lost]
        if alive:
            return alive[0]
    return after


def loses_with(g: Game, seats: list[int]) -> list[int]:
    """R130: in Allied Kingdoms a team loses together, so a loss takes the teammates along."""
    if g.variant not in SHARED_LIFE:
        return seats
    out = list(seats)
    for p in seats:
        out += [q for q in teammates(g, p) if q not in out]
    return out


def change_life(g: Game, p: int, delta: int) -> None:
    """Life gained or lost by ``p``; with a shared life total, the team's (R125)."""
    pl = g.players[p]
    pl.life += delta
    if g.variant in SHARED_LIFE:
        for q in team_of(g, p):
            if q != p:
                g.players[q].life = pl.life
