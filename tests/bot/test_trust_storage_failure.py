"""Storage that fails under a move click: the player is told, in a sentence, that the move was not
saved; nothing changed in memory or on disk; the same button works once storage is back.

The failures are SQLite's own, on the bot's real connection: a read-only database (``PRAGMA
query_only``, as when the file system goes read-only) and a full one (``PRAGMA max_page_count``
at the file's size, with no free page in it, so the pages the move needs are refused: SQLITE_FULL).
The bot snapshots after every move here, so each click writes an Afrika state of some 29 kB: more
than the free room of any page, it needs new ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import CardhostBot, create_bot
from tests.bot.table import last_reply, make_table, move_ids, panel_message


@pytest.fixture
def simcord_bot(db_file: Path) -> CardhostBot:
    return create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file), CARDHOST_SNAPSHOT_EVERY=1)


NOT_SAVED = "Your move was not saved"


async def _fresh(env: Any, match_id: int) -> Any:
    """The match as a restart would load it: snapshot + later actions, from the database alone."""
    return await env.bot.matches._load(match_id)


async def _assert_in_step(env: Any, live: Any) -> None:
    fresh = await _fresh(env, live.id)
    assert (fresh.seq, fresh.status, fresh.state) == (live.seq, live.status, live.state)
    stored = await env.bot.db.matches.actions(live.id)
    assert len(stored) == live.seq


def _read_only(raw: Any) -> None:
    raw.execute("PRAGMA query_only = ON")


def _writable(raw: Any) -> None:
    raw.execute("PRAGMA query_only = OFF")


def _disk_full(raw: Any) -> None:
    # No free page to reuse (a fresh file whose rows were only ever added): growth is the only way.
    assert tuple(raw.execute("PRAGMA freelist_count").fetchone()) == (0,)
    raw.execute("PRAGMA max_page_count = 1")  # SQLite keeps the current size: not one page more


def _disk_freed(raw: Any) -> None:
    raw.execute("PRAGMA max_page_count = 1073741823")


FAILURES = {
    "read-only": (_read_only, _writable, "readonly database"),
    "disk full": (_disk_full, _disk_freed, "database or disk is full"),
}


@pytest.mark.parametrize("failure", list(FAILURES))
async def test_a_move_click_on_failing_storage_is_answered_and_changes_nothing(
    simcord_env, no_error_logs, failure: str
) -> None:
    env = simcord_env
    t = make_table(env)
    member = t.members["alice"]
    started = await member.slash(t.channel, "play afrika")
    assert "vs the AI" in last_reply(started).content
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    break_storage, mend_storage, sqlite_says = FAILURES[failure]
    panel = panel_message(member, live.id)
    button = move_ids(panel)[0]
    before = (live.seq, live.state)
    raw = env.bot.db.conn._conn  # the bot's own connection, idle between interactions
    break_storage(raw)
    try:
        result = await member.user.click(panel, custom_id=button)
    finally:
        mend_storage(raw)
    answer = result.followups[-1]
    assert answer.ephemeral and answer.content.startswith(NOT_SAVED) and answer.content.endswith(".")
    assert len(answer.content) <= 2000
    assert (live.seq, live.state) == before
    await _assert_in_step(env, live)
    logged = [r for r in no_error_logs.records if r.getMessage() == "move not saved"]
    assert len(logged) == 1 and logged[0].exc_info is not None
    assert sqlite_says in str(logged[0].exc_info[1])
    no_error_logs.records.clear()

    # Storage is back: the same button makes the move (and the AI answers it).
    again = await member.user.click(panel_message(member, live.id), custom_id=button)
    assert not again.followups, [f.content for f in again.followups]
    assert live.seq > before[0]
    await _assert_in_step(env, live)


async def test_an_ai_move_storage_refused_is_tried_again_later(simcord_env, no_error_logs) -> None:
    """The player's move is stored, the AI's answer is refused (a trigger of SQLite's own makes
    every AI move fail): the table must not wait for nobody. Once storage takes moves again the
    AI's retry plays on and memory and database agree."""
    from bot.services.clock import AI_RETRY_SECONDS

    env = simcord_env
    t = make_table(env)
    member = t.members["alice"]
    await member.slash(t.channel, "play chrono", seats=2)
    lobby = t.channel.last_message
    await member.click(lobby, label="Add AI")
    await member.click(t.channel.last_message, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    raw = env.bot.db.conn._conn
    raw.execute(
        "CREATE TEMP TRIGGER refuse_ai BEFORE INSERT ON match_actions WHEN NEW.by_ai = 1 "
        "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
    )
    try:
        for _ in range(40):  # alice plays until it is the AI's turn to move
            seat = live.seats[sorted(live.current)[0]]
            if seat.is_ai or not live.active:
                break
            panel = panel_message(member, live.id)
            await member.user.click(panel, custom_id=move_ids(panel)[-1])
        assert live.active and live.seats[sorted(live.current)[0]].is_ai, "the AI's move was refused"
        stuck = live.seq
        await _assert_in_step(env, live)
        await env.advance_time(AI_RETRY_SECONDS + 1)  # still refused: it keeps trying, nothing moves
        assert live.seq == stuck
    finally:
        raw.execute("DROP TRIGGER refuse_ai")
    await env.advance_time(AI_RETRY_SECONDS + 1)
    assert live.seq > stuck, "the AI's retry played once storage took moves again"
    assert not live.active or not live.seats[sorted(live.current)[0]].is_ai
    await _assert_in_step(env, live)
    refused = [r for r in no_error_logs.records if r.getMessage() == "automatic move not saved"]
    assert len(refused) >= 2
    no_error_logs.records.clear()
