"""Finding a stored channel or thread again: the cache first, then Discord, and words in the log
when it is gone. Matches, series, drafts and pods keep only ids, so the surfaces that write to
their threads all look up this way (it reads discord.py's errors, so it is not a service's)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, TypeVar

import discord

if TYPE_CHECKING:
    from discord.ext import commands

log = logging.getLogger(__name__)

C = TypeVar("C")


async def find_channel(
    bot: commands.Bot, channel_id: int | None, kind: type[C], what: str, ctx: dict[str, Any]
) -> C | None:
    """The channel ``channel_id`` if it exists and is a ``kind``; None (logged as ``what``) if not."""
    if channel_id is None:
        return None
    channel: Any = bot.get_channel(channel_id)
    if channel is None:
        try:
            channel = await bot.fetch_channel(channel_id)
        except discord.HTTPException:
            log.warning(f"{what} is gone", extra={"ctx": ctx})
            return None
    if not isinstance(channel, kind):
        log.warning(f"{what} is not a {kind.__name__}", extra={"ctx": ctx})
        return None
    return channel
