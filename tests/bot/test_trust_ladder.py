"""The ladder against a farmer and a host who would void a game (issue #32 items 7 and 8).

A player with a second account (an "alt") must not climb the leaderboard by having the alt concede:
a game the loser left before making 3 moves of their own is unrated, and of the results between
the same players on a server's ladder of one game only the first 3 in any 24 hours are rated. A
player may not end a rated game they play in with ``/game end`` (that would void the result they
are about to get): they concede, or a moderator who is not in the match ends it. Everything goes
through the real bot on simcord; the numbers are checked against openskill directly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from simcord import assert_error

from engines.core import CardhostError
from tests.bot.table import game_thread, last_reply, make_table
from tests.bot.test_ratings import (
    _places,
    db_changes,
    db_ratings,
    db_run,
    duel,
    expected_after,
    page_buttons,
    play_until,
)


def unrated_reasons(db_file: Path) -> dict[tuple[int, int], str]:
    rows = db_run(db_file, "SELECT match_id, user_id, reason FROM rating_skips")
    return {(m, u): r for m, u, r in rows}


async def test_thirty_instant_concessions_by_an_alt_do_not_move_the_ladder(
    simcord_env, db_file: Path
) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    # an honest game first: carol and dave play, dave concedes after his moves; carol leads the board
    honest = await duel(env, t, "carol", "dave")
    await play_until(env, t, honest, "dave", 3)
    await t.members["dave"].slash(game_thread(t), "game concede")
    carol_after = expected_after({}, [t.members["carol"].id, t.members["dave"].id], [[0], [1]])
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == carol_after

    # bob is alice's alt: he joins and concedes at once, thirty times
    farmed = []
    for _ in range(30):
        live = await duel(env, t, "alice", "bob")
        await bob.slash(game_thread(t), "game concede")
        assert live.status == "finished"
        farmed.append(live.id)
    stored = db_ratings(db_file)
    assert (t.guild.id, "afrika", alice.id) not in stored, "a farmed win moved alice's rating"
    assert (t.guild.id, "afrika", bob.id) not in stored
    assert {c[0] for c in db_changes(db_file)} == {honest.id}
    board = last_reply(await alice.slash(t.channel, "leaderboard", game="afrika")).content
    assert board.splitlines()[1].startswith("1. **carol**"), board
    assert "alice" not in board
    # each farmed game is in the history as unrated, with the reason
    reasons = unrated_reasons(db_file)
    assert {reasons[(m, alice.id)] for m in farmed} == {"few_moves"}
    assert {reasons[(m, bob.id)] for m in farmed} == {"left_early"}
    page = last_reply(await alice.slash(t.channel, "history")).content
    line = next(x for x in page.splitlines() if f"#{farmed[-1]}**" in x)
    assert " · won · vs bob · " in line
    assert line.endswith("unrated: a loser made fewer than 3 moves of their own"), line
    assert "rating" not in line.replace("unrated", "")
    assert page_buttons(t.channel.last_message)
    alt = last_reply(await bob.slash(t.channel, "history")).content
    line = next(x for x in alt.splitlines() if f"#{farmed[-1]}**" in x)
    assert " · lost · vs alice · " in line
    assert line.endswith("unrated: lost before making 3 moves of their own"), line
    # the result in the thread says so too
    finals = [m.content for m in game_thread(t).history() if "Final ranking" in m.content]
    assert "Not rated: a loser made fewer than 3 moves of their own." in finals[-1], finals[-1]

    # a rebuild judges the history the same way
    mod_role = t.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    mod = t.guild.add_member(env.create_user("mod"), roles=[mod_role])
    before = db_ratings(db_file), db_changes(db_file), unrated_reasons(db_file)
    done = last_reply(await mod.slash(t.channel, "ratings rebuild"))
    assert done.content == "Rebuilt 2 ratings on 1 leaderboard on this server from 1 rated match."
    assert (db_ratings(db_file), db_changes(db_file), unrated_reasons(db_file)) == before


async def test_only_three_results_a_day_between_the_same_players_are_rated(
    simcord_env, db_file: Path
) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"].id, t.members["bob"].id
    played = []
    for i in range(5):
        live = await duel(env, t, "alice", "bob")
        await play_until(env, t, live, "bob", 3, seed=i)
        await t.members["bob"].slash(game_thread(t), "game concede")
        played.append(live.id)
    want: dict[int, tuple[float, float]] = {}
    for _ in range(3):
        want = expected_after(want, [alice, bob], [[0], [1]])
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want
    assert sorted({c[0] for c in db_changes(db_file)}) == played[:3]
    reasons = unrated_reasons(db_file)
    assert {(m, u) for m, u in reasons} == {(m, u) for m in played[3:] for u in (alice, bob)}
    assert set(reasons.values()) == {"repeat"}
    page = last_reply(await t.members["bob"].slash(t.channel, "history")).content
    line = next(x for x in page.splitlines() if f"#{played[-1]}**" in x)
    assert line.endswith("unrated: more than 3 results between the same players within 24 hours"), line
    # another pairing on the same day is rated as usual
    live = await duel(env, t, "alice", "carol")
    await play_until(env, t, live, "carol", 3)
    await t.members["carol"].slash(game_thread(t), "game concede")
    assert live.id in {c[0] for c in db_changes(db_file)}


async def test_a_playing_host_cannot_void_a_rated_game_with_game_end(simcord_env, db_file: Path) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    live = await duel(env, t, "alice", "bob")
    await play_until(env, t, live, "alice", 3)
    # alice hosts the challenge and is losing: /game end would void it; she is told to concede
    result = await alice.slash(game_thread(t), "game end", reason="bored")
    reply = last_reply(result)
    assert reply.ephemeral
    assert reply.content == (
        "You play in this rated game, so you cannot end it without a result: use `/game concede` to "
        "give it up, or ask a moderator who is not playing to end it."
    )
    assert_error(env, CardhostError, contains="cannot end it without a result")
    assert live.active and live.status == "active"
    # so is a player who moderates the server
    mods = t.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    env.backend.add_member_role(t.guild.id, alice.id, mods.id)
    env.backend.add_member_role(t.guild.id, carol.id, mods.id)
    reply = last_reply(await alice.slash(game_thread(t), "game end"))
    assert reply.content.startswith("You play in this rated game") and live.active
    assert_error(env, CardhostError, contains="cannot end it without a result")
    # she concedes: the game is hers to lose, and the ratings move
    await alice.slash(game_thread(t), "game concede")
    assert live.status == "finished"
    want = expected_after({}, [alice.id, bob.id], [[1], [0]])
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want

    # a moderator who is not in the match ends one without a result: nobody's rating moves
    other = await duel(env, t, "alice", "bob")
    await play_until(env, t, other, "bob", 3)
    reply = last_reply(await carol.slash(game_thread(t), "game end", reason="dispute"))
    assert reply.content == "The game was ended."
    assert other.status == "aborted"
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want
    # a game against the AI is not rated: its host may still end it
    await bob.slash(t.channel, "play afrika")
    practice = await env.bot.matches.get(max(env.bot.matches._cache))
    reply = last_reply(await bob.slash(game_thread(t), "game end"))
    assert reply.content == "The game was ended." and practice.status == "aborted"


async def chrono(env: Any, t: Any, names: tuple[str, ...]) -> Any:
    """A Chrono lobby of ``names`` (the first hosts) joined with its button and started."""
    await t.members[names[0]].slash(t.channel, "play chrono", seats=len(names))
    lobby = t.channel.last_message
    for name in names[1:]:
        await t.members[name].click(lobby, label="Join")
    await t.members[names[0]].click(lobby, label="Start")
    return await env.bot.matches.get(max(env.bot.matches._cache))


async def test_a_game_of_several_is_judged_as_a_duel_is(simcord_env, db_file: Path) -> None:
    """Chrono: a concession ends the game for everyone, the conceder last and the others sharing
    first (C11). Two alts who leave a farmer alone at once give nothing; a player who played and
    then conceded is rated last, the others first."""
    env = simcord_env
    t = make_table(env)
    ids = {n: t.members[n].id for n in ("alice", "bob", "carol")}
    farmed = await chrono(env, t, ("alice", "bob", "carol"))
    await t.members["carol"].slash(game_thread(t), "game concede")
    assert farmed.status == "finished"
    assert db_ratings(db_file) == {}
    assert unrated_reasons(db_file) == {
        (farmed.id, ids["alice"]): "few_moves",
        (farmed.id, ids["bob"]): "few_moves",
        (farmed.id, ids["carol"]): "left_early",
    }
    finals = [m.content for m in game_thread(t).history() if "Final ranking" in m.content]
    # The result is written on the last board, under "Game over." and before the game's log.
    assert "📈 Not rated: a loser made fewer than 3 moves of their own." in finals[-1].splitlines(), finals

    played = await chrono(env, t, ("alice", "bob", "carol"))
    await play_until(env, t, played, "carol", 3)
    await t.members["carol"].slash(game_thread(t), "game concede")
    row = await env.bot.db.matches.get(played.id)
    users = [s.user_id for s in played.seats]
    places = _places(row.outcome["ranking"], 3)
    assert places[users.index(ids["carol"])] == 3 and sorted(places) == [1, 1, 3]
    want = expected_after({}, users, row.outcome["ranking"])
    assert {k[2]: v[:2] for k, v in db_ratings(db_file).items()} == want
    assert played.id not in {m for m, _ in unrated_reasons(db_file)}
