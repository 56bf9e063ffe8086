"""A throwaway PostgreSQL server in a temporary folder, for the tests and the benches (no mocks).

The server binaries come from Debian's ``postgresql`` package (``.ci/run`` installs it when it is
missing). PostgreSQL refuses to run as root, so under root the cluster is made and started as the
package's ``postgres`` user. One server serves a whole test run (one per worker when the tests run
in parallel, each in its own folder on its own port); each test gets a database of its
own, copied from a template that already has every migration (``CREATE DATABASE ... TEMPLATE``
takes a few milliseconds; migrating anew would take a second per test).

Without the binaries the PostgreSQL tests are skipped with the reason, unless
``CARDHOST_REQUIRE_POSTGRES`` is set (CI sets it): then they fail, so CI cannot pass by skipping.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


class PostgresUnavailable(RuntimeError):
    pass


def find_bin(name: str) -> str | None:
    """``initdb`` / ``pg_ctl``: Debian keeps them off PATH, under /usr/lib/postgresql/<version>/bin."""
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_version, reverse=True)
    if candidates:
        return candidates[0]
    return shutil.which(name)


def _version(path: str) -> int:
    try:
        return int(Path(path).parts[-3])
    except ValueError:
        return 0


_START_ATTEMPTS = 5


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """One PostgreSQL cluster in a temporary folder, on a free loopback port.

    ``durable=False`` (the tests) turns fsync off; a bench keeps the server's defaults so its
    commits cost what a deployment's do."""

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise PostgresUnavailable(
                "PostgreSQL's server programs (initdb, pg_ctl) are not installed: "
                "apt-get install postgresql (Debian), then run the tests again."
            )
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.root = Path(tempfile.mkdtemp(prefix="cardhost-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "cardhost"
        self._as: list[str] = []
        self._names = itertools.count(1)
        self.started = False

    @property
    def admin_dsn(self) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"

    def dsn(self, database: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def start(self) -> PgServer:
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError as exc:
                raise PostgresUnavailable(
                    "running as root and there is no 'postgres' user to run the server"
                ) from exc
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self._run(
            [self.initdb, "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8", "--no-sync"],
        )
        for attempt in range(_START_ATTEMPTS):
            (self.root / "log").unlink(missing_ok=True)  # the failure read is this attempt's
            try:
                self._run(self._start_command())
                break
            except PostgresUnavailable as exc:
                # The free port was taken between choosing it and the server binding it: another
                # process did the same at the same moment (parallel test workers each start a
                # server of their own). Another free port then; any other failure is reported.
                if "Address already in use" not in str(exc) or attempt == _START_ATTEMPTS - 1:
                    raise
                self.port = _free_port()
        self.started = True
        return self

    def _start_command(self) -> list[str]:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        return [self.pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start"]

    def _run(self, cmd: list[str]) -> None:
        done = subprocess.run(self._as + cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = (self.root / "log").read_text() if (self.root / "log").exists() else ""
            raise PostgresUnavailable(f"{' '.join(cmd[:1])} failed: {done.stdout}{done.stderr}{log[-2000:]}")

    def stop(self) -> None:
        if self.started:
            subprocess.run(
                [*self._as, self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"],
                capture_output=True,
                timeout=60,
            )
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def psql(self, sql: str, database: str = "postgres") -> str:
        psql = find_bin("psql") or "psql"
        done = subprocess.run(
            [psql, "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", self.dsn(database), "-c", sql],
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0:
            raise RuntimeError(f"psql: {done.stderr}")
        return done.stdout

    def new_database(self, template: str | None = None) -> str:
        """A fresh database's URL (a copy of ``template`` when given)."""
        name = f"t{os.getpid()}_{next(self._names)}"
        copy = f" TEMPLATE {template}" if template else ""
        for attempt in range(50):
            try:
                self.psql(f"CREATE DATABASE {name}{copy}")
                break
            except RuntimeError as exc:  # the template is briefly in use by another session
                if "being accessed by other users" not in str(exc) or attempt == 49:
                    raise
                time.sleep(0.1)
        return self.dsn(name)


def required() -> bool:
    return bool(os.environ.get("CARDHOST_REQUIRE_POSTGRES"))
