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
    config.addinivalue_line(
        "markers", "slow: the full tier only (bot on simcord, PostgreSQL, processes): docs/testing.md"
    )


# -- the two tiers ---------------------------------------------------------------------------
# ``pytest -m "not slow"`` is the fast tier: the engines, renderers, scenarios and pure units.
# What makes a test slow is where it lives or what it starts, so it is marked here rather than in
# each file: a new bot test is in the full tier by being under tests/bot.

SLOW_FOLDERS = ("bot", "e2e")
"""Folders under tests/ whose every test is in the full tier only: the bot on simcord, a browser."""

SLOW_FILES = frozenset(
    {
        "test_wheel_install.py",  # builds a wheel, installs it in a new venv, starts the bot
        "test_static.py",  # mypy --strict on the whole tree, ruff
        "test_bench_quick.py",  # runs every bench script in quick mode
        "test_startup_errors.py",  # starts the bot as a process for each broken set-up
        "test_puzzle_package_data.py",  # builds a wheel
        "test_fast_paths.py",  # engines/afrika: whole AI games twice, fast paths against plain ones
    }
)
"""Files that start processes of their own, or play many whole games."""

SLOW_TESTS = frozenset(
    {
        # Random playouts of every engine to their end, with a replay and a view check at each
        # step (the longest single tests outside the bot: up to 50 s each on a free core).
        ("test_conformance.py", "test_random_playouts_keep_the_contract"),
        ("test_conformance.py", "test_refusals_name_no_hidden_card"),
        ("test_conversion.py", "test_fast_conversion_matches_the_plain_one"),
        ("test_leaving_multiplayer.py", "test_random_leavings_never_create_or_lose_a_card"),
        ("test_multiplayer.py", "test_star_lords_games_keep_the_contract"),
        ("test_afrika_multi_board.py", "test_real_star_lords_games_read_at_800_from_every_seat"),
        # two hard-vs-normal games on one process and on two spawned ones (issue #37 item 1)
        ("test_bench_ai_levels.py", "test_a_run_is_the_same_on_one_process_or_two"),
    }
)
"""Tests (file, function) that play many whole games: the full tier only."""

SLOW_FIXTURES = frozenset({"pg_server", "pg_template"})
"""Fixtures that start a PostgreSQL server (seconds each time a worker first asks)."""


def is_slow(item: pytest.Item) -> bool:
    """Whether a collected test belongs to the full tier only."""
    parts = item.path.relative_to(Path(__file__).parent).parts
    if parts[0] in SLOW_FOLDERS or parts[-1] in SLOW_FILES:
        return True
    if (parts[-1], getattr(item, "originalname", item.name)) in SLOW_TESTS:
        return True
    if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("backend") == "postgresql"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow(item):
            item.add_marker(pytest.mark.slow)


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
