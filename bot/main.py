"""Start-up: read settings, then connect to Discord, or open the local sandbox without a token."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from bot.log import setup_logging
from bot.settings import SettingsError, load_settings

log = logging.getLogger("cardhost")


def run() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    if settings.discord_token:
        from bot.client import create_bot

        bot = create_bot(settings)
        bot.run(settings.discord_token, log_handler=None)
        return 0
    from bot.sandbox import run_sandbox

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_sandbox(settings))
    return 0
