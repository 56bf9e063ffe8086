"""``GET /healthz``: is this bot process alive and able to reach its database?

A supervisor (systemd, a container runtime, a load balancer's probe) restarts a bot that stopped
answering; a process can be running and still be useless, with its event loop stuck in a
long computation or its database gone. ``CARDHOST_HEALTH_PORT`` turns on a small HTTP endpoint on
127.0.0.1 that answers

* ``200`` and ``{"status": "ok", ...}`` when the event loop ran a check within a second and
  ``SELECT 1`` on the database answered within that second;
* ``503`` and ``{"status": "unhealthy", "reason": "...", ...}`` otherwise, the reason in words.

The server runs in a thread of its own, not on the event loop: a loop that is stuck cannot answer
for itself, and this way the probe still gets a 503 that says so instead of a timeout. The body
also carries the process id, the shard ids (null when not sharded), the database backend, the
uptime, and ``loop_lag_seconds``: how long the loop took to pick up the check, i.e. the time since
it last got round to new work (a few milliseconds on a healthy bot).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import errno
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.db.database import Connection, Database

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
CHECK_SECONDS = 1.0
"""How long the event loop and the database together have to answer a check."""
PATHS = ("/healthz", "/healthz/")


def _now() -> float:
    """A monotonic clock nothing replaces: ``time.monotonic`` is virtual time in the offline test
    Discord (and the sandbox), which would make the uptime and the loop's lag fiction."""
    return time.perf_counter()


def _select_one(conn: Connection) -> Any:
    return conn.execute("SELECT 1").fetchone()


class HealthServer:
    """The endpoint; ``start()`` on the bot's event loop, ``await stop()`` when the bot closes."""

    def __init__(
        self,
        *,
        port: int,
        db: Database,
        shards: Callable[[], list[int] | None] = lambda: None,
        timeout: float = CHECK_SECONDS,
    ) -> None:
        self.requested_port = port
        self.db = db
        self.shards = shards
        self.timeout = timeout
        self.started = _now()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The port listened on (the one chosen when 0 was asked for)."""
        if self._server is None:
            raise RuntimeError("the health endpoint is not started")
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/healthz"

    def start(self) -> None:
        from bot.startup import StartupError

        self._loop = asyncio.get_running_loop()
        try:
            server = _Server((HOST, self.requested_port), _Handler)
        except OSError as exc:
            why = (
                "is already in use"
                if exc.errno == errno.EADDRINUSE
                else f"cannot be used ({exc.strerror or exc})"
            )
            raise StartupError(
                f"the health endpoint cannot listen: port {self.requested_port} on {HOST} {why}. Set "
                "CARDHOST_HEALTH_PORT to a free port (0 for any), or leave it empty to turn it off."
            ) from exc
        server.health = self
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.2}, name="cardhost-healthz", daemon=True
        )
        self._thread.start()
        log.info("health endpoint listening", extra={"ctx": {"url": self.url}})

    async def stop(self) -> None:
        server, self._server = self._server, None
        thread, self._thread = self._thread, None
        if server is None:
            return
        await asyncio.to_thread(server.shutdown)
        server.server_close()
        if thread is not None:
            await asyncio.to_thread(thread.join, 5.0)

    # -- the check (on the server's thread) ---------------------------------------------------

    def check(self) -> tuple[int, dict[str, Any]]:
        """(HTTP status, JSON body); runs on a server thread and waits for the loop at most
        ``timeout`` seconds."""
        asked = _now()
        ran: list[float] = []

        async def probe() -> None:
            ran.append(_now())
            await self.db.query(_select_one)

        reason: str | None = None
        loop = self._loop
        try:
            if loop is None or loop.is_closed():
                raise RuntimeError("closed")
            coro = probe()
            try:
                future = asyncio.run_coroutine_threadsafe(coro, loop)
            except RuntimeError:
                coro.close()
                raise
        except RuntimeError:
            reason = "the event loop is closed: the bot has stopped"
        else:
            try:
                future.result(timeout=self.timeout)
            except concurrent.futures.TimeoutError:
                future.cancel()
                if ran:
                    reason = f"the database did not answer SELECT 1 within {self.timeout:g} s"
                else:
                    reason = f"the event loop did not run the check within {self.timeout:g} s: it is blocked"
            except concurrent.futures.CancelledError:
                reason = "the check was cancelled: the bot is shutting down"
            except Exception as exc:
                reason = f"the database did not answer SELECT 1 ({exc})"
        lag = (ran[0] if ran else _now()) - asked
        body: dict[str, Any] = {
            "status": "ok" if reason is None else "unhealthy",
            "pid": os.getpid(),
            "shards": self.shards(),
            "database": getattr(self.db, "backend", "sqlite"),
            "uptime_seconds": round(_now() - self.started, 1),
            "loop_lag_seconds": round(lag, 4),
        }
        if reason is not None:
            body["reason"] = reason
        return (200 if reason is None else 503), body


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    health: HealthServer


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "cardhost-healthz"

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] not in PATHS:
            self._send(404, {"status": "not found", "reason": "only GET /healthz is served here"})
            return
        code, body = self.server.health.check()
        if code != 200:
            log.warning("health check failed", extra={"ctx": {"reason": body.get("reason")}})
        self._send(code, body)

    def _send(self, code: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        with contextlib.suppress(OSError):  # the prober hung up
            self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("healthz request: " + format, *args)
