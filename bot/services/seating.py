"""How a game's variant seats its players in a lobby: how many, in which teams, with which decks.

A duel game (``TableSpec.start == "duel"``) may also be played at a bigger table: Chronicles of
Afrika's Allied Kingdoms (2 v 2), Star Lords (2-6) and Galactic Overlord (1 v a team). /play then
opens a lobby instead of starting at once, and the lobby needs to know what the game's rules
options imply: the seat counts, the teams a player may join (the engine reads the teams from the
seat order, so the lobby passes its seats team after team), and which decks each seat may bring
(Star Lords Codices have a leader card, the Star Lord, that the engine takes as an option of its
own). A game declares this as ``TableSpec.seating``; the lobby service reads it and never the game's
name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Team:
    """One side of a team variant, as the lobby shows it."""

    name: str
    """As players read it: "Team 1", "the Galactic Overlord"."""
    join: str
    """Its Join button: "Join team 1", "Join as the Overlord"."""
    size: int = 0
    """Seats it holds; 0: every seat the other teams leave."""


@dataclass(frozen=True)
class SeatDeck:
    """A deck one seat may bring: its label, its cards (one id per copy) and its leader card
    (the Star Lord of a Star Lords Codex; '' when the format has none)."""

    label: str
    cards: list[str]
    leader: str = ""


@dataclass(frozen=True)
class Seating:
    """A variant played from a lobby with seats."""

    title: str
    """The variant's name ("Star Lords")."""
    min_players: int
    max_players: int
    deck_format: str
    """The deck-library format a saved deck must have (``engines.decks.pool`` format key)."""
    format_title: str
    """That format in words: "Star Lords Codex"."""
    starters: Callable[[], Mapping[str, SeatDeck]]
    """Starter decks of that format by name (what a seat brings when nobody chose)."""
    check: Callable[[Sequence[str], str], str]
    """(cards, leader) -> '' when the deck is legal for the variant, else the reason in words."""
    teams: tuple[Team, ...] = ()
    """Empty: a free-for-all."""
    leader_section: str = ""
    """The saved deck's section holding its leader card ('' when the format has none)."""
    leader_option: str = ""
    """The engine option taking one leader card per seat ('' when none)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Rules options the lobby adds to the match (none by default)."""

    def capacities(self, seats: int) -> list[int]:
        """How many seats each team holds at a table of ``seats``."""
        fixed = sum(t.size for t in self.teams)
        return [t.size or max(0, seats - fixed) for t in self.teams]

    def max_team(self, team: int, max_seats: int) -> int:
        """The most players team ``team`` may have in a lobby of ``max_seats``."""
        return self.capacities(max_seats)[team]


def arrange(seating: Seating, chosen: Sequence[int | None]) -> list[list[int]]:
    """The lobby's seats (by position) per team, for a table of ``len(chosen)``: each seat whose
    player chose a team sits in it; the others (AI seats, and players who joined without
    choosing) go, in lobby order, to the team with the most room left (the first on a tie). A
    free-for-all is one list: every seat in lobby order."""
    if not seating.teams:
        return [list(range(len(chosen)))]
    caps = seating.capacities(len(chosen))
    teams: list[list[int]] = [[] for _ in seating.teams]
    for pos, team in enumerate(chosen):
        if team is not None and 0 <= team < len(teams):
            teams[team].append(pos)
    for pos, team in enumerate(chosen):
        if team is None or not 0 <= team < len(teams):
            room = [caps[i] - len(teams[i]) for i in range(len(teams))]
            best = max(range(len(teams)), key=lambda i: (room[i], -i))
            teams[best].append(pos)
    return [sorted(t) for t in teams]


def unbalanced(seating: Seating, teams: Sequence[Sequence[int]]) -> str:
    """'' when each team holds its number of seats, else what is wrong, in a sentence."""
    caps = seating.capacities(sum(len(t) for t in teams))
    for team, members, cap in zip(seating.teams, teams, caps, strict=True):
        if len(members) != cap or cap == 0:
            need = cap if cap else 1
            return (
                f"{team.name[:1].upper()}{team.name[1:]} needs {need} player{'s' if need != 1 else ''} "
                f"and has {len(members)}: move a player, or add an AI."
            )
    return ""
