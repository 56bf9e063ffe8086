"""What every part of the draft service shares: the pods kept in memory (``LivePod``, held by
``DraftPods``), loading a pod from its pick log, the plan of a change (``Plan``),
``DraftServiceError``.

A pod's state is ``engines.draft.pod.replay`` of its config, seed and pick log, kept in memory
once loaded; lobbies change only through the store, so they are never cached.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from bot.db.drafts import DraftStore, PickRow, PodRow, PodSeatRow
from bot.services.drafts.cards import source
from bot.services.drafts.timing import (
    ASYNC_PICK_SECONDS,
    DEFAULT_TIMER,
    TAKEOVER_AFTER,
    TIMER_PRESETS,
    pick_seconds,
)
from bot.services.shared import POD_SPACE, SharedLock
from engines.core import CardhostError
from engines.draft import pod as engine

log = logging.getLogger(__name__)

DEFAULT_SLOTS = "13C 4U 1R7M1"


class DraftServiceError(CardhostError):
    pass


@dataclass
class LivePod:
    row: PodRow
    state: engine.PodState | None
    seq: int
    lock: SharedLock = field(default_factory=SharedLock)
    """Held while the pod changes; across processes too when they share the database."""
    deadlines: dict[int, float] = field(default_factory=dict)
    held_since: dict[int, float] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    """One-shot lines for a seat's next panel ("time ran out: the bot picked X for you")."""
    dm_failed: set[int] = field(default_factory=set)
    """Seats whose DMs are closed: their panel is only shown on **Open my pack**."""
    signatures: dict[int, Any] = field(default_factory=dict)
    """What each seat's DM panel shows (``panel.signature``): cleared when another process may
    have edited the panels."""
    dm_locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    undo: dict[int, str] = field(default_factory=dict)
    """Seat -> the ``PickRef`` text of the pick it may still take back (its last, made by the
    person: ``bot/services/drafts/undo.py``); its panel shows **Undo** for it."""
    warned: dict[int, float] = field(default_factory=dict)
    """Seats warned that their pick runs out (seat -> the deadline warned of): their DM panel says
    so, edited in place, instead of a ping in the pod's thread."""

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def seats(self) -> list[PodSeatRow]:
        return self.row.seats

    @property
    def drafting(self) -> bool:
        return self.row.status == "drafting" and self.state is not None and not engine.is_done(self.state)

    @property
    def full_seconds(self) -> float:
        if self.row.config.get("async"):
            return ASYNC_PICK_SECONDS
        return TIMER_PRESETS.get(
            str(self.row.config.get("timer", DEFAULT_TIMER)), TIMER_PRESETS[DEFAULT_TIMER]
        )

    @property
    def paused(self) -> bool:
        """Nobody is left picking (``pauses``): nothing moves until a person takes a seat back."""
        return self.drafting and pauses(
            self.row, {s.seat: s.is_bot for s in self.seats}, {s.seat: s.missed for s in self.seats}
        )

    def seat_of(self, user_id: int) -> PodSeatRow | None:
        return self.row.seat_of(user_id)

    def allotted(self, cards_left: int) -> float:
        assert self.state is not None
        if self.row.config.get("async"):
            return ASYNC_PICK_SECONDS
        return pick_seconds(self.full_seconds, cards_left, self.state.pack_size)


def taken_for_missing(seat: PodSeatRow, is_bot: bool, missed: int) -> bool:
    """A person's seat a bot took because its picks ran out (not because they left the draft)."""
    return seat.human and is_bot and missed >= TAKEOVER_AFTER


def pauses(row: PodRow, bots: dict[int, bool], missed: dict[int, int]) -> bool:
    """Whether a pod with these seats (seat -> bot drafting it, seat -> missed picks in a row) is
    paused: no person picks any more and at least one of them lost their seat to the clock, not by
    leaving. Then the bots would draft every seat to the end at once, with nobody there to build
    or play (issue #35), so the pod waits: it has no clocks, nobody picks, until a person takes
    their seat back (``/draft resume``, **Take my seat back**, or a pick). Derived from the seats
    as stored, so a paused pod is still paused after a restart. Pods whose people all left with
    ``/draft leave`` said so, and async pods never take a seat over: neither pauses."""
    if row.config.get("async"):
        return False
    people = [s for s in row.seats if s.human]
    if not people or any(not bots[s.seat] for s in people):
        return False
    return any(taken_for_missing(s, bots[s.seat], missed[s.seat]) for s in people)


@dataclass
class Plan:
    state: engine.PodState
    rows: list[PickRow]
    clocks: dict[int, float | None]
    missed: dict[int, int]
    bots: dict[int, bool]
    arrived: list[int]
    """Human seats that had no pack and now have one (async pods ping them)."""
    paused: bool = False
    """The pod is paused after this change (``pauses``): no bot picks, no clocks."""


def set_code(row: PodRow) -> str:
    """The set a pod opens (pods made before the set was stored open the game's default set)."""
    return str(row.config.get("set", source().default_set))


def pod_config(row: PodRow) -> engine.PodConfig:
    cfg = row.config
    return engine.PodConfig(
        seats=len(row.seats),
        packs=int(cfg.get("packs", 3)),
        set_code=set_code(row),
        slots=str(cfg.get("slots", DEFAULT_SLOTS)),
    )


class DraftPods:
    """The running pods in memory: loaded from the store once, brought up to date when another
    process changed them, forgotten when they end."""

    def __init__(self, store: DraftStore, shared: Callable[[], bool]) -> None:
        self.store = store
        self.shared = shared
        """Whether other processes share the database (read at each load: set after start-up)."""
        self.live: dict[int, LivePod] = {}
        self._load_lock = asyncio.Lock()
        self.on_refresh: Callable[[LivePod], None] = lambda live: None
        """Called when a refresh changed a pod (the clocks drop the timers of seats with none)."""

    async def get(self, pod_id: int) -> LivePod:
        live = self.live.get(pod_id)
        if live is not None:
            return live
        async with self._load_lock:
            live = self.live.get(pod_id)
            if live is not None:
                return live
            live = self.bind(await self.load(pod_id))
            if live.row.status in ("lobby", "finished", "cancelled"):
                return live  # lobbies change through the store, an ended pod is only read: not kept
            self.live[pod_id] = live
            return live

    async def current(self, pod_id: int) -> LivePod:
        """The pod to read (a panel, a menu choice): with several processes, brought up to what
        is stored first, since another process may have taken the last picks."""
        live = await self.get(pod_id)
        await live.lock.catch_up()
        return live

    def bind(self, live: LivePod) -> LivePod:
        """With several processes, the pod's lock is also the database's, and reloads the pod."""
        if self.shared():
            live.lock.bind(self.store.db, POD_SPACE, live.id, lambda: self.refresh(live))
        return live

    async def load(self, pod_id: int) -> LivePod:
        row = await self.store.get(pod_id)
        live = LivePod(row, None, 0)
        if row.kind == "draft" and row.status not in ("lobby", "cancelled"):
            picks = await self.store.picks(pod_id)
            state = engine.replay(pod_config(row), row.seed, ((p.seat, p.card) for p in picks))
            live = LivePod(row, state, picks[-1].seq if picks else 0)
            await self._load_clocks(live)
        return live

    async def _load_clocks(self, live: LivePod) -> None:
        assert live.state is not None
        live.deadlines, live.held_since = {}, {}
        for clock in await self.store.clocks(live.id):
            live.deadlines[clock.seat] = clock.deadline
            if clock.warned:  # another process (or this one before a restart) warned the seat
                live.warned[clock.seat] = clock.deadline
            pack = engine.current_pack(live.state, clock.seat)
            if pack is not None:
                live.held_since[clock.seat] = clock.deadline - live.allotted(len(pack.cards))

    async def refresh(self, live: LivePod) -> None:
        """Bring a cached pod up to the stored one (its lock is held here and in the database):
        another process may have taken picks, seats or clocks on. Only the picks stored since are
        played; the row and seat objects are updated in place, since callers hold them across the
        lock."""
        row = await self.store.get(live.id)
        changed = row != live.row
        # Another process took a pick back (``DraftStore.unpick``): the log lost rows, so the pod
        # is replayed from it rather than continued from the picks after its last.
        undone = row.config.get("undone") != live.row.config.get("undone")
        for f in fields(row):
            if f.name != "seats":
                setattr(live.row, f.name, getattr(row, f.name))
        for mine, stored in zip(live.row.seats, row.seats, strict=True):
            mine.__dict__.update(stored.__dict__)
        if live.state is None or undone:  # cached before the draft began, or a pick taken back
            fresh = await self.load(live.id)
            live.state, live.seq = fresh.state, fresh.seq
            changed = changed or fresh.state is not None
        else:
            for p in await self.store.picks(live.id, after=live.seq):
                live.state, live.seq, changed = engine.pick(live.state, p.seat, p.card), p.seq, True
        if live.state is not None:
            deadlines = dict(live.deadlines)
            await self._load_clocks(live)
            changed = changed or deadlines != live.deadlines
        if not changed:
            return
        live.signatures.clear()  # another process may have edited the panels: edit them again
        self.on_refresh(live)

    def forget(self, pod_id: int) -> None:
        """A finished pod leaves memory (its draft state, DM locks and deadlines); ``get`` loads it
        again from the database if a command asks for it."""
        self.live.pop(pod_id, None)

    async def pod_for(
        self, pod_id: int | None, channel_id: int | None, user_id: int, statuses: Sequence[str]
    ) -> int:
        """The pod a command means: the one given, the pod whose thread this is, or the player's latest."""
        if pod_id is not None:
            return pod_id
        for live in self.live.values():
            if live.row.thread_id is not None and live.row.thread_id == channel_id:
                return live.id
        ids = await self.store.pods_of(user_id, statuses)
        if not ids:
            raise DraftServiceError("You're not in a pod right now: name one with the `pod:` option.")
        return ids[0]
