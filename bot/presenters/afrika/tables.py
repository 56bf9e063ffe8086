"""Afrika at a table of more than two, in words: whose turn (a team's, in Allied Kingdoms and
against the Galactic Overlord), each side's life, the hands a teammate may see (R124, R151), and
whom an attack is aimed at.

Seats are written "P1".."Pn" here, as the engine writes them; the table service turns them into
players' names (``bot.text.with_names``), so these functions need no names.
"""

from __future__ import annotations

from typing import Any

from engines.afrika.variants import team_layout

TEAM_NAMES: dict[str, tuple[str, ...]] = {
    "allied": ("Team 1", "Team 2"),
    "overlord": ("the Galactic Overlord", "the Allied team"),
}
"""Each team's name by variant, in the order of ``team_layout`` (the lobby uses the same words)."""


def ref(seat: int) -> str:
    return f"P{seat + 1}"


def teams(view: Any) -> list[tuple[int, ...]]:
    """The teams of the view's variant (from the view, else from the variant's seat layout)."""
    given = [tuple(t) for t in getattr(view, "teams", ()) or ()]
    if given:
        return given
    return [tuple(t) for t in team_layout(view.variant, len(view.seats))]


def team_of(view: Any, seat: int) -> int | None:
    for i, members in enumerate(teams(view)):
        if seat in members:
            return i
    return None


def on_turn(view: Any) -> tuple[int, ...]:
    """The seats whose turn it is: the active player's team shares its turns (R126, R152)."""
    team = team_of(view, view.active)
    return teams(view)[team] if team is not None else (view.active,)


def team_name(view: Any, team: int) -> str:
    names = TEAM_NAMES.get(view.variant, ())
    return names[team] if team < len(names) else f"Team {team + 1}"


def _members(members: tuple[int, ...]) -> str:
    return " & ".join(ref(s) for s in members)


def whose_turn(view: Any) -> str:
    """ "P2's turn", or with teams "Team 1's turn (P1 & P2)" (a shared turn, R126, R152)."""
    team = team_of(view, view.active)
    if team is None:
        return f"{ref(view.active)}'s turn"
    members = teams(view)[team]
    name = team_name(view, team)
    name = name[:1].upper() + name[1:]  # it starts a sentence or a line
    if len(members) == 1:
        return f"{name} ({_members(members)})'s turn"
    return f"{name}'s turn ({_members(members)})"


def _life(s: Any) -> str:
    return f"{ref(s.seat)} out" if s.lost else f"{ref(s.seat)} {s.life} life"


def lives(view: Any) -> str:
    """Each side's life: per team when it shares one (Allied Kingdoms), else per seat, and who is
    out of the game (R122)."""
    groups = teams(view)
    if not groups:
        return " · ".join(_life(s) for s in view.seats)
    parts = []
    for i, members in enumerate(groups):
        seats = [view.seats[m] for m in members if m < len(view.seats)]
        name = team_name(view, i)
        name = name[:1].upper() + name[1:]
        alive = [s for s in seats if not s.lost]
        shared = len(seats) > 1 and len({s.life for s in alive}) == 1 and view.variant == "allied"
        if shared:
            parts.append(f"{name} ({_members(members)}) {alive[0].life} life")
        elif not alive and seats:
            parts.append(f"{name} ({_members(members)}) out")
        else:
            parts.append(f"{name}: {', '.join(_life(s) for s in seats)}")
    return " · ".join(parts)


def partner_lines(view: Any, cost: Any) -> list[str]:
    """The hands of the viewer's teammates, each clearly someone else's (only a team member's own
    view holds them: R124, R151)."""
    out = []
    for seat, hand in getattr(view, "partner_hands", ()) or ():
        cards = ", ".join(f"{c.name}{cost(c)}" for c in hand) or "no cards"
        out.append(f"**Your ally {ref(seat)}'s hand** ({len(hand)}, theirs to play): {cards}")
    return out


def in_force(view: Any) -> list[str]:
    """The face-up rift (Cosmic Rifts, R160) and the Overlord's scheme of this turn and ongoing
    schemes (R154), each with its text on one line."""
    out = []
    rift = getattr(view, "rift", None)
    if rift is not None:
        out.append(f"🌀 Rift: **{rift.name}**: {_one_line(rift.text)}")
    scheme = getattr(view, "scheme", None)
    if scheme is not None:
        out.append(f"🜲 Scheme: **{scheme.name}**: {_one_line(scheme.text)}")
    for c in getattr(view, "ongoing_schemes", ()) or ():
        out.append(f"🜲 Ongoing scheme: **{c.name}**: {_one_line(c.text)}")
    return out


def _one_line(text: str) -> str:
    return " ".join(text.split())


def rival(view: Any, seat: int) -> str:
    """Whom an attack on the player at ``seat`` hits, as players know it: in Allied Kingdoms the
    rival team, whose one life it lowers (R125, R129): "Team 2: P3 & P4"; else the player ("P3")."""
    team = team_of(view, seat) if view.variant == "allied" else None
    if team is None:
        return ref(seat)
    return f"{team_name(view, team)}: {_members(teams(view)[team])}"


def entity(view: Any, obj: int) -> str | None:
    """An entity on the battlefield with its controller ("P3's Reef Sentinel"), None if not there."""
    for s in view.seats:
        for p in (*s.zone1, *s.zone2):
            if p.id == obj:
                return f"{ref(s.seat)}'s {p.name}"
    return None


def attacked(view: Any, target: str, names: dict[str, str]) -> str:
    """What an attack is aimed at, in words: a player ("P3") or an entity ("P3's Reef Sentinel")."""
    if target.startswith("P"):
        return target
    found = entity(view, int(target)) if target.isdigit() else None
    return found if found is not None else names.get(target, "an entity")
