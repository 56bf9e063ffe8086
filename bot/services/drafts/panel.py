"""The DM pack panel: what a seat sees privately (its pack's image, the pick menu and Confirm, or
why it has no pack), edited in place as packs move; pings for async pods.

A panel is re-sent only when what it shows changed (``_signature``); when only the text changed
(a pack queued behind this one) the message's text is edited and the player's choice in the menu
is kept. Closed DMs (50007) leave the panel to **Open my pack** in the pod's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Sequence
from typing import Any

import discord

from bot.services.dms import DM_CLOSED
from bot.services.drafts.base import DraftBase, LivePod
from bot.services.drafts.cards import card_name, card_options, pack_renderer
from bot.text import clip
from bot.ui.draft import pick_view, reclaim_view
from engines.draft import pod as engine


class DmPanel(DraftBase):
    """Each drafter's private panel, by DM (or ephemerally when DMs are closed)."""

    def _signature(self, live: LivePod, seat: int) -> tuple[Any, ...]:
        assert live.state is not None
        ref = engine.current_ref(live.state, seat)
        return (
            live.row.status,
            live.seats[seat].is_bot,
            ref.text() if ref else None,
            len(live.state.queues[seat]),
            live.deadlines.get(seat),
            live.notes.get(seat),
        )

    async def update_dm(self, live: LivePod, seat_no: int) -> None:
        seat = live.seats[seat_no]
        if seat.user_id is None or seat_no in live.dm_failed or live.state is None:
            return
        lock = live.dm_locks.setdefault(seat_no, asyncio.Lock())
        retry = False
        async with lock:
            sig = self._signature(live, seat_no)
            old = live.signatures.get(seat_no)
            if old == sig:
                return
            same_pack = old is not None and old[:3] == sig[:3]
            note = live.notes.pop(seat_no, None)
            content, file, view = await self.panel(live, seat_no, note=note, with_image=not same_pack)
            try:
                if seat.dm_message_id:
                    channel = await self._dm_channel(seat.user_id)
                    message = channel.get_partial_message(seat.dm_message_id)
                    if same_pack:
                        # Only the text changed (a pack queued behind this one): keep the choice made.
                        await message.edit(content=content)
                    else:
                        await message.edit(content=content, attachments=[file] if file else [], view=view)
                else:
                    user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
                    kwargs: dict[str, Any] = {"content": content}
                    if file is not None:
                        kwargs["file"] = file
                    if view is not None:
                        kwargs["view"] = view
                    msg = await user.send(**kwargs)
                    seat.dm_message_id = msg.id
                    await self.store.set_seat(live.id, seat_no, dm_message_id=msg.id)
                live.signatures[seat_no] = self._signature(live, seat_no)
            except discord.Forbidden as exc:
                if exc.code != DM_CLOSED:
                    raise
                live.dm_failed.add(seat_no)
                await self._thread_say(
                    live,
                    f"<@{seat.user_id}> I can't send you direct messages, so your packs stay here: click "
                    "**Open my pack** on the progress message (only you will see it).",
                    ping=[seat.user_id],
                )
            except discord.NotFound:
                # The DM panel was deleted: send a fresh one.
                retry = seat.dm_message_id is not None
                seat.dm_message_id = None
                live.signatures.pop(seat_no, None)
        if retry:
            await self.update_dm(live, seat_no)

    async def _dm_channel(self, user_id: int) -> discord.DMChannel:
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        return user.dm_channel or await user.create_dm()

    async def _ping(self, live: LivePod, seat_no: int) -> None:
        seat = live.seats[seat_no]
        if seat.user_id is None or seat.is_bot or seat_no in live.dm_failed or live.state is None:
            return
        ref = engine.current_ref(live.state, seat_no)
        if ref is None:
            return
        with contextlib.suppress(discord.Forbidden, discord.NotFound):
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            await user.send(
                f"📦 A pack is waiting for you in pod #{live.id} (pack {ref.round}, pick {ref.pick_no}): "
                "it's in the panel above, or click **Open my pack** in the pod's thread."
            )

    async def panel(
        self, live: LivePod, seat_no: int, *, note: str | None = None, with_image: bool = True
    ) -> tuple[str, discord.File | None, discord.ui.View | None]:
        """What a seat sees privately: its pack (image + select + Confirm), or why it has none."""
        assert live.state is not None
        seat = live.seats[seat_no]
        state = live.state
        where = f"<#{live.row.thread_id}>" if live.row.thread_id else f"pod #{live.id}"
        lines = [f"**Cosmic Draft** · pod #{live.id} · {where}"]
        if note:
            lines.append(note)
        file: discord.File | None = None
        view: discord.ui.View | None = None
        pack = engine.current_pack(state, seat_no)
        ref = engine.current_ref(state, seat_no)
        if live.row.status != "drafting" or engine.is_done(state):
            lines.append(
                f"🏁 **The draft is over.** Your pool has {len(state.pools[seat_no])} cards; "
                "deck building goes on in the pod's thread."
            )
        elif seat.is_bot:
            lines.append(
                "🤖 A bot is drafting for your seat. Click **Take my seat back** (or use `/draft reclaim`) "
                "to pick yourself again."
            )
            view = reclaim_view(live.id)
        elif pack is None or ref is None:
            source = engine.pass_source(state.config, seat_no, state.round)
            lines.append(
                f"Pack {state.round} · you made {state.picks_made[seat_no]} picks. Waiting for the next "
                f"pack from {live.seats[source].display_name}…"
            )
        else:
            more = len(state.queues[seat_no]) - 1
            queued = f" · {more} more pack{'s' if more != 1 else ''} waiting" if more > 0 else ""
            lines.append(f"**Pack {ref.round}, pick {ref.pick_no}** · {len(pack.cards)} cards{queued}")
            deadline = live.deadlines.get(seat_no)
            if deadline is not None:
                lines.append(f"⏳ The bot picks for you <t:{int(deadline)}:R> if you haven't confirmed.")
            lines.append("Choose a card in the list, then click **Confirm**.")
            view = pick_view(live.id, ref.text(), card_options(pack.cards))
            if with_image:
                file = await self.pack_file(live.id, ref, pack.cards)
        pool = state.pools[seat_no]
        if pool:
            names = ", ".join(card_name(c) for c in pool)
            lines.append(f"Your picks ({len(pool)}): {names}")
        return clip("\n".join(lines)), file, view

    async def pack_file(self, pod_id: int, ref: engine.PickRef, cards: Sequence[str]) -> discord.File | None:
        """The pack as an image (numbered as the menu lists it), drawn off the event loop; None
        for a game that declares no pack image."""
        draw = pack_renderer()
        if draw is None:
            return None

        def work() -> bytes:
            from render.common import to_png

            return to_png(
                draw(cards, f"Pack {ref.round} · pick {ref.pick_no}", f"pod #{pod_id} · {len(cards)} cards")
            )

        data = await asyncio.to_thread(work)
        return discord.File(io.BytesIO(data), filename=f"pack-{pod_id}-{ref.text()}.png")
