"""Ratings, leaderboards, match history and its export through the bot (issue #21 items 1, 2, 6).

Every rating the bot stores is checked against openskill's Plackett-Luce model called here
directly on the stored outcome (the place each player finished), not through the bot's own
rating code; a rebuild from the history (the slash command and the command line) must give the
very same floats as the updates made while the matches ended.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import csv
import io
import itertools
import json
import os
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
import discord
import pytest
from openskill.models import PlackettLuce
from simcord import assert_error

from bot.cli import main as cli
from bot.client import create_bot
from bot.db import Database
from bot.db.matches import SeatInfo
from bot.db.migrate import MIGRATIONS_DIR
from bot.db.ratings import RatedMatch, RatedSeat, RatingStore
from bot.services.ladder_policy import MIN_OWN_MOVES
from bot.services.ratings import NEWCOMER, Skill, contest_of, display, rate
from bot.ui.history import replay_item
from engines.core import CardhostError, PlayerId, Rng, choose_action
from tests.bot.table import buttons, game_thread, last_reply, make_table, play_move
from tests.bot.test_decks import listing
from tests.bot.test_trust_ids import _click

MODEL = PlackettLuce()


def _places(ranking: list[list[int]], seats: int) -> list[int]:
    places, place = [0] * seats, 1
    for group in ranking:
        for seat in group:
            places[seat] = place
        place += len(group)
    return places


def expected_after(before: dict[int, tuple[float, float]], users: list[int | None], ranking: list[list[int]]):
    """openskill called directly: one team per seat, AI seats at the model's newcomer rating."""
    teams = [
        [
            MODEL.rating(
                *(before.get(u, (MODEL.mu, MODEL.sigma)) if u is not None else (MODEL.mu, MODEL.sigma))
            )
        ]
        for u in users
    ]
    rated = MODEL.rate(teams, ranks=[float(p) for p in _places(ranking, len(users))])
    return {u: (t[0].mu, t[0].sigma) for u, t in zip(users, rated, strict=True) if u is not None}


def stored_at(db_file: Path) -> str:
    """Where the test's bots keep their data: the PostgreSQL database the ``db_file`` fixture
    names in CARDHOST_DATABASE_URL on that backend, else the SQLite file."""
    return os.environ.get("CARDHOST_DATABASE_URL") or str(db_file)


def db_run(db_file: Path, sql: str) -> list[tuple[Any, ...]]:
    """``sql`` run on the test's database, apart from the bot's connections (its rows)."""
    url = os.environ.get("CARDHOST_DATABASE_URL")
    if not url:
        with sqlite3.connect(db_file) as conn:
            return conn.execute(sql).fetchall()

    async def on_postgres() -> list[tuple[Any, ...]]:
        conn = await asyncpg.connect(url)
        try:
            return [tuple(r) for r in await conn.fetch(sql)]
        finally:
            await conn.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # the test's own loop is running
        return pool.submit(asyncio.run, on_postgres()).result()


def db_ratings(db_file: Path) -> dict[tuple[int, str, int], tuple[float, float, int]]:
    rows = db_run(db_file, "SELECT guild_id, game, user_id, mu, sigma, games FROM ratings")
    return {(g, game, u): (mu, sigma, n) for g, game, u, mu, sigma, n in rows}


def db_changes(db_file: Path) -> list[tuple[Any, ...]]:
    return db_run(db_file, "SELECT * FROM rating_changes ORDER BY match_id, user_id")


def manager(env: Any, t: Any, name: str = "mod") -> Any:
    """A member with Manage Server (the /ratings commands need it)."""
    role = t.guild.create_role("server managers", permissions=discord.Permissions(manage_guild=True))
    member = t.guild.add_member(env.create_user(name), roles=[role])
    t.members[name] = member
    return member


async def play_chrono_by_clicks(env: Any, t: Any, names: tuple[str, ...], seed: int) -> Any:
    """A Chrono lobby the others join with its Join button, played out by clicks on the DM panels,
    each player choosing what the AI policy would choose."""
    host = t.members[names[0]]
    await host.slash(t.channel, "play chrono", seats=len(names))
    lobby = t.channel.last_message
    for name in names[1:]:
        await t.members[name].click(lobby, label="Join")
    await host.click(lobby, label="Start")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    by_id = {m.id: m for m in t.members.values()}
    rng = Rng.from_seed(seed)
    for _ in range(5000):
        if not live.active:
            break
        seat = min(live.current)
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        result = await play_move(by_id[live.seats[seat].user_id], live.id, action)
        assert not result.followups, [f.content for f in result.followups]
    assert not live.active and live.status == "finished"
    return live


async def duel(env: Any, t: Any, host: str, guest: str) -> Any:
    """An Afrika challenge from ``host`` that ``guest`` joins and the host starts; the live match."""
    await t.members[host].slash(t.channel, "play afrika", opponent=t.members[guest])
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)
    await t.members[guest].click(lobby, label="Join")
    await t.members[host].click(lobby, label="Start")
    return await env.bot.matches.get(max(env.bot.matches._cache))


async def play_until(
    env: Any, t: Any, live: Any, name: str, moves: int = MIN_OWN_MOVES, seed: int = 1
) -> None:
    """The people of ``live`` click what the AI policy would choose until ``name`` made ``moves``
    of their own (the ladder rates a loser who made ``MIN_OWN_MOVES``)."""
    by_id = {m.id: m for m in t.members.values()}
    rng = Rng.from_seed(seed)
    made = 0
    for _ in range(500):
        if made >= moves:
            return
        assert live.active, "the game ended before the moves were made"
        seat = min(live.current)
        member = by_id[live.seats[seat].user_id]
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        result = await play_move(member, live.id, action)
        assert not result.followups, [f.content for f in result.followups]
        made += member.id == t.members[name].id
    raise AssertionError("too many moves")


async def challenge(env: Any, t: Any, host: str, guest: str, loser: str) -> Any:
    """An Afrika duel between two people (a challenge, joined with its button); ``loser`` makes
    the moves a rated loser makes, then concedes."""
    live = await duel(env, t, host, guest)
    await play_until(env, t, live, loser)
    await t.members[loser].slash(game_thread(t), "game concede")
    assert live.status == "finished"
    return live


async def against_the_ai(env: Any, t: Any, who: str) -> Any:
    """An Afrika duel against the AI that the player concedes after the moves a rated loser makes."""
    await t.members[who].slash(t.channel, "play afrika")
    live = await env.bot.matches.get(max(env.bot.matches._cache))
    await play_until(env, t, live, who)
    await t.members[who].slash(game_thread(t), "game concede")
    assert live.status == "finished"
    return live


# ------------------------------------------------------------------------------ a 4-player game


async def test_a_four_player_chrono_game_changes_everyones_rating(simcord_env, db_file: Path) -> None:
    env = simcord_env
    t = make_table(env)
    names = ("alice", "bob", "carol", "dave")
    live = await play_chrono_by_clicks(env, t, names, seed=3)
    row = await env.bot.db.matches.get(live.id)
    ranking = row.outcome["ranking"]
    users = [s.user_id for s in live.seats]
    want = expected_after({}, users, ranking)
    stored = db_ratings(db_file)
    assert {k[2]: v[:2] for k, v in stored.items()} == want
    assert all(k[:2] == (t.guild.id, "chrono") and v[2] == 1 for k, v in stored.items())
    assert len(set(want.values())) > 1, "different places, different ratings"
    winner = users[ranking[0][0]]
    last = users[ranking[-1][0]]
    assert want[winner][0] > MODEL.mu > want[last][0]

    # /leaderboard: everyone, best first, each with one game and the provisional mark
    shown = {u: display(Skill(*want[u])) for u in want}
    name_of = {m.id: n for n, m in t.members.items()}
    order = sorted(want, key=lambda u: (-(want[u][0] - 3 * want[u][1]), u))
    text = last_reply(await t.members["alice"].slash(t.channel, "leaderboard", game="chrono")).content
    lines = text.splitlines()
    assert lines[0] == "🏆 **Epochs Chrono leaderboard** · Game Night · all time"
    for i, u in enumerate(order, 1):
        assert lines[i] == f"{i}. **{name_of[u]}** {shown[u]}? · 1 game", text
    assert "? provisional: fewer than 5 rated games" in text
    week = last_reply(
        await t.members["bob"].slash(t.channel, "leaderboard", game="chrono", period="7d")
    ).content
    assert f"1. **{name_of[order[0]]}** {shown[order[0]]}? · 1 game ({shown[order[0]] - 1000:+d})" in week
    other = last_reply(await t.members["bob"].slash(t.channel, "leaderboard", game="afrika")).content
    assert "Nobody has played a rated game of Chronicles of Afrika on this server yet." in other

    # /profile: the rating and its trend; /history: the match with its opponents and result
    prof = last_reply(await t.members["carol"].slash(t.channel, "profile", player=t.members["bob"]))
    fields = {f.name: f.value for f in prof.embeds[0].fields}
    bob = t.members["bob"].id
    assert (
        f"Rating on this server: **{shown[bob]}** (provisional: 1 game rated of 5)" in fields["Epochs Chrono"]
    )
    assert f"trend {shown[bob] - 1000:+d} over the last game" in fields["Epochs Chrono"]
    assert f"**#{live.id}** Epochs Chrono" in fields["Recent matches on this server"]
    hist = last_reply(await t.members["bob"].slash(t.channel, "history")).content
    place = _places(ranking, 4)[users.index(bob)]
    others = ", ".join(n for n in names if n != "bob")
    assert hist.splitlines()[0] == "📜 **bob's matches** on this server · 1 match · page 1 of 1"
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}[place]
    tied = "tied " if any(bob == users[s] and len(g) > 1 for g in ranking for s in g) else ""
    assert (
        f"**#{live.id}** Epochs Chrono · {tied}{ordinal} of 4 · vs {others} · <t:{int(row.ended_at)}:d> · "
        f"rating 1000 → {shown[bob]} ({shown[bob] - 1000:+d})"
    ) == hist.splitlines()[1]


# ------------------------------------------------------------------------------ duels and the AI


async def test_a_duel_is_rated_an_ai_game_is_not_unless_the_server_says_so(
    simcord_env, db_file: Path
) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"].id, t.members["bob"].id
    duel = await challenge(env, t, "alice", "bob", loser="bob")
    want = expected_after({}, [alice, bob], [[0], [1]])
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want
    assert want[alice][0] > MODEL.mu > want[bob][0]

    ai = await against_the_ai(env, t, "alice")
    assert [c for c in db_changes(db_file) if c[0] == ai.id] == [], "a game against the AI is not rated"
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want
    hist = last_reply(await t.members["alice"].slash(t.channel, "history", game="afrika")).content
    ai_line = next(line for line in hist.splitlines() if f"#{ai.id}**" in line)
    assert " · lost · vs AI · " in ai_line and "rating" not in ai_line
    duel_line = next(line for line in hist.splitlines() if f"#{duel.id}**" in line)
    assert " · won · vs bob · " in duel_line and "rating 1000 → " in duel_line
    # The result in the thread says what the duel did to both ratings; the AI game's says nothing.
    finals = [m.content for th in t.channel.threads for m in th.history() if "Final ranking" in m.content]
    winner, loser = (display(Skill(*want[u])) for u in (alice, bob))
    assert any(
        f"📈 Ratings: alice {winner} (+{winner - 1000}) · bob {loser} (−{1000 - loser})" in f for f in finals
    ), finals
    assert sum("📈 Ratings:" in f for f in finals) == 1

    # the rebuild gives the same floats as the updates did
    mod = manager(env, t)
    before_ratings, before_changes = db_ratings(db_file), db_changes(db_file)
    done = last_reply(await mod.slash(t.channel, "ratings rebuild"))
    assert done.content == "Rebuilt 2 ratings on 1 leaderboard on this server from 1 rated match."
    assert done.ephemeral
    assert db_ratings(db_file) == before_ratings and db_changes(db_file) == before_changes

    # The server rates AI games from now on (only someone with Manage Server may say so).
    reply = last_reply(await mod.slash(t.channel, "ratings ai", rated=True))
    assert reply.content.startswith("Games with AI seats are now rated on this server") and reply.ephemeral
    rated_ai = await against_the_ai(env, t, "alice")
    after = expected_after({alice: want[alice]}, [alice, None], [[1], [0]])
    assert db_ratings(db_file)[(t.guild.id, "afrika", alice)] == (*after[alice], 2)
    assert rated_ai.id in {c[0] for c in db_changes(db_file)}
    # an aborted game is never rated (bob plays in it, rated now: a moderator outside it ends it)
    await t.members["bob"].slash(t.channel, "play afrika")
    refused = last_reply(await t.members["bob"].slash(game_thread(t), "game end", reason="time"))
    assert refused.content.startswith("You play in this rated game")
    assert_error(env, CardhostError, contains="cannot end it without a result")
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, t.members["carol"].id, mods.id)
    await t.members["carol"].slash(game_thread(t), "game end", reason="time")
    assert db_ratings(db_file)[(t.guild.id, "afrika", bob)][2] == 1
    assert ai.id not in {c[0] for c in db_changes(db_file)}, "the setting applies to games ending from now"

    # A rebuild applies the setting to the history: the earlier AI game counts now, in its place.
    done = last_reply(await mod.slash(t.channel, "ratings rebuild", game="afrika"))
    assert (
        done.content
        == "Rebuilt 2 ratings on 1 leaderboard of Chronicles of Afrika on this server from 3 rated matches."
    )
    again = expected_after({alice: want[alice]}, [alice, None], [[1], [0]])
    again = expected_after(again, [alice, None], [[1], [0]])
    assert db_ratings(db_file)[(t.guild.id, "afrika", alice)] == (*again[alice], 3)
    # ... and from there on the updates and a rebuild (the command line) agree again
    await against_the_ai(env, t, "bob")
    before_ratings, before_changes = db_ratings(db_file), db_changes(db_file)
    db_run(db_file, "DELETE FROM ratings")
    db_run(db_file, "DELETE FROM rating_changes")
    assert await asyncio.to_thread(cli, ["ratings", "rebuild", "--db", stored_at(db_file)]) == 0
    assert db_ratings(db_file) == before_ratings and db_changes(db_file) == before_changes
    assert len(before_changes) == 5

    # turned off again, a rebuild leaves the AI games out
    await mod.slash(t.channel, "ratings ai", rated=False)
    await mod.slash(t.channel, "ratings rebuild", game="afrika")
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want


async def test_the_leaderboard_says_why_ai_games_are_not_on_it(simcord_env) -> None:
    """Issue 34 item 15: a player who has only played the AI and finds an empty leaderboard is
    told why (the server does not rate games with AI seats, and who can change that); once the
    server rates them, the AI game is on the board and the note is gone."""
    env = simcord_env
    t = make_table(env)
    await against_the_ai(env, t, "alice")
    text = last_reply(await t.members["alice"].slash(t.channel, "leaderboard", game="afrika")).content
    assert "Nobody has played a rated game of Chronicles of Afrika on this server yet." in text
    note = (
        "Games with AI seats are not rated on this server, so they are not on this leaderboard "
        "(someone with Manage Server can rate them with `/ratings ai`)."
    )
    assert note in text
    mod = manager(env, t)
    await mod.slash(t.channel, "ratings ai", rated=True)
    await against_the_ai(env, t, "alice")
    rated = last_reply(await t.members["alice"].slash(t.channel, "leaderboard", game="afrika")).content
    assert "1. **alice** " in rated and "AI seats" not in rated


async def test_the_rating_commands_refuse_in_sentences(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    # /ratings is for Manage Server by default; a server that lets others use it still gets refusals.
    ratings = next(c for c in await env.bot.tree.fetch_commands() if c.name == "ratings")
    assert ratings.default_member_permissions == discord.Permissions(manage_guild=True)
    with pytest.raises(Exception, match="not visible to this user"):
        await alice.slash(t.channel, "ratings rebuild")
    t.guild.set_command_permissions(ratings, {alice: True})
    reply = last_reply(await alice.slash(t.channel, "ratings rebuild"))
    assert (
        reply.content == "Only someone with Manage Server can rebuild this server's ratings."
        and reply.ephemeral
    )
    assert_error(env, CardhostError, contains="can rebuild")
    reply = last_reply(await alice.slash(t.channel, "ratings ai", rated=True))
    assert reply.content == "Only someone with Manage Server can change how this server rates games."
    assert_error(env, CardhostError, contains="can change how")
    reply = last_reply(await alice.slash(t.channel, "history", player=t.members["bob"], export=True))
    assert reply.content == "You can export only your own match records: leave out player."
    assert_error(env, CardhostError, contains="only your own")
    reply = last_reply(await alice.slash(t.channel, "history"))
    assert reply.content == "alice has no ended matches on this server yet."
    reply = last_reply(await alice.slash(t.channel, "history", export=True))
    assert reply.content == "You have no ended matches to export yet." and reply.ephemeral


# ------------------------------------------------------------------------------ paging, export


def page_buttons(message: Any) -> list[Any]:
    return [b for b in buttons(message) if b.custom_id.startswith("hist:")]


async def test_history_pages_survive_a_restart_and_the_export_parses(simcord_env, db_file: Path) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    # her own copy of a starter deck: her matches with those cards are named after it
    saved = last_reply(
        await alice.slash(
            t.channel, "deck import", game="afrika", name="My Flames", file=("f.txt", listing().encode())
        )
    )
    assert "Saved **My Flames**" in saved.content
    played = [await challenge(env, t, "alice", "bob", loser="bob")]
    for _ in range(5):
        played.append(await against_the_ai(env, t, "alice"))
    played.append(await challenge(env, t, "bob", "alice", loser="alice"))
    ids = [m.id for m in played]
    first = last_reply(await alice.slash(t.channel, "history"))
    assert first.content.splitlines()[0] == "📜 **alice's matches** on this server · 7 matches · page 1 of 2"
    assert [line.split("**")[1] for line in first.content.splitlines()[1:]] == [
        f"#{i}" for i in ids[::-1][:5]
    ]
    message = t.channel.last_message
    prev, nxt = page_buttons(message)
    assert (prev.label, nxt.label) == ("◀ Prev", "Next ▶") and prev.disabled and not nxt.disabled
    # a Replay button for each match of the page once /replay exists (bot/ui/history.py's hook)
    replays = [b for b in buttons(message) if not b.custom_id.startswith("hist:")]
    assert len(replays) == (5 if replay_item(ids[0]) is not None else 0)

    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    message = t.channel.last_message
    stranger = await t.members["carol"].click(message, label="Next ▶")
    assert last_reply(stranger).content.startswith("Only the person who asked can turn these pages")
    assert last_reply(stranger).ephemeral
    await alice.click(message, label="Next ▶")
    message = t.channel.last_message
    lines = message.content.splitlines()
    assert lines[0] == "📜 **alice's matches** on this server · 7 matches · page 2 of 2"
    assert [line.split("**")[1] for line in lines[1:]] == [f"#{i}" for i in ids[::-1][5:]]
    assert lines[-1].startswith(f"**#{ids[0]}** Chronicles of Afrika · won · vs bob · ")
    assert page_buttons(message)[1].disabled and not page_buttons(message)[0].disabled
    await alice.click(message, label="◀ Prev")
    message = t.channel.last_message
    assert message.content.splitlines()[0].endswith("page 1 of 2") and len(message.content) <= 2000
    # an old or forged page button still gets a sentence: a game nobody plays, a page far away
    said = await _click(env, alice, t.channel, f"hist:{alice.id}:{alice.id}:nosuchgame:999999999999:n")
    assert said == "alice has no ended matches of nosuchgame on this server yet."
    said = await _click(env, alice, t.channel, f"hist:{alice.id}:{alice.id}::999999999999:n")
    assert said.startswith("📜 **alice's matches** on this server · 7 matches · page 2 of 2")

    # the export: the player's own records, as CSV and as JSON, only to them
    result = await alice.slash(t.channel, "history", export=True)
    reply = last_reply(result)
    assert reply.ephemeral and reply.content.startswith("Your match records (7 matches, every server)")
    files = {a.filename: await a.read() for a in reply.attachments}
    rows = list(csv.DictReader(io.StringIO(files[f"cardhost-matches-{alice.id}.csv"].decode())))
    doc = json.loads(files[f"cardhost-matches-{alice.id}.json"])
    assert doc["user_id"] == str(alice.id) and len(doc["matches"]) == len(rows) == 7
    assert [int(r["match_id"]) for r in rows] == [m["match_id"] for m in doc["matches"]] == ids[::-1]
    by_id = {int(r["match_id"]): r for r in rows}
    duel = by_id[ids[0]]
    assert duel["result"] == "won" and duel["opponents"] == "bob" and duel["game"] == "afrika"
    assert duel["deck"] == "My Flames"
    assert int(duel["rating_after"]) - int(duel["rating_before"]) == int(duel["rating_change"]) > 0
    assert duel["server_id"] == str(t.guild.id)
    ai = by_id[ids[1]]
    assert ai["result"] == "lost" and ai["opponents"] == "AI" and ai["rating_change"] == ""
    assert doc["matches"][-1]["opponents"] == ["bob"] and doc["matches"][-1]["rating_change"] > 0

    # /profile: favourite decks (the starter she brought), her latest matches on this server
    prof = last_reply(await alice.slash(t.channel, "profile"))
    fields = {f.name: f.value for f in prof.embeds[0].fields}
    used = Counter(r["deck"] for r in rows).most_common()
    assert used[0] == ("My Flames", 6) and used[1][0].startswith("Starter: ")
    assert fields["Favourite decks"] == f"Chronicles of Afrika: My Flames (6 games), {used[1][0]} (1 game)"
    recent = fields["Recent matches on this server"].splitlines()
    assert [line.split("**")[1] for line in recent] == [f"#{i}" for i in ids[::-1][:5]]


# ------------------------------------------------------------------------------ the rules, no Discord


async def moves_by_everyone(db: Any, match_id: int, seats: int) -> None:
    """Every seat makes the moves a rated loser makes (the ladder's policy reads the log)."""
    seq = await db.matches.last_seq(match_id)
    for _ in range(MIN_OWN_MOVES):
        for seat in range(seats):
            seq += 1
            await db.matches.append_action(match_id, seq, seat, "pass")


def _match(mid: int, seats: list[int | None], ranking: list[list[int]], **kw: Any) -> RatedMatch:
    return RatedMatch(
        id=mid,
        game=kw.get("game", "chrono"),
        guild_id=kw.get("guild", 1),
        status=kw.get("status", "finished"),
        ended_at=float(mid),
        teams=kw.get("teams"),
        ranking=ranking,
        seats=tuple(RatedSeat(i, u) for i, u in enumerate(seats)),
    )


def test_who_a_match_rates() -> None:
    assert contest_of(_match(1, [1, 2], [[0], [1]]), rate_ai=False) is not None
    assert contest_of(_match(1, [1, 2], [[0], [1]], status="aborted"), rate_ai=False) is None
    assert contest_of(_match(1, [1, 2], [[0], [1]], guild=None), rate_ai=False) is None
    assert contest_of(_match(1, [1, None], [[0], [1]]), rate_ai=False) is None
    assert contest_of(_match(1, [1, None], [[0], [1]]), rate_ai=True) is not None
    assert contest_of(_match(1, [None, None], [[0], [1]]), rate_ai=True) is None
    assert contest_of(_match(1, [1, 1], [[0], [1]]), rate_ai=False) is None, "one person in two seats"
    tie = contest_of(_match(1, [1, 2, 3], [[1], [0, 2]]), rate_ai=False)
    assert tie is not None and [s.place for team in tie.teams for s in team] == [2, 1, 2]


def test_ties_and_teams_follow_plackett_luce() -> None:
    # a 3-way game with a tie for second
    contest = contest_of(_match(1, [1, 2, 3], [[2], [0, 1]]), rate_ai=False)
    assert contest is not None
    got = rate(contest, {})
    want = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[2.0, 2.0, 1.0])
    assert got == {u: Skill(t[0].mu, t[0].sigma) for u, t in zip([1, 2, 3], want, strict=True)}
    assert got[1] == got[2] and got[3].mu > got[1].mu
    # 2v2: seats 0 and 2 against 1 and 3 (a game names its teams in the "teams" option)
    team = contest_of(_match(2, [1, 2, 3, 4], [[1, 3], [0, 2]], teams=[[0, 2], [1, 3]]), False)
    assert team is not None and len(team.teams) == 2
    before = {1: Skill(30.0, 5.0)}
    got = rate(team, before)
    want = MODEL.rate(
        [[MODEL.rating(30.0, 5.0), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[2.0, 1.0]
    )
    assert got[1] == Skill(want[0][0].mu, want[0][0].sigma) and got[3] == Skill(
        want[0][1].mu, want[0][1].sigma
    )
    assert got[2] == got[4] and got[2].mu > NEWCOMER.mu > got[3].mu
    # a bad "teams" option is ignored: every seat for itself
    loose = contest_of(_match(3, [1, 2], [[0], [1]], teams=[[0, 0]]), False)
    assert loose is not None and len(loose.teams) == 2


@pytest.mark.backends
async def test_matches_ending_out_of_order_rate_as_the_rebuild_does(databases: Any) -> None:
    """The history's order is the order matches ended; a match stored as ended before one that was
    already rated makes the service rebuild that board, so the numbers still equal a rebuild's.
    (Days apart: the same three players are rated at most 3 times a day.)"""
    from bot.services.ratings import RatingService

    day = 86400.0
    now = [1000.0]
    db = await databases.make(clock=lambda: now[0]).open()
    try:
        service = RatingService(db)
        seats = [SeatInfo(1, "a"), SeatInfo(2, "b"), SeatInfo(3, "c")]
        ids = [await db.matches.create_match("chrono", "1", {}, i, seats, 7, 8, 1) for i in range(4)]
        for match_id in ids:
            await moves_by_everyone(db, match_id, 3)
        for match_id, at, ranking in zip(
            ids,
            (1 * day, 3 * day, 2 * day, 3 * day),
            ([[0], [1], [2]], [[1], [0, 2]], [[2], [1], [0]], [[0], [2], [1]]),
            strict=True,
        ):
            now[0] = at
            await db.matches.finish(match_id, "finished", {"ranking": ranking, "reason": "x"}, "x")
            assert await service.rate_match(match_id)
            assert not await service.rate_match(match_id), "a match is rated once"
        incremental = (await service.store.all_ratings(), await service.store.all_changes())
        assert [c.match_id for c in incremental[1]].count(ids[2]) == 3
        await service.rebuild()
        assert (await service.store.all_ratings(), await service.store.all_changes()) == incremental
        # the rebuild's order: by end time, then match id
        order = sorted(ids, key=lambda m: ({ids[0]: 1, ids[1]: 3, ids[2]: 2, ids[3]: 3}[m], m))
        changes = {c.match_id: c for c in incremental[1] if c.user_id == 1}
        seen = [changes[m] for m in order]
        for a, b in itertools.pairwise(seen):
            assert (a.mu_after, a.sigma_after) == (b.mu_before, b.sigma_before)
    finally:
        await db.close()


@pytest.mark.backends
async def test_teams_stored_in_a_match_are_rated_as_teams(databases: Any) -> None:
    """A match whose config names teams (a 2v2) is read back and rated as two teams; its decks in
    the config are not what the rating reads."""
    from bot.services.ratings import RatingService

    db = await databases.make().open()
    try:
        seats = [SeatInfo(1, "a"), SeatInfo(2, "b"), SeatInfo(3, "c"), SeatInfo(4, "d")]
        config = {"teams": [[0, 2], [1, 3]], "decks": [["X1"] * 40] * 4}
        match_id = await db.matches.create_match("chrono", "1", config, 1, seats, 7, 8, 1)
        await moves_by_everyone(db, match_id, 4)
        await db.matches.finish(match_id, "finished", {"ranking": [[1, 3], [0, 2]], "reason": "x"}, "x")
        assert await RatingService(db).rate_match(match_id)
        got = {r.user_id: (r.mu, r.sigma) for r in await RatingStore(db).all_ratings()}
    finally:
        await db.close()
    want = MODEL.rate([[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], ranks=[2.0, 1.0])
    assert got[1] == got[3] == (want[0][0].mu, want[0][0].sigma)
    assert got[2] == got[4] == (want[1][0].mu, want[1][0].sigma)


# ------------------------------------------------------------------------------ the migration


async def test_v009_on_an_older_database_and_a_rebuild_rates_the_history(tmp_path: Path, capsys) -> None:
    """A database from before ratings gets the tables; the games finished before are rated by the
    first rebuild (the command line), in the order they ended."""
    old = tmp_path / "old"
    old.mkdir()
    files = sorted(p.name for p in MIGRATIONS_DIR.iterdir() if p.name.endswith(".sql"))
    mine = next(f for f in files if f.endswith("__ratings.sql"))
    for name in files[: files.index(mine)]:
        (old / name).write_text(MIGRATIONS_DIR.joinpath(name).read_text(encoding="utf-8"), encoding="utf-8")
    path = tmp_path / "db.sqlite3"
    db = await Database(path, migrations_dir=old).open()
    seats = [SeatInfo(11, "a"), SeatInfo(12, "b")]
    first = await db.matches.create_match("chrono", "1", {}, 1, seats, 5, 6, 11)
    second = await db.matches.create_match("chrono", "1", {}, 2, seats, 5, 6, 11)
    await moves_by_everyone(db, first, 2)
    await moves_by_everyone(db, second, 2)
    await db.matches.finish(first, "finished", {"ranking": [[1], [0]], "reason": "x"}, "x")
    await db.matches.finish(second, "finished", {"ranking": [[0], [1]], "reason": "x"}, "x")
    await db.close()
    db = await Database(path).open()
    try:
        assert db.applied_now[0].filename == mine  # then the later ones, if any
        assert await RatingStore(db).all_ratings() == []
    finally:
        await db.close()
    capsys.readouterr()
    assert await asyncio.to_thread(cli, ["ratings", "rebuild", "--db", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "Rebuilt 2 ratings on 1 leaderboard from 2 rated matches."
    one = expected_after({}, [11, 12], [[1], [0]])
    two = expected_after(one, [11, 12], [[0], [1]])
    assert {k[2]: v for k, v in db_ratings(path).items()} == {u: (*two[u], 2) for u in two}
