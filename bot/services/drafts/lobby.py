"""Pod lobbies and the start of a pod: what the lobby's buttons (Join, Leave, Start, Cancel) do,
random seating (R82), the first picks of a draft once its thread is open, or a sealed pod's pools
handed straight to deck building. The lobby message, the pod's thread and what is said there are
``bot/surfaces/draft.py``'s; the clicks are read in ``bot/ui/draft.py``."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.db.drafts import DraftStore, PodLobbyError, PodRow
from bot.services.clock import now
from bot.services.drafts.base import (
    DEFAULT_SLOTS,
    DraftPods,
    DraftServiceError,
    LivePod,
    pod_config,
    set_code,
)
from bot.services.drafts.cards import source
from bot.services.drafts.picking import Picking
from bot.services.drafts.timing import DEFAULT_TIMER, TIMER_PRESETS
from engines.core import Rng
from engines.draft import pod as engine

log = logging.getLogger(__name__)

DRAFT_SEATS = (engine.MIN_SEATS, engine.MAX_SEATS)
SEALED_SEATS = (2, 8)
SEALED_BOOSTERS = 6
SEATING_SALT = 0x5EA7
POD_BEST_OF = (1, 3)
MAX_OPEN_PODS = 3
"""Pods one player may sit in before they finish (lobby, drafting, building, playing): a pod
holds packs, clocks and tables in memory for hours."""
LIVE_POD_STATUSES = ("lobby", "drafting", "building", "playing")
"""Games per table in the rounds after the draft (``pods.config["best_of"]``, default 1)."""
KIND_TITLE = {"draft": "Cosmic Draft", "sealed": "Unleashed Armada (sealed)"}

DM_HELP = (
    "I couldn't send you a direct message. Your packs are private, so I send them by DM: open the "
    "server's menu → **Privacy Settings** → turn on **Direct Messages**. Until then, click **Open my "
    "pack** in the pod's thread when the draft runs: only you will see your pack."
)


@dataclass(frozen=True)
class LobbyClick:
    """What a lobby button did: the pod as stored after it, and whether the clicker joined (then
    their DMs are checked) or the host started the pod (then its thread opens)."""

    row: PodRow
    joined: bool = False
    started: bool = False


class Lobby:
    """Creating a pod, its lobby buttons, and starting it."""

    def __init__(self, pods: DraftPods, store: DraftStore, picking: Picking, seed: Callable[[], int]) -> None:
        self.pods = pods
        self.store = store
        self.picking = picking
        self.seed = seed

    async def create(
        self,
        kind: str,
        seats: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int,
        name: str,
        timer: str = DEFAULT_TIMER,
        bots: bool = True,
        async_: bool = False,
        best_of: int = 1,
    ) -> PodRow:
        """A new pod in its lobby; its message is posted by the caller (``posted``)."""
        lo, hi = DRAFT_SEATS if kind == "draft" else SEALED_SEATS
        if len(await self.store.pods_of(user_id, LIVE_POD_STATUSES)) >= MAX_OPEN_PODS:
            raise DraftServiceError(
                f"You're already in {MAX_OPEN_PODS} pods that have not finished: "
                "finish or leave one of them first."
            )
        if best_of not in POD_BEST_OF:
            raise DraftServiceError("A pod's matches are best of 1 or best of 3.")
        if not lo <= seats <= hi:
            raise DraftServiceError(f"A {KIND_TITLE[kind]} pod has {lo} to {hi} seats.")
        if timer not in TIMER_PRESETS:
            raise DraftServiceError(f"The pick timer is one of {', '.join(TIMER_PRESETS)}.")
        config: dict[str, Any] = {
            "seats": seats,
            "bots": bool(bots),
            "set": source().default_set,
            "slots": DEFAULT_SLOTS,
        }
        if best_of > 1:
            config["best_of"] = best_of  # read by the pod's rounds (bot/services/podplay/rounds.py)
        if kind == "draft":
            config.update({"timer": timer, "async": bool(async_), "packs": 3})
        else:
            config["boosters"] = SEALED_BOOSTERS
        pod_id = await self.store.create(
            kind, guild_id, channel_id, user_id, name, config, int(self.seed()), now()
        )
        log.info("pod created", extra={"ctx": {"pod": pod_id, "kind": kind, "seats": seats}})
        return await self.store.get(pod_id)

    async def posted(self, pod_id: int, message_id: int) -> None:
        """The lobby's message is up: its buttons' clicks find the pod by it."""
        await self.store.set_message(pod_id, message_id)

    async def click(self, pod_id: int, op: str, user_id: int, name: str, *, moderator: bool) -> LobbyClick:
        """Join, Leave, Cancel or Start. Raises a ``CardhostError`` with a sentence when refused."""
        row = await self.store.get(pod_id)
        if row.status != "lobby":
            raise PodLobbyError("This pod has already started or was cancelled.")
        is_host = user_id == row.host_id
        if op == "join":
            await self.store.join(pod_id, user_id, name, int(row.config["seats"]))
            return LobbyClick(await self.store.get(pod_id), joined=True)
        if op == "leave":
            if is_host:
                raise PodLobbyError("You're the host: use Cancel to close the pod.")
            await self.store.leave(pod_id, user_id)
        elif op == "cancel":
            if not (is_host or moderator):
                raise PodLobbyError("Only the host or a moderator can cancel this pod.")
            if not await self.store.set_status(pod_id, "cancelled", expect=("lobby",)):
                raise PodLobbyError("This pod has already started or was cancelled.")
        elif op == "start":
            if not is_host:
                raise PodLobbyError("Only the host can start the pod.")
            return LobbyClick(await self.start(row), started=True)
        return LobbyClick(await self.store.get(pod_id))

    def _final_seats(self, row: PodRow) -> list[tuple[int | None, str, bool]]:
        """Everyone's final place: the players, bots in the empty seats if allowed, in random
        order from the pod's seed (R82, DECISION A21)."""
        lo = DRAFT_SEATS[0] if row.kind == "draft" else SEALED_SEATS[0]
        table = int(row.config["seats"])
        people: list[tuple[int | None, str, bool]] = [(s.user_id, s.display_name, False) for s in row.seats]
        if len(people) < table and row.config.get("bots"):
            people += [(None, f"Bot {i + 1}", True) for i in range(table - len(people))]
        elif len(people) < lo:
            raise PodLobbyError(
                f"This pod needs at least {lo} players and bots may not fill seats: wait for more "
                f"players, or create a pod that allows bots."
            )
        return list(Rng.from_seed(row.seed ^ SEATING_SALT).shuffled(people))

    async def start(self, row: PodRow) -> PodRow:
        """Seat everyone and store the start (a sealed pod's pools with it); returns the pod as
        stored. Its thread is opened next (``opened``)."""
        seats = self._final_seats(row)
        pools = None
        if row.kind == "sealed":
            pools = engine.sealed_pools(
                set_code(row), str(row.config.get("slots", DEFAULT_SLOTS)), row.seed,
                len(seats), int(row.config.get("boosters", SEALED_BOOSTERS)),
            )  # fmt: skip
        status = "drafting" if row.kind == "draft" else "building"
        if not await self.store.start(row.id, seats, now(), status=status, pools=pools):
            raise PodLobbyError("This pod has already started or was cancelled.")
        return await self.store.get(row.id)

    async def opened(self, row: PodRow, thread_id: int, progress_id: int | None) -> None:
        """The pod's thread is open (with its progress message, for a draft): a sealed pod goes
        to deck building; a draft's bots make their first picks and every player gets a clock."""
        await self.store.set_message(row.id, progress_id, thread_id)
        started = "sealed pod started" if row.kind == "sealed" else "draft started"
        log.info(started, extra={"ctx": {"pod": row.id, "seats": len(row.seats)}})
        if row.kind == "sealed":
            await self.picking.hand_over(row.id)
            return
        row.thread_id, row.message_id = thread_id, progress_id
        state = engine.new_pod(pod_config(row), row.seed)
        live = self.pods.bind(LivePod(row, state, 0))
        self.pods.live[row.id] = live
        async with live.lock:
            t = now()
            plan = self.picking.plan(live, [], t)  # the bots' first picks, a clock for every player
            await self.picking.commit(live, plan, t)
        await self.picking.after_change(live, plan)
