"""The no-token sandbox: the real bot inside simcord's simulated Discord, shown in a browser.

Without DISCORD_TOKEN there is nothing to connect to, so the same CardhostBot (same cogs, same
database file, same buttons) is attached to an in-process Discord with a guild, a #table channel
and a few test users, and simcord's preview serves it on 127.0.0.1 where a person can switch
between those users, type slash commands and click buttons.

A simcord preview shows exactly one channel, and an Env holds one preview at a time, but a game
lives in three kinds of place: the lobby in #table, the board in the game's thread, the hands in
each player's DMs. So the sandbox moves the preview between places, always at the same URL (same
port, same secret): when a game starts in the channel on screen it follows the game into its
thread, and the sandbox-only ``/goto`` command (never registered on a real Discord) shows
#table, any game thread, or any test user's DMs. After a move the open page says the session is
unavailable: reload it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from bot.settings import Settings

if TYPE_CHECKING:
    from bot.client import CardhostBot

log = logging.getLogger("cardhost.sandbox")

# How long a move waits for the click or command that caused it to finish being shown.
_SETTLE_SECONDS = 10.0


@dataclass(frozen=True)
class _Place:
    key: str  # "table", "thread:<id>", "dm:<name>"
    label: str
    channel: Any  # simcord ChannelHandle
    viewers: tuple[Any, ...]


class _Places:
    """Where the preview can go, and the one it should show next."""

    def __init__(self, env: Any, table: Any, users: dict[str, Any], members: dict[str, Any]) -> None:
        self.env = env
        self.table = table
        self.users = users
        self.members = members
        self.current: _Place | None = None
        self.wanted: _Place | None = None
        self.changed = asyncio.Event()

    def threads(self) -> list[Any]:
        return list(self.table.threads)

    def resolve(self, key: str, first_viewer: str | None = None) -> _Place | None:
        members = list(self.members.values())
        if first_viewer in self.members:  # the page opens as its first viewer
            members.sort(key=lambda m: m is not self.members[first_viewer])
        if key in ("table", f"#{self.table.name}"):
            return _Place("table", f"#{self.table.name}", self.table, tuple(members))
        if key.startswith("thread:"):
            for thread in self.threads():
                if str(thread.id) == key.removeprefix("thread:"):
                    return _Place(key, f"the thread “{thread.name}”", thread, tuple(members))
            return None
        if key.startswith("dm:"):
            name = key.removeprefix("dm:")
            user = self.users.get(name)
            if user is None:
                return None
            # A DM preview is only ever seen by the user whose DMs they are.
            return _Place(key, f"{name}'s DMs with the bot", user.dm_channel, (user,))
        return None

    def choices(self) -> list[tuple[str, str]]:
        out = [(f"#{self.table.name}", "table")]
        out += [(f"thread: {t.name}", f"thread:{t.id}") for t in self.threads()]
        out += [(f"DMs of {name}", f"dm:{name}") for name in self.users]
        return out

    def request(self, place: _Place) -> None:
        self.wanted = place
        self.changed.set()


def _add_goto_command(bot: Any, places_ref: list[_Places]) -> None:
    """``/goto where:`` — sandbox only: show another channel in the preview."""
    import discord
    from discord import app_commands

    @app_commands.command(
        name="goto",
        description="Sandbox only: show #table, a game thread or a user's DMs in this preview",
    )
    @app_commands.describe(where="#table, a game thread, or DMs of a test user")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def goto(interaction: discord.Interaction, where: str) -> None:
        places = places_ref[0]
        key = where
        for label, value in places.choices():  # accept a typed label as well as a picked value
            if where.strip().lower() == label.lower():
                key = value
        place = places.resolve(key, first_viewer=interaction.user.name)
        if place is None:
            known = ", ".join(label for label, _ in places.choices())
            await interaction.response.send_message(f"No such place. Try one of: {known}.", ephemeral=True)
            return
        await interaction.response.send_message(
            f"Moving the preview to {place.label}: **reload this page** in a moment.", ephemeral=True
        )
        places.request(place)

    @goto.autocomplete("where")
    async def _where(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        places = places_ref[0]
        needle = current.strip().lower()
        return [
            app_commands.Choice(name=label, value=value)
            for label, value in places.choices()
            if needle in label.lower()
        ][:25]

    bot.tree.add_command(goto)


def keep_relative_times_current(preview: Any) -> bool:
    """Make every publication of the preview read relative times (``<t:…:R>``) against the
    simulated clock's now. True once done; False (and a warning) if this simcord has no such hooks.

    simcord's page turns ``<t:…:R>`` into words against the preview's "presentation time", which
    it sets when the preview opens and moves only on an explicit refresh: a click's result or a
    message the bot posts later is still read against the moment the page opened, so four minutes
    into a game a deadline 20 s away read "in 4 minutes" (issue 34 item 6). The bot's deadlines
    are right (they are the simulated clock's, which its timers run on); the page's basis is stale.
    So before each publication the basis is moved to the simulated now. The words are then right
    when the page is drawn; they do not count down by themselves between two updates of the page
    (Discord's client does), which the README says."""
    publish = getattr(preview, "_publish", None)
    advance = getattr(preview, "_advance_presentation_time", None)
    if not callable(publish) or not callable(advance):
        log.warning("this simcord's preview cannot be kept on the simulated clock: relative times may be off")
        return False

    def publish_now(page: Any, *args: Any, **kwargs: Any) -> Any:
        advance()
        return publish(page, *args, **kwargs)

    preview._publish = publish_now
    return True


def follow_the_wall_clock(
    preview: Any, env: Any, bot: CardhostBot, wall: Callable[[], float] = time.time
) -> bool:
    """Before each thing a person does on the page, bring the simulated clock to the wall clock.
    True once done; False (and a warning) if this simcord's preview has no such hook.

    simcord's clock moves only when a timer of the bot fires (it jumps to the timer's moment) or
    when asked to; between two timers it stands still. So a turn's clock read "in 2 minutes" on a
    hand shown a minute after the turn began, while a minute was left, and a deadline set then was
    a minute early. Moving the clock to the wall clock first (``continue_time``, which also fires
    what fell due meanwhile, as a real Discord would have) makes what the bot says and sets on a
    click match the wall clock; the timers then fire at their real time as before."""
    act = getattr(preview, "_action", None)
    if not callable(act):
        log.warning("this simcord's preview cannot follow the wall clock: its times may run behind")
        return False

    async def act_on_time(*args: Any, **kwargs: Any) -> Any:
        try:
            await continue_time(env, bot, wall)
        except Exception:  # another operation is under way (a second tab): the action says so
            log.debug("the clock could not catch up before an action", exc_info=True)
        return await act(*args, **kwargs)

    preview._action = act_on_time
    return True


async def _wait_until_idle(preview: Any) -> None:
    """Let the click or command that asked for a move finish and be published first."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + _SETTLE_SECONDS
    await asyncio.sleep(0.3)
    while getattr(preview, "_active_action", None) is not None and loop.time() < deadline:
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.2)


def _banner(url: str, settings: Settings) -> str:
    users = ", ".join(settings.sandbox_user_names)
    return (
        "\ncardhost sandbox (no DISCORD_TOKEN set): the real bot in a simulated Discord.\n"
        f"  Open {url}\n"
        f"  Test users: {users}. Pick who you are with 'Viewing as' at the top of the page.\n"
        "  1. In #table type /play chrono and press Enter (or the send arrow).\n"
        "  2. Switch 'Viewing as' to other users and click Join (or Add AI as the host).\n"
        "  3. As the host click Start. The preview follows the game into its thread:\n"
        "     when the page says the session is unavailable, reload it (same URL).\n"
        "  4. In the thread, the player to move clicks 'Show my hand' on the board: the hand\n"
        "     and the move buttons appear just for them ('View response' / the reply under it).\n"
        "  The page redraws when you act: press 'Refresh preview' to see the AI's moves meanwhile.\n"
        "  Menus: click one, then an option (several picks: click Apply or outside the list).\n"
        "  /goto where:… shows #table, a game thread, or a user's DMs (sandbox-only command;\n"
        "  a page shows one channel at a time, so reload after each move).\n"
        f"  Database: {settings.database}. Stop with Ctrl+C.\n"
    )


def _import_simcord() -> Any:
    """simcord checks discord.py's internals when imported, with a throwaway client that has no
    intents, and discord.py warns that such a client lacks the Guilds intent. The bot itself has
    it, so that one warning is kept from an operator who can do nothing about it."""
    state_log = logging.getLogger("discord.state")
    level = state_log.level
    state_log.setLevel(logging.ERROR)
    try:
        import simcord
    finally:
        state_log.setLevel(level)
    return simcord


class _NoFakeLogin(logging.Filter):
    """simcord logs the bot in with a fake token; "logging in using static token" would suggest a
    real Discord login to the person trying the sandbox."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != "logging in using static token"


async def run_sandbox(
    settings: Settings,
    *,
    ready: asyncio.Event | None = None,
    stop: asyncio.Event | None = None,
    on_url: Callable[[str], None] | None = None,
) -> None:
    import discord

    from bot.client import create_bot

    simcord = _import_simcord()
    bot = create_bot(settings)
    bot.announce_ready = False  # "ready" only once the page's port is bound, below
    places_ref: list[_Places] = []
    _add_goto_command(bot, places_ref)

    async def follow_new_thread(thread: discord.Thread) -> None:
        # A game started in the channel on screen: show its thread, where the board is.
        if not places_ref:
            return
        places = places_ref[0]
        current = places.current
        if current is None or thread.parent_id != current.channel.id:
            return
        place = places.resolve(f"thread:{thread.id}")
        if place is not None:
            places.request(place)

    bot.add_listener(follow_new_thread, "on_thread_create")

    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)

    fake_login = _NoFakeLogin()
    logging.getLogger("discord.client").addFilter(fake_login)
    try:
        await _serve(bot, settings, places_ref, stop, simcord, ready, on_url)
    finally:
        logging.getLogger("discord.client").removeFilter(fake_login)


async def continue_time(env: Any, bot: CardhostBot, wall: Callable[[], float] = time.time) -> float:
    """Set the simulated clock to the wall clock (or to the latest stored moment, if that is later);
    returns the seconds moved.

    simcord's clock starts at the same date in every process, so after a restart of the sandbox a
    pick timer stored 9 minutes into the last run read "in 10 minutes" again. Within a run the
    simulated clock follows real time (each timer fires when its real time comes), so starting it
    at the wall clock keeps every stored deadline meaning what it meant, downtime included, as for
    a bot on Discord: deadlines that passed while the sandbox was down run out at once."""
    from bot.services.clock import now

    latest = await bot.db.latest_time()
    target = max(wall(), latest or 0.0)
    if target <= now():
        return 0.0
    moved = target - now()
    await env.advance_time(moved)
    return moved


async def _serve(
    bot: CardhostBot,
    settings: Settings,
    places_ref: list[_Places],
    stop: asyncio.Event,
    simcord: Any,
    ready: asyncio.Event | None,
    on_url: Callable[[str], None] | None,
) -> None:
    from bot.startup import port_problem

    async with simcord.run(bot, check_errors=False, settle_timeout=30.0) as env:
        await continue_time(env, bot)
        guild = env.create_guild("cardhost sandbox")
        table = guild.create_text_channel("table")
        users = {name: env.create_user(name) for name in settings.sandbox_user_names}
        members = {name: guild.add_member(user) for name, user in users.items()}
        places = _Places(env, table, users, members)
        places_ref.append(places)
        place = places.resolve("table")
        assert place is not None
        port: int | None = settings.sandbox_port or None
        capability: str | None = None
        stopping = asyncio.ensure_future(stop.wait())
        try:
            while not stop.is_set():
                preview = env.preview(place.channel, viewers=place.viewers, layout="channel", port=port)
                if capability is not None:
                    preview.capability = capability  # keep the URL the person already has open
                try:
                    await preview.__aenter__()
                except simcord.SetupError as exc:
                    if isinstance(exc.__cause__, OSError):
                        raise port_problem(port or 0, exc.__cause__) from exc
                    raise
                keep_relative_times_current(preview)
                follow_the_wall_clock(preview, env, bot)
                async with contextlib.AsyncExitStack() as opened:
                    opened.push_async_exit(preview)
                    places.current = place
                    if capability is None:
                        capability = preview.capability
                        port = urlsplit(preview.url).port
                        log.info("ready to host", extra={"ctx": {**bot.ready_context, "port": port}})
                        print(_banner(preview.url, settings), flush=True)
                        if on_url is not None:
                            on_url(preview.url)
                        if ready is not None:
                            ready.set()
                    else:
                        print(f"  The preview now shows {place.label}: reload the page.", flush=True)
                    while True:
                        places.changed.clear()
                        changed = asyncio.ensure_future(places.changed.wait())
                        await asyncio.wait({stopping, changed}, return_when=asyncio.FIRST_COMPLETED)
                        changed.cancel()
                        if stop.is_set():
                            break
                        wanted = places.wanted
                        if wanted is not None and (wanted.key, wanted.viewers) != (place.key, place.viewers):
                            await _wait_until_idle(preview)
                            place = wanted
                            break
        finally:
            stopping.cancel()
