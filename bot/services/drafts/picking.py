"""Picking: every change to a running draft, and what follows it.

Every change goes the same way, under the pod's lock: plan it on the immutable state (``plan``:
the player's pick, then every pick the bots can make at once), write the picks, clock changes and,
for the last pick, the pools in one transaction (``commit``), and only then adopt the new state
and tell people (``after_change``): the DM panel of every seat whose pack changed is brought up to
date, the progress message too (never a card in it, R85), pick clocks are (re)armed. The last pick
hands the pod to deck building (``building.start_building``). What people are told goes through
``notices`` (``bot/surfaces/draft.py``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.db.drafts import DraftStore, PickRow
from bot.services.clock import now
from bot.services.drafts.base import DraftPods, DraftServiceError, LivePod, Plan, pauses, taken_for_missing
from bot.services.drafts.clocks import PickClocks
from bot.services.drafts.notices import BuildingStarter, DraftNotices
from bot.services.drafts.undo import take_back
from engines.draft import pod as engine
from engines.draft.bots import bot_pick

log = logging.getLogger(__name__)


class Picking:
    """Planning and committing picks, a player's pick (``submit``), telling people, the end."""

    def __init__(self, pods: DraftPods, store: DraftStore, clocks: PickClocks, notices: DraftNotices) -> None:
        self.pods = pods
        self.store = store
        self.clocks = clocks
        self.notices = notices
        self.building: BuildingStarter | None = None
        """What takes the pod over when its pools are ready (``bot/client.py`` sets it)."""

    def plan(
        self,
        live: LivePod,
        picks: Sequence[tuple[int, str, str]],
        t: float,
        *,
        bots: dict[int, bool] | None = None,
        missed: dict[int, int] | None = None,
    ) -> Plan:
        """The state after ``picks`` (seat, card, by) and every pick the bot seats can then make."""
        assert live.state is not None
        old = live.state
        state = old
        rows: list[PickRow] = []
        seq = live.seq
        bot_seats = {s.seat for s in live.seats if s.is_bot}
        for seat, is_bot in (bots or {}).items():
            (bot_seats.add if is_bot else bot_seats.discard)(seat)
        missed_after = {s.seat: (missed or {}).get(s.seat, s.missed) for s in live.seats}
        paused = pauses(live.row, {s.seat: s.seat in bot_seats for s in live.seats}, missed_after)

        def take(seat: int, card: str, by: str) -> None:
            nonlocal state, seq
            pack = engine.current_pack(state, seat)
            ref = engine.current_ref(state, seat)
            assert pack is not None and ref is not None
            state = engine.pick(state, seat, card, expect=ref)
            seq += 1
            held = None if by == "bot" else max(0.0, t - live.held_since.get(seat, t))
            rows.append(PickRow(seq, seat, ref.round, ref.pick_no, card, pack.cards, by, t, held))

        for seat, card, by in picks:
            take(seat, card, by)
        moved = not paused  # a paused pod: nothing moves until a person takes a seat back
        while moved and not engine.is_done(state):
            moved = False
            for seat in sorted(bot_seats):
                while (pack := engine.current_pack(state, seat)) is not None:
                    take(seat, bot_pick(pack.cards, state.pools[seat]), "bot")
                    moved = True
        clocks: dict[int, float | None] = {}
        arrived: list[int] = []
        done = engine.is_done(state)
        bots = dict(bots or {})
        missed = dict(missed or {})
        if done:  # deck building and the rounds are the person's, not the bot's that ran out their clock
            for s in live.seats:
                if taken_for_missing(s, s.seat in bot_seats, missed_after[s.seat]):
                    bots[s.seat], missed[s.seat] = False, 0
        for s in live.seats:
            before, after = engine.current_ref(old, s.seat), engine.current_ref(state, s.seat)
            if s.seat in bot_seats or done or paused:
                if s.seat in live.deadlines:
                    clocks[s.seat] = None
                continue
            if after != before or s.seat not in live.deadlines:
                pack = engine.current_pack(state, s.seat)
                if pack is None:
                    if s.seat in live.deadlines:
                        clocks[s.seat] = None
                else:
                    clocks[s.seat] = t + live.allotted(len(pack.cards))
                    if before is None:
                        arrived.append(s.seat)
        return Plan(state, rows, clocks, missed, bots, arrived, paused and not done)

    async def commit(self, live: LivePod, plan: Plan, t: float) -> None:
        """Write the plan (one transaction), then adopt it in memory and (re)arm the clocks."""
        done = engine.is_done(plan.state)
        await self.store.record(
            live.id,
            plan.rows,
            clocks=plan.clocks,
            missed=plan.missed,
            bots=plan.bots,
            pools=plan.state.pools if done else None,
        )
        live.state = plan.state
        if plan.rows:
            live.seq = plan.rows[-1].seq
        for row in plan.rows:  # a seat's pick made by a bot (its clock ran out) can't be undone
            if row.by != "player":
                live.undo.pop(row.seat, None)
        for seat, n in plan.missed.items():
            live.seats[seat].missed = n
        for seat, is_bot in plan.bots.items():
            live.seats[seat].is_bot = is_bot
        for seat, deadline in plan.clocks.items():
            if deadline is None:
                live.deadlines.pop(seat, None)
                self.clocks.cancel(live.id, seat)
            else:
                live.deadlines[seat] = deadline
                live.held_since[seat] = t
                self.clocks.arm(live.id, seat, deadline, warned=False)
        if done:
            live.row.status = "building"
            for seat in list(live.deadlines):
                self.clocks.cancel(live.id, seat)
            live.deadlines.clear()
            for s in live.seats:
                s.pool = list(plan.state.pools[s.seat])

    async def submit(self, pod_id: int, user_id: int, ref_text: str, card: str) -> tuple[LivePod, Plan]:
        """A player's pick (chosen in the pack menu). Raises a ``CardhostError`` with a sentence when refused."""
        live = await self.pods.get(pod_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise DraftServiceError("You're not drafting in this pod.")
        async with live.lock:
            if live.row.status != "drafting" or live.state is None or engine.is_done(live.state):
                raise DraftServiceError("The draft is over: there are no packs left to pick from.")
            back = seat.is_bot and live.paused  # a pick in a paused pod takes the seat back
            if seat.is_bot and not back:
                raise DraftServiceError(
                    "A bot is drafting for you now: use `/draft reclaim` (or **Take my seat back**) first."
                )
            ref = engine.PickRef.parse(ref_text)
            if ref.seat != seat.seat:
                raise DraftServiceError("That pack belongs to another seat.")
            current = engine.current_ref(live.state, seat.seat)
            if current != ref:
                if current is None:
                    raise engine.StalePick(
                        "That pick was already made; your next pack has not reached you yet."
                    )
                raise engine.StalePick()
            t = now()
            plan = self.plan(
                live,
                [(seat.seat, card, "player")],
                t,
                missed={seat.seat: 0} if seat.missed else None,
                bots={seat.seat: False} if back else None,
            )  # raises NotInPack before anything is stored
            await self.commit(live, plan, t)
            if not engine.is_done(plan.state):
                live.undo[seat.seat] = ref_text  # the panel offers Undo for it (``undo.take_back``)
        if back:
            await self.notices.say(live, f"▶️ {seat.display_name} is back and picked: the draft goes on.")
        return live, plan

    async def undo(self, pod_id: int, user_id: int, ref_text: str) -> tuple[LivePod, Plan, str]:
        """Take back the player's last pick (**Undo**): ``bot/services/drafts/undo.py``."""
        return await take_back(self.pods, self.store, self.clocks, pod_id, user_id, ref_text)

    async def after_change(self, live: LivePod, plan: Plan, *, first: int | None = None) -> None:
        order = [s.seat for s in live.seats if s.human]
        if first is not None and first in order:
            order.remove(first)
            order.insert(0, first)
        async with live.lock.across_processes():
            await self.notices.panels(live, order)
            await self.notices.progress(live)  # the newest picks, with several processes
        if live.row.config.get("async"):
            for seat in plan.arrived:
                await self.notices.pack_waiting(live, seat)
        if (
            plan.rows
            and live.state is not None
            and engine.is_done(live.state)
            and live.row.status == "building"
        ):
            await self._finish(live)

    async def _finish(self, live: LivePod) -> None:
        await self.notices.progress(live, wait=True)  # the draft is over there before it is said
        await self.notices.say(
            live,
            "🏁 **The draft is over.** Every pool is saved; nobody sees another drafter's picks (R85). "
            "Deck building is next. `/draft log` gives you your own picks now, and the whole pod's log "
            "once the pod is finished.",
        )
        log.info("draft finished", extra={"ctx": {"pod": live.id, "picks": live.seq}})
        await self.hand_over(live.id)

    async def hand_over(self, pod_id: int) -> None:
        if self.building is None:
            return
        try:
            await self.building.start_building(pod_id)
        except Exception:
            log.exception("deck building did not start", extra={"ctx": {"pod": pod_id}})
