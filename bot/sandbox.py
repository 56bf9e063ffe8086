"""The no-token sandbox: the real bot inside simcord's simulated Discord, shown in a browser.

Without DISCORD_TOKEN there is nothing to connect to, so the same CardhostBot (same cogs, same
database file, same buttons) is attached to an in-process Discord with a guild, a #table channel
and a few test users, and simcord's preview serves it on 127.0.0.1 where a person can switch
between those users, type slash commands and click buttons.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable

from bot.settings import Settings

log = logging.getLogger("cardhost.sandbox")


async def run_sandbox(
    settings: Settings,
    *,
    ready: asyncio.Event | None = None,
    stop: asyncio.Event | None = None,
    on_url: Callable[[str], None] | None = None,
) -> None:
    import simcord

    from bot.client import create_bot

    bot = create_bot(settings)
    async with simcord.run(bot, check_errors=False, settle_timeout=30.0) as env:
        guild = env.create_guild("cardhost sandbox")
        table = guild.create_text_channel("table")
        members = [guild.add_member(env.create_user(name)) for name in settings.sandbox_user_names]
        async with env.preview(
            table, viewers=members, layout="channel", port=settings.sandbox_port or None
        ) as preview:
            print(
                "\ncardhost sandbox (no DISCORD_TOKEN set): the real bot in a simulated Discord.\n"
                f"  Open {preview.url}\n"
                f"  You can act as: {', '.join(settings.sandbox_user_names)} (switch user in the page).\n"
                "  Try /play game:Epochs Chrono, then Join as other users and Start.\n"
                f"  Database: {settings.db_path}. Stop with Ctrl+C.\n",
                flush=True,
            )
            if on_url is not None:
                on_url(preview.url)
            stop = stop or asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(sig, stop.set)
            if ready is not None:
                ready.set()
            await stop.wait()
