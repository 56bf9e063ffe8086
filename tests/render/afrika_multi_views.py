"""Afrika views of 3-6 players for the multiplayer board's tests, made from real two-seat games.

The engine plays two seats for now, so a table of N is built from a two-seat view in mid-game:
each new seat is a copy of one of the two real seats with its own seat number, object ids, life,
a few permanents fewer, and the multiplayer fields (team, Command zone, Star Lord damage, the
Overlord) set by hand. Scheme and rift cards are plain ``CardView`` s with "SCH"/"RFT" ids.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.view import AfrikaView, CardView, PermView, SeatView
from engines.core import MatchConfig, PlayerId, Rng

NAMES = ["alice", "bob", "carol", "dave", "erin", "femi"]
LORDS = (
    CardView(
        0, "LC145", "Sango, King of the Burning Valley", "{3}{VOL}{VOL}", "Legendary Entity — Luminaran", ""
    ),
    CardView(0, "LC128", "Oya, Voice of the Nebula", "{3}{NEB}{NEB}", "Legendary Entity — Celestial", ""),
    CardView(0, "LC136", "Mbaobab, the Elder Grove", "{4}{JUN}{JUN}", "Legendary Entity — Treefolk", ""),
    CardView(0, "LC112", "Adaeze, Diamond Sovereign", "{3}{DIA}{DIA}", "Legendary Entity — Luminaran", ""),
    CardView(0, "LC150", "Nyami, Keeper of the Last Door", "{3}{VOI}{VOI}", "Legendary Entity — Shade", ""),
    CardView(0, "LC170", "Amara, Sun of the Savannas", "{2}{SAV}{SAV}", "Legendary Entity — Luminaran", ""),
)
SCHEME = CardView(
    9001,
    "SCH01",
    "The Sky Itself Burns",
    "",
    "Scheme",
    "When you set this scheme in motion, it deals 3 damage to each opponent and to each entity they control.",
)
ONGOING = (
    CardView(
        9002,
        "SCH07",
        "Eclipse Without End",
        "",
        "Ongoing Scheme",
        "Entities your opponents control get -1/-0. "
        "At the beginning of your turn, if you control no entity, abandon this scheme.",
    ),
    CardView(
        9003,
        "SCH12",
        "Tithe of the Void",
        "",
        "Ongoing Scheme",
        "Whenever an opponent casts their second spell each turn, they lose 2 life.",
    ),
)
RIFT = CardView(
    9101,
    "RFT03",
    "Rift of the Drowned Stars",
    "",
    "Rift",
    "Every entity has Soaring. Chaos — each player returns an entity they control to its owner's hand.",
)


@cache
def midgame(seed: int = 2, actions: int = 400) -> Any:
    """A two-seat game after ``actions`` AI moves (both players' boards filled in)."""
    s = ENGINE.setup(MatchConfig(players=2), seed)
    rng = Rng.from_seed(seed)
    for _ in range(actions):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        s = ENGINE.apply(s, PlayerId(p), afrika_policy(ENGINE, s, PlayerId(p), rng)).state
    return s


def _perm(p: PermView, seat: int, offset: int) -> PermView:
    return dataclasses.replace(
        p,
        id=p.id + offset,
        controller=seat,
        attached_to=p.attached_to + offset if p.attached_to else 0,
        blocking=p.blocking + offset if p.blocking else 0,
        attacking="",
    )


def copy_seat(src: SeatView, seat: int, drop: int = 0, **changes: Any) -> SeatView:
    """``src`` as seat ``seat``: object ids moved by 1000 per seat, the last ``drop`` of Zone 1 gone."""
    off = 1000 * (seat + 1)
    zone1 = tuple(_perm(p, seat, off) for p in src.zone1)
    zone1 = zone1[: max(0, len(zone1) - drop)] if drop else zone1
    return dataclasses.replace(
        src,
        seat=seat,
        zone1=zone1,
        zone2=tuple(_perm(p, seat, off) for p in src.zone2),
        active_terrains=tuple(_perm(t, seat, off) if t else None for t in src.active_terrains),
        terrain_stack=tuple(_perm(t, seat, off) for t in src.terrain_stack),
        artifacts=tuple(_perm(a, seat, off) for a in src.artifacts),
        **changes,
    )


def table(
    n: int, variant: str = "starlords", *, seed: int = 2, viewer: int | None = None, **fields: Any
) -> AfrikaView:
    """A view of ``n`` seats in ``variant``, seen by ``viewer``: seat i copies the real seat i % 2."""
    state = midgame(seed)
    base = ENGINE.view(state, PlayerId(viewer % 2) if viewer is not None else None)
    seats = [copy_seat(base.seats[i % 2], i, drop=i // 2, life=max(1, 40 - 4 * i)) for i in range(n)]
    # combat: the second seat's first entity attacks the first seat; the first seat's blocks it
    ents = [p for p in seats[1].zone1 if p.type == "entity"]
    blockers = [p for p in seats[0].zone1 if p.type == "entity"]
    if ents:
        atk = dataclasses.replace(ents[0], attacking="P1")
        seats[1] = dataclasses.replace(
            seats[1], zone1=tuple(atk if p.id == atk.id else p for p in seats[1].zone1)
        )
        if blockers:
            blk = dataclasses.replace(blockers[0], blocking=atk.id)
            seats[0] = dataclasses.replace(
                seats[0], zone1=tuple(blk if p.id == blk.id else p for p in seats[0].zone1)
            )
    view = dataclasses.replace(base, viewer=viewer, seats=tuple(seats), variant=variant, active=1, priority=2)
    return dataclasses.replace(view, **fields) if fields else view


def starlords(n: int = 4, **kw: Any) -> AfrikaView:
    """Star Lords: each seat's Star Lord in its Command zone (seat 1's is in play), damage taken."""
    v = table(n, "starlords", **kw)
    seats = []
    for s in v.seats:
        cmd = () if s.seat == 1 else (dataclasses.replace(LORDS[s.seat], id=5000 + s.seat),)
        dmg = ((1, 14), (0, 6)) if s.seat == 2 else ((0, 20),) if s.seat == 3 else ()
        seats.append(dataclasses.replace(s, command=cmd, command_casts=s.seat % 3, lord_damage=dmg))
    return dataclasses.replace(v, seats=tuple(seats))


def allied(**kw: Any) -> AfrikaView:
    """Allied Kingdoms 2 v 2: seats 0 and 2 against 1 and 3, one life per team."""
    v = table(4, "allied", **kw)
    life = {0: 30, 1: 17}
    seats = tuple(dataclasses.replace(s, team=s.seat % 2, life=life[s.seat % 2]) for s in v.seats)
    return dataclasses.replace(v, seats=seats, teams=((0, 2), (1, 3)))


def overlord(n: int = 5, **kw: Any) -> AfrikaView:
    """The Galactic Overlord (seat 0, 40 life) against a team of ``n - 1`` with their own lives."""
    v = table(n, "overlord", **kw)
    seats = tuple(
        dataclasses.replace(s, overlord=True, life=33)
        if s.seat == 0
        else dataclasses.replace(s, team=1, life=20 - s.seat)
        for s in v.seats
    )
    return dataclasses.replace(
        v,
        seats=seats,
        teams=(tuple(range(1, n)),),
        scheme=SCHEME,
        ongoing_schemes=ONGOING,
        scheme_count=17,
    )


def rifts(n: int = 3, **kw: Any) -> AfrikaView:
    """Star Lords with Cosmic Rifts: a face-up rift, the die rolled twice this turn."""
    return dataclasses.replace(starlords(n, **kw), rift=RIFT, rift_count=9, die="chaos", die_rolls=2)
