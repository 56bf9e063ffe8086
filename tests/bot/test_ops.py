"""Operating the bot (issue #22 item 4): the ``/healthz`` liveness endpoint of a real bot, and the
shard and match stamped on every log line."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.health import HealthServer
from bot.log import ContextFilter, JsonFormatter, KeyValueFormatter, log_context, set_shards, shard_ids_of
from bot.startup import StartupError
from tests.bot.table import make_table
from tests.bot.test_chrono_table import _play_one_click, _start_game

pytestmark = pytest.mark.backends  # the database behind the health check: SQLite, then PostgreSQL


@pytest.fixture
def bot_settings(bot_settings: dict[str, Any]) -> dict[str, Any]:
    """The conftest's bot, with the health endpoint on (port 0: any free port)."""
    return {**bot_settings, "CARDHOST_HEALTH_PORT": 0}


def get(url: str) -> tuple[int, dict[str, Any]]:
    """A plain HTTP GET (urllib, as a prober would); the status and the JSON body, 503 included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


# ------------------------------------------------------------------ /healthz


async def test_healthz_answers_200_then_503_when_the_loop_is_blocked_or_the_database_gone(
    simcord_env: Any, backend: str
) -> None:
    bot = simcord_env.bot
    health = bot.health
    assert health is not None and health.url == f"http://127.0.0.1:{health.port}/healthz"
    try:
        status, body = await asyncio.to_thread(get, health.url)
        assert status == 200, body
        assert body["status"] == "ok" and "reason" not in body
        assert body["pid"] == os.getpid() and body["shards"] is None and body["database"] == backend
        assert body["uptime_seconds"] >= 0 and 0 <= body["loop_lag_seconds"] < health.timeout
        assert (await asyncio.to_thread(get, health.url.replace("/healthz", "/metrics")))[0] == 404
        # The uptime is the process's own time, not the simulated Discord's clock.
        await simcord_env.advance_time(7200)
        assert (await asyncio.to_thread(get, health.url))[1]["uptime_seconds"] < 7200

        # The event loop is stuck (this test blocks it until the answer has come): the endpoint,
        # on its own thread, still answers, and says so.
        health.timeout = 0.2
        answered = threading.Event()
        got: list[tuple[int, dict[str, Any]]] = []

        def probe() -> None:
            got.append(get(health.url))
            answered.set()

        threading.Thread(target=probe).start()
        assert answered.wait(30), "the endpoint did not answer while the loop was blocked"
        await asyncio.sleep(0)  # the loop runs again; the abandoned check is cancelled
        status, body = got[0]
        assert status == 503 and body["status"] == "unhealthy"
        assert body["reason"] == "the event loop did not run the check within 0.2 s: it is blocked"

        # The loop answers again: healthy again.
        health.timeout = 5.0
        assert (await asyncio.to_thread(get, health.url))[0] == 200

        # The database is gone.
        await bot.db.close()
        status, body = await asyncio.to_thread(get, health.url)
        assert status == 503 and body["status"] == "unhealthy"
        assert body["reason"].startswith("the database did not answer SELECT 1 (")
        assert body["database"] == backend
    finally:
        url = health.url
        await health.stop()
    with pytest.raises(urllib.error.URLError):  # stopped: nothing listens there any more
        await asyncio.to_thread(get, url)


async def test_a_taken_port_stops_the_start_with_a_sentence(tmp_path: Path) -> None:
    from bot.db import Database

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = HealthServer(port=port, db=Database(tmp_path / "x.sqlite3"))
        with pytest.raises(StartupError) as refused:
            server.start()
    assert str(refused.value) == (
        f"the health endpoint cannot listen: port {port} on 127.0.0.1 is already in use. Set "
        "CARDHOST_HEALTH_PORT to a free port (0 for any), or leave it empty to turn it off."
    )


def test_the_health_port_is_off_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import load_settings

    monkeypatch.delenv("CARDHOST_HEALTH_PORT", raising=False)
    assert load_settings(_env_file=None).health_port is None
    assert load_settings(_env_file=None, CARDHOST_HEALTH_PORT="").health_port is None
    assert load_settings(_env_file=None, CARDHOST_HEALTH_PORT="8080").health_port == 8080


# ------------------------------------------------------------------ structured logs


class Lines(logging.Handler):
    """What the bot's own handler would write: the context filter, then both formatters."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.addFilter(ContextFilter())
        self.records: list[logging.LogRecord] = []
        self.text = KeyValueFormatter("%(levelname)s %(name)s %(message)s")
        self.json = JsonFormatter()

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def lines() -> Iterator[Lines]:
    handler = Lines()
    logger = logging.getLogger("bot")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


async def test_every_line_logged_while_a_move_is_handled_names_its_match_and_shard(
    simcord_env: Any, lines: Lines
) -> None:
    env = simcord_env
    t = make_table(env, ("alice", "bob", "carol", "dave"))
    first = await _start_game(env, t, humans=("alice", "bob"), ais=0)
    second = await _start_game(env, t, humans=("carol", "dave"), ais=0)
    for _ in range(3):
        await _play_one_click(t, first)
        await _play_one_click(t, second)
    # Nobody moves: each match's turn clock runs out and the AI plays the turn (a clock's task,
    # not a click), in both matches.
    seqs = (first.seq, second.seq)
    await env.advance_time(200)
    assert first.seq > seqs[0] and second.seq > seqs[1]

    moves = [r for r in lines.records if r.getMessage() == "move stored"]
    assert {r.ctx["ai"] for r in moves} == {False, True}, "no clicked or no timed-out move was logged"
    stored = {
        live.id: {(a.seq, a.action_id) for a in await env.bot.db.matches.actions(live.id)}
        for live in (first, second)
    }
    for record in moves:
        text = lines.text.format(record)
        match = record.log_context.get("match")
        # Each line names the match whose move it is (the stored move of that match at that seq).
        assert match in stored and (record.ctx["seq"], record.ctx["action"]) in stored[match], text
        assert f" shard=- match={match} seq={record.ctx['seq']} " in text
        entry = json.loads(lines.json.format(record))
        assert (entry["shard"], entry["match"], entry["seq"]) == ("-", match, record.ctx["seq"])
        assert entry["message"] == "move stored" and entry["logger"] == "bot.services.matches"
        assert datetime.fromisoformat(entry["time"]).utcoffset() == timedelta(0)
    assert {r.log_context["match"] for r in moves} == {first.id, second.id}


def test_the_shard_field_and_the_context_block() -> None:
    handler = Lines()
    logger = logging.getLogger("bot.test_ops")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        logger.info("outside")
        with log_context(match=12):
            logger.info("inside", extra={"ctx": {"user": 5}})
            with log_context(match=None, pod=3):
                logger.info("nested")
        set_shards([3, 0, 1, 2])
        logger.info("sharded")
        set_shards([0, 2])
        logger.info("two shards")
    finally:
        set_shards(None)
        logger.removeHandler(handler)
    text = [handler.text.format(r) for r in handler.records]
    assert text == [
        "INFO bot.test_ops outside shard=-",
        "INFO bot.test_ops inside shard=- match=12 user=5",
        "INFO bot.test_ops nested shard=- pod=3",
        "INFO bot.test_ops sharded shard=0-3",
        "INFO bot.test_ops two shards shard=0,2",
    ]

    class Sharded:
        shard_ids = (2, 0)

    class One:
        shard_id = 4

    assert shard_ids_of(Sharded()) == [0, 2] and shard_ids_of(One()) == [4]
    assert shard_ids_of(object()) is None
