"""The sender's discord.py side: its errors in the core's terms, and the writes it hands the core.

discord.py retries a 429 by sleeping ``retry_after`` itself, up to five times, and then raises;
the sender paces and retries with the newest content instead, so :func:`tune_client` sets
``max_ratelimit_timeout``: a wait longer than that comes back as ``discord.RateLimited`` and
the sender decides (the newest version may have replaced the one that waited).
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.sender.core import PermanentError, RateLimitedError, Sender, SendError, TransientError

if TYPE_CHECKING:
    from bot.settings import Settings

MAX_RATELIMIT_TIMEOUT = 10.0
"""Seconds discord.py may sleep on a rate limit itself before handing it to the sender: above a
channel's 5 s window, so the writes that do not go through the sender (a new message, a thread's
first lines) still wait out an ordinary bucket as before, while a long wait (a global limit, a
retry_after of minutes) comes back to the sender, which writes the newest version when it ends."""


def tune_client(client: discord.Client, max_wait: float = MAX_RATELIMIT_TIMEOUT) -> None:
    """Long rate-limit waits come back to the sender as ``discord.RateLimited``.

    Set on the HTTP client directly: the constructor's ``max_ratelimit_timeout`` refuses less than
    30 s, far longer than a player should look at an old board. discord.py reads it when it makes
    a route's bucket, so this is called before the first request."""
    client.http.max_ratelimit_timeout = max_wait


def sender_for(settings: Settings, **options: Any) -> Sender:
    """The process's one sender, paced by the settings' budget."""
    return Sender(
        global_rate=settings.discord_global_rate,
        rate_share=settings.discord_rate_share,
        channel_writes=settings.discord_channel_writes,
        classify=classify,
        **options,
    )


def classify(exc: BaseException) -> SendError | None:
    """The core's name for a discord.py failure; None for what is not Discord's answer (a bug)."""
    if isinstance(exc, SendError):
        return exc
    if isinstance(exc, discord.RateLimited):
        return RateLimitedError(exc.retry_after, "discord.py gave up waiting on a rate limit")
    if isinstance(exc, discord.HTTPException):
        status = exc.status
        if status == 429:
            return RateLimitedError(_retry_after(exc), "429 Too Many Requests")
        if isinstance(exc, discord.DiscordServerError) or status >= 500:
            return TransientError(f"{status} {exc.text or 'server error'}")
        error = PermanentError(f"{status} {exc.text}".strip(), status=status, code=exc.code)
        error.original = exc
        return error
    if isinstance(exc, (asyncio.TimeoutError, OSError, aiohttp.ClientError)):
        return TransientError(f"{type(exc).__name__}: {exc}")
    return None


def _retry_after(exc: discord.HTTPException) -> float:
    headers = getattr(exc.response, "headers", None) or {}
    for name in ("Retry-After", "X-RateLimit-Reset-After"):
        value = headers.get(name)
        if value is not None:
            try:
                return float(value)
            except ValueError:
                continue
    return 1.0


def translated(write: Callable[[], Awaitable[None]]) -> Callable[[], Awaitable[None]]:
    """``write`` raising the core's errors in place of discord.py's."""

    async def attempt() -> None:
        try:
            await write()
        except Exception as exc:
            error = classify(exc)
            if error is None or error is exc:
                raise
            raise error from exc

    return attempt


def edit_message(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    *,
    content: str,
    view: discord.ui.View | None,
    image: bytes | None = None,
    filename: str = "image.png",
    keep_image: bool = False,
    private: bool = False,
) -> Callable[[], Awaitable[None]]:
    """A write that edits one message by channel and message id to exactly this content.

    ``keep_image``: the picture did not change, so the edit leaves the attachment as it is (an
    edit without ``attachments=`` keeps them) instead of uploading the same bytes again. Else the
    message gets ``image`` (a fresh ``discord.File`` each try: a send consumes it) or none."""

    async def write() -> None:
        kind = discord.ChannelType.private if private else None
        channel = client.get_partial_messageable(channel_id, type=kind)
        kwargs: dict[str, Any] = {"content": content, "view": view}
        if not keep_image:
            kwargs["attachments"] = [discord.File(io.BytesIO(image), filename=filename)] if image else []
        await channel.get_partial_message(message_id).edit(**kwargs)

    return translated(write)
