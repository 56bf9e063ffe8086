"""Shared test configuration."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# -- storage backends ------------------------------------------------------------------------
# A test that takes the ``backend`` fixture (directly, or through ``open_database`` / the bot
# fixtures) runs on SQLite; marked ``@pytest.mark.backends`` it runs on SQLite and on a real
# PostgreSQL server (bot/db/localpg.py). CARDHOST_TEST_BACKENDS=sqlite,postgresql runs every
# such test on both (a whole-suite check of the PostgreSQL backend).

import asyncio  # noqa: E402
import concurrent.futures  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

BACKENDS = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "backends: run on SQLite and on PostgreSQL")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    chosen = [b.strip() for b in os.environ.get("CARDHOST_TEST_BACKENDS", "sqlite").split(",") if b.strip()]
    if metafunc.definition.get_closest_marker("backends") is not None:
        chosen = list(BACKENDS)
    metafunc.parametrize("backend", chosen, scope="function")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    from bot.db.localpg import PgServer, PostgresUnavailable, required

    try:
        server = PgServer().start()
    except PostgresUnavailable as exc:
        if required():
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pg_template(pg_server: Any) -> str:
    """A database with every migration applied, copied for each test (CREATE DATABASE TEMPLATE)."""
    from bot.db.postgres import PostgresDatabase

    pg_server.psql("CREATE DATABASE cardhost_template")

    async def migrate() -> None:
        db = await PostgresDatabase(pg_server.dsn("cardhost_template")).open()
        await db.close()

    # A thread of its own: the fixture may first be asked for from inside a test's running loop.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, migrate()).result()
    return "cardhost_template"


class Databases:
    """Makes the test's databases on its backend: ``make(name)`` twice gives the same database
    (a restart), ``blank=True`` one with no migrations applied yet."""

    def __init__(self, backend: str, tmp_path: Path, pg: Callable[[], tuple[Any, str]] | None) -> None:
        self.backend = backend
        self.tmp_path = tmp_path
        self._pg = pg
        self._dsns: dict[str, str] = {}

    def url(self, name: str = "cardhost", *, blank: bool = False) -> str:
        if self.backend == "sqlite":
            return f"sqlite:///{self.tmp_path / (name + '.sqlite3')}"
        if name not in self._dsns:
            assert self._pg is not None
            server, template = self._pg()
            self._dsns[name] = server.new_database(None if blank else template)
        return self._dsns[name]

    def make(self, name: str = "cardhost", *, blank: bool = False, **kwargs: Any) -> Any:
        from bot.db import Database
        from bot.db.postgres import PostgresDatabase
        from bot.db.url import DatabaseUrl

        url = DatabaseUrl.parse(self.url(name, blank=blank))
        if url.backend == "sqlite":
            return Database(url.path or "", **kwargs)
        return PostgresDatabase(url.dsn or "", **kwargs)


@pytest.fixture
def databases(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Databases:
    def pg() -> tuple[Any, str]:
        return request.getfixturevalue("pg_server"), request.getfixturevalue("pg_template")

    return Databases(backend, tmp_path, pg if backend == "postgresql" else None)
