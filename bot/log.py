"""Structured logging: one line per event, ``key=value`` pairs after the message.

Loggers receive context through ``extra={"ctx": {...}}``; the formatter appends it, so a line such
as ``ERROR cardhost.errors interaction failed command=play user=42 guild=7`` is greppable.
"""

from __future__ import annotations

import logging
from typing import Any


class KeyValueFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        base = super().format(record)
        ctx: dict[str, Any] | None = getattr(record, "ctx", None)
        if ctx:
            pairs = " ".join(
                f"{k}={v!r}" if isinstance(v, str) and " " in v else f"{k}={v}" for k, v in ctx.items()
            )
            head, sep, tail = base.partition("\n")
            return f"{head} {pairs}{sep}{tail}"
        return base


def setup_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(KeyValueFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
    quiet_voice()


def quiet_voice() -> None:
    """cardhost never joins a voice channel, so discord.py's start-up warnings that the voice
    libraries (PyNaCl, davey) are missing tell the operator nothing: clear discord.py's own
    warn-once flags before the first client is made, rather than filtering log lines."""
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    VoiceClient.warn_dave = False
