"""How a pod's rounds are paired (R88, DECISION A22): round robin or Swiss, and how many rounds;
the results so far as ``engines.draft.pairings`` reads them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.db.podplay import PodMatchRow, PodRow, PodSeatRow


def plan(pod: PodRow, seats: Sequence[PodSeatRow]) -> tuple[str, int]:
    """(pairing, number of rounds) for this pod."""
    from engines.draft.pairings import round_robin

    n = len(seats)
    pairing = str(pod.config.get("pairing") or "auto").replace("-", "_").replace(" ", "_").lower()
    if pairing not in ("swiss", "round_robin"):
        pairing = "round_robin" if n <= 4 else "swiss"
    if pairing == "round_robin":
        return pairing, len(round_robin([s.seat for s in seats]))
    rounds = int(pod.config.get("rounds") or 3)
    return pairing, max(1, min(rounds, n - 1 if n % 2 == 0 else n)) if n > 1 else 0


def results(rows: Sequence[PodMatchRow]) -> list[Any]:
    from engines.draft.pairings import Result

    return [Result(r.seat_a, r.seat_b, r.winner) for r in rows if r.status == "done"]
