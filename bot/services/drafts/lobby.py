"""Pod lobbies and the start of a pod: the lobby message and its buttons (Join, Leave, Start,
Cancel), random seating (R82), the pod's thread, the first picks of a draft, or a sealed pod's
pools handed straight to deck building."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.db.drafts import PodLobbyError, PodRow
from bot.mentions import pinging
from bot.services.clock import now
from bot.services.dms import greet_by_dm
from bot.services.drafts.base import DEFAULT_SLOTS, DraftServiceError, LivePod, set_code
from bot.services.drafts.cards import source
from bot.services.drafts.picking import Picking
from bot.services.drafts.timing import DEFAULT_TIMER, TIMER_PRESETS
from bot.text import player_count
from bot.ui.draft import pod_lobby_view, progress_view
from engines.core import CardhostError, Rng
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


def _is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_messages or perms.manage_guild))


class Lobby(Picking):
    """Creating a pod, its lobby buttons, and starting it."""

    def lobby_embed(self, row: PodRow) -> discord.Embed:
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

    async def create(
        self,
        interaction: discord.Interaction,
        kind: str,
        seats: int,
        *,
        timer: str = DEFAULT_TIMER,
        bots: bool = True,
        async_: bool = False,
        best_of: int = 1,
    ) -> None:
        lo, hi = DRAFT_SEATS if kind == "draft" else SEALED_SEATS
        if len(await self.store.pods_of(interaction.user.id, LIVE_POD_STATUSES)) >= MAX_OPEN_PODS:
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
        user = interaction.user
        pod_id = await self.store.create(
            kind, interaction.guild_id, interaction.channel_id, user.id, user.display_name, config,
            int(self.seed_source()), now(),
        )  # fmt: skip
        row = await self.store.get(pod_id)
        await interaction.response.send_message(embed=self.lobby_embed(row), view=pod_lobby_view(pod_id))
        msg = await interaction.original_response()
        await self.store.set_message(pod_id, msg.id)
        log.info("pod created", extra={"ctx": {"pod": pod_id, "kind": kind, "seats": seats}})
        await self._check_dm(interaction)

    async def _check_dm(self, interaction: discord.Interaction) -> bool:
        return await greet_by_dm(
            interaction,
            "You're in a cardhost pod. When it starts I'll send your packs (or your pool) here.",
            DM_HELP,
        )

    async def on_lobby_button(self, interaction: discord.Interaction, pod_id: int, op: str) -> None:
        await interaction.response.defer()
        try:
            row = await self.store.get(pod_id)
            if row.status != "lobby":
                raise PodLobbyError("This pod has already started or was cancelled.")
            user = interaction.user
            is_host = user.id == row.host_id
            if op == "join":
                await self.store.join(pod_id, user.id, user.display_name, int(row.config["seats"]))
                await self._refresh_lobby(interaction, pod_id)
                await self._check_dm(interaction)
                return
            if op == "leave":
                if is_host:
                    raise PodLobbyError("You're the host: use Cancel to close the pod.")
                await self.store.leave(pod_id, user.id)
            elif op == "cancel":
                if not (is_host or _is_moderator(interaction)):
                    raise PodLobbyError("Only the host or a moderator can cancel this pod.")
                if not await self.store.set_status(pod_id, "cancelled", expect=("lobby",)):
                    raise PodLobbyError("This pod has already started or was cancelled.")
            elif op == "start":
                if not is_host:
                    raise PodLobbyError("Only the host can start the pod.")
                await self.start(interaction, row)
                return
            await self._refresh_lobby(interaction, pod_id)
        except CardhostError as exc:
            await interaction.followup.send(str(exc), ephemeral=True)

    async def _refresh_lobby(self, interaction: discord.Interaction, pod_id: int) -> None:
        row = await self.store.get(pod_id)
        view = pod_lobby_view(pod_id) if row.status == "lobby" else None
        await interaction.edit_original_response(embed=self.lobby_embed(row), view=view)

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

    async def start(self, interaction: discord.Interaction, row: PodRow) -> None:
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
        row = await self.store.get(row.id)
        await interaction.edit_original_response(embed=self.lobby_embed(row), view=None)
        lobby_msg = await interaction.original_response()
        channel = self.bot.get_channel(lobby_msg.channel.id) or await self.bot.fetch_channel(
            lobby_msg.channel.id
        )
        if not isinstance(channel, discord.TextChannel):
            raise PodLobbyError("A pod's thread opens under its lobby: create pods in a text channel.")
        thread = await channel.create_thread(
            name=f"{KIND_TITLE[row.kind]} #{row.id}"[:100], message=lobby_msg, auto_archive_duration=1440
        )
        order = ", ".join(f"{s.display_name} (bot)" if s.is_bot else f"<@{s.user_id}>" for s in row.seats)
        if row.kind == "sealed":
            await thread.send(
                f"📦 **{KIND_TITLE['sealed']}** pod #{row.id}: each player opened {SEALED_BOOSTERS} boosters. "
                f"Players: {order}. Your pool is private (R81); deck building starts here.",
                allowed_mentions=pinging(s.user_id for s in row.seats if not s.is_bot),
            )
            await self.store.set_message(row.id, None, thread.id)
            log.info("sealed pod started", extra={"ctx": {"pod": row.id, "seats": len(seats)}})
            await self._hand_over(row.id)
            return
        cfg = row.config
        timer = (
            "async: up to 12 hours per pick"
            if cfg.get("async")
            else f"{cfg.get('timer', DEFAULT_TIMER)} timer ({int(TIMER_PRESETS[str(cfg.get('timer', DEFAULT_TIMER))])} s for a full pack, less as it empties)"
        )
        await thread.send(
            f"🎴 **Cosmic Draft** pod #{row.id} begins! Seats in passing order: {order}.\n"
            f"Three packs of 18: pack 1 passes left, pack 2 right, pack 3 left. Your pack comes by DM; "
            f"choose a card, then **Confirm**. If DMs are closed, click **Open my pack** below. {timer}.",
            allowed_mentions=pinging(s.user_id for s in row.seats if not s.is_bot),
        )
        progress = await thread.send(content="Opening the packs…", view=progress_view(row.id))
        await self.store.set_message(row.id, progress.id, thread.id)
        row.thread_id, row.message_id = thread.id, progress.id
        state = engine.new_pod(self._pod_config(row), row.seed)
        live = self._bind(LivePod(row, state, 0))
        self._live[row.id] = live
        log.info("draft started", extra={"ctx": {"pod": row.id, "seats": len(seats)}})
        async with live.lock:
            t = now()
            plan = self._plan(live, [], t)  # the bots' first picks, a clock for every player
            await self._commit(live, plan, t)
        await self._after_change(live, plan)
