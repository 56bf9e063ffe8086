"""Start-up failures an operator can fix end ``cardhost`` with one line and exit code 2, no traceback.

Each case runs the real entry point (``bot.cli.main``, what the ``cardhost`` script calls) in a
subprocess, with a clean environment pointing at files and ports this test prepared. Discord is
never reached: for the token cases discord.py's API base URL is pointed at a server of this test on
127.0.0.1 that answers 401 (a bad token), or at a closed port there (no network).
"""

from __future__ import annotations

import http.server
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.db.migrate import discover

ENTRY = "import sys\nfrom bot.cli import main\nsys.exit(main([]))\n"
API_ENTRY = (
    "import sys\nimport discord.http\ndiscord.http.Route.BASE = sys.argv[1]\n"
    "from bot.cli import main\nsys.exit(main([]))\n"
)


def _env(db: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARDHOST_", "DISCORD_", "LOG_LEVEL"))}
    env.update(CARDHOST_DB=str(db), CARDHOST_SANDBOX_PORT="0")
    env.update(extra)
    return env


def _cardhost(
    db: Path,
    *,
    cwd: Path,
    code: str = ENTRY,
    args: tuple[str, ...] = (),
    prefix: tuple[str, ...] = (),
    **extra: str,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*prefix, sys.executable, "-c", code, *args],
        cwd=cwd,
        env=_env(db, **extra),
        capture_output=True,
        text=True,
        timeout=90,
    )


def _assert_one_line(result: subprocess.CompletedProcess[str], *needles: str, sandbox: bool = True) -> str:
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "Traceback" not in output, output
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("cardhost cannot start: "), output
    for needle in needles:
        assert needle in last, last
    assert len(last) <= 300
    assert "ready to host" not in output, output
    noises = ("PyNaCl", "davey", "Guilds intent") + (("static token",) if sandbox else ())
    for noise in noises:
        assert noise not in output, output
    return last


def _migrated(db: Path) -> None:
    """A database brought up to date by a sandbox run that stops at once (a port in use)."""
    with _bound_port() as port:
        _cardhost(db, cwd=db.parent, CARDHOST_SANDBOX_PORT=str(port))
    with sqlite3.connect(db) as c:
        versions = [r[0] for r in c.execute("SELECT version FROM schema_migrations")]
    assert versions == [m.version for m in discover()]


class _bound_port:
    def __enter__(self) -> int:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        return int(self.sock.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        self.sock.close()


def test_sandbox_port_in_use(tmp_path: Path) -> None:
    with _bound_port() as port:
        result = _cardhost(tmp_path / "db.sqlite3", cwd=tmp_path, CARDHOST_SANDBOX_PORT=str(port))
    _assert_one_line(result, f"port {port}", "already in use", "CARDHOST_SANDBOX_PORT")


def test_debug_level_keeps_the_traceback(tmp_path: Path) -> None:
    with _bound_port() as port:
        result = _cardhost(
            tmp_path / "db.sqlite3", cwd=tmp_path, CARDHOST_SANDBOX_PORT=str(port), LOG_LEVEL="debug"
        )
    assert result.returncode == 2
    assert "Traceback" in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("cardhost cannot start: ")


def test_database_from_a_newer_cardhost(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    _migrated(db)
    newest = discover()[-1].version
    with sqlite3.connect(db) as c:
        c.execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, 'from_the_future', 'x', 0)",
            (newest + 1,),
        )
    line = _assert_one_line(
        _cardhost(db, cwd=tmp_path), str(db), f"schema version {newest + 1}", "Upgrade cardhost"
    )
    assert f"up to {newest}" in line


def test_database_path_is_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "db.sqlite3"
    folder.mkdir()
    _assert_one_line(_cardhost(folder, cwd=tmp_path), str(folder), "cannot be opened", "CARDHOST_DB")


def test_database_file_is_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "notes.sqlite3"
    db.write_text("shopping list\n" * 200)
    _assert_one_line(_cardhost(db, cwd=tmp_path), str(db), "not a SQLite database")


def test_postgresql_server_not_there(tmp_path: Path) -> None:
    """A URL pointing at no server: one line naming the setting, never the password."""
    with _bound_port() as port:  # bound, then closed: nothing listens there
        pass
    url = f"postgresql://cardhost:s3cret@127.0.0.1:{port}/cardhost"
    line = _assert_one_line(
        _cardhost(tmp_path / "db.sqlite3", cwd=tmp_path, CARDHOST_DATABASE_URL=url),
        "the PostgreSQL database",
        "CARDHOST_DATABASE_URL",
        "Check that the server runs",
    )
    assert "s3cret" not in line and "***" in line


def test_read_only_database(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    _migrated(db)
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0:  # root writes through file modes: drop that power for the child
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: a read-only file would still be writable")
        prefix = (setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--")
    for f in tmp_path.glob("db.sqlite3*"):
        f.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        result = _cardhost(db, cwd=tmp_path, prefix=prefix)
    finally:
        tmp_path.chmod(0o755)
    _assert_one_line(result, str(db), "CARDHOST_DB")
    assert "is read-only" in result.stderr, result.stderr


class _Unauthorized(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def refusing_api() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


def test_bad_token(tmp_path: Path, refusing_api: str) -> None:
    result = _cardhost(
        tmp_path / "db.sqlite3",
        cwd=tmp_path,
        code=API_ENTRY,
        args=(refusing_api,),
        DISCORD_TOKEN="not.a.token",
    )
    _assert_one_line(result, "DISCORD_TOKEN", "401", sandbox=False)


def test_no_network(tmp_path: Path) -> None:
    with _bound_port() as port:
        pass  # now nothing listens there
    result = _cardhost(
        tmp_path / "db.sqlite3",
        cwd=tmp_path,
        code=API_ENTRY,
        args=(f"http://127.0.0.1:{port}/api/v10",),
        DISCORD_TOKEN="not.a.token",
    )
    _assert_one_line(result, "Discord cannot be reached", "network", sandbox=False)
