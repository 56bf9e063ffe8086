"""The pod's public progress message in its thread: who is picking, pack and pick numbers, packs
waiting, and never a card (R85). It is edited in place, one edit in flight at a time."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.services.drafts.base import DraftBase, LivePod
from bot.text import clip
from bot.ui.draft import progress_view
from engines.draft import pod as engine

log = logging.getLogger(__name__)


class Progress(DraftBase):
    """The progress message: its text and the loop that keeps it up to date."""

    def progress_text(self, live: LivePod) -> str:
        """The pod's public progress: who is picking, pack and pick numbers, packs waiting. Never a card."""
        assert live.state is not None
        state = live.state
        prog = engine.progress(state)
        title = f"**Cosmic Draft** · pod #{live.id}"
        best_of = int(live.row.config.get("best_of") or 1)
        if best_of > 1:
            title += f" · matches best of {best_of}"
        if prog.done or live.row.status != "drafting":
            lines = [f"{title} · 🏁 the draft is over ({prog.rounds * prog.picks_per_round} picks each)."]
        else:
            arrow = "left ▶" if engine.direction(prog.round) > 0 else "◀ right"
            lines = [f"{title} · **pack {prog.round} of {prog.rounds}**, passing {arrow}"]
        picking = []
        for sp in prog.seats:
            seat = live.seats[sp.seat]
            who = f"{seat.display_name}{' (bot)' if seat.is_bot else ''}"
            if prog.done or live.row.status != "drafting":
                lines.append(f"`{sp.seat + 1}` {who}")
                continue
            if sp.waiting:
                status = f"picking {sp.picks_made + 1} of {prog.picks_per_round}"
                if sp.waiting > 1:
                    status += f" · {sp.waiting - 1} more waiting"
                if not seat.is_bot:
                    picking.append(seat.display_name)
            else:
                status = f"{sp.picks_made} of {prog.picks_per_round} picked · waiting for a pack"
            lines.append(f"`{sp.seat + 1}` {who}: {status}")
        if picking and live.row.status == "drafting":
            lines.append(f"Picking now: {', '.join(picking)}")
        return clip("\n".join(lines))

    def _kick_progress(self, live: LivePod) -> None:
        live.progress_dirty = True
        if live.progress_task is None or live.progress_task.done():
            live.progress_task = asyncio.create_task(
                self._progress_loop(live), name=f"pod-progress-{live.id}"
            )

    async def _progress_loop(self, live: LivePod) -> None:
        """One edit in flight at a time; changes during an edit are folded into the next one."""
        while live.progress_dirty:
            live.progress_dirty = False
            if live.row.thread_id is None or live.row.message_id is None or live.state is None:
                return
            try:
                thread = await self._thread(live)
                if thread is None:
                    return
                async with live.lock.across_processes():  # several processes: the newest picks
                    view = progress_view(live.id) if live.drafting else None
                    await thread.get_partial_message(live.row.message_id).edit(
                        content=self.progress_text(live), view=view
                    )
            except discord.HTTPException as exc:
                log.warning("progress not updated", extra={"ctx": {"pod": live.id, "error": str(exc)}})
