"""CARDHOST_DISCORD_API_BASE points discord.py at an HTTP rate-limit proxy (docs/deploy.md,
"Several processes, one token"; issue 33 item 4).

The proxy is played by a small aiohttp server on 127.0.0.1 that answers as Discord would (the
routes the bot's log-in, its command sync and a message post use) and records every request. The
bot under test is the real CardhostBot on discord.py's real HTTPClient, not simcord's: it logs in
through the stand-in, runs its whole set-up (the command sync included), posts a message, and
meets a 429 as a proxy forwards it from Discord."""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import discord
import pytest
from aiohttp import web
from discord.http import Route

from bot.client import CardhostBot, create_bot
from bot.settings import SettingsError, load_settings

TOKEN = "MTAwMA.proxy-test.token"
APP_ID = 1000
CHANNEL = 4242


@dataclass
class Seen:
    method: str
    path: str
    authorization: str | None


@dataclass
class StandInProxy:
    """What the proxy received, and the 429s it is told to give before a message post succeeds."""

    base: str = ""
    seen: list[Seen] = field(default_factory=list)
    posts_limited: int = 0
    """The next this-many message posts are answered 429 (with ``retry_after``)."""
    forward_via: bool = True
    """Pass Discord's ``Via`` header on with a 429, as nirn-proxy and twilight-http-proxy do."""
    ids: Iterator[int] = field(default_factory=lambda: itertools.count(9000))

    def paths(self, method: str) -> list[str]:
        return [s.path for s in self.seen if s.method == method]


USER = {"id": str(APP_ID), "username": "cardhost", "discriminator": "0", "avatar": None, "bot": True}


def discord_json(body: object, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON as Discord sends it: discord.py parses a body only under exactly ``application/json``."""
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def routes(proxy: StandInProxy) -> web.Application:
    @web.middleware
    async def record(
        request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        proxy.seen.append(Seen(request.method, request.path, request.headers.get("Authorization")))
        return await handler(request)

    async def me(request: web.Request) -> web.Response:
        return discord_json(USER)

    async def application(request: web.Request) -> web.Response:
        return discord_json(
            {
                "id": str(APP_ID),
                "name": "cardhost",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": USER,
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def commands(request: web.Request) -> web.Response:
        return discord_json([])  # the sync: Discord answers with the commands it now holds

    async def post_message(request: web.Request) -> web.Response:
        body = await request.json()
        if proxy.posts_limited:
            proxy.posts_limited -= 1
            headers = {"Via": "1.1 google"} if proxy.forward_via else {}
            return discord_json(
                {"message": "You are being rate limited.", "retry_after": 0.01, "global": False},
                status=429,
                headers={**headers, "X-RateLimit-Scope": "user"},
            )
        return discord_json(
            {
                "id": str(next(proxy.ids)),
                "channel_id": request.match_info["channel"],
                "type": 0,
                "content": body.get("content", ""),
                "author": USER,
                "attachments": [],
                "embeds": [],
                "mentions": [],
                "mention_roles": [],
                "pinned": False,
                "mention_everyone": False,
                "tts": False,
                "timestamp": "2026-11-28T12:00:00.000000+00:00",
                "edited_timestamp": None,
                "flags": 0,
                "components": [],
            }
        )

    app = web.Application(middlewares=[record])
    app.router.add_get("/api/v10/users/@me", me)
    app.router.add_get("/api/v10/oauth2/applications/@me", application)
    app.router.add_put(f"/api/v10/applications/{APP_ID}/commands", commands)
    app.router.add_post("/api/v10/channels/{channel}/messages", post_message)
    return app


@pytest.fixture
async def proxy(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[StandInProxy]:
    # The setting changes discord.py's one class attribute for the whole process: put it back after.
    monkeypatch.setattr(Route, "BASE", Route.BASE)
    stand_in = StandInProxy()
    runner = web.AppRunner(routes(stand_in))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    stand_in.base = f"http://127.0.0.1:{port}/api/v10"
    yield stand_in
    await runner.cleanup()


@pytest.fixture
async def bot(
    proxy: StandInProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[CardhostBot]:
    """The bot logged in through the proxy (set-up done), not connected to a gateway."""
    monkeypatch.delenv("CARDHOST_DATABASE_URL", raising=False)
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    bot = create_bot(
        _env_file=None,
        DISCORD_TOKEN=TOKEN,
        CARDHOST_DB=str(tmp_path / "cardhost.sqlite3"),
        CARDHOST_DISCORD_API_BASE=proxy.base + "/",
        CARDHOST_RENDER_WORKERS=0,
    )
    bot.announce_ready = False
    try:
        await bot.login(TOKEN)
        yield bot
    finally:
        await bot.close()


async def test_the_bot_logs_in_and_posts_through_the_proxy_with_its_token(
    bot: CardhostBot, proxy: StandInProxy
) -> None:
    assert type(bot.http) is discord.http.HTTPClient  # discord.py's own client, not simcord's
    sent = await bot.get_partial_messageable(CHANNEL).send("The board")
    assert sent.content == "The board" and sent.channel.id == CHANNEL
    # Log-in, application, the command sync and the post all reached the proxy, with the bot's token.
    assert proxy.paths("GET") == ["/api/v10/users/@me", "/api/v10/oauth2/applications/@me"]
    assert proxy.paths("PUT") == [f"/api/v10/applications/{APP_ID}/commands"]
    assert proxy.paths("POST") == [f"/api/v10/channels/{CHANNEL}/messages"]
    assert {s.authorization for s in proxy.seen} == {f"Bot {TOKEN}"}


async def test_a_429_from_the_proxy_is_waited_out_and_the_post_sent_again(
    bot: CardhostBot, proxy: StandInProxy
) -> None:
    proxy.posts_limited = 2
    sent = await bot.get_partial_messageable(CHANNEL).send("Your hand")
    assert sent.content == "Your hand"
    assert proxy.paths("POST") == [f"/api/v10/channels/{CHANNEL}/messages"] * 3
    assert proxy.posts_limited == 0


async def test_a_proxy_must_forward_discords_via_header_with_a_429(
    bot: CardhostBot, proxy: StandInProxy
) -> None:
    """discord.py takes a 429 without ``Via`` for a Cloudflare ban and gives up at once: a proxy
    that makes its own 429s must add the header (docs/deploy.md says so)."""
    proxy.posts_limited, proxy.forward_via = 1, False
    with pytest.raises(discord.HTTPException) as failed:
        await bot.get_partial_messageable(CHANNEL).send("Your hand")
    assert failed.value.status == 429
    assert proxy.paths("POST") == [f"/api/v10/channels/{CHANNEL}/messages"]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("127.0.0.1:8080/api/v10", "http:// or https:// URL ending in /api/v10"),
        ("ftp://proxy/api/v10", "http:// or https:// URL ending in /api/v10"),
        ("http://proxy:8080", "http:// or https:// URL ending in /api/v10"),
        ("http://proxy:8080/api/v10?x=1", "http:// or https:// URL ending in /api/v10"),
        ("http://proxy:99999/api/v10", "port number"),
        ("http://proxy:8080/api/v9", "end the URL in /api/v10, not /api/v9"),
    ],
)
def test_a_proxy_url_of_another_shape_stops_the_start_in_a_sentence(value: str, words: str) -> None:
    with pytest.raises(SettingsError, match="CARDHOST_DISCORD_API_BASE") as refused:
        load_settings(_env_file=None, CARDHOST_DISCORD_API_BASE=value)
    assert words in str(refused.value)


def test_the_proxy_url_is_kept_without_its_trailing_slash_and_blank_is_unset() -> None:
    given = load_settings(_env_file=None, CARDHOST_DISCORD_API_BASE="https://nirn.internal/discord/api/v10/")
    assert given.discord_api_base == "https://nirn.internal/discord/api/v10"
    assert load_settings(_env_file=None, CARDHOST_DISCORD_API_BASE=" ").discord_api_base is None
