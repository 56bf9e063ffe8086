"""/puzzle through the bot: today's puzzle in the player's DMs, played by clicks on its panel,
judged by the engine, announced to the player and counted per server; /puzzle stats; a restart
in the middle of a puzzle; refusals in sentences."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import discord
import pytest
from simcord import assert_error

from bot.client import create_bot
from bot.services.puzzles import puzzle_games, puzzle_of
from engines.core import CardhostError, ConfigError
from engines.core.puzzle import bundled
from engines.games import GAMES
from tests.bot.table import buttons, dm_messages, last_reply, make_table
from tests.bot.test_trust_ids import _click as forged_click

DAY = date(2025, 3, 10)
"""A day whose Chronicles of Afrika puzzle is the first one (its ordinal is a multiple of 20)."""

pytestmark = pytest.mark.backends  # puzzle attempts and their stats, on SQLite and on PostgreSQL


def _today(env: Any, day: date = DAY) -> None:
    env.bot.puzzles.today = lambda: day


def _panel(member: Any) -> discord.Message:
    """The member's newest puzzle panel (a DM with the board image)."""
    for msg in reversed(dm_messages(member)):
        if msg.attachments and msg.attachments[0].filename.startswith("puzzle-board-"):
            return msg
    raise AssertionError(f"{member.name} has no puzzle panel")


def _components(message: discord.Message) -> list[Any]:
    return [c for row in message.components for c in getattr(row, "children", [])]


def _offered(message: discord.Message) -> list[str]:
    """Every move the panel offers: button actions and the options of its menus."""
    out = []
    for c in _components(message):
        cid = c.custom_id or ""
        if cid.startswith("pz:"):
            out.append(cid.split(":", 3)[3])
        elif cid.startswith(("pzm:", "pzs:")):
            out.extend(o.value for o in c.options)
    return out


async def play(member: Any, action: str) -> Any:
    """Make ``action`` on the member's puzzle panel: its button, its option in "More moves" or in
    the attackers menu ("atk:12|at:P2" for "atk:12"), paging or opening a group when needed."""
    return (await _gesture(member, [action]))[1]


async def play_line(member: Any, line: list[str] | tuple[str, ...]) -> None:
    """Play a whole line as a player would: moves the attackers menu joins ("atk:12|at:P2") are
    chosen together in it, in one gesture."""
    i = 0
    while i < len(line):
        used, _ = await _gesture(member, list(line[i:]))
        i += used


async def _gesture(member: Any, line: list[str]) -> tuple[int, Any]:
    """One gesture making the first move of ``line`` (and, in the attackers menu, every following
    move the menu joins); how many moves of the line it made, and the interaction's result."""
    action = line[0]
    panel = _panel(member)
    for _ in range(12):
        comps = _components(panel)
        # the button making just this move, else one joining it with the line's next moves (a
        # Spirit turn's "Attack B2→D3, then end the turn" is one gesture for three moves)
        moves = [c.custom_id for c in comps if (c.custom_id or "").startswith("pz:")]
        for cid in sorted(moves, key=lambda cid: cid.count("|")):
            parts = cid.split(":", 3)[3].split("|")
            if parts == [action] or parts == line[: len(parts)]:
                return len(parts), await member.user.click(panel, custom_id=cid)
        for c in comps:
            cid = c.custom_id or ""
            values = [o.value for o in c.options] if cid.startswith(("pzm:", "pzs:")) else []
            if not any(v.split("|")[0] == action for v in values):
                continue
            chosen, used = [], 0
            while used < len(line) and (cid.startswith("pzm:") or not chosen):
                found = [v for v in values if v.split("|")[0] == line[used]]
                if not found:
                    break
                exact = [v for v in found if v.split("|") == list(line[used : used + len(v.split("|"))])]
                parts = (exact or found)[0].split("|")
                chosen.append("|".join(parts))
                # the rest of a joined option is made with it (in the line, or forced and left out)
                used += len(parts) if list(line[used : used + len(parts)]) == parts else 1
            return used, await member.user.select(panel, chosen, custom_id=cid)
        for g in [c for c in comps if (c.custom_id or "").startswith("pzg:")]:
            for option in g.options:
                await member.user.select(panel, [option.value], custom_id=g.custom_id)
                inner = _panel(member)
                for b in _components(inner):
                    if (b.custom_id or "").startswith("pz:") and b.custom_id.split(":", 3)[3] == action:
                        return 1, await member.user.click(inner, custom_id=b.custom_id)
                back = [b for b in _components(inner) if (b.custom_id or "").endswith(":^")]
                await member.user.click(inner, custom_id=back[0].custom_id)
            panel = _panel(member)
        pager = [c for c in comps if (c.custom_id or "").startswith("pzp:") and ":>" in c.custom_id]
        assert pager, f"{action} is not offered: {_offered(panel)}"
        await member.user.click(panel, custom_id=pager[0].custom_id)
        panel = _panel(member)
    raise AssertionError(f"{action} is not offered")


async def test_a_puzzle_solved_by_clicks_and_counted(simcord_env) -> None:
    _today(simcord_env)
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    puzzle = puzzle_of("afrika", DAY)
    assert puzzle.id == "afrika/01_clear_the_way"

    result = await alice.slash(t.channel, "puzzle", game="afrika")
    reply = last_reply(result)
    assert (
        reply.ephemeral and "**Clear the way** (Win this turn), is in your direct messages" in reply.content
    )
    panel = _panel(alice)
    assert "Puzzle of 2025-03-10" in panel.content and "Goal: Win this turn." in panel.content
    assert [a.filename.split("-")[1] for a in panel.attachments] == ["board", "hand"]
    assert {"pass", "cast:11", "cast:12"} <= set(_offered(panel))
    assert {b.label for b in buttons(panel)} >= {"Hint", "Give up"}

    hint = await alice.user.click(panel, label="Hint")
    assert last_reply(hint).ephemeral and "charged entity cannot block" in last_reply(hint).content

    for action in puzzle.solutions[0]:
        clicked = await play(alice, action)
        assert not [f for f in clicked.followups if f.ephemeral], [f.content for f in clicked.followups]
    panel = _panel(alice)
    assert "✅ **Solved!**" in panel.content
    assert [b.label for b in buttons(panel)] == []  # nothing left to click on a solved puzzle
    announced = dm_messages(alice)[-1]
    assert announced.content.startswith("🏆 Chronicles of Afrika, **Clear the way** (2025-03-10):")
    assert "your first puzzle on this server" in announced.content

    again = await alice.slash(t.channel, "puzzle", game="afrika")
    assert (
        "solved today's Chronicles of Afrika puzzle on this server already (1 attempt)"
        in last_reply(again).content
    )
    assert_error(simcord_env, CardhostError, contains="already")

    stats = await alice.slash(t.channel, "puzzle", game="afrika", stats=True)
    text = last_reply(stats).content
    assert "**Chronicles of Afrika, 2025-03-10: Clear the way** (Win this turn)" in text
    assert "✅ alice: solved on the 1st attempt" in text and "All-time solvers: 1. alice (1)" in text


async def test_a_solved_puzzle_says_solved_once(simcord_env) -> None:
    """Issue 34 item 15: everything the solver reads once the puzzle is solved (the panel, the
    announcement under it, any answer to the last click) says "Solved" once and gives the reason
    once (it read "✅ Solved! Solved: the opponent is out of the game." and then "✅ Solved: …
    Solved: the opponent is out of the game.")."""
    _today(simcord_env)
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "puzzle", game="afrika")
    before = len(dm_messages(alice))
    clicked = None
    for action in puzzle_of("afrika", DAY).solutions[0]:
        clicked = await play(alice, action)
    assert clicked is not None
    panel = _panel(alice)
    posted = [m for m in dm_messages(alice)[before:] if m.id != panel.id]
    texts = [panel.content] + [m.content for m in posted]
    texts += [f.content or "" for f in clicked.followups if f.id not in {m.id for m in posted}]
    read = "\n".join(texts)
    assert read.count("Solved") == 1, texts
    assert read.count("The opponent is out of the game") == 1, texts
    assert "✅ **Solved!** The opponent is out of the game." in panel.content
    announced = dm_messages(alice)[-1]
    assert announced.id != panel.id and "**Clear the way**" in announced.content
    assert "your first puzzle on this server" in announced.content


async def test_a_failed_puzzle_then_a_solve_and_the_stats_after_both(simcord_env) -> None:
    """bob gives the wrong answer (the burn at the face), is told why, tries again from the panel
    and solves it on his second attempt; carol gives up. /puzzle stats counts all of it."""
    _today(simcord_env)
    t = make_table(simcord_env, ("alice", "bob", "carol"))
    bob, carol = t.members["bob"], t.members["carol"]
    puzzle = puzzle_of("afrika", DAY)

    await bob.slash(t.channel, "puzzle", game="afrika")
    for action in ["cast:12", "target:P2", "atk:101", "at:P2"]:
        await play(bob, action)
    panel = _panel(bob)
    assert "❌ **Not solved.** The turn passed and the opponent is still in the game." in panel.content
    assert [b.label for b in buttons(panel)] == ["Try again"]
    told = dm_messages(bob)[-1].content
    assert told.startswith("❌ **Not solved:** Chronicles of Afrika, **Clear the way**.")

    retry = await bob.user.click(panel, label="Try again")
    assert "is in your direct messages" in last_reply(retry).content
    fresh = _panel(bob)
    assert fresh.id != panel.id and "cast:11" in _offered(fresh)
    for action in puzzle.solutions[0]:
        await play(bob, action)
    assert "✅ **Solved!**" in _panel(bob).content

    await carol.slash(t.channel, "puzzle", game="afrika")
    gave_up = await carol.user.click(_panel(carol), label="Give up")
    assert "❌ **Not solved.** You gave up." in _panel(carol).content
    assert dm_messages(carol)[-1].content.startswith("❌ **Not solved:**")
    assert not [f for f in gave_up.followups if f.ephemeral]

    stats = await carol.slash(t.channel, "puzzle", stats=True)
    text = last_reply(stats).content
    assert not last_reply(stats).ephemeral
    afrika = text.split("**Chronicles of Afrika, 2025-03-10: Clear the way** (Win this turn)\n", 1)[1]
    assert afrika.startswith("✅ bob: solved on the 2nd attempt\n❌ carol: 1 attempt, not solved yet")
    assert "**Top solvers, every game:** 1. bob (1)" in text
    for game in ("Epochs Chrono", "Alchemy", "Chronicle: Spirit Tactics"):
        assert f"**{game}, 2025-03-10: " in text
    assert text.count("Nobody here has tried it yet.") == len(puzzle_games()) - 1

    elsewhere = make_table(simcord_env, ("dave",))
    other = await elsewhere.members["dave"].slash(elsewhere.channel, "puzzle", stats=True)
    assert "bob" not in last_reply(other).content  # solves are counted per server
    assert "Nobody here has solved a puzzle yet" in last_reply(other).content


async def test_a_restart_in_the_middle_of_a_puzzle(simcord_env, db_file) -> None:
    """After a restart the panel posted before it still plays (the attempt is rebuilt from its
    stored moves and the opponent answers the same way); /puzzle again resumes the attempt in a
    new panel, and the older panel's moves are then refused as out of date."""
    _today(simcord_env)
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    line = list(puzzle_of("afrika", DAY).solutions[0])
    await alice.slash(t.channel, "puzzle", game="afrika")
    await play(alice, line[0])
    first = _panel(alice)

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    _today(simcord_env)
    await play(alice, line[1])  # on the panel posted before the restart
    assert _panel(alice).id == first.id
    back = await alice.slash(t.channel, "puzzle", game="afrika")
    assert "You had started it: your moves so far are kept." in last_reply(back).content
    second = _panel(alice)
    assert second.id != first.id and "atk:101" in _offered(second)

    first = next(m for m in dm_messages(alice) if m.id == first.id)  # as it is now
    await play(alice, line[2])  # the new panel moves on: the old one shows an older position
    old = next(c for c in _components(first) if (c.custom_id or "").startswith("pz:"))
    refused = await alice.user.click(first, custom_id=old.custom_id)
    assert last_reply(refused).content == "These moves are out of date: use the newest panel."

    for action in line[3:]:
        await play(alice, action)
    assert "✅ **Solved!**" in _panel(alice).content


async def test_every_game_plays_its_puzzle_of_the_day_through_the_bot(simcord_env) -> None:
    """Every bundled puzzle of every declared game, each on its day, solved by clicks on the DM
    panel (each game's presenter lays out its moves: buttons, menus, two-step groups; a survive
    puzzle asks in the middle of the opponent's turn)."""
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    for game in GAMES:
        for offset in range(len(bundled(game))):
            day = DAY + timedelta(days=offset)
            _today(simcord_env, day)
            puzzle = puzzle_of(game, day)
            await alice.slash(t.channel, "puzzle", game=game)
            await play_line(alice, puzzle.solutions[0])
            assert "✅ **Solved!**" in _panel(alice).content, (puzzle.id, _panel(alice).content)


async def test_refusals_are_sentences(simcord_env, monkeypatch) -> None:
    _today(simcord_env)
    t = make_table(simcord_env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]

    unknown = await alice.slash(t.channel, "puzzle", game="poker")
    assert last_reply(unknown).content.startswith("Unknown game 'poker'. Games available:")
    assert_error(simcord_env, ConfigError, contains="Unknown game")

    monkeypatch.setattr(
        "bot.services.puzzles.bundled", lambda game: () if game == "alchemy" else bundled(game)
    )
    none = await alice.slash(t.channel, "puzzle", game="alchemy")
    assert last_reply(none).content == "Alchemy has no puzzles yet, so there is no puzzle of the day for it."
    assert_error(simcord_env, CardhostError, contains="no puzzles")
    monkeypatch.undo()

    await alice.slash(t.channel, "puzzle", game="afrika")
    move = next(c for c in _components(_panel(alice)) if (c.custom_id or "").startswith("pz:"))
    said = await forged_click(simcord_env, bob, t.channel, move.custom_id)
    assert said == "This is someone else's puzzle: use /puzzle to get your own."
    gone = await forged_click(simcord_env, bob, t.channel, "pz:424242:0:pass")
    assert gone == "This puzzle no longer exists: start today's with /puzzle."
    hint = await forged_click(simcord_env, bob, t.channel, "pzt:424242:hint")
    assert hint == "This puzzle no longer exists: start today's with /puzzle."

    simcord_env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    closed = await bob.slash(t.channel, "puzzle", game="afrika")
    assert last_reply(closed).content.startswith(
        "I can't send you direct messages, and puzzles are played there"
    )
    stats = await bob.slash(t.channel, "puzzle", game="afrika", stats=True)
    assert "bob" not in last_reply(stats).content  # the attempt that never reached him is not counted
