"""``PodPlayService``: the pod after its draft, put together from its parts."""

from __future__ import annotations

from bot.services.podplay.building import DeckBuilding
from bot.services.podplay.deadline import BuildDeadline
from bot.services.podplay.restart import Restart
from bot.services.podplay.rounds import Rounds
from bot.services.podplay.standings import Standings


class PodPlayService(DeckBuilding, BuildDeadline, Rounds, Standings, Restart):
    """One per bot (``bot.podplay``): deck building, its deadline, the rounds, standings, restart.
    The parts share ``PodBase``'s state (store, pod locks, tasks, timer handles)."""
