"""Pods played as best of 3: a player's tables as series of games (side deck = the rest of the
pool), game wins beside match points in the standings, a series ended between games (a draw), and
restarts between games and in the window where a series ended but the pod had not heard."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import discord
import pytest
from simcord import assert_error

from bot.client import create_bot
from bot.services.podplay import PodError
from bot.services.series import SIDEBOARD_SECONDS
from engines.core import CONCEDE
from tests.bot.table import last_reply, make_table
from tests.bot.test_podplay_building import build_panel, make_pod, pod_thread
from tests.bot.test_podplay_rounds import start
from tests.bot.test_series import _side_panel


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


def _thread(t: Any, thread_id: int) -> Any:
    return next(th for th in t.channel.threads if th.id == thread_id)


async def _submit_auto(member: Any) -> None:
    await member.user.click(build_panel(member), label="🤖 Auto-build")
    await member.user.click(build_panel(member), label="✅ Submit deck")


async def _table(env: Any, pod_id: int, seat: int, round_no: int) -> Any:
    rows = await env.bot.podplay.store.matches(pod_id)
    return next(r for r in rows if r.round == round_no and seat in (r.seat_a, r.seat_b))


async def _series(env: Any, match_id: int) -> Any:
    found = await env.bot.series.store.of_match(match_id)
    assert found is not None
    return found[0]


async def _current(env: Any, series_id: int) -> Any:
    """The live match of the series' latest game."""
    games = await env.bot.series.store.games(series_id)
    return await env.bot.matches.get(games[-1].match_id)


async def _ai_concedes(env: Any, live: Any, seat: int) -> None:
    """The AI seat gives the game up, as the bot's own work: what follows (the next game, the next
    round with its bot-vs-bot tables) runs in tasks that settling waits for."""

    async def concede() -> None:
        async with live.lock:
            report = await env.bot.matches.pass_for(live, seat, CONCEDE)
        await env.bot.table.after_report(report)

    with env._bot_scope():
        task = asyncio.ensure_future(concede())
    await env.settle()
    task.result()


async def _concedes(env: Any, member: Any, t: Any, live: Any) -> None:
    result = await member.slash(_thread(t, live.thread_id), "game concede")
    assert "You conceded" in last_reply(result).content
    await env.settle()


async def _ready(env: Any, member: Any) -> None:
    await member.user.click(_side_panel(member), label="Ready")
    await env.settle()


@pytest.mark.simcord(settle_timeout=60)
async def test_a_best_of_3_pod_counts_game_wins_and_match_wins(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=3, seed=5, config={"best_of": 3})  # round robin, 3 rounds
    await start(env, pod_id)
    await _submit_auto(alice)
    await env.settle()
    thread = pod_thread(env, pod_id, t)
    assert any(
        "plays **3 rounds** (round robin, best of 3" in x and "first to 2 game wins" in x
        for x in _texts(thread)
    )
    assert any("**Round 1 of 3**" in x and "(best of 3)" in x for x in _texts(thread))

    # Round 1: the bots' table is a whole series, played out at once and recorded from its winner.
    r1 = await _table(env, pod_id, 0, 1)
    for row in await env.bot.podplay.store.matches(pod_id):
        if row.round == 1 and row is not r1 and row.table_no != r1.table_no:
            series = await _series(env, row.match_id)
            assert series.status == "finished" and row.status == "done"
            expected = None if series.winner is None else (row.seat_a, row.seat_b)[series.winner]
            assert row.winner == expected and (series.winner is None or max(series.wins) == 2)

    # alice's table: game 1 is the match stored for the table; she concedes it.
    assert r1.status == "playing"
    series = await _series(env, r1.match_id)
    assert series.best_of == 3 and series.format == "limited"
    me = 0 if r1.seat_a == 0 else 1
    ai = 1 - me
    alice_seat = await env.bot.podplay.store.seat(pod_id, 0)
    assert sorted(series.decks[me]["main"]) == sorted(alice_seat.deck)
    assert Counter(series.decks[me]["side"]) == Counter(alice_seat.pool) - Counter(alice_seat.deck)
    game1 = await env.bot.matches.get(r1.match_id)
    await _concedes(env, alice, t, game1)
    # The table is not over: the pod waits for the series, and alice gets her side-deck panel.
    assert (await _table(env, pod_id, 0, 1)).status == "playing"
    assert (await _series(env, r1.match_id)).status == "sideboarding"
    status = last_reply(await alice.slash(t.channel, "pod status", pod=pod_id)).content
    assert "best of 3" in status and "leads 1-0" in status
    await _ready(env, alice)

    # Game 2 (alice chooses who goes first): the AI concedes. Game 3: the AI concedes again.
    game2 = await _current(env, series.id)
    assert game2.id != game1.id and game2.thread_id == game1.thread_id
    assert game2.cfg.options["chooser"] == me
    await _ai_concedes(env, game2, ai)
    assert (await _table(env, pod_id, 0, 1)).status == "playing"
    await _ready(env, alice)
    game3 = await _current(env, series.id)
    assert game3.id != game2.id
    await _ai_concedes(env, game3, ai)
    series = await _series(env, r1.match_id)
    assert series.status == "finished" and series.winner == me and series.wins[me] == 2
    r1 = await _table(env, pod_id, 0, 1)
    assert r1.status == "done" and r1.winner == 0
    after1 = next(x for x in _texts(thread) if "Standings after round 1" in x)
    assert "alice: 3 pts (1-0-0), games 2-1, opp." in after1
    assert "games: game wins-losses" in after1

    # Round 2: alice concedes game 1, then ends the match between games: a draw for the pod.
    r2 = await _table(env, pod_id, 0, 2)
    game1 = await env.bot.matches.get(r2.match_id)
    await _concedes(env, alice, t, game1)
    carol = t.members["carol"]  # a moderator who is not in the match
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, carol.id, mods.id)
    refused = await carol.slash(t.channel, "pod result", round=2, table=r2.table_no, pod=pod_id)
    assert "That match is still being played" in last_reply(refused).content
    assert_error(env, PodError, contains="still being played")
    ended = await alice.slash(_thread(t, game1.thread_id), "game end", reason="out of time")
    assert "ended" in last_reply(ended).content
    await env.settle()
    assert (await _series(env, r2.match_id)).status == "aborted"
    r2 = await _table(env, pod_id, 0, 2)
    assert r2.status == "done" and r2.winner is None

    # Round 3: alice concedes twice and loses 0-2; the pod is over.
    r3 = await _table(env, pod_id, 0, 3)
    game1 = await env.bot.matches.get(r3.match_id)
    await _concedes(env, alice, t, game1)
    await _ready(env, alice)
    series = await _series(env, r3.match_id)
    await _concedes(env, alice, t, await _current(env, series.id))
    r3 = await _table(env, pod_id, 0, 3)
    assert r3.status == "done" and r3.winner not in (0, None)
    pod = await env.bot.podplay.store.pod(pod_id)
    assert pod.status == "finished"
    final = next(x for x in _texts(thread) if "Final standings" in x)
    # Matches: won 2-1, drawn (ended at 0-1), lost 0-2. Games: 2 won, 1 + 1 + 2 lost.
    assert "alice: 4 pts (1-1-1), games 2-4, opp." in final
    status = last_reply(await alice.slash(t.channel, "pod status", pod=pod_id)).content
    assert "alice won 2-1" in status and "games 2-4" in status


async def test_restart_between_games_resumes_the_pod_series(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    pod_id = await make_pod(env, t, [alice], bots=1, seed=7, config={"best_of": 3})  # one round
    await start(env, pod_id)
    await _submit_auto(alice)
    await env.settle()
    row = await _table(env, pod_id, 0, 1)
    me = 0 if row.seat_a == 0 else 1
    game1 = await env.bot.matches.get(row.match_id)
    await _concedes(env, alice, t, game1)
    series = await _series(env, row.match_id)
    assert series.status == "sideboarding" and series.deadline is not None

    # A restart between games: the step's deadline is re-armed; when it passes, game 2 starts.
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    assert series.id in env.bot.series._timers
    assert (await _table(env, pod_id, 0, 1)).status == "playing"
    await env.advance_time(SIDEBOARD_SECONDS + 1)
    await env.settle()
    game2 = await _current(env, series.id)
    assert game2.id != game1.id and game2.active
    await _ai_concedes(env, game2, 1 - me)
    await _ready(env, alice)
    game3 = await _current(env, series.id)
    assert game3.id != game2.id

    # Game 3 ends while the bot is down (alice wins; nobody heard it): the next start records the
    # game, the series (alice 2-1) and then the pod's table, and finishes the pod.
    await env.bot.db.matches.finish(
        game3.id, "finished", {"ranking": [[me], [1 - me]], "reason": "test"}, "test"
    )
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    series = await _series(env, row.match_id)
    assert series.status == "finished" and series.winner == me
    row = await _table(env, pod_id, 0, 1)
    assert row.status == "done" and row.winner == 0
    assert (await env.bot.podplay.store.pod(pod_id)).status == "finished"
    final = next(x for x in _texts(pod_thread(env, pod_id, t)) if "Final standings" in x)
    assert "1. alice: 3 pts (1-0-0), games 2-1" in final and "games 1-2" in final


async def test_a_series_that_ended_unheard_is_recorded_after_a_restart(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    pod_id = await make_pod(env, t, [alice, bob], kind="sealed", boosters=6, seed=2, config={"best_of": 3})
    await start(env, pod_id)
    await _submit_auto(alice)
    await _submit_auto(bob)
    await env.settle()
    row = await _table(env, pod_id, 0, 1)
    assert (row.seat_a, row.seat_b) == (0, 1)
    # bob concedes game 1, alice game 2: a game 3.
    game1 = await env.bot.matches.get(row.match_id)
    await _concedes(env, bob, t, game1)
    await _ready(env, alice)
    await _ready(env, bob)
    series = await _series(env, row.match_id)
    game2 = await _current(env, series.id)
    await _concedes(env, alice, t, game2)
    await _ready(env, alice)
    await _ready(env, bob)
    game3 = await _current(env, series.id)
    assert len({game1.id, game2.id, game3.id}) == 3
    # The bot goes down just after the series recorded its end, before the pod heard of it.
    env.bot.series.finish_listeners.clear()
    await _concedes(env, alice, t, game3)
    assert (await _series(env, row.match_id)).status == "finished"
    assert (await _table(env, pod_id, 0, 1)).status == "playing"
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    # The table goes to bob, who won the series (not alice, who won its game 1).
    row = await _table(env, pod_id, 0, 1)
    assert row.status == "done" and row.winner == 1
    assert (await env.bot.podplay.store.pod(pod_id)).status == "finished"
    final = next(x for x in _texts(pod_thread(env, pod_id, t)) if "Final standings" in x)
    assert "1. bob: 3 pts (1-0-0), games 2-1" in final and "2. alice: 0 pts (0-1-0), games 1-2" in final


async def test_best_of_is_chosen_when_the_pod_is_created(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    # A draft pod: best of 1 unless chosen, shown in the lobby, stored in the pod's config.
    await alice.slash(t.channel, "draft create", seats=4)
    lobby = t.channel.last_message
    assert "matches: best of 1" in lobby.embeds[0].fields[1].value
    first = await env.bot.podplay.store.pod(int(lobby.embeds[0].title.split("#")[1]))
    assert "best_of" not in first.config
    await alice.slash(t.channel, "draft create", seats=4, best_of=3)
    lobby = t.channel.last_message
    assert "matches: best of 3 (first to 2 game wins" in lobby.embeds[0].fields[1].value
    pod = await env.bot.podplay.store.pod(int(lobby.embeds[0].title.split("#")[1]))
    assert pod.config["best_of"] == 3

    # A sealed pod with best of 3, alice and a bot: its one table is a series.
    await alice.slash(t.channel, "sealed create", seats=2, best_of=3)
    lobby = t.channel.last_message
    assert "matches: best of 3" in lobby.embeds[0].fields[1].value
    pod_id = int(lobby.embeds[0].title.split("#")[1])
    started = await alice.click(lobby, label="Start")
    assert not started.followups, last_reply(started).content
    await env.settle()
    await _submit_auto(alice)
    await env.settle()
    row = await _table(env, pod_id, 0, 1)
    series = await _series(env, row.match_id)
    assert series.best_of == 3 and series.status == "playing"
    status = last_reply(await alice.slash(t.channel, "pod status", pod=pod_id)).content
    assert "best of 3" in status and "tied 0-0" in status


async def test_the_draft_progress_says_best_of_3(simcord_env) -> None:
    from tests.bot.test_draft_flow import open_pod
    from tests.bot.test_draft_flow import pod_thread as draft_thread

    env = simcord_env
    t = make_table(env)
    live = await open_pod(env, t, seats=4, best_of=3)
    progress = [m.content for m in draft_thread(t, live).history() if "**pack 1 of 3**" in m.content]
    assert progress and progress[0].startswith(f"**Cosmic Draft** · pod #{live.id} · matches best of 3 · ")
