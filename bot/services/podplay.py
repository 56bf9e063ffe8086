"""After the draft (or the sealed opening): deck building in Discord, then rounds of Afrika matches.

``start_building(pod_id)`` is called by the drafting code once every seat's pool is in
``pod_seats.pool`` and the pod is 'building'. Bot seats (no player, or a seat a bot took over
during the draft) get the AI's build at once. Each player gets a deck-building panel by DM (and a
button in the pod thread that shows the same panel to them alone, for closed DMs): the pool as an
image, add/remove selects, basics suggested by the deck's energy split, auto-build, export of the
pool as text, Submit. A submitted deck is checked against the 'limited' format and the pool
(R8, R87), saved to the player's library ("Draft 12", or "Draft 12 (2)" when that name is
taken; deck names may not hold '#') and stored in ``pod_seats.deck``/``deck_id``. A player may
change and re-submit the deck until the last deck is in.

Deck building has a time limit so that one absent player cannot hold the pod forever: 20 minutes
(24 hours for an async pod; ``build_minutes`` in ``pods.config`` overrides either), stored in
``pods.build_deadline`` and kept as loop timer handles (re-armed by ``resume()``; a deadline that
passed while the bot was down fires at once). The players still building are warned in the pod
thread two minutes before (not in async pods, nor when the limit is shorter than twice that). When
it runs out, or when the host or a moderator uses ``/pod start``, every seat without a submitted
deck gets the AI's build of its pool (the panel's Auto-build), saved to the player's library as a
submit would, and the rounds start. The player still plays their own matches (the match clock
hands an absent player's turn to the AI). The pod lock serialises this with a player's Submit, so
the rounds cannot start twice and a deck cannot change under the auto-build.

Then the rounds (R88, DECISION A22, bot settings in ``pods.config``):

- ``pairing``: "round_robin" or "swiss"; default round robin up to 4 seats, Swiss for 5 or more.
- ``rounds``: Swiss rounds (default 3; round robin plays every pairing once).
- ``turn_seconds``: the matches' turn clock (default: the bot's setting).

Each table is a best-of-one Afrika match in the limited format, in a thread under a message in the
pod's channel; bot seats play as AI, so a bot-vs-bot table plays out at once. Results come back
through ``MatchService.finish_listeners``. A match ended without a result (``/game end``, status
'aborted') counts as a **draw**; a moderator can enter another result with ``/pod result``.
Standings (3/1/0 points, tie-break opponents' match-win %) are posted in the pod thread after each
round; after the last round the final standings, and the pod is 'finished'. Everything is in the
database, and ``resume()`` (after a restart) records results that arrived while nobody listened,
launches tables that were paired but not started, lets AI-only tables play on, and moves the pod on.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import Counter
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.db.podplay import PodMatchRow, PodPlayStore, PodRow, PodSeatRow
from bot.services.clock import now
from bot.services.dms import DM_CLOSED
from bot.ui.deckbuild import Option, PanelSpec, panel_view, thread_view
from engines.core import CardhostError

if TYPE_CHECKING:
    from bot.client import CardhostBot
    from bot.db.decks import DeckRow
    from bot.services.matches import LiveMatch

log = logging.getLogger(__name__)

LIMITED_MIN = 40
TERRAINS = 17
"""Terrains a 40-card deck usually runs (R87's recommended mix)."""
NO_MENTIONS = discord.AllowedMentions.none()
BUILD_MINUTES = 20.0
ASYNC_BUILD_MINUTES = 24 * 60.0
BUILD_WARN_SECONDS = 120.0
"""The warning before deck building ends comes this long before the deadline."""


def build_seconds(config: dict[str, Any]) -> float:
    """How long deck building may take: ``build_minutes`` if set, else 24 hours for an async pod
    (players come and go over a day), else 20 minutes."""
    raw = config.get("build_minutes")
    try:
        minutes = float(raw) if raw is not None else None
    except (TypeError, ValueError):
        minutes = None
    if minutes is None or minutes <= 0:
        minutes = ASYNC_BUILD_MINUTES if config.get("async") else BUILD_MINUTES
    return minutes * 60.0


PHASES = {
    "lobby": "still in its lobby",
    "drafting": "still drafting",
    "building": "building decks",
    "playing": "playing its rounds",
    "finished": "finished",
    "cancelled": "cancelled",
}
"""A pod's status as the end of a sentence ("Draft #3 is not building decks: it is ...")."""


def when(deadline: float) -> str:
    """A Discord timestamp every reader sees in their own time zone ("in 20 minutes")."""
    return f"<t:{int(deadline)}:R>"


class PodError(CardhostError):
    pass


# ------------------------------------------------------------------------------ pure helpers


def _cards() -> Any:
    from engines.afrika.cards import CARDS

    return CARDS()


def basic_of(code: str) -> str:
    from engines.draft.autobuild import _basics

    return _basics()[code]


def energy_symbols(deck: Sequence[str]) -> Counter[str]:
    """Typed cost symbols of the deck's non-terrain cards, per energy."""
    defs = _cards()
    out: Counter[str] = Counter()
    for cid in deck:
        c = defs[cid]
        if c.type != "terrain":
            for code, k in c.cost.typed:
                out[code] += k
    return out


def suggest_basics(deck: Sequence[str]) -> dict[str, int]:
    """Basic terrains for the deck's energy split: 17 terrains (more if that is what it takes to
    reach 40), minus the non-basic terrains it has, shared by energy symbols (largest remainder)."""
    defs = _cards()
    symbols = energy_symbols(deck)
    if not symbols:
        return {}
    spells = sum(1 for cid in deck if defs[cid].type != "terrain")
    lands = sum(1 for cid in deck if defs[cid].type == "terrain" and not defs[cid].basic)
    n = max(TERRAINS, LIMITED_MIN - spells) - lands
    if n <= 0:
        return {}
    total = sum(symbols.values())
    exact = {code: n * k / total for code, k in symbols.items()}
    out = {code: int(v) for code, v in exact.items()}
    for code in sorted(exact, key=lambda c: (-(exact[c] - out[c]), -symbols[c], c))[: n - sum(out.values())]:
        out[code] += 1
    return {code: k for code, k in out.items() if k}


def with_basics(deck: Sequence[str], basics: dict[str, int]) -> list[str]:
    defs = _cards()
    out = [cid for cid in deck if not defs[cid].basic]
    for code, k in sorted(basics.items()):
        out += [basic_of(code)] * k
    return out


def deck_problems(pool: Sequence[str], deck: Sequence[str]) -> list[str]:
    """Why ``deck`` is not a legal limited Codex built from ``pool`` (R8, R87); [] when it is."""
    from engines.afrika.decks import check_deck

    defs = _cards()
    problems: list[str] = []
    have = Counter(pool)
    for cid, k in sorted(Counter(deck).items(), key=lambda kv: defs[kv[0]].name):
        if defs[cid].basic:
            continue
        if k > have[cid]:
            owned = f"{have[cid]} in your pool" if have[cid] else "none in your pool"
            problems.append(f"{k} × {defs[cid].name} in the deck, but you have {owned}.")
    if len(deck) < LIMITED_MIN:
        problems.append(
            f"The deck has {len(deck)} cards; a limited Codex needs at least {LIMITED_MIN} "
            f"(add {LIMITED_MIN - len(deck)} more: cards from your pool or basic terrains)."
        )
    if not problems:
        other = check_deck(list(deck), "limited")
        if other:
            problems.append(f"The Codex is not legal: {other}")
    return problems


def library_deck(pool: Sequence[str], deck: Sequence[str]) -> Any:
    """The deck for the library: the Codex as main, the rest of the pool as the sideboard (R10)."""
    from engines.decks import Deck, get_pool

    lib = get_pool("afrika")
    main = Counter(deck)
    side = Counter(pool)
    for cid, k in main.items():
        side[cid] -= k
    side = +side

    def ordered(c: Counter[str]) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(c.items(), key=lambda kv: lib.sort_key(lib.card(kv[0]))))

    sections = [("main", ordered(main))]
    if side:
        sections.append(("side", ordered(side)))
    return Deck("afrika", "limited", tuple(sections))


def pool_text(pool: Sequence[str], title: str) -> str:
    """The whole pool in the /deck import format (``/deck import format:limited`` reads it back)."""
    from engines.decks import export, get_pool

    return export(library_deck(pool, pool), get_pool("afrika"), title)


def _describe(cid: str) -> str:
    c = _cards()[cid]
    kind = c.type_line()
    cost = "" if c.type == "terrain" else f" · {c.cost.text()}"
    stats = f" · {c.power}/{c.health}" if c.type == "entity" else ""
    return f"{kind}{cost}{stats}"


def panel_spec(pod: PodRow, seat: PodSeatRow, page: int, locked: bool) -> PanelSpec:
    from engines.draft.autobuild import best_pair
    from render.pool import pool_groups

    defs = _cards()
    deck = list(seat.draft)
    in_deck = Counter(deck)
    add: list[Option] = []
    for g in pool_groups(seat.pool):
        for cid, n in g.cards:
            left = n - in_deck[cid]
            if left > 0:
                name = defs[cid].name + (f" ×{left}" if left > 1 else "")
                add.append(Option(cid, name, _describe(cid)))
    remove = [
        Option(cid, defs[cid].name + (f" ×{n}" if n > 1 else ""), _describe(cid))
        for g in pool_groups(deck)
        for cid, n in g.cards
    ]
    symbols = energy_symbols(deck)
    main = [code for code, _ in sorted(symbols.items(), key=lambda kv: (-kv[1], kv[0]))][:2]
    if len(main) < 2 and seat.pool:
        main += [c for c in best_pair(seat.pool) if c not in main][: 2 - len(main)]
    basics = [(code, defs[basic_of(code)].name, in_deck[basic_of(code)]) for code in main]
    suggestion = suggest_basics(deck)
    now = {code: in_deck[basic_of(code)] for code in symbols}
    now = {c: k for c, k in now.items() if k}
    have_basics = sum(1 for cid in deck if defs[cid].basic)
    label = ""
    if suggestion and (suggestion != now or have_basics != sum(suggestion.values())):
        label = "Apply basics: " + " + ".join(f"{k} {code}" for code, k in sorted(suggestion.items()))
    return PanelSpec(pod.id, seat.seat, add, remove, basics, label, page, locked)


def panel_text(pod: PodRow, seat: PodSeatRow, locked: bool, note: str = "") -> str:
    defs = _cards()
    deck = list(seat.draft)
    basics = sum(1 for cid in deck if defs[cid].basic)
    types = Counter(defs[cid].type for cid in deck if not defs[cid].basic)
    ok = len(deck) >= LIMITED_MIN
    lines = [f"🛠️ **{pod.title} — your deck** ({len(seat.pool)} cards in your pool)"]
    lines.append(
        f"Deck: {len(deck) - basics} cards from your pool + {basics} basic terrains = **{len(deck)}** "
        + ("✅" if ok else f"(at least {LIMITED_MIN})")
    )
    if types:
        names = {
            "entity": "Entities",
            "spell": "Spells",
            "terrain": "Terrains",
            "tech": "Tech",
            "artifact": "Artifacts",
            "vehicle": "Vehicles",
        }
        lines.append(" · ".join(f"{names.get(t, t)} {n}" for t, n in sorted(types.items())))
    symbols = energy_symbols(deck)
    if symbols:
        split = " · ".join(f"{code} {k}" for code, k in sorted(symbols.items(), key=lambda kv: -kv[1]))
        sugg = suggest_basics(deck)
        text = ", ".join(f"{k} {defs[basic_of(code)].name}" for code, k in sorted(sugg.items()))
        lines.append(f"Energy symbols: {split}" + (f" → suggested basics: {text}" if text else ""))
    if locked:
        lines.append("🔒 The rounds have begun: this deck is locked. **Export pool** still works.")
    elif seat.submitted:
        lines.append(
            "✅ **Submitted** and saved to your library. You can still change it and submit again "
            "until every deck is in."
        )
    else:
        lines.append(
            "Add cards with the first menu, remove with the second; **Auto-build** starts from the AI's "
            "build. **Submit** when the deck has at least 40 cards."
        )
        if pod.build_deadline is not None:
            lines.append(
                f"⏳ Deck building ends {when(pod.build_deadline)}: if you have not submitted by then, "
                "the AI builds your deck from your pool."
            )
    if note:
        lines.append(note)
    text = "\n".join(lines)
    return text if len(text) <= 2000 else text[:1990] + "…"


# ------------------------------------------------------------------------------ the service


class PodPlayService:
    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot
        self.store = PodPlayStore(bot.db)
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._build_handles: dict[int, list[asyncio.TimerHandle]] = {}
        bot.matches.finish_listeners.append(self.on_match_finished)

    def _lock(self, pod_id: int) -> asyncio.Lock:
        return self._locks.setdefault(pod_id, asyncio.Lock())

    def _spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    async def drain(self) -> None:
        """Wait until no pod work (rounds being paired or launched) is running (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("pod task failed", exc_info=task.exception(), extra={"ctx": {"task": task.get_name()}})

    async def _pod(self, pod_id: int) -> PodRow:
        pod = await self.store.pod(pod_id)
        if pod is None:
            raise PodError(f"There is no pod #{pod_id}.")
        return pod

    async def _channel(self, channel_id: int | None) -> Any:
        if channel_id is None:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("pod channel is gone", extra={"ctx": {"channel": channel_id}})
                return None
        return channel

    async def _thread(self, pod: PodRow) -> Any:
        return await self._channel(pod.thread_id or pod.channel_id)

    async def _say(self, pod: PodRow, content: str, **kwargs: Any) -> discord.Message | None:
        thread = await self._thread(pod)
        if thread is None:
            return None
        msg: discord.Message = await thread.send(content[:2000], **kwargs)
        return msg

    @staticmethod
    def names(seats: Sequence[PodSeatRow]) -> dict[int, str]:
        return {s.seat: s.display_name + (" (bot)" if s.plays_as_ai else "") for s in seats}

    # -------------------------------------------------------------------------- building

    async def start_building(self, pod_id: int) -> None:
        """Auto-build the bot seats, send each player their panel, and start the rounds if every
        deck is in already (a pod of bots). Safe to call again: nothing is built or sent twice
        for a seat that has a deck."""
        from engines.draft.autobuild import build_deck

        pod = await self._pod(pod_id)
        seats = await self.store.seats(pod_id)
        for s in seats:
            if s.plays_as_ai and not s.submitted:
                deck = await asyncio.to_thread(build_deck, s.pool)
                await self.store.submit(pod_id, s.seat, deck, None)
        humans = [s for s in seats if not s.plays_as_ai and not s.submitted]
        if humans:
            pod = await self._set_deadline(pod)
            deadline = pod.build_deadline or now()
            who = ", ".join(f"<@{s.user_id}>" for s in humans)
            await self._say(
                pod,
                f"🛠️ **Deck building** for {pod.title}: {who}, your pool and deck builder are in your DMs. "
                f"Build a Codex of at least {LIMITED_MIN} cards from your pool plus any basic terrains, then "
                "**Submit**. The rounds start when every deck is in, or when time is up "
                f"{when(deadline)}: then the AI builds a deck from the pool of anyone who has not "
                "submitted. DMs closed? **Open my deck builder** below shows it to you alone.",
                view=thread_view(pod_id),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        closed = []
        for s in humans:
            if not await self._send_dm_panel(pod, s):
                closed.append(s)
        if closed:
            await self._say(
                pod,
                ", ".join(f"<@{s.user_id}>" for s in closed)
                + ": I can't send you direct messages, so click **Open my deck builder** above "
                "(only you will see it).",
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        log.info("pod building", extra={"ctx": {"pod": pod_id, "players": len(humans)}})
        self._spawn(self.maybe_start_rounds(pod_id), f"pod-{pod_id}-rounds")

    # -------------------------------------------------------------------------- the deadline

    async def _set_deadline(self, pod: PodRow) -> PodRow:
        """Give the pod its deck-building deadline (kept when it has one: ``start_building`` may run
        again) and arm its timers; returns the pod as stored."""
        if pod.build_deadline is None:
            await self.store.set_build_deadline(pod.id, now() + build_seconds(pod.config))
            pod = await self._pod(pod.id)
        assert pod.build_deadline is not None
        self._arm_build(pod.id, pod.build_deadline, warn=not pod.config.get("async"))
        return pod

    def _arm_build(self, pod_id: int, deadline: float, *, warn: bool) -> None:
        """Timer handles (not sleeping tasks), like the draft's pick clocks: cheap to cancel when the
        last deck comes in. The warning only when there is time for it to be any use."""
        self._cancel_build(pod_id)
        loop = asyncio.get_running_loop()
        t = now()
        handles = []
        if warn and deadline - t >= 2 * BUILD_WARN_SECONDS:
            handles.append(
                loop.call_later(deadline - BUILD_WARN_SECONDS - t, self._fire_build, pod_id, deadline, False)
            )
        handles.append(loop.call_later(max(0.0, deadline - t), self._fire_build, pod_id, deadline, True))
        self._build_handles[pod_id] = handles

    def _cancel_build(self, pod_id: int) -> None:
        for handle in self._build_handles.pop(pod_id, []):
            handle.cancel()

    def cancel_all(self) -> None:
        """At shutdown: no timer of this process may fire into the next one's database."""
        for pod_id in list(self._build_handles):
            self._cancel_build(pod_id)

    def _fire_build(self, pod_id: int, deadline: float, expire: bool) -> None:
        if expire:
            self._spawn(self._expire_build(pod_id, deadline), f"pod-{pod_id}-build-expire")
        else:
            self._spawn(self._warn_build(pod_id, deadline), f"pod-{pod_id}-build-warn")

    async def _warn_build(self, pod_id: int, deadline: float) -> None:
        pod = await self.store.pod(pod_id)
        if pod is None or pod.status != "building" or pod.build_deadline != deadline:
            return
        waiting = [s for s in await self.store.seats(pod_id) if not s.plays_as_ai and not s.submitted]
        if not waiting:
            return
        who = " ".join(f"<@{s.user_id}>" for s in waiting)
        minutes = max(1, round((deadline - now()) / 60))
        await self._say(
            pod,
            f"⏰ {who}: deck building for {pod.title} ends {when(deadline)} "
            f"(about {minutes} minute{'s' if minutes != 1 else ''}). **Submit** your deck by then, or "
            "the AI builds one from your pool.",
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def _expire_build(self, pod_id: int, deadline: float) -> None:
        try:
            await self.close_building(pod_id, deadline=deadline)
        except PodError as exc:  # the rounds started meanwhile, or the pod is gone
            log.info("build deadline moot", extra={"ctx": {"pod": pod_id, "why": str(exc)}})

    async def close_building(
        self, pod_id: int, *, by: str | None = None, deadline: float | None = None
    ) -> list[str]:
        """End deck building now (the deadline, or ``/pod start`` by ``by``): the AI builds a deck
        from the pool of every seat that has none submitted (a player's goes to their library, as
        a submit would), then the rounds start. Returns the players whose deck the AI built.

        All of it under the pod lock, the lock a Submit and ``maybe_start_rounds`` take: a deck
        submitted meanwhile is kept, and the rounds start exactly once. ``deadline``: only if it is
        still the pod's (a stale timer does nothing)."""
        from engines.draft.autobuild import build_deck

        async with self._lock(pod_id):
            pod = await self._pod(pod_id)
            if pod.status != "building":
                raise PodError(f"{pod.title} is not building decks: it is {PHASES[pod.status]}.")
            if deadline is not None and pod.build_deadline != deadline:
                return []
            built: list[str] = []
            for s in await self.store.seats(pod_id):
                if s.submitted or not s.pool:
                    continue
                deck = await asyncio.to_thread(build_deck, s.pool)
                if s.plays_as_ai:
                    await self.store.submit(pod_id, s.seat, deck, None)
                    continue
                saved = await self._save_to_library(pod, s, deck)
                await self.store.submit(pod_id, s.seat, deck, saved.id)
                built.append(s.display_name)
                await self._tell_auto_built(pod, s, saved.name, len(deck))
            self._cancel_build(pod_id)
            head = f"⏩ {by} closed deck building" if by is not None else "⌛ Deck building time is up"
            if built:
                await self._say(
                    pod,
                    f"{head}: the AI built decks for {', '.join(built)}. The decks are saved in their "
                    "libraries; each player still plays their own matches.",
                    allowed_mentions=NO_MENTIONS,
                )
            else:
                await self._say(pod, f"{head}.", allowed_mentions=NO_MENTIONS)
            log.info("pod building closed", extra={"ctx": {"pod": pod_id, "by": by, "built": built}})
            await self._start_rounds(pod_id)
        return built

    async def _tell_auto_built(self, pod: PodRow, seat: PodSeatRow, name: str, cards: int) -> None:
        """A DM, so the player whose panel still shows an unfinished deck learns what they play."""
        assert seat.user_id is not None
        try:
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            await user.send(
                f"⌛ Deck building for {pod.title} is over and your deck was not submitted: the AI built "
                f"one from your pool ({cards} cards), saved to your library as **{name}** "
                f"(`/deck show name:{name}`). You still play your matches: watch the pod's thread."
            )
        except discord.HTTPException:
            log.info("auto-built deck not told", extra={"ctx": {"pod": pod.id, "seat": seat.seat}})

    async def _render(self, pod: PodRow, seat: PodSeatRow) -> discord.File:
        def work() -> bytes:
            from render.common import to_png
            from render.pool import pool_image

            return to_png(pool_image(seat.pool, seat.draft, f"{pod.title} — {seat.display_name}'s pool"))

        data = await asyncio.to_thread(work)
        return discord.File(io.BytesIO(data), filename=f"pool-{pod.id}-{seat.seat}.png")

    async def panel_kwargs(
        self, pod: PodRow, seat: PodSeatRow, page: int = 0, note: str = ""
    ) -> dict[str, Any]:
        locked = pod.status != "building"
        return {
            "content": panel_text(pod, seat, locked, note),
            "view": panel_view(panel_spec(pod, seat, page, locked)),
        }

    async def _send_dm_panel(self, pod: PodRow, seat: PodSeatRow) -> bool:
        assert seat.user_id is not None
        try:
            user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
            kwargs = await self.panel_kwargs(pod, seat)
            await user.send(file=await self._render(pod, seat), **kwargs)
            return True
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            return False

    async def _my_seat(self, pod_id: int, user_id: int) -> tuple[PodRow, PodSeatRow]:
        pod = await self._pod(pod_id)
        seat = next((s for s in await self.store.seats(pod_id) if s.user_id == user_id), None)
        if seat is None:
            raise PodError(f"You're not playing in {pod.title}.")
        if seat.pool == ():
            raise PodError(f"{pod.title} has no pools yet: the draft is still on.")
        return pod, seat

    async def open_panel(self, interaction: discord.Interaction, pod_id: int) -> None:
        """The player's deck builder, ephemeral (the thread button and ``/pod deck``)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            pod, seat = await self._my_seat(pod_id, interaction.user.id)
            if seat.plays_as_ai:
                raise PodError("A bot plays your seat in this pod: the AI built its deck.")
            if pod.status not in ("building", "playing", "finished"):
                raise PodError(f"{pod.title} is not building decks yet.")
        except PodError as exc:
            await interaction.followup.send(str(exc), ephemeral=True)
            return
        kwargs = await self.panel_kwargs(pod, seat)
        await interaction.followup.send(file=await self._render(pod, seat), ephemeral=True, **kwargs)

    async def send_pool_text(self, interaction: discord.Interaction, pod_id: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            pod, seat = await self._my_seat(pod_id, interaction.user.id)
        except PodError as exc:
            await interaction.followup.send(str(exc), ephemeral=True)
            return
        await interaction.followup.send(**self.pool_message(pod, seat), ephemeral=True)

    def pool_message(self, pod: PodRow, seat: PodSeatRow) -> dict[str, Any]:
        title = f"{pod.title} pool"
        text = pool_text(seat.pool, title)
        slug = f"{'sealed' if pod.kind == 'sealed' else 'draft'}-{pod.id}-pool.txt"
        return {
            "content": f"Your {pod.title} pool ({len(seat.pool)} cards). To build from it elsewhere: "
            f"`/deck import game:Chronicles of Afrika format:limited` with this file "
            "(add basic terrains as you like; the pool alone is a legal limited list).",
            "file": discord.File(io.BytesIO(text.encode("utf-8")), filename=slug),
        }

    async def on_build(
        self,
        interaction: discord.Interaction,
        pod_id: int,
        seat_no: int,
        op: str,
        arg: str,
        values: list[str],
    ) -> None:
        await interaction.response.defer()
        try:
            await self._on_build(interaction, pod_id, seat_no, op, arg, values)
        except CardhostError as exc:
            await interaction.followup.send(str(exc), ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def _on_build(
        self,
        interaction: discord.Interaction,
        pod_id: int,
        seat_no: int,
        op: str,
        arg: str,
        values: list[str],
    ) -> None:
        pod = await self.store.pod(pod_id)
        seat = await self.store.seat(pod_id, seat_no)
        if pod is None or seat is None:
            await interaction.followup.send("This pod no longer exists.", ephemeral=True)
            return
        if seat.user_id != interaction.user.id:
            await interaction.followup.send(
                f"This deck builder is {seat.display_name}'s.", ephemeral=True, allowed_mentions=NO_MENTIONS
            )
            return
        if op == "export":
            await interaction.followup.send(**self.pool_message(pod, seat), ephemeral=True)
            return
        page = int(arg) if op == "page" and arg.isdigit() else 0
        if op in ("add", "rm"):
            page = int(arg) if arg.isdigit() else 0
        note = ""
        if op != "page":
            # Under the pod lock: deck building may be closing (deadline, /pod start) right now.
            async with self._lock(pod_id):
                pod = await self.store.pod(pod_id) or pod
                seat = await self.store.seat(pod_id, seat_no) or seat
                if pod.status != "building":
                    note = "🔒 The rounds have begun: the deck can't change any more."
                else:
                    deck, note, submit = self._apply(seat, op, arg, values)
                    if submit:
                        note = await self._submit(interaction, pod, seat, deck)
                    elif deck != list(seat.draft):
                        await self.store.set_draft(pod_id, seat.seat, deck)
        seat = await self.store.seat(pod_id, seat_no) or seat
        pod = await self.store.pod(pod_id) or pod
        kwargs = await self.panel_kwargs(pod, seat, page, note)
        await interaction.edit_original_response(attachments=[await self._render(pod, seat)], **kwargs)
        if op == "submit" and seat.submitted:
            self._spawn(self.maybe_start_rounds(pod_id), f"pod-{pod_id}-rounds")

    def _apply(self, seat: PodSeatRow, op: str, arg: str, values: list[str]) -> tuple[list[str], str, bool]:
        """(new deck, a note for the panel, whether to submit it)."""
        from engines.afrika.cards import ENERGY
        from engines.draft.autobuild import build_deck

        defs = _cards()
        deck = list(seat.draft)
        have = Counter(seat.pool)
        if op == "add":
            added = []
            for cid in values:
                if cid in defs and Counter(deck)[cid] < have[cid]:
                    deck.append(cid)
                    added.append(defs[cid].name)
            return (
                deck,
                (
                    "Added " + ", ".join(added) + "."
                    if added
                    else "Nothing to add: those cards are all in the deck."
                ),
                False,
            )
        if op == "rm":
            removed = []
            for cid in values:
                if cid in deck:
                    deck.remove(cid)
                    removed.append(defs[cid].name)
            return (
                deck,
                ("Removed " + ", ".join(removed) + "." if removed else "Those cards are not in the deck."),
                False,
            )
        if op in ("bplus", "bminus") and arg in ENERGY:
            basic = basic_of(arg)
            if op == "bplus":
                deck.append(basic)
            elif basic in deck:
                deck.remove(basic)
            return deck, "", False
        if op == "basics":
            sugg = suggest_basics(deck)
            if not sugg:
                return deck, "Add some cards first: basics are suggested by the deck's energy symbols.", False
            text = ", ".join(f"{k} {defs[basic_of(c)].name}" for c, k in sorted(sugg.items()))
            return with_basics(deck, sugg), f"Basic terrains set to {text}.", False
        if op == "auto":
            built = build_deck(seat.pool)
            return built, "🤖 The AI's build: change anything you like, then **Submit**.", False
        if op == "clear":
            return [], "The deck is empty again.", False
        if op == "submit":
            return deck, "", True
        return deck, "", False

    async def _submit(
        self, interaction: discord.Interaction, pod: PodRow, seat: PodSeatRow, deck: list[str]
    ) -> str:
        problems = deck_problems(seat.pool, deck)
        if problems:
            return "❌ **Not submitted**, fix this first:\n" + "\n".join(f"• {p}" for p in problems[:10])
        row = await self._save_to_library(pod, seat, deck)
        await self.store.submit(pod.id, seat.seat, deck, row.id)
        seats = await self.store.seats(pod.id)
        done = sum(1 for s in seats if s.submitted)
        await self._say(
            pod,
            f"✅ {seat.display_name} submitted a deck ({done}/{len(seats)} decks in).",
            allowed_mentions=NO_MENTIONS,
        )
        log.info("pod deck submitted", extra={"ctx": {"pod": pod.id, "seat": seat.seat, "deck": row.id}})
        return (
            f"✅ Saved to your library as **{row.name}** ({len(deck)} cards): `/deck show name:{row.name}`."
        )

    async def _save_to_library(self, pod: PodRow, seat: PodSeatRow, deck: Sequence[str]) -> DeckRow:
        """Save the seat's deck to the player's library: "Draft 12" (" (2)" when taken), or over
        the copy an earlier submit saved. Returns the library's DeckRow."""
        from bot.db.decks import DeckNotFound

        assert seat.user_id is not None
        lib = library_deck(seat.pool, deck)
        decks = self.bot.db.decks
        name, replace = None, False
        if seat.deck_id is not None:
            try:
                name, replace = (await decks.get(seat.user_id, seat.deck_id)).row.name, True
            except DeckNotFound:
                name = None
        if name is None:
            base = pod.title.replace("#", "")  # "Draft 12": '#' is not allowed in deck names
            taken = {d.name.casefold() for d in await decks.list(seat.user_id, "afrika")}
            name = base
            k = 2
            while name.casefold() in taken:
                name, k = f"{base} ({k})", k + 1
        return await decks.save(seat.user_id, name, lib, replace=replace)

    # -------------------------------------------------------------------------- rounds

    def plan(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> tuple[str, int]:
        """(pairing, number of rounds) for this pod."""
        from engines.draft.pairings import round_robin

        n = len(seats)
        pairing = str(pod.config.get("pairing") or "auto").replace("-", "_").replace(" ", "_").lower()
        if pairing not in ("swiss", "round_robin"):
            pairing = "round_robin" if n <= 4 else "swiss"
        if pairing == "round_robin":
            return pairing, len(round_robin([s.seat for s in seats]))
        rounds = int(pod.config.get("rounds") or 3)
        return pairing, max(1, min(rounds, n - 1 if n % 2 == 0 else n)) if n > 1 else 0

    @staticmethod
    def results(rows: Sequence[PodMatchRow]) -> list[Any]:
        from engines.draft.pairings import Result

        return [Result(r.seat_a, r.seat_b, r.winner) for r in rows if r.status == "done"]

    async def maybe_start_rounds(self, pod_id: int) -> None:
        """building -> playing once every seat has a submitted deck; then round 1."""
        async with self._lock(pod_id):
            await self._start_rounds(pod_id)

    async def _start_rounds(self, pod_id: int) -> None:
        """``maybe_start_rounds`` for a caller that holds the pod lock. ``start_playing`` moves the
        pod out of 'building' only once, so no second caller pairs round 1 again."""
        seats = await self.store.seats(pod_id)
        if not seats or not all(s.submitted for s in seats):
            return
        if not await self.store.start_playing(pod_id):
            return
        self._cancel_build(pod_id)
        pod = await self._pod(pod_id)
        pairing, rounds = self.plan(pod, seats)
        kind = "Swiss" if pairing == "swiss" else "round robin"
        await self._say(
            pod,
            f"🎴 Every deck is in! {pod.title} plays **{rounds} round{'s' if rounds != 1 else ''}** "
            f"({kind}, best of one; a win is 3 points, a draw 1). Each match gets its own thread.",
        )
        log.info("pod playing", extra={"ctx": {"pod": pod_id, "pairing": pairing, "rounds": rounds}})
        await self._next_round(pod, seats)

    async def _next_round(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None:
        """Pair and launch the round after ``pod.round`` (caller holds the pod lock), or finish."""
        from engines.draft.pairings import played_pairs, round_robin, standings, swiss_round

        pairing, total = self.plan(pod, seats)
        r = pod.round + 1
        if r > total:
            await self._finish(pod, seats)
            return
        ids = [s.seat for s in seats]
        done = await self.store.matches(pod.id)
        if pairing == "round_robin":
            pairs = round_robin(ids)[r - 1]
        else:
            results = self.results(done)
            pairs = swiss_round(standings(ids, results), played_pairs(results))
        rows = await self.store.add_round(pod.id, r, pairs)
        pod = await self._pod(pod.id)
        await self._launch_round(pod, seats, rows)

    async def _launch_round(
        self, pod: PodRow, seats: Sequence[PodSeatRow], rows: Sequence[PodMatchRow]
    ) -> None:
        _, total = self.plan(pod, seats)
        names = self.names(seats)
        r = rows[0].round if rows else pod.round
        lines = [f"⚔️ **Round {r} of {total}** — {pod.title}"]
        for row in rows:
            if row.is_bye:
                lines.append(f"Bye: **{names[row.seat_a]}** (counts as a win)")
            else:
                lines.append(f"Table {row.table_no}: **{names[row.seat_a]}** vs **{names[row.seat_b or 0]}**")
        mention = " ".join(
            f"<@{s.user_id}>"
            for s in seats
            if not s.plays_as_ai
            and any(s.seat in (row.seat_a, row.seat_b) and not row.is_bye for row in rows)
        )
        if mention:
            lines.append(f"{mention}: your match thread is in the channel; your hand comes by DM.")
        await self._say(pod, "\n".join(lines), allowed_mentions=discord.AllowedMentions(users=True))
        for row in rows:
            if row.status == "pending":
                await self._launch(pod, seats, row)
        self._spawn(self.advance(pod.id), f"pod-{pod.id}-advance")

    async def _launch(self, pod: PodRow, seats: Sequence[PodSeatRow], row: PodMatchRow) -> None:
        """Create the table's match (stored with the pod table in one transaction) and open its thread."""
        assert row.seat_b is not None
        by_seat = {s.seat: s for s in seats}
        a, b = by_seat[row.seat_a], by_seat[row.seat_b]
        channel = await self._channel(pod.channel_id or pod.thread_id)
        if channel is None:
            log.warning("pod has no channel to play in", extra={"ctx": {"pod": pod.id}})
            return
        parent = getattr(channel, "parent", None)
        if isinstance(channel, discord.Thread) and parent is not None:
            channel = parent
        names = self.names(seats)
        message = await channel.send(
            f"🎴 **{pod.title}** · round {row.round} · table {row.table_no}: "
            f"{names[a.seat]} vs {names[b.seat]}",
            allowed_mentions=NO_MENTIONS,
        )
        seat_list = [(s.user_id, s.display_name, s.plays_as_ai) for s in (a, b)]
        options = {"decks": [list(a.deck or ()), list(b.deck or ())], "format": "limited"}
        async with self.bot.db.transaction():
            live = await self.bot.matches.create(
                "afrika",
                options,
                seat_list,
                guild_id=pod.guild_id,
                channel_id=channel.id,
                host_id=pod.host_id,
            )
            await self.store.set_match(pod.id, row.round, row.table_no, live.id)
        turn = float(pod.config.get("turn_seconds") or self.bot.settings.turn_seconds)
        log.info(
            "pod match",
            extra={"ctx": {"pod": pod.id, "round": row.round, "table": row.table_no, "match": live.id}},
        )
        await self.bot.lobbies.launch(live, message, turn)

    async def on_match_finished(self, live: LiveMatch) -> None:
        """A finish listener: record the result of a pod table (runs under the match's lock)."""
        row = await self.store.match_row(live.id)
        if row is None or row.status == "done":
            return
        winner = await self._winner(live.id, row)
        recorded = await self.store.record(live.id, winner)
        if recorded is not None:
            log.info("pod result", extra={"ctx": {"pod": row.pod_id, "match": live.id, "winner": winner}})
            self._spawn(self.advance(row.pod_id), f"pod-{row.pod_id}-advance")

    async def _winner(self, match_id: int, row: PodMatchRow) -> int | None:
        """The winning pod seat from the stored outcome; None for a draw or an aborted match."""
        match = await self.bot.db.matches.get(match_id)
        if match.status != "finished" or not match.outcome:
            return None
        ranking = match.outcome.get("ranking") or []
        if not ranking or len(ranking[0]) != 1:
            return None
        return row.seat_a if int(ranking[0][0]) == 0 else row.seat_b

    async def advance(self, pod_id: int) -> None:
        """After a result: when the round is complete, post standings and pair the next round."""
        async with self._lock(pod_id):
            pod = await self.store.pod(pod_id)
            if pod is None or pod.status != "playing" or pod.round == 0:
                return
            rows = await self.store.matches(pod_id)
            current = [r for r in rows if r.round == pod.round]
            if not current or any(r.status != "done" for r in current):
                return
            seats = await self.store.seats(pod_id)
            _, total = self.plan(pod, seats)
            if pod.round < total:
                await self._say(pod, self.standings_text(pod, seats, rows, final=False))
            await self._next_round(pod, seats)

    def standings_text(
        self, pod: PodRow, seats: Sequence[PodSeatRow], rows: Sequence[PodMatchRow], *, final: bool
    ) -> str:
        from engines.draft.pairings import standings

        _, total = self.plan(pod, seats)
        table = standings([s.seat for s in seats], self.results(rows))
        names = self.names(seats)
        played = max((r.round for r in rows if r.status == "done"), default=0)
        head = (
            f"🏆 **Final standings — {pod.title}**"
            if final
            else f"📊 **Standings after round {played} of {total}** — {pod.title}"
        )
        body = "\n".join(table.lines(names))
        foot = "Points: win 3, draw 1, loss 0 (a bye is a win) · record W-L-D · tie-break: opponents' match-win %."
        return f"{head}\n```\n{body}\n```{foot}"

    async def _finish(self, pod: PodRow, seats: Sequence[PodSeatRow]) -> None:
        from engines.draft.pairings import standings

        rows = await self.store.matches(pod.id)
        await self.store.set_status(pod.id, "finished", finished=True)
        table = standings([s.seat for s in seats], self.results(rows))
        winner = self.names(seats)[table.rows[0].seat] if table.rows else "nobody"
        await self._say(
            pod, self.standings_text(pod, seats, rows, final=True) + f"\n🥇 **{winner}** wins {pod.title}!"
        )
        log.info("pod finished", extra={"ctx": {"pod": pod.id, "winner": winner}})

    async def set_result(self, pod_id: int, round_no: int, table_no: int, winner: int | None) -> PodMatchRow:
        """A moderator's result for a table (e.g. a match that was ended); moves the pod on."""
        pod = await self._pod(pod_id)
        row = next(
            (r for r in await self.store.matches(pod_id) if (r.round, r.table_no) == (round_no, table_no)),
            None,
        )
        if row is None or row.is_bye:
            raise PodError(f"{pod.title} has no table {table_no} in round {round_no}.")
        if winner is not None and winner not in (row.seat_a, row.seat_b):
            raise PodError("The winner must be one of the two players of that table.")
        if row.match_id is not None:
            match = await self.bot.db.matches.get(row.match_id)
            if match.status == "active":
                raise PodError("That match is still being played: end it first (`/game end` in its thread).")
        await self.store.set_result(pod_id, round_no, table_no, winner)
        self._spawn(self.advance(pod_id), f"pod-{pod_id}-advance")
        return row

    async def status_text(self, pod: PodRow) -> str:
        """/pod status: the pod's phase, its pairings round by round with results, the standings."""
        seats = await self.store.seats(pod.id)
        rows = await self.store.matches(pod.id)
        names = self.names(seats)
        phase = {
            "lobby": "in its lobby",
            "drafting": "drafting",
            "building": "building decks",
            "playing": f"playing round {pod.round}",
            "finished": "finished",
            "cancelled": "cancelled",
        }[pod.status]
        lines = [f"**{pod.title}** — {len(seats)} seats, {phase}"]
        if pod.status in ("building", "playing", "finished") and seats:
            pairing, total = self.plan(pod, seats)
            lines[0] += f" · {'Swiss' if pairing == 'swiss' else 'round robin'}, {total} rounds"
        if pod.status == "building":
            waiting = [names[s.seat] for s in seats if not s.submitted]
            lines.append(
                f"Decks in: {len(seats) - len(waiting)}/{len(seats)}"
                + (f" · still building: {', '.join(waiting)}" if waiting else "")
                + (f" · time is up {when(pod.build_deadline)}" if pod.build_deadline is not None else "")
            )
        for r in sorted({row.round for row in rows}):
            lines.append(f"__Round {r}__")
            for row in (x for x in rows if x.round == r):
                if row.is_bye:
                    lines.append(f"• Bye: {names[row.seat_a]}")
                    continue
                vs = f"{names[row.seat_a]} vs {names[row.seat_b or 0]}"
                if row.status == "done":
                    result = f"{names[row.winner]} won" if row.winner is not None else "draw"
                elif row.status == "playing" and row.match_id is not None:
                    match = await self.bot.db.matches.get(row.match_id)
                    result = f"playing in <#{match.thread_id}>" if match.thread_id else "starting"
                else:
                    result = "waiting"
                lines.append(f"• Table {row.table_no}: {vs} — {result}")
        if any(r.status == "done" for r in rows):
            from engines.draft.pairings import standings

            table = standings([s.seat for s in seats], self.results(rows))
            lines.append("**Standings**\n```\n" + "\n".join(table.lines(names)) + "\n```")
        text = "\n".join(lines)
        return text if len(text) <= 2000 else text[:1990] + "…"

    # -------------------------------------------------------------------------- restart

    async def resume(self) -> None:
        """After a restart: bring every building or playing pod up to date (see the module doc)."""
        for pod in await self.store.pods_with_status(["building", "playing"]):
            try:
                await self._resume_pod(pod)
            except Exception:
                log.exception("pod resume failed", extra={"ctx": {"pod": pod.id}})

    async def _resume_pod(self, pod: PodRow) -> None:
        from engines.draft.autobuild import build_deck

        if pod.status == "building":
            for s in await self.store.seats(pod.id):
                if s.plays_as_ai and not s.submitted and s.pool:
                    await self.store.submit(pod.id, s.seat, await asyncio.to_thread(build_deck, s.pool), None)
            await self.maybe_start_rounds(pod.id)
            pod = await self._pod(pod.id)
            if pod.status == "building":
                # Re-arm the deadline (one that passed while the bot was down fires at once); a pod
                # that was building before deadlines existed gets one from now.
                await self._set_deadline(pod)
            return
        async with self._lock(pod.id):
            seats = await self.store.seats(pod.id)
            rows = [r for r in await self.store.matches(pod.id) if r.round == pod.round]
            if not rows:  # the pod went 'playing' but round 1 was never paired
                await self._next_round(pod, seats)
                return
            pending = [r for r in rows if r.status == "pending"]
            for r in rows:
                if r.status != "playing" or r.match_id is None:
                    continue
                match = await self.bot.db.matches.get(r.match_id)
                if match.status != "active":
                    winner = await self._winner(r.match_id, r)
                    await self.store.record(r.match_id, winner)
                elif match.thread_id is None:
                    live = await self.bot.matches.get(r.match_id)
                    channel = await self._channel(match.channel_id)
                    if channel is not None:
                        msg = await channel.send(
                            f"🎴 **{pod.title}** · round {r.round} · table {r.table_no} (resumed)"
                        )
                        await self.bot.lobbies.launch(live, msg, float(self.bot.settings.turn_seconds))
                else:
                    live = await self.bot.matches.get(r.match_id)
                    if live.active and all(live.seats[p].is_ai for p in live.current):
                        report = await self.bot.matches.run_ai_seats(live)
                        await self.bot.table.after_report(report)
            for r in pending:
                await self._launch(pod, seats, r)
        await self.advance(pod.id)
