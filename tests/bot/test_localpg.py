"""The throwaway PostgreSQL server of the tests (bot/db/localpg.py) when tests run in parallel.

Each pytest-xdist worker starts a server of its own: it picks a free port, then the server binds
it, and between the two another worker may have taken it. The server then starts on another free
port instead of failing the worker's every PostgreSQL test."""

from __future__ import annotations

import socket

import pytest

from bot.db import localpg
from bot.db.localpg import PgServer, PostgresUnavailable, required


def test_a_port_taken_before_the_server_binds_it_is_traded_for_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = int(taken.getsockname()[1])
        real_free_port = localpg._free_port
        ports = iter([busy])  # the first choice is the port another process holds by now
        monkeypatch.setattr(localpg, "_free_port", lambda: next(ports, None) or real_free_port())
        try:
            server = PgServer().start()
        except PostgresUnavailable as exc:
            if required() or "Address already in use" in str(exc):
                raise
            pytest.skip(str(exc))
        try:
            assert server.port != busy
            assert server.psql("SELECT 1").strip() == "1"
        finally:
            server.stop()
