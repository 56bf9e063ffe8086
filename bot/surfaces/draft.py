"""What a draft keeps on Discord: the lobby message, the pod's thread and what is said in it, each
drafter's private pack panel (by DM, or shown to them alone), and the pod's progress message.

``DraftSurfaces`` is the draft service's ``DraftNotices`` (``bot/services/drafts/notices.py``):
the service tells it what changed (a pod, the seats whose panels to bring up to date) and it builds
the Discord content from the pod. The progress message is a sender surface
(``Surface("pod-progress", (pod_id,))``) at the version ``progress_version`` (the picks made, and
the end), so updates that come quickly are folded into one edit and a failed edit is repaired.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import discord
from discord.ext import commands
from PIL import Image

from bot.db.drafts import DraftStore, PodLobbyError, PodRow
from bot.mentions import pinging
from bot.presenters.registry import entry
from bot.sender.core import Desired, PermanentError, Sender, Surface
from bot.sender.discord_io import edit_message
from bot.services.dms import DM_CLOSED
from bot.services.drafts import DEFAULT_TIMER, TIMER_PRESETS, LivePod
from bot.services.drafts.cards import card_options, source
from bot.services.drafts.lobby import DRAFT_SEATS, KIND_TITLE, SEALED_BOOSTERS, SEALED_SEATS
from bot.services.drafts.panel import panel_content, signature
from bot.services.drafts.progress import progress_text, progress_version
from bot.surfaces.channels import find_channel
from bot.text import player_count
from bot.ui.draft import pick_view, progress_view, reclaim_view, undo_view
from bot.ui.draft_pause import resume_view
from engines.draft import pod as engine

log = logging.getLogger(__name__)

PROGRESS = "pod-progress"


def progress_surface(pod_id: int) -> Surface:
    return Surface(PROGRESS, (pod_id,))


def lobby_embed(row: PodRow) -> discord.Embed:
    """The pod's lobby: host, seats, options; greyed once it started or was cancelled."""
    cfg = row.config
    status = {"lobby": "Open", "cancelled": "Cancelled"}.get(row.status, "Started")
    embed = discord.Embed(
        title=f"{KIND_TITLE[row.kind]} — pod #{row.id}",
        description=f"Host: <@{row.host_id}> · {status} · {len(row.seats)}/{cfg['seats']} seats",
        colour=discord.Colour.blurple() if row.status == "lobby" else discord.Colour.dark_grey(),
    )
    names = [
        f"{s.seat + 1}. {s.display_name}{' (bot)' if s.is_bot else ''}{' ★' if s.user_id == row.host_id else ''}"
        for s in row.seats
    ]
    embed.add_field(name="Players", value="\n".join(names) or "nobody yet", inline=False)
    opts = [f"bots fill empty seats: {'yes' if cfg.get('bots') else 'no'}"]
    if row.kind == "draft":
        if cfg.get("async"):
            opts.append("async: yes (up to 12 hours per pick; a DM when a pack waits)")
        else:
            timer = str(cfg.get("timer", DEFAULT_TIMER))
            opts.append(f"pick timer: {timer} ({int(TIMER_PRESETS[timer])} s for a full pack)")
        opts.append("3 packs of 18: left, right, left")
    else:
        opts.append(f"{SEALED_BOOSTERS} boosters each")
    best_of = int(cfg.get("best_of") or 1)
    opts.append(
        "matches: best of 1"
        if best_of == 1
        else f"matches: best of {best_of} (first to {best_of // 2 + 1} game wins; the rest of your pool "
        "is your side deck between games)"
    )
    embed.add_field(name="Options", value="\n".join(opts), inline=False)
    if row.status == "lobby":
        lo = DRAFT_SEATS[0] if row.kind == "draft" else SEALED_SEATS[0]
        embed.set_footer(text=f"{player_count(lo, cfg['seats'])}. The host starts; seating is random.")
    elif row.thread_id:
        embed.set_footer(text="The pod is on: see its thread.")
    return embed


def pack_renderer() -> Callable[[Sequence[str], str, str], Image.Image] | None:
    """The drafted game's pack image (``TableSpec.pack_image``), if it declares one."""
    return entry(source().game).table.pack_image


async def pack_file(
    pod_id: int, ref: engine.PickRef, cards: Sequence[str], picks: Sequence[str] = ()
) -> discord.File | None:
    """The pack as an image (numbered as the menu lists it), with the drafter's ``picks`` so far
    under it (by energy, with their cost curve: the game's ``TableSpec.pool_image``) in the same
    picture, drawn off the event loop; None for a game that declares no pack image."""
    table = entry(source().game).table
    draw, draw_picks = table.pack_image, table.pool_image
    if draw is None:
        return None

    def work() -> bytes:
        from render.compose import stacked, to_small_png

        img = draw(cards, f"Pack {ref.round} · pick {ref.pick_no}", f"pod #{pod_id} · {len(cards)} cards")
        if picks and draw_picks is not None:
            img = stacked(img, draw_picks(picks, (), f"Your picks ({len(picks)})"))
        return to_small_png(img)

    data = await asyncio.to_thread(work)
    return discord.File(io.BytesIO(data), filename=f"pack-{pod_id}-{ref.text()}.png")


async def panel(
    live: LivePod, seat_no: int, *, note: str | None = None, with_image: bool = True
) -> tuple[str, discord.File | None, discord.ui.View | None]:
    """What a seat sees privately: its pack (image + select, and **Undo** for the pick just made),
    or why it has none."""
    shown = panel_content(live, seat_no, note=note)
    file: discord.File | None = None
    view: discord.ui.View | None = None
    if shown.kind == "bot":
        view = reclaim_view(live.id)
    elif shown.kind == "pick":
        assert shown.ref is not None
        view = pick_view(live.id, shown.ref.text(), card_options(shown.cards), undo=shown.undo)
        if with_image:
            assert live.state is not None
            file = await pack_file(live.id, shown.ref, shown.cards, live.state.pools[seat_no])
    elif shown.undo is not None:  # waiting for the next pack, the pick just made still undoable
        view = undo_view(live.id, shown.undo)
    return shown.text, file, view


class DraftSurfaces:
    """The draft's ``DraftNotices``: what the service tells players, written to Discord."""

    def __init__(self, client: commands.Bot, sender: Sender, store: DraftStore) -> None:
        self.client = client
        self.sender = sender
        self.store = store
        """Where a seat's DM panel is, once sent (``set_seat``)."""

    lobby_embed = staticmethod(lobby_embed)
    panel = staticmethod(panel)

    # ------------------------------------------------------------------ the pod's thread

    async def thread(self, live: LivePod) -> discord.Thread | None:
        return await find_channel(
            self.client, live.row.thread_id, discord.Thread, "pod thread", {"pod": live.id}
        )

    async def say(self, live: LivePod, text: str, *, ping: Iterable[int | None] = ()) -> None:
        thread = await self.thread(live)
        if thread is None:
            return
        await thread.send(text, allowed_mentions=pinging(ping))

    async def paused(self, live: LivePod, last: str | None) -> None:
        """The pause, said once in the thread to the host and every drafter, with **Resume**."""
        thread = await self.thread(live)
        if thread is None:
            return
        people = [s.user_id for s in live.seats if s.human]
        who = " ".join(f"<@{u}>" for u in dict.fromkeys([live.row.host_id, *people]) if u is not None)
        ran_out = f"{last}'s picks ran out too, so " if last else ""
        await thread.send(
            f"⏸️ **The draft is paused**: {ran_out}nobody is picking any more. Its clocks are stopped "
            "and the bots wait: nothing is picked, built or played without you.\n"
            f"{who}: to carry on, click **Resume** below or use `/draft resume` (your seat is yours "
            "again, with your picks so far), or pick in your DM panel.",
            view=resume_view(live.id),
            allowed_mentions=pinging([live.row.host_id, *people]),
        )

    async def open_thread(self, lobby: discord.Message, row: PodRow) -> tuple[int, int | None]:
        """The pod's thread under its lobby, its first words, and (a draft) its progress message
        with **Open my pack**. Returns (thread id, progress message id)."""
        channel = self.client.get_channel(lobby.channel.id) or await self.client.fetch_channel(
            lobby.channel.id
        )
        if not isinstance(channel, discord.TextChannel):
            raise PodLobbyError("A pod's thread opens under its lobby: create pods in a text channel.")
        thread = await channel.create_thread(
            name=f"{KIND_TITLE[row.kind]} #{row.id}"[:100], message=lobby, auto_archive_duration=1440
        )
        order = ", ".join(f"{s.display_name} (bot)" if s.is_bot else f"<@{s.user_id}>" for s in row.seats)
        people = pinging(s.user_id for s in row.seats if not s.is_bot)
        if row.kind == "sealed":
            await thread.send(
                f"📦 **{KIND_TITLE['sealed']}** pod #{row.id}: each player opened {SEALED_BOOSTERS} boosters. "
                f"Players: {order}. Your pool is private (R81); deck building starts here.",
                allowed_mentions=people,
            )
            return thread.id, None
        cfg = row.config
        timer = (
            "async: up to 12 hours per pick"
            if cfg.get("async")
            else f"{cfg.get('timer', DEFAULT_TIMER)} timer ({int(TIMER_PRESETS[str(cfg.get('timer', DEFAULT_TIMER))])} s for a full pack, less as it empties)"
        )
        await thread.send(
            f"🎴 **Cosmic Draft** pod #{row.id} begins! Seats in passing order: {order}.\n"
            f"Three packs of 18: pack 1 passes left, pack 2 right, pack 3 left. Your pack comes by DM; "
            "choosing a card in its menu picks it (**Undo** takes it back until the pack you passed on "
            f"reaches another drafter). If DMs are closed, click **Open my pack** below. {timer}.",
            allowed_mentions=people,
        )
        progress = await thread.send(content="Opening the packs…", view=progress_view(row.id))
        return thread.id, progress.id

    # ------------------------------------------------------------------ the progress message

    async def progress(self, live: LivePod, *, wait: bool = False) -> None:
        """The progress message brought to the pod's picks through the sender: a newer version
        replaces one still waiting, and a failed edit stays stale until the sender repairs it."""
        thread_id, message_id = live.row.thread_id, live.row.message_id
        if thread_id is None or message_id is None or live.state is None:
            return
        text = progress_text(live)
        drafting = live.drafting
        pod_id = live.id

        async def refused(error: PermanentError) -> None:
            log.warning("progress not updated", extra={"ctx": {"pod": pod_id, "error": str(error)}})

        desired = Desired(
            version=progress_version(live),
            fingerprint=(text, drafting),
            write=edit_message(
                self.client,
                thread_id,
                message_id,
                content=text,
                view=progress_view(pod_id) if drafting else None,
                keep_image=True,
            ),
            channel_id=thread_id,
            on_permanent=refused,
        )
        surface = progress_surface(pod_id)
        done = self.sender.submit_nowait(surface, desired)
        if wait:
            await done
            if not drafting:  # the draft is over: the message will not change again
                self.sender.forget(lambda s: s == surface)

    # ------------------------------------------------------------------ each drafter's panel

    async def panels(self, live: LivePod, seats: Sequence[int]) -> None:
        for seat in seats:
            await self.update_dm(live, seat)

    async def update_dm(self, live: LivePod, seat_no: int) -> None:
        """The seat's DM panel, edited in place; sent anew when it is gone. Only what changed is
        written (``signature``): when only the words changed (a pack queued behind this one) the
        player's choice in the menu is kept. Closed DMs (50007) leave the panel to **Open my
        pack**."""
        seat = live.seats[seat_no]
        if seat.user_id is None or seat_no in live.dm_failed or live.state is None:
            return
        lock = live.dm_locks.setdefault(seat_no, asyncio.Lock())
        retry = False
        async with lock:
            sig = signature(live, seat_no)
            old = live.signatures.get(seat_no)
            if old == sig:
                return
            same_pack = old is not None and old[:3] == sig[:3]
            note = live.notes.pop(seat_no, None)
            content, file, view = await panel(live, seat_no, note=note, with_image=not same_pack)
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
                    user = self.client.get_user(seat.user_id) or await self.client.fetch_user(seat.user_id)
                    kwargs: dict[str, Any] = {"content": content}
                    if file is not None:
                        kwargs["file"] = file
                    if view is not None:
                        kwargs["view"] = view
                    msg = await user.send(**kwargs)
                    seat.dm_message_id = msg.id
                    await self.store.set_seat(live.id, seat_no, dm_message_id=msg.id)
                live.signatures[seat_no] = signature(live, seat_no)
            except discord.Forbidden as exc:
                if exc.code != DM_CLOSED:
                    raise
                live.dm_failed.add(seat_no)
                await self.say(
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
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        return user.dm_channel or await user.create_dm()

    async def pack_waiting(self, live: LivePod, seat_no: int) -> None:
        seat = live.seats[seat_no]
        if seat.user_id is None or seat.is_bot or seat_no in live.dm_failed or live.state is None:
            return
        ref = engine.current_ref(live.state, seat_no)
        if ref is None:
            return
        try:
            user = self.client.get_user(seat.user_id) or await self.client.fetch_user(seat.user_id)
            await user.send(
                f"📦 A pack is waiting for you in pod #{live.id} (pack {ref.round}, pick {ref.pick_no}): "
                "it's in the panel above, or click **Open my pack** in the pod's thread."
            )
        except (discord.Forbidden, discord.NotFound):
            pass
