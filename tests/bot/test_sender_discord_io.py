"""The sender's discord.py adapter (bot/sender/discord_io.py): discord.py's failures in the core's
terms, the client handing long rate-limit waits to the sender, and the message edit it writes
(through the real bot on simcord)."""

from __future__ import annotations

import io
from typing import Any

import aiohttp
import discord

from bot.sender.core import Desired, PermanentError, RateLimitedError, Status, Surface, TransientError
from bot.sender.discord_io import MAX_RATELIMIT_TIMEOUT, classify, edit_message
from tests.bot.table import make_table


class _Response:
    def __init__(self, status: int, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = "reason"
        self.headers = headers or {}


def _http(status: int, code: int = 0, headers: dict[str, str] | None = None) -> discord.HTTPException:
    body = {"message": "refused", "code": code}
    if status >= 500:
        return discord.DiscordServerError(_Response(status, headers), body)  # type: ignore[arg-type]
    if status == 403:
        return discord.Forbidden(_Response(status, headers), body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(_Response(status, headers), body)  # type: ignore[arg-type]
    return discord.HTTPException(_Response(status, headers), body)  # type: ignore[arg-type]


def test_discord_failures_are_classified_for_the_sender() -> None:
    limited = classify(discord.RateLimited(12.5))
    assert isinstance(limited, RateLimitedError) and limited.retry_after == 12.5
    too_many = classify(_http(429, headers={"Retry-After": "2.5"}))
    assert isinstance(too_many, RateLimitedError) and too_many.retry_after == 2.5
    for status in (500, 502, 503, 504):
        assert isinstance(classify(_http(status)), TransientError)
    for exc in (TimeoutError(), OSError("reset"), aiohttp.ServerDisconnectedError()):
        assert isinstance(classify(exc), TransientError)
    closed = classify(_http(403, code=50007))
    assert isinstance(closed, PermanentError) and (closed.status, closed.code) == (403, 50007)
    assert isinstance(closed.original, discord.Forbidden)
    assert isinstance(classify(_http(404, code=10008)), PermanentError)
    assert isinstance(classify(_http(400)), PermanentError)
    assert classify(ValueError("a bug")) is None  # not Discord's answer: not retried as one


async def test_the_bot_hands_long_rate_limit_waits_to_its_sender(simcord_env) -> None:
    bot = simcord_env.bot
    assert bot.http.max_ratelimit_timeout == MAX_RATELIMIT_TIMEOUT
    assert bot.sender.rate == bot.settings.discord_global_rate * bot.settings.discord_rate_share


async def test_an_edit_keeps_an_unchanged_picture_and_replaces_a_new_one(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    bot = env.bot
    channel = bot.get_channel(t.channel.id)
    msg = await channel.send("v1", file=discord.File(io.BytesIO(b"picture one"), filename="board.png"))
    sent = t.channel.last_message
    assert [a.filename for a in sent.attachments] == ["board.png"]
    surface = Surface("board", (1,))

    def desired(version: int, content: str, **kwargs: Any) -> Desired:
        write = edit_message(bot, channel.id, msg.id, content=content, view=None, **kwargs)
        return Desired(version, (content, kwargs.get("image")), write, channel_id=channel.id)

    result = await bot.sender.submit(surface, desired(2, "v2", keep_image=True))
    assert result.status is Status.WRITTEN
    shown = t.channel.last_message
    assert shown.content == "v2" and [a.filename for a in shown.attachments] == ["board.png"]
    await bot.sender.submit(surface, desired(3, "v3", image=b"picture two", filename="board-3.png"))
    shown = t.channel.last_message
    assert shown.content == "v3" and [a.filename for a in shown.attachments] == ["board-3.png"]


async def test_a_server_error_on_an_edit_is_retried_and_a_missing_message_is_refused(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    bot = env.bot
    channel = bot.get_channel(t.channel.id)
    msg = await channel.send("v1")
    surface = Surface("board", (2,))
    write = edit_message(bot, channel.id, msg.id, content="v2", view=None)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{msg.id}", status=500, times=3)
    result = await bot.sender.submit(surface, Desired(2, "v2", write, channel_id=channel.id))
    assert result.status is Status.WRITTEN
    assert t.channel.last_message.content == "v2"
    # Failing every try (five): stale, and written by the repair once Discord answers again.
    write = edit_message(bot, channel.id, msg.id, content="v3", view=None)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/{msg.id}", status=503, times=5)
    result = await bot.sender.submit(surface, Desired(3, "v3", write, channel_id=channel.id))
    assert result.status is Status.STALE and bot.sender.is_stale(surface)
    assert t.channel.last_message.content == "v2"
    assert [r.status for r in await bot.sender.repair_stale()] == [Status.WRITTEN]
    assert t.channel.last_message.content == "v3"
    gone = edit_message(bot, channel.id, 999_999, content="v4", view=None)
    refused = await bot.sender.submit(Surface("board", (3,)), Desired(4, "v4", gone, channel_id=channel.id))
    assert refused.status is Status.FAILED and isinstance(refused.error, PermanentError)
    assert refused.error.status == 404
