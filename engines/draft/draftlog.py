"""The draft log export (issue #8 item 8): every pick with the pack it came from and when.

Public API
----------
``PodLogInfo(pod_id, seats, names, packs=3, set_code="LC", seed=None, kind="draft", started_at=None)``
    The pod the picks belong to; ``names[seat]`` is the seat's display name.
``PickRecord(seq, seat, round, pick_no, card, pack, by="player", at=0.0, seconds=None)``
    One ``pod_picks`` row: ``pack`` is what the pack held when the pick was made (the card
    included), ``by`` is ``player``, ``bot`` or ``timeout``, ``at`` a unix time.
``log_json(pod, picks, seats=None) -> dict``
    JSON-safe data: the pod, the seats, and every pick in pod order with card names.
``log_text(pod, picks, seats=None) -> str``
    A readable export: per seat, each pick with its time, the card and the pack it came from.

``seats`` limits either export to those seats (a player's own picks while a draft is running:
R85). Card names come from the game's card source (``source``; None: the one game with boosters); an unknown id is shown as it is.
Pure: no I/O; the caller writes the file.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .source import CardSource, draft_source

FORMAT_VERSION = 1


@dataclass(frozen=True)
class PodLogInfo:
    pod_id: int
    seats: int
    names: tuple[str, ...]
    packs: int = 3
    set_code: str = "LC"
    seed: int | None = None
    kind: str = "draft"
    started_at: float | None = None

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"


@dataclass(frozen=True)
class PickRecord:
    seq: int
    seat: int
    round: int
    pick_no: int
    card: str
    pack: tuple[str, ...]
    by: str = "player"
    at: float = 0.0
    seconds: float | None = None


def card_name(cid: str, source: CardSource | None = None) -> str:
    card = (source or draft_source()).cards().get(cid)
    return card.name if card is not None else cid


def _iso(t: float | None) -> str | None:
    if t is None:
        return None
    return datetime.fromtimestamp(t, tz=UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _clock(t: float) -> str:
    return datetime.fromtimestamp(t, tz=UTC).strftime("%H:%M:%S")


def _selected(picks: Sequence[PickRecord], seats: Collection[int] | None) -> list[PickRecord]:
    chosen = [p for p in picks if seats is None or p.seat in seats]
    return sorted(chosen, key=lambda p: p.seq)


def log_json(
    pod: PodLogInfo,
    picks: Sequence[PickRecord],
    seats: Collection[int] | None = None,
    *,
    source: CardSource | None = None,
) -> dict[str, Any]:
    shown = _selected(picks, seats)
    src = source or draft_source()
    return {
        "format": FORMAT_VERSION,
        "pod": {
            "id": pod.pod_id,
            "kind": pod.kind,
            "seats": pod.seats,
            "packs": pod.packs,
            "set": pod.set_code,
            "seed": pod.seed,
            "started_at": _iso(pod.started_at),
        },
        "seats": [{"seat": s, "name": pod.name(s)} for s in range(pod.seats) if seats is None or s in seats],
        "picks": [
            {
                "seq": p.seq,
                "seat": p.seat,
                "player": pod.name(p.seat),
                "round": p.round,
                "pick": p.pick_no,
                "card": p.card,
                "card_name": card_name(p.card, src),
                "pack": list(p.pack),
                "pack_names": [card_name(c, src) for c in p.pack],
                "by": p.by,
                "at": _iso(p.at),
                "seconds": None if p.seconds is None else round(p.seconds, 3),
            }
            for p in shown
        ],
    }


_BY = {"player": "", "bot": " [bot]", "timeout": " [timed out: bot's pick]"}


def log_text(
    pod: PodLogInfo,
    picks: Sequence[PickRecord],
    seats: Collection[int] | None = None,
    *,
    source: CardSource | None = None,
) -> str:
    shown = _selected(picks, seats)
    src = source or draft_source()
    title = "Cosmic Draft" if pod.kind == "draft" else "Unleashed Armada"
    lines = [f"{title} pod #{pod.pod_id}: {pod.seats} seats, {pod.packs} packs of set {pod.set_code}"]
    if pod.seed is not None:
        lines[0] += f", seed {pod.seed}"
    if pod.started_at is not None:
        lines.append(f"Started {datetime.fromtimestamp(pod.started_at, tz=UTC):%Y-%m-%d %H:%M:%S} UTC")
    for seat in range(pod.seats):
        if seats is not None and seat not in seats:
            continue
        mine = [p for p in shown if p.seat == seat]
        lines.append("")
        lines.append(f"== {pod.name(seat)} (seat {seat + 1}): {len(mine)} picks ==")
        current_round = 0
        for p in mine:
            if p.round != current_round:
                current_round = p.round
                lines.append(f"-- Pack {p.round} --")
            held = "" if p.seconds is None else f", {p.seconds:.1f} s"
            lines.append(
                f"Pick {p.pick_no} ({_clock(p.at)} UTC{held}): {card_name(p.card, src)}{_BY.get(p.by, '')}"
            )
            others = [card_name(c, src) for c in p.pack if c != p.card]
            if others:
                lines.append(f"    passed: {', '.join(others)}")
    return "\n".join(lines) + "\n"


__all__ = ["FORMAT_VERSION", "PickRecord", "PodLogInfo", "card_name", "log_json", "log_text"]
