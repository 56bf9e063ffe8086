"""Start-up: read settings, then connect to Discord, or open the local sandbox without a token.

A failure the operator can fix (bad token, no network, the sandbox port taken, a database file the
bot cannot use) ends the process with one line on stderr and exit code 2, like a bad setting; the
traceback is printed too only with ``LOG_LEVEL=debug``. Anything else is a bug and keeps its
traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import traceback

from bot.log import setup_logging
from bot.settings import Settings, SettingsError, load_settings

log = logging.getLogger("cardhost")

EXIT_CANNOT_START = 2


def run(**overrides: object) -> int:
    """``overrides``: settings given on the command line (``--shards``), over the environment's."""
    try:
        settings = load_settings(**overrides)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return EXIT_CANNOT_START
    setup_logging(settings.log_level, settings.log_format)
    quiet_voice()
    try:
        _serve(settings)
    except Exception as exc:
        from bot.startup import explain

        line = explain(exc, settings)
        if line is None:
            raise
        if settings.log_level == "DEBUG":
            traceback.print_exception(exc)
        print(" ".join(line.split()), file=sys.stderr)
        return EXIT_CANNOT_START
    return 0


def quiet_voice() -> None:
    """cardhost never joins a voice channel, so discord.py's start-up warnings that the voice
    libraries (PyNaCl, davey) are missing tell the operator nothing: clear discord.py's own
    warn-once flags before the first client is made, rather than filtering log lines. (Start-up
    work, here rather than in ``bot/log.py``, which stays free of discord.)"""
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    VoiceClient.warn_dave = False


def _serve(settings: Settings) -> None:
    if settings.discord_token:
        from bot.client import create_bot

        bot = create_bot(settings)
        bot.run(settings.discord_token, log_handler=None)
        return
    from bot.sandbox import run_sandbox

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_sandbox(settings))
