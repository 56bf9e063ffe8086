"""Moves aimed at cards a seat cannot see, for the conformance test (issue 32, item 2).

Afrika names objects by id: a forged move can name a card in an opponent's hand (a teammate's is
open, R124), in any Codex (one's own too: its order is hidden), or an id no object has. Every
shape that names an object is aimed at them; the engine must refuse each without naming a hidden
card.
"""

from __future__ import annotations

from collections.abc import Iterator

from engines.core import MatchConfig
from engines.core.game import HiddenProbes

from .cards import card
from .state import AfrikaState

SHAPES = (
    "terrain:{o}:s",
    "terrain:{o}:1",
    "cast:{o}",
    "cast:{o}:1",
    "act:{o}:1",
    "act:{o}:equip",
    "act:{o}:travel",
    "charge:{o}",
    "charge:{o}:R",
    "target:{o}",
    "atk:{o}",
    "at:{o}",
    "blk:{o}",
    "on:{o}",
    "first:{o}",
    "discard:{o}",
    "pick:{o}",
    "bottom:{o}",
)
"""Every action shape that names an object (``engines.afrika.actions``)."""


def _hidden_objects(s: AfrikaState, seat: int) -> list[int]:
    team = next((t for t in s.teams if seat in t), (seat,))
    out: list[int] = []
    for pl in s.players:
        zones = [pl.codex] if pl.seat in team else [pl.codex, pl.hand]
        for zone in zones:
            out.extend(dict.fromkeys((*zone[:1], *zone[-1:])))  # the first and the last of each
    return out


def aimed(s: AfrikaState, seat: int) -> Iterator[str]:
    unknown = (0, max(s.objs, default=0) + 1, s.next_id + 50, 999_999)
    for o in (*_hidden_objects(s, seat), *unknown):
        for shape in SHAPES:
            yield shape.format(o=o)


def _name(text: str) -> str | None:
    try:
        return card(text).name
    except KeyError:
        return None


PROBES = HiddenProbes(
    aimed=aimed,
    card_name=_name,
    variants=(
        MatchConfig(players=4, options={"variant": "allied"}),
        MatchConfig(players=3, options={"variant": "starlords"}),
        MatchConfig(players=4, options={"variant": "overlord"}),
    ),
)
