"""Drafting in Discord: pod lobbies, packs by DM, pick clocks, seat takeover, restart, sealed starts.

A pod is stored as its config, seed and pick log (``bot/db/drafts.py``); its state is
``engines.draft.pod.replay`` of them, kept in memory (``LivePod``) once loaded. Every change goes
the same way, under the pod's lock: plan it on the immutable state (the player's pick, then every
pick the bots can make at once), write the picks, clock changes and, for the last pick, the pools
in one transaction, and only then adopt the new state and tell people: the DM panel of every seat
whose pack changed is edited in place, the progress message in the pod's thread is edited (never a
card in it, R85), pick clocks are (re)armed.

Pick clocks (R86) are ``pod_clocks`` rows (seat -> deadline) with one asyncio task per running
clock; the tasks are re-armed from the rows at start-up, so a pick that ran out while the bot was
down is settled when it is back. Time is read through ``discord.utils.utcnow()``, which the
offline test Discord moves forward.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.db.drafts import DraftStore, PickRow, PodLobbyError, PodRow, PodSeatRow
from bot.services.clock import now
from bot.services.dms import DM_CLOSED, greet_by_dm
from bot.text import clip
from bot.ui.draft import CardOption, pick_view, pod_lobby_view, progress_view, reclaim_view
from engines.core import CardhostError, Rng
from engines.draft import pod as engine
from engines.draft.bots import bot_pick

if TYPE_CHECKING:
    from bot.client import CardhostBot

log = logging.getLogger(__name__)

TIMER_PRESETS: dict[str, float] = {"fast": 75.0, "normal": 90.0, "slow": 120.0}
"""Seconds for a full pack; the time shrinks as the pack empties (``pick_seconds``)."""
DEFAULT_TIMER = "normal"
LAST_PICK_SHARE = 0.10
"""The last card of a pack gets this share of a full pack's time."""
MIN_PICK_SECONDS = 5.0
ASYNC_PICK_SECONDS = 12 * 3600.0
"""Async pods: every pick may take half a day; nobody is replaced for being slow."""
WARN_SECONDS = 10.0
"""A warning this long before a pick runs out (when the pick has at least twice as long)."""
TAKEOVER_AFTER = 3
"""Missed picks in a row after which a bot drafts for the seat (not in async pods)."""
DRAFT_SEATS = (engine.MIN_SEATS, engine.MAX_SEATS)
SEALED_SEATS = (2, 8)
SEALED_BOOSTERS = 6
DEFAULT_SLOTS = "13C 4U 1R7M1"
SEATING_SALT = 0x5EA7
KIND_TITLE = {"draft": "Cosmic Draft", "sealed": "Unleashed Armada (sealed)"}

DM_HELP = (
    "I couldn't send you a direct message. Your packs are private, so I send them by DM: open the "
    "server's menu → **Privacy Settings** → turn on **Direct Messages**. Until then, click **Open my "
    "pack** in the pod's thread when the draft runs: only you will see your pack."
)


class DraftServiceError(CardhostError):
    pass


def pick_seconds(full: float, cards_left: int, pack_size: int = 18) -> float:
    """R86: ``full`` seconds for a full pack, shrinking linearly to 10% of it at the last card."""
    if pack_size <= 1:
        return full
    share = LAST_PICK_SHARE + (1 - LAST_PICK_SHARE) * (max(1, cards_left) - 1) / (pack_size - 1)
    return max(MIN_PICK_SECONDS, full * min(1.0, share))


def card_option(index: int, card_id: str) -> CardOption:
    from engines.afrika.cards import card
    from render.afrika.card import RARITY_NAMES, type_line

    c = card(card_id)
    stats = f" · {c.power}/{c.health}" if c.type == "entity" else ""
    cost = "" if c.type == "terrain" else f" · {c.cost.text()}"
    return CardOption(
        card_id, f"{index}. {c.name}", f"{RARITY_NAMES.get(c.rarity, c.rarity)} · {type_line(c)}{cost}{stats}"
    )


def card_name(card_id: str) -> str:
    from engines.afrika.cards import card

    try:
        return card(card_id).name
    except KeyError:
        return card_id


@dataclass
class LivePod:
    row: PodRow
    state: engine.PodState | None
    seq: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadlines: dict[int, float] = field(default_factory=dict)
    held_since: dict[int, float] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    """One-shot lines for a seat's next panel ("time ran out: the bot picked X for you")."""
    dm_failed: set[int] = field(default_factory=set)
    signatures: dict[int, Any] = field(default_factory=dict)
    dm_locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    progress_dirty: bool = False
    progress_task: asyncio.Task[None] | None = None

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

    def seat_of(self, user_id: int) -> PodSeatRow | None:
        return self.row.seat_of(user_id)

    def allotted(self, cards_left: int) -> float:
        assert self.state is not None
        if self.row.config.get("async"):
            return ASYNC_PICK_SECONDS
        return pick_seconds(self.full_seconds, cards_left, self.state.pack_size)


@dataclass
class Plan:
    state: engine.PodState
    rows: list[PickRow]
    clocks: dict[int, float | None]
    missed: dict[int, int]
    bots: dict[int, bool]
    arrived: list[int]
    """Human seats that had no pack and now have one (async pods ping them)."""


def _is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_messages or perms.manage_guild))


class DraftService:
    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot
        self.store = DraftStore(bot.db)
        self._live: dict[int, LivePod] = {}
        self._load_lock = asyncio.Lock()
        self._clock_handles: dict[tuple[int, int], list[asyncio.TimerHandle]] = {}
        self._clock_runs: set[asyncio.Task[None]] = set()
        self.seed_source = lambda: random.SystemRandom().getrandbits(62)

    # ================================================================= loading

    async def get(self, pod_id: int) -> LivePod:
        live = self._live.get(pod_id)
        if live is not None:
            return live
        async with self._load_lock:
            live = self._live.get(pod_id)
            if live is not None:
                return live
            row = await self.store.get(pod_id)
            state, seq = None, 0
            live = LivePod(row, None, 0)
            if row.kind == "draft" and row.status not in ("lobby", "cancelled"):
                picks = await self.store.picks(pod_id)
                state = engine.replay(self._pod_config(row), row.seed, ((p.seat, p.card) for p in picks))
                seq = picks[-1].seq if picks else 0
                live = LivePod(row, state, seq)
                for clock in await self.store.clocks(pod_id):
                    live.deadlines[clock.seat] = clock.deadline
                    pack = engine.current_pack(state, clock.seat)
                    if pack is not None:
                        live.held_since[clock.seat] = clock.deadline - live.allotted(len(pack.cards))
            if row.status in ("lobby",):
                return live  # lobbies change through the store; nothing to cache
            self._live[pod_id] = live
            return live

    def _pod_config(self, row: PodRow) -> engine.PodConfig:
        cfg = row.config
        return engine.PodConfig(
            seats=len(row.seats),
            packs=int(cfg.get("packs", 3)),
            set_code=str(cfg.get("set", "LC")),
            slots=str(cfg.get("slots", DEFAULT_SLOTS)),
        )

    async def pod_for(
        self, interaction: discord.Interaction, pod_id: int | None, statuses: Sequence[str]
    ) -> int:
        """The pod a command means: the one given, the pod whose thread this is, or the player's latest."""
        if pod_id is not None:
            return pod_id
        for live in self._live.values():
            if live.row.thread_id is not None and live.row.thread_id == interaction.channel_id:
                return live.id
        ids = await self.store.pods_of(interaction.user.id, statuses)
        if not ids:
            raise DraftServiceError("You're not in a pod right now: name one with the `pod:` option.")
        return ids[0]

    # ================================================================= lobby

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
        embed.add_field(name="Options", value="\n".join(opts), inline=False)
        if row.status == "lobby":
            lo = DRAFT_SEATS[0] if row.kind == "draft" else SEALED_SEATS[0]
            embed.set_footer(text=f"{lo}-{cfg['seats']} players. The host starts; seating is random.")
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
    ) -> None:
        lo, hi = DRAFT_SEATS if kind == "draft" else SEALED_SEATS
        if not lo <= seats <= hi:
            raise DraftServiceError(f"A {KIND_TITLE[kind]} pod has {lo} to {hi} seats.")
        if timer not in TIMER_PRESETS:
            raise DraftServiceError(f"The pick timer is one of {', '.join(TIMER_PRESETS)}.")
        config: dict[str, Any] = {"seats": seats, "bots": bool(bots), "set": "LC", "slots": DEFAULT_SLOTS}
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
                str(row.config.get("set", "LC")), str(row.config.get("slots", DEFAULT_SLOTS)), row.seed,
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
        thread = await channel.create_thread(  # type: ignore[union-attr]
            name=f"{KIND_TITLE[row.kind]} #{row.id}"[:100], message=lobby_msg, auto_archive_duration=1440
        )
        order = ", ".join(f"{s.display_name} (bot)" if s.is_bot else f"<@{s.user_id}>" for s in row.seats)
        if row.kind == "sealed":
            await thread.send(
                f"📦 **{KIND_TITLE['sealed']}** pod #{row.id}: each player opened {SEALED_BOOSTERS} boosters. "
                f"Players: {order}. Your pool is private (R81); deck building starts here.",
                allowed_mentions=discord.AllowedMentions(users=True),
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
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        progress = await thread.send(content="Opening the packs…", view=progress_view(row.id))
        await self.store.set_message(row.id, progress.id, thread.id)
        row.thread_id, row.message_id = thread.id, progress.id
        state = engine.new_pod(self._pod_config(row), row.seed)
        live = LivePod(row, state, 0)
        self._live[row.id] = live
        log.info("draft started", extra={"ctx": {"pod": row.id, "seats": len(seats)}})
        async with live.lock:
            t = now()
            plan = self._plan(live, [], t)  # the bots' first picks, a clock for every player
            await self._commit(live, plan, t)
        await self._after_change(live, plan)

    # ================================================================= picks

    def _plan(
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
        moved = True
        while moved and not engine.is_done(state):
            moved = False
            for seat in sorted(bot_seats):
                while (pack := engine.current_pack(state, seat)) is not None:
                    take(seat, bot_pick(pack.cards, state.pools[seat]), "bot")
                    moved = True
        clocks: dict[int, float | None] = {}
        arrived: list[int] = []
        done = engine.is_done(state)
        for s in live.seats:
            before, after = engine.current_ref(old, s.seat), engine.current_ref(state, s.seat)
            if s.seat in bot_seats or done:
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
        return Plan(state, rows, clocks, dict(missed or {}), dict(bots or {}), arrived)

    async def _commit(self, live: LivePod, plan: Plan, t: float) -> None:
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
        for seat, n in plan.missed.items():
            live.seats[seat].missed = n
        for seat, is_bot in plan.bots.items():
            live.seats[seat].is_bot = is_bot
        for seat, deadline in plan.clocks.items():
            if deadline is None:
                live.deadlines.pop(seat, None)
                self._cancel_clock(live.id, seat)
            else:
                live.deadlines[seat] = deadline
                live.held_since[seat] = t
                self._arm_clock(live.id, seat, deadline, warned=False)
        if done:
            live.row.status = "building"
            for seat in list(live.deadlines):
                self._cancel_clock(live.id, seat)
            live.deadlines.clear()
            for s in live.seats:
                s.pool = list(plan.state.pools[s.seat])

    async def submit(self, pod_id: int, user_id: int, ref_text: str, card: str) -> tuple[LivePod, Plan]:
        """A player's pick (Confirm). Raises a ``CardhostError`` with a sentence when refused."""
        live = await self.get(pod_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise DraftServiceError("You're not drafting in this pod.")
        async with live.lock:
            if live.row.status != "drafting" or live.state is None or engine.is_done(live.state):
                raise DraftServiceError("The draft is over: there are no packs left to pick from.")
            if seat.is_bot:
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
            plan = self._plan(
                live, [(seat.seat, card, "player")], t, missed={seat.seat: 0} if seat.missed else None
            )  # raises NotInPack before anything is stored
            await self._commit(live, plan, t)
        return live, plan

    # ================================================================= interactions

    async def on_select(
        self, interaction: discord.Interaction, pod_id: int, ref_text: str, card: str
    ) -> None:
        try:
            live = await self.get(pod_id)
            seat = live.seat_of(interaction.user.id)
            if seat is None:
                raise DraftServiceError("You're not drafting in this pod.")
            if not live.drafting:
                raise DraftServiceError("The draft is over: there are no packs left to pick from.")
            assert live.state is not None
            ref = engine.current_ref(live.state, seat.seat)
            if ref is None or ref.text() != ref_text:
                raise engine.StalePick()
            pack = engine.current_pack(live.state, seat.seat)
            assert pack is not None
            if card not in pack.cards:
                raise engine.NotInPack()
        except CardhostError as exc:
            await interaction.response.send_message(str(exc), ephemeral=True)
            return
        options = [card_option(i + 1, c) for i, c in enumerate(pack.cards)]
        await interaction.response.edit_message(view=pick_view(pod_id, ref_text, options, selected=card))

    async def on_confirm(
        self, interaction: discord.Interaction, pod_id: int, ref_text: str, card: str
    ) -> None:
        await interaction.response.defer()
        try:
            live, plan = await self.submit(pod_id, interaction.user.id, ref_text, card)
        except CardhostError as exc:
            await interaction.followup.send(str(exc), ephemeral=True)
            return
        seat = live.seat_of(interaction.user.id)
        assert seat is not None
        clicked = interaction.message.id if interaction.message is not None else None
        if clicked is not None and clicked != seat.dm_message_id:
            # An ephemeral panel (closed DMs, "Open my pack"): show the next pack in it.
            content, file, view = await self.panel(live, seat.seat)
            await interaction.edit_original_response(
                content=content, attachments=[file] if file else [], view=view
            )
        await self._after_change(live, plan, first=seat.seat)

    async def on_open_pack(self, interaction: discord.Interaction, pod_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        live = await self.get(pod_id)
        seat = live.seat_of(interaction.user.id)
        if seat is None:
            await interaction.followup.send(
                "You're watching this pod: only its drafters have packs (and nobody sees another's picks).",
                ephemeral=True,
            )
            return
        await self._send_panel(interaction, live, seat.seat)

    async def _send_panel(self, interaction: discord.Interaction, live: LivePod, seat: int) -> None:
        content, file, view = await self.panel(live, seat)
        kwargs: dict[str, Any] = {"content": content, "ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(**kwargs)

    async def on_reclaim(self, interaction: discord.Interaction, pod_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            text = await self.reclaim(pod_id, interaction.user.id)
        except CardhostError as exc:
            text = str(exc)
        await interaction.followup.send(text, ephemeral=True)

    async def send_status(self, interaction: discord.Interaction, pod_id: int) -> None:
        """/draft status: the public progress, plus the caller's own pack panel while drafting."""
        live = await self.get(pod_id)
        if live.row.status == "lobby" or live.state is None:
            row = await self.store.get(pod_id)
            await interaction.followup.send(embed=self.lobby_embed(row), ephemeral=True)
            return
        await interaction.followup.send(self.progress_text(live), ephemeral=True)
        seat = live.seat_of(interaction.user.id)
        if seat is not None and live.drafting:
            await self._send_panel(interaction, live, seat.seat)

    async def draft_log(self, pod_id: int, user_id: int) -> tuple[str, dict[str, Any], str, str]:
        """(file name, JSON data, text, a sentence) of the log ``user_id`` may read now (see
        bot/cogs/draft.py: own picks after the draft, everything once the pod is finished)."""
        from engines.draft.draftlog import PickRecord, PodLogInfo, log_json, log_text

        row = await self.store.get(pod_id)
        if row.kind != "draft":
            raise DraftServiceError(
                "A sealed pod has no picks to log: each pool was opened from six boosters."
            )
        if row.status in ("lobby", "drafting"):
            raise DraftServiceError(
                "The draft log is available once the draft is over: nobody may see another drafter's "
                "picks while it runs (and your own picks are listed in your pack panel)."
            )
        picks = await self.store.picks(pod_id)
        if not picks:
            raise DraftServiceError("This pod has no picks to log.")
        seat = row.seat_of(user_id)
        everything = row.status in ("finished", "cancelled")
        if not everything and seat is None:
            raise DraftServiceError(
                "The pod's log opens to everyone once the pod is finished; until then each drafter "
                "gets only their own picks."
            )
        seats = None if everything else [seat.seat] if seat is not None else []
        info = PodLogInfo(
            pod_id=row.id,
            seats=len(row.seats),
            names=tuple(s.display_name for s in row.seats),
            packs=int(row.config.get("packs", 3)),
            set_code=str(row.config.get("set", "LC")),
            seed=row.seed if everything else None,
            kind=row.kind,
            started_at=row.started_at,
        )
        records = [
            PickRecord(p.seq, p.seat, p.round, p.pick_no, p.card, p.pack, p.by, p.at, p.seconds)
            for p in picks
        ]
        if everything:
            name, note = f"draft-{row.id}", f"The draft log of pod #{row.id}: every seat's picks."
        else:
            assert seat is not None
            name = f"draft-{row.id}-seat{seat.seat + 1}"
            note = (
                f"Your picks in pod #{row.id}. The whole pod's log opens once the pod is finished "
                "(nobody sees another drafter's picks before that)."
            )
        return name, log_json(info, records, seats), log_text(info, records, seats), note

    # ================================================================= leave / reclaim

    async def leave(self, pod_id: int, user_id: int) -> str:
        """A bot drafts for the seat from now on (the player may reclaim it)."""
        live = await self.get(pod_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise DraftServiceError("You're not drafting in this pod.")
        async with live.lock:
            if not live.drafting:
                raise DraftServiceError("This draft is not running.")
            if seat.is_bot:
                raise DraftServiceError("A bot already drafts for your seat; `/draft reclaim` takes it back.")
            t = now()
            plan = self._plan(live, [], t, bots={seat.seat: True}, missed={seat.seat: 0})
            await self._commit(live, plan, t)
        await self._thread_say(
            live,
            f"🚪 {seat.display_name} left the draft: a bot drafts for that seat now (`/draft reclaim` gives it back).",
        )
        await self._after_change(live, plan)
        return "A bot drafts for you now. `/draft reclaim` gives you the seat back while the draft runs."

    async def reclaim(self, pod_id: int, user_id: int) -> str:
        live = await self.get(pod_id)
        seat = live.seat_of(user_id)
        if seat is None:
            raise DraftServiceError("You're not drafting in this pod.")
        async with live.lock:
            if not live.drafting:
                raise DraftServiceError("This draft is not running any more.")
            if not seat.is_bot:
                raise DraftServiceError("You're drafting this seat yourself already.")
            t = now()
            plan = self._plan(live, [], t, bots={seat.seat: False}, missed={seat.seat: 0})
            await self._commit(live, plan, t)
        live.signatures.pop(seat.seat, None)
        await self._thread_say(live, f"🙋 {seat.display_name} is back and drafts their seat again.")
        await self._after_change(live, plan, first=seat.seat)
        return "Your seat is yours again: your pack is in your DMs (or click **Open my pack** in the thread)."

    # ================================================================= clocks

    def _arm_clock(self, pod_id: int, seat: int, deadline: float, *, warned: bool) -> None:
        """Timer handles (not sleeping tasks): re-arming a clock on every pick stays cheap."""
        self._cancel_clock(pod_id, seat)
        loop = asyncio.get_running_loop()
        t = now()
        handles = []
        if not warned and deadline - t >= 2 * WARN_SECONDS:
            handles.append(
                loop.call_later(deadline - WARN_SECONDS - t, self._fire, pod_id, seat, deadline, False)
            )
        handles.append(loop.call_later(max(0.0, deadline - t), self._fire, pod_id, seat, deadline, True))
        self._clock_handles[(pod_id, seat)] = handles

    def _cancel_clock(self, pod_id: int, seat: int) -> None:
        for handle in self._clock_handles.pop((pod_id, seat), []):
            handle.cancel()

    def cancel_all(self) -> None:
        for key in list(self._clock_handles):
            self._cancel_clock(*key)
        for task in list(self._clock_runs):
            task.cancel()

    def _fire(self, pod_id: int, seat: int, deadline: float, expire: bool) -> None:
        task = asyncio.create_task(
            self._clock_event(pod_id, seat, deadline, expire), name=f"pod-clock-{pod_id}-{seat}"
        )
        self._clock_runs.add(task)
        task.add_done_callback(self._clock_runs.discard)

    async def _clock_event(self, pod_id: int, seat: int, deadline: float, expire: bool) -> None:
        try:
            if expire:
                await self._expire(pod_id, seat, deadline)
            else:
                await self._warn(pod_id, seat, deadline)
        except Exception:
            log.exception("pick clock failed", extra={"ctx": {"pod": pod_id, "seat": seat}})

    async def restore(self) -> int:
        """After a start-up: re-arm every stored pick clock, let bot seats pick what they hold, give
        a clock to a player's pack that has none. Returns how many clocks run."""
        for pod_id in await self.store.pods_in(("drafting",)):
            try:
                live = await self.get(pod_id)
                if live.state is None:
                    continue
                async with live.lock:
                    t = now()
                    plan = self._plan(live, [], t)
                    if plan.rows or plan.clocks:
                        await self._commit(live, plan, t)
                if plan.rows or engine.is_done(live.state):
                    await self._after_change(live, plan)
            except CardhostError as exc:
                log.warning("pod not resumed", extra={"ctx": {"pod": pod_id, "error": str(exc)}})
        count = 0
        for clock in await self.store.clocks():
            if (clock.pod_id, clock.seat) not in self._clock_handles:
                self._arm_clock(clock.pod_id, clock.seat, clock.deadline, warned=clock.warned)
            count += 1
        return count

    async def _warn(self, pod_id: int, seat_no: int, deadline: float) -> None:
        live = await self.get(pod_id)
        if live.deadlines.get(seat_no) != deadline or live.row.config.get("async"):
            return
        await self.store.mark_warned(pod_id, seat_no)
        seat = live.seats[seat_no]
        left = max(1, round(deadline - now()))
        await self._thread_say(
            live,
            f"⏰ <@{seat.user_id}>, {left} seconds left for your pick; then the bot picks for you.",
            mention=True,
        )

    async def _expire(self, pod_id: int, seat_no: int, deadline: float) -> None:
        live = await self.get(pod_id)
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
            plan = self._plan(
                live, [(seat_no, card, "timeout")], t, missed={seat_no: missed},
                bots={seat_no: True} if takeover else None,
            )  # fmt: skip
            await self._commit(live, plan, t)
        live.notes[seat_no] = (
            f"⌛ Time ran out on your last pick: the bot took **{card_name(card)}** for you."
        )
        if takeover:
            await self._thread_say(
                live,
                f"⌛ {seat.display_name} missed {TAKEOVER_AFTER} picks in a row: a bot drafts for that seat "
                "now. `/draft reclaim` gives it back.",
            )
        await self._after_change(live, plan)

    # ================================================================= telling people

    async def _after_change(self, live: LivePod, plan: Plan, *, first: int | None = None) -> None:
        order = [s.seat for s in live.seats if s.human]
        if first is not None and first in order:
            order.remove(first)
            order.insert(0, first)
        for seat in order:
            await self.update_dm(live, seat)
        if live.row.config.get("async"):
            for seat in plan.arrived:
                await self._ping(live, seat)
        self._kick_progress(live)
        if (
            plan.rows
            and live.state is not None
            and engine.is_done(live.state)
            and live.row.status == "building"
        ):
            await self._finish(live)

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
                    mention=True,
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
        file = view = None
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
            options = [card_option(i + 1, c) for i, c in enumerate(pack.cards)]
            view = pick_view(live.id, ref.text(), options)
            if with_image:
                file = await self.pack_file(live.id, ref, pack.cards)
        pool = state.pools[seat_no]
        if pool:
            names = ", ".join(card_name(c) for c in pool)
            lines.append(f"Your picks ({len(pool)}): {names}")
        return clip("\n".join(lines)), file, view

    async def pack_file(self, pod_id: int, ref: engine.PickRef, cards: Sequence[str]) -> discord.File:
        def work() -> bytes:
            from render.afrika.pack import pack_image
            from render.common import to_png

            return to_png(
                pack_image(
                    cards, f"Pack {ref.round} · pick {ref.pick_no}", f"pod #{pod_id} · {len(cards)} cards"
                )
            )

        data = await asyncio.to_thread(work)
        return discord.File(io.BytesIO(data), filename=f"pack-{pod_id}-{ref.text()}.png")

    # ----------------------------------------------------------------- progress (public)

    def progress_text(self, live: LivePod) -> str:
        """The pod's public progress: who is picking, pack and pick numbers, packs waiting. Never a card."""
        assert live.state is not None
        state = live.state
        prog = engine.progress(state)
        title = f"**Cosmic Draft** · pod #{live.id}"
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
                view = progress_view(live.id) if live.drafting else None
                await thread.get_partial_message(live.row.message_id).edit(  # type: ignore[attr-defined]
                    content=self.progress_text(live), view=view
                )
            except discord.HTTPException as exc:
                log.warning("progress not updated", extra={"ctx": {"pod": live.id, "error": str(exc)}})

    async def _thread(self, live: LivePod) -> discord.abc.Messageable | None:
        if live.row.thread_id is None:
            return None
        channel = self.bot.get_channel(live.row.thread_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(live.row.thread_id)
            except discord.HTTPException:
                log.warning("pod thread is gone", extra={"ctx": {"pod": live.id}})
                return None
        return channel  # type: ignore[return-value]

    async def _thread_say(self, live: LivePod, text: str, *, mention: bool = False) -> None:
        thread = await self._thread(live)
        if thread is None:
            return
        await thread.send(
            text,
            allowed_mentions=discord.AllowedMentions(users=mention)
            if mention
            else discord.AllowedMentions.none(),
        )

    # ----------------------------------------------------------------- the end of the draft

    async def _finish(self, live: LivePod) -> None:
        if live.progress_task is not None and not live.progress_task.done():
            await live.progress_task
        self._kick_progress(live)
        if live.progress_task is not None:
            await live.progress_task
        await self._thread_say(
            live,
            "🏁 **The draft is over.** Every pool is saved; nobody sees another drafter's picks (R85). "
            "Deck building is next. `/draft log` gives you your own picks now, and the whole pod's log "
            "once the pod is finished.",
        )
        log.info("draft finished", extra={"ctx": {"pod": live.id, "picks": live.seq}})
        await self._hand_over(live.id)

    async def _hand_over(self, pod_id: int) -> None:
        podplay = getattr(self.bot, "podplay", None)
        if podplay is None:
            return
        try:
            await podplay.start_building(pod_id)
        except Exception:
            log.exception("deck building did not start", extra={"ctx": {"pod": pod_id}})
