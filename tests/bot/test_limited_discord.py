"""The limited Discord (tests/bot/limited_discord.py) itself: its limits hold, its 429s look like
Discord's, discord.py answers them as it does in production, faults come at the asked rate, and
the record by route is right. Requests are made as the bot's own work (so discord.py's sleeps
follow simcord's virtual clock), through ``bot.http`` as the bot's code does."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Coroutine
from typing import Any

import discord
import pytest
from discord.http import Route
from simcord.http import FakeHTTPClient

from tests.bot.limited_discord import LimitedDiscord, _call_for, _Response
from tests.bot.table import make_table

WRITE = "POST /channels/{channel_id}/messages"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"


@pytest.fixture(autouse=True)
def discord_py_defaults(simcord_env: Any) -> None:
    """discord.py as it comes (no ``max_ratelimit_timeout``: it waits out every rate limit),
    whatever the bot sets; the test of ``RateLimited`` sets its own."""
    simcord_env.bot.http.max_ratelimit_timeout = None


def as_bot(env: Any, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
    """Run ``coro`` as the bot's work: its timers (discord.py's sleeps) are simcord's."""
    with env._bot_scope():
        return asyncio.get_running_loop().create_task(coro)


async def finish(env: Any, task: asyncio.Task[Any], seconds: float = 60.0) -> Any:
    """Let virtual time run until ``task`` is done; its result (or exception). ``advance_time``
    jumps the bot's sleeps (a plain settle would wait the short ones out in real time)."""
    await env.advance_time(0)
    waited = 0.0
    while not task.done() and waited < seconds:
        await env.advance_time(1.0)
        waited += 1.0
    assert task.done(), "the bot's requests did not finish"
    return task.result()


def send(env: Any, channel_id: int, text: str) -> Coroutine[Any, Any, Any]:
    return env.bot.http.send_message(channel_id, params=discord.http.handle_message_parameters(content=text))


async def test_requests_are_recorded_by_route_with_their_channel(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    t = make_table(simcord_env)
    channel = t.channel.id

    async def work() -> None:
        sent = [await send(simcord_env, channel, f"m{i}") for i in range(3)]
        await simcord_env.bot.http.edit_message(
            channel, sent[0]["id"], params=discord.http.handle_message_parameters(content="edited")
        )

    mark = limited_discord.mark()
    await finish(simcord_env, as_bot(simcord_env, work()))
    rows = limited_discord.since(mark)
    assert limited_discord.by_route(rows) == {WRITE: 3, EDIT: 1}
    assert all(r.channel_id == channel and r.global_bound and r.status == 200 for r in rows)
    assert limited_discord.global_bound(rows) == 4

    # A slash command's answer is an interaction callback: recorded, not global-bound.
    mark = limited_discord.mark()
    await t.members["alice"].slash(t.channel, "card", name="LC001")
    rows = limited_discord.since(mark)
    callbacks = [r for r in rows if r.route == "POST /interactions/{webhook_id}/{webhook_token}/callback"]
    assert callbacks and not any(r.global_bound for r in callbacks)
    assert limited_discord.global_bound(rows) == sum(1 for r in rows if r.global_bound)


async def test_message_writes_per_channel_hold_and_discord_py_waits_for_the_bucket(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    limited_discord.configure(channel_writes=2, channel_window=5.0)
    t = make_table(simcord_env)
    other = t.guild.create_text_channel("other")

    async def work() -> list[Any]:
        return await asyncio.gather(
            *(send(simcord_env, t.channel.id, f"m{i}") for i in range(5)),
            send(simcord_env, other.id, "elsewhere"),
        )

    mark = limited_discord.mark()
    sent = await finish(simcord_env, as_bot(simcord_env, work()))
    assert len(sent) == 6 and [m.content for m in t.channel.history()] == [f"m{i}" for i in range(5)]
    accepted = [r.at for r in limited_discord.since(mark) if r.status == 200 and r.channel_id == t.channel.id]
    assert len(accepted) == 5
    for i, at in enumerate(accepted):  # never more than 2 in a window of 5 s (virtual time)
        assert sum(1 for other_at in accepted[i:] if other_at < at + 5.0) <= 2
    # The other channel's bucket is its own: its message went at once.
    first = min(r.at for r in limited_discord.since(mark))
    assert [r.at for r in limited_discord.since(mark) if r.channel_id == other.id] == [first]


async def test_an_over_limit_write_is_answered_as_discord_answers_it(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    limited_discord.configure(channel_writes=2, channel_window=5.0)
    t = make_table(simcord_env)
    await finish(simcord_env, as_bot(simcord_env, send(simcord_env, t.channel.id, "one")))
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=t.channel.id)

    def call() -> Any:
        return _call_for(
            limited_discord,
            route,
            interaction=False,
            token="simcord.fake.token",
            json={"content": "x"},
            params=None,
            files=[],
            reason=None,
            message_content_access=True,
        )

    accepted: _Response = await limited_discord._attempt(call())
    refused: _Response = await limited_discord._attempt(call())
    assert accepted.status == 200 and accepted.headers["X-RateLimit-Remaining"] == "0"
    assert refused.status == 429
    body = json.loads(await refused.text())
    assert set(body) == {"message", "retry_after", "global"} and body["global"] is False
    assert 0 < body["retry_after"] <= 5.0
    h = refused.headers
    assert h["Content-Type"] == "application/json" and h["Via"]
    assert h["X-RateLimit-Limit"] == "2" and h["X-RateLimit-Remaining"] == "0"
    assert float(h["X-RateLimit-Reset-After"]) == pytest.approx(body["retry_after"], abs=0.01)
    assert h["X-RateLimit-Bucket"] == accepted.headers["X-RateLimit-Bucket"]
    assert h["X-RateLimit-Scope"] == "user" and int(h["Retry-After"]) >= body["retry_after"]
    assert float(h["X-RateLimit-Reset"]) > 1.7e9  # epoch seconds
    assert [m.content for m in t.channel.history()] == ["one", "x"]  # the refused one did nothing

    limited_discord.configure(global_rate=1.0)
    global_refusal: _Response = await limited_discord._attempt(call())
    body = json.loads(await global_refusal.text())
    assert global_refusal.status == 429 and body["global"] is True
    assert global_refusal.headers["X-RateLimit-Scope"] == "global"
    assert global_refusal.headers["X-RateLimit-Global"] == "true"


async def test_discord_py_sleeps_a_global_429_and_retries(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    limited_discord.configure(global_rate=2.0, channel_writes=None)
    t = make_table(simcord_env)
    channels = [t.guild.create_text_channel(f"c{i}").id for i in range(4)]

    async def work() -> list[Any]:
        return [await send(simcord_env, c, "hi") for c in channels]

    mark = limited_discord.mark()
    assert len(await finish(simcord_env, as_bot(simcord_env, work()))) == 4
    rows = limited_discord.since(mark)
    refused = limited_discord.rejected(rows)
    assert refused, "the third request in a second is refused"
    accepted = [r for r in rows if r.status == 200]
    assert len(accepted) == 4
    # Each refused attempt was retried by discord.py after retry_after: the same call succeeded.
    assert all(any(a.call == r.call and a.at > r.at for a in accepted) for r in refused)
    for i, a in enumerate(accepted):
        assert sum(1 for b in accepted[i:] if b.at < a.at + 1.0) <= 2


async def test_discord_py_raises_rate_limited_past_its_max_ratelimit_timeout(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    limited_discord.configure(global_rate=0.1)  # one request per 10 s
    simcord_env.bot.http.max_ratelimit_timeout = 2.0
    t = make_table(simcord_env)

    async def work() -> None:
        await send(simcord_env, t.channel.id, "one")
        await send(simcord_env, t.channel.id, "two")

    task = as_bot(simcord_env, work())
    with pytest.raises(discord.RateLimited) as caught:
        await finish(simcord_env, task)
    assert caught.value.retry_after > 2.0
    assert [m.content for m in t.channel.history()] == ["one"]


async def test_discord_py_retries_a_500_five_times_then_raises_discord_server_error(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    limited_discord.configure(server_errors=1.0, server_error_statuses=(500,))
    t = make_table(simcord_env)
    mark = limited_discord.mark()
    with pytest.raises(discord.DiscordServerError):
        await finish(simcord_env, as_bot(simcord_env, send(simcord_env, t.channel.id, "lost")))
    rows = limited_discord.since(mark)
    assert [r.status for r in rows] == [500] * 5 and [r.attempt for r in rows] == [1, 2, 3, 4, 5]
    gaps = [round(b.at - a.at, 3) for a, b in itertools.pairwise(rows)]
    assert gaps == [1.0, 3.0, 5.0, 7.0]  # discord.py's backoff, on the virtual clock
    assert t.channel.history() == []

    # A 503 is not retried by discord.py: DiscordServerError at once.
    limited_discord.configure(server_error_statuses=(503,))
    mark = limited_discord.mark()
    with pytest.raises(discord.DiscordServerError):
        await finish(simcord_env, as_bot(simcord_env, send(simcord_env, t.channel.id, "lost")))
    assert [r.status for r in limited_discord.since(mark)] == [503]

    # A 502 then success: the call succeeds on its second try.
    limited_discord.configure(server_errors=0.0)
    limited_discord.configure(server_errors=1.0, server_error_statuses=(502,))
    task = as_bot(simcord_env, send(simcord_env, t.channel.id, "kept"))
    await simcord_env.advance_time(0)
    limited_discord.configure(server_errors=0.0)
    await finish(simcord_env, task)
    assert [m.content for m in t.channel.history()] == ["kept"]


async def test_a_timeout_reaches_the_bot_as_aiohttp_raises_it_applied_or_not(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    t = make_table(simcord_env)
    limited_discord.configure(timeouts=1.0, timeouts_applied=0.0)
    with pytest.raises(TimeoutError):
        await finish(simcord_env, as_bot(simcord_env, send(simcord_env, t.channel.id, "never")))
    assert t.channel.history() == []
    limited_discord.configure(timeouts_applied=1.0)
    with pytest.raises(TimeoutError):
        await finish(simcord_env, as_bot(simcord_env, send(simcord_env, t.channel.id, "arrived")))
    assert [m.content for m in t.channel.history()] == ["arrived"]
    assert limited_discord.faults() == {"timeout": 1, "timeout-applied": 1}


async def test_faults_come_at_about_the_asked_rate(simcord_env: Any, limited_discord: LimitedDiscord) -> None:
    limited_discord.configure(
        server_errors=0.1, timeouts=0.1, timeouts_applied=0.0, route_limit=None, global_rate=None, seed=7
    )
    t = make_table(simcord_env)
    route = Route("GET", "/channels/{channel_id}", channel_id=t.channel.id)
    outcomes: list[str] = []
    for _ in range(2000):
        call = _call_for(
            limited_discord,
            route,
            interaction=False,
            token="simcord.fake.token",
            json=None,
            params=None,
            files=[],
            reason=None,
            message_content_access=True,
        )
        try:
            answer = await limited_discord._attempt(call)
        except TimeoutError:
            outcomes.append("timeout")
        else:
            outcomes.append("5xx" if answer.status >= 500 else "ok")
    assert 0.08 < outcomes.count("5xx") / 2000 < 0.12
    assert 0.08 < outcomes.count("timeout") / 2000 < 0.12
    assert limited_discord.faults() == {"5xx": outcomes.count("5xx"), "timeout": outcomes.count("timeout")}


async def test_the_global_limit_is_the_tokens_across_its_bots(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    """Two processes of one bot (two HTTP clients on one simcord backend, one token) spend one
    global budget: the second one's request is refused when the first spent it."""
    limited_discord.configure(global_rate=2.0, channel_writes=None)
    t = make_table(simcord_env)
    first = simcord_env.bot.http
    second = FakeHTTPClient(simcord_env.backend, asyncio.get_running_loop())
    second.token = first.token
    params = discord.http.handle_message_parameters

    async def work() -> None:
        await first.send_message(t.channel.id, params=params(content="a1"))
        await first.send_message(t.channel.id, params=params(content="a2"))
        await second.send_message(t.channel.id, params=params(content="b1"))

    mark = limited_discord.mark()
    await finish(simcord_env, as_bot(simcord_env, work()))
    rows = limited_discord.since(mark)
    assert [r.status for r in rows][:3] == [200, 200, 429]
    assert [m.content for m in t.channel.history()] == ["a1", "a2", "b1"]


async def test_interaction_callbacks_take_faults_only_when_asked_and_discord_py_retries_them(
    simcord_env: Any, limited_discord: LimitedDiscord
) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    callback = "POST /interactions/{webhook_id}/{webhook_token}/callback"
    limited_discord.configure(server_errors=1.0, server_error_statuses=(502,))
    mark = limited_discord.mark()
    await alice.slash(t.channel, "card", name="LC001")
    assert [r.status for r in limited_discord.since(mark) if r.route == callback] == [200]

    limited_discord.configure(faults_on_interactions=True)
    mark = limited_discord.mark()
    result = await alice.slash(t.channel, "card", name="LC001")  # the answer waits out a 502
    limited_discord.configure(server_errors=0.0)
    await simcord_env.advance_time(5.0)
    rows = [r for r in limited_discord.since(mark) if r.route == callback]
    assert [r.status for r in rows] == [502, 200] and not any(r.global_bound for r in rows)
    assert rows[1].at - rows[0].at == pytest.approx(1.0)  # the webhook adapter's backoff
    assert result.response is not None
