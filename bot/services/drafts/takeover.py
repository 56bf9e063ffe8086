"""A bot drafting for a seat: after a pick runs out (and, outside async pods, for good after
``TAKEOVER_AFTER`` misses in a row), when a player leaves the draft, and the seat given back
(``/draft reclaim``, **Take my seat back**)."""

from __future__ import annotations

from bot.services.clock import now
from bot.services.drafts.base import DraftPods, DraftServiceError
from bot.services.drafts.cards import card_name
from bot.services.drafts.notices import DraftNotices
from bot.services.drafts.picking import Picking
from bot.services.drafts.timing import TAKEOVER_AFTER
from engines.draft import pod as engine
from engines.draft.bots import bot_pick


class Takeover:
    """A pick that ran out, leaving the draft to a bot, and taking the seat back."""

    def __init__(self, pods: DraftPods, picking: Picking, notices: DraftNotices) -> None:
        self.pods = pods
        self.picking = picking
        self.notices = notices

    async def expire(self, pod_id: int, seat_no: int, deadline: float) -> None:
        live = await self.pods.get(pod_id)
        seat = live.seats[seat_no]
        async with live.lock:
            if live.deadlines.get(seat_no) != deadline or not live.drafting or seat.is_bot:
                return
            assert live.state is not None
            pack = engine.current_pack(live.state, seat_no)
            if pack is None:
                return
            card = bot_pick(pack.cards, live.state.pools[seat_no])
            missed = seat.missed + 1
            takeover = missed >= TAKEOVER_AFTER and not live.row.config.get("async")
            t = now()
            plan = self.picking.plan(
                live, [(seat_no, card, "timeout")], t, missed={seat_no: missed},
                bots={seat_no: True} if takeover else None,
            )  # fmt: skip
            await self.picking.commit(live, plan, t)
        live.notes[seat_no] = (
            f"⌛ Time ran out on your last pick: the bot took **{card_name(card)}** for you."
        )
        if takeover and not plan.paused:
            await self.notices.say(
                live,
                f"⌛ {seat.display_name} missed {TAKEOVER_AFTER} picks in a row: a bot drafts for that seat "
                "now. `/draft reclaim` gives it back.",
            )
        if plan.paused:
            await self.notices.paused(live, seat.display_name)
        await self.picking.after_change(live, plan)

    async def leave(self, pod_id: int, user_id: int) -> str:
        """A bot drafts for the seat from now on (the player may reclaim it)."""
        live = await self.pods.get(pod_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise DraftServiceError("You're not drafting in this pod.")
        async with live.lock:
            if not live.drafting:
                raise DraftServiceError("This draft is not running.")
            if seat.is_bot:
                raise DraftServiceError("A bot already drafts for your seat; `/draft reclaim` takes it back.")
            t = now()
            plan = self.picking.plan(live, [], t, bots={seat.seat: True}, missed={seat.seat: 0})
            await self.picking.commit(live, plan, t)
        await self.notices.say(
            live,
            f"🚪 {seat.display_name} left the draft: a bot drafts for that seat now (`/draft reclaim` gives it back).",
        )
        if plan.paused:  # the last person picking left while another one's seat ran out of time
            await self.notices.paused(live, None)
        await self.picking.after_change(live, plan)
        return "A bot drafts for you now. `/draft reclaim` gives you the seat back while the draft runs."

    async def reclaim(self, pod_id: int, user_id: int, *, resume: bool = False) -> str:
        """The seat is the player's again, with its picks so far; a paused pod goes on. ``resume``:
        asked as ``/draft resume`` or the pause message's **Resume** (the same, worded for it)."""
        live = await self.pods.get(pod_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise DraftServiceError(
                f"Only a drafter of pod #{pod_id} can resume it: it goes on when one of them takes their seat back."
                if resume
                else "You're not drafting in this pod."
            )
        async with live.lock:
            if not live.drafting:
                raise DraftServiceError("This draft is not running any more.")
            if not seat.is_bot:
                raise DraftServiceError(
                    f"Pod #{pod_id} is not paused: you're drafting your seat yourself."
                    if resume
                    else "You're drafting this seat yourself already."
                )
            was_paused = live.paused
            t = now()
            plan = self.picking.plan(live, [], t, bots={seat.seat: False}, missed={seat.seat: 0})
            await self.picking.commit(live, plan, t)
        live.signatures.pop(seat.seat, None)
        goes_on = " The draft goes on." if was_paused else ""
        await self.notices.say(live, f"🙋 {seat.display_name} is back and drafts their seat again.{goes_on}")
        await self.picking.after_change(live, plan, first=seat.seat)
        return (
            f"Your seat is yours again, with your {len(live.state.pools[seat.seat]) if live.state else 0} "
            "picks so far: your pack is in your DMs (or click **Open my pack** in the thread)."
        )
