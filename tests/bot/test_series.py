"""Matches of several games through the bot: best of 3 against the AI, who chooses who goes first,
side-deck swaps by clicks, stale clicks, and restarts between games and during a game."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import OptionError

from bot.client import create_bot
from bot.services.series import SIDEBOARD_SECONDS
from engines.core import CONCEDE
from tests.bot.table import (
    dm_messages,
    game_thread,
    last_reply,
    make_table,
    move_ids,
    panel_message,
    series_settled,
)


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


async def _latest(env: Any) -> Any:
    row = max(await env.bot.matches.active_match_ids())
    return await env.bot.matches.get(row)


async def _series_of(env: Any, match_id: int) -> Any:
    found = await env.bot.series.store.of_match(match_id)
    assert found is not None
    return found[0]


async def _ai_concedes(env: Any, live: Any, seat: int = 1) -> None:
    """The AI seat gives the game up (the concession move, played the way the bot plays for a seat)."""
    async with live.lock:
        report = await env.bot.matches.pass_for(live, seat, CONCEDE)
    await env.bot.table.after_report(report)
    await series_settled(env)


async def _concedes(env: Any, member: Any, thread: Any) -> None:
    result = await member.slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    await series_settled(env)


def _first_chooser(live: Any) -> int:
    """Who chooses who goes first in a fresh setup of this game (R12)."""
    state = live.engine.setup(live.cfg, live.seed)
    (seat,) = live.engine.current_players(state)
    return int(seat)


async def test_best_of_3_against_the_ai_won_2_1(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", best_of=3)
    game1 = await _latest(env)
    thread = game_thread(t)
    assert any("**Best of 3**" in x and "**Game 1** begins" in x for x in _texts(thread))
    assert "chooser" not in game1.cfg.options  # game 1: the engine's toss

    # Game 1: the AI concedes; a constructed Codex has no side deck, so game 2 starts at once, and
    # the AI (the loser) chooses who goes first.
    await _ai_concedes(env, game1)
    game2 = await _latest(env)
    assert game2.id != game1.id and game2.thread_id == thread.id
    assert game2.cfg.options["chooser"] == 1 and _first_chooser(game2) == 1
    texts = _texts(thread)
    assert any("Game 1 goes to **alice**: alice leads 1-0." in x for x in texts)
    assert any(
        "**Game 2 of best of 3** — alice leads 1-0. AI lost the last game and chooses who goes first." in x
        for x in texts
    )
    status = last_reply(await alice.slash(thread, "game status")).content
    assert "Best of 3: game 2, alice leads 1-0." in status

    # Game 2: alice concedes; game 3 is hers to choose, and she is asked by DM.
    await _concedes(env, alice, thread)
    game3 = await _latest(env)
    assert game3.cfg.options["chooser"] == 0 and _first_chooser(game3) == 0
    assert game3.current == frozenset({0})
    assert move_ids(panel_message(alice, game3.id))
    assert any("alice lost the last game and chooses who goes first." in x for x in _texts(thread))
    assert (await _series_of(env, game3.id)).wins == (1, 1)

    # Game 3: the AI concedes: alice wins the match 2-1.
    await _ai_concedes(env, game3)
    series = await _series_of(env, game3.id)
    assert series.status == "finished" and series.winner == 0 and series.wins == (2, 1)
    assert any("🏆 **alice** wins the best of 3, 2-1." in x for x in _texts(thread))
    assert not await env.bot.matches.active_match_ids()
    games = await env.bot.series.store.games(series.id)
    assert [(g.match_id, g.status, g.winner) for g in games] == [
        (game1.id, "won", 0),
        (game2.id, "won", 1),
        (game3.id, "won", 0),
    ]
    status = last_reply(await alice.slash(thread, "game status")).content
    assert "Best of 3: over, won by alice" in status


async def test_best_of_3_lost_2_0_plays_no_third_game(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", best_of=3)
    thread = game_thread(t)
    game1 = await _latest(env)
    await _concedes(env, alice, thread)
    game2 = await _latest(env)
    assert game2.cfg.options["chooser"] == 0
    await _concedes(env, alice, thread)
    series = await _series_of(env, game2.id)
    assert series.status == "finished" and series.winner == 1 and series.wins == (0, 2)
    assert [g.match_id for g in await env.bot.series.store.games(series.id)] == [game1.id, game2.id]
    assert any("🏆 **AI** wins the best of 3, 2-0." in x for x in _texts(thread))
    assert not await env.bot.matches.active_match_ids()


async def test_best_of_is_offered_only_where_the_game_has_series(simcord_env) -> None:
    """/play chrono has no best_of (Epochs Chrono is played one game at a time); /play afrika and
    /play spirit offer the counts their rules allow, and nothing else."""
    play = simcord_env.bot.tree.get_command("play")
    counts = {
        c.name: [choice.value for choice in p.choices]
        for c in play.commands
        for p in c.parameters
        if p.name == "best_of"
    }
    assert counts == {"afrika": [1, 3, 5], "spirit": [1, 3]}
    t = make_table(simcord_env)
    with pytest.raises(OptionError, match="best_of"):
        await t.members["alice"].slash(t.channel, "play chrono", best_of=3)
    assert not await simcord_env.bot.matches.active_match_ids()


async def test_a_moderator_end_stops_the_series_without_a_result(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", best_of=5)
    thread = game_thread(t)
    game1 = await _latest(env)
    ended = await alice.slash(thread, "game end", reason="dinner")
    assert "ended" in last_reply(ended).content
    await env.settle()
    series = await _series_of(env, game1.id)
    assert series.status == "aborted" and series.winner is None
    assert any("ends here" in x for x in _texts(thread))
    assert not await env.bot.matches.active_match_ids()


# --------------------------------------------------------------------------- side decks


async def _limited_series(env: Any, t: Any, players: list[Any], best_of: int = 3) -> Any:
    """A best-of series of limited decks (40 cards of a starter, its other 20 as the side deck),
    started the way pods start theirs: the series service, then the lobby's launch."""
    from engines.afrika.decks import STARTERS, expand

    cards = expand(next(iter(STARTERS.values())))
    main, side = cards[:40], cards[40:]
    seats: list[tuple[int | None, str, bool]] = [(m.id, m.user.name, False) for m in players]
    if len(seats) == 1:
        seats.append((None, "AI", True))
    live = await env.bot.series.create(
        "afrika",
        {"decks": [main] * 2, "format": "limited"},
        seats,
        best_of=best_of,
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        host_id=players[0].id,
        turn_seconds=90.0,
        sides=[side] * 2,
    )
    channel = env.bot.get_channel(t.channel.id)
    message = await channel.send(f"Best of {best_of}: the thread is below.")
    await env.bot.lobbies.launch(live, message, 90.0)
    await env.settle()
    return live


def _side_panel(member: Any) -> discord.Message:
    for msg in reversed(dm_messages(member)):
        if "side deck:" in msg.content:
            return msg
    raise AssertionError("no side-deck panel in the DMs")


def _selects(message: Any) -> dict[str, Any]:
    out = {}
    for row in message.components:
        for c in getattr(row, "children", None) or row.get("components", []):
            cid = c["custom_id"] if isinstance(c, dict) else c.custom_id
            if cid and cid.startswith("sw:"):
                out[cid.split(":")[3]] = c
    return out


def _values(select: Any) -> list[str]:
    options = select["options"] if isinstance(select, dict) else select.options
    return [o["value"] if isinstance(o, dict) else o.value for o in options]


def _cid(c: Any) -> str:
    return str(c["custom_id"] if isinstance(c, dict) else c.custom_id)


async def test_side_deck_swaps_by_clicks_keep_the_codex_legal(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    game1 = await _limited_series(env, t, [alice])
    thread = game_thread(t)
    await _concedes(env, alice, thread)
    series = await _series_of(env, game1.id)
    assert series.status == "sideboarding" and series.ready == frozenset({1}) and series.chooser == 0
    assert any(alice.mention in x and "side deck" in x for x in _texts(thread))
    panel = _side_panel(alice)
    assert "Game 2 of best of 3" in panel.content and "Codex: **40** cards" in panel.content
    selects = _selects(panel)

    # Taking a card out first would leave 39 cards: it cannot go alone, so it is held for a card
    # in (issue 32 item 9), said in a sentence; nothing changes yet.
    out_card = _values(selects["out"])[0]
    refused = await alice.user.select(panel, [out_card], custom_id=_cid(selects["out"]))
    assert "out on its own would make your Codex illegal: it has 39 cards" in last_reply(refused).content
    assert (await _series_of(env, game1.id)).decks[0]["main"] == series.decks[0]["main"]
    await alice.user.click(_side_panel(alice), label="Cancel the swap")
    panel = _side_panel(alice)
    selects = _selects(panel)

    # Put one in, then take one out: a legal 40 again.
    in_card = _values(selects["in"])[0]
    await alice.user.select(panel, [in_card], custom_id=_cid(selects["in"]))
    panel = _side_panel(alice)
    assert "Codex: **41** cards" in panel.content
    await alice.user.select(panel, [out_card], custom_id=_cid(_selects(panel)["out"]))
    deck = (await _series_of(env, game1.id)).decks[0]
    assert (
        len(deck["main"]) == 40 and deck["main"].count(in_card) == series.decks[0]["main"].count(in_card) + 1
    )
    assert sorted(deck["main"] + deck["side"]) == sorted(series.decks[0]["main"] + series.decks[0]["side"])

    # Ready: game 2 starts with the new Codex, alice (the loser) choosing who goes first.
    await alice.user.click(_side_panel(alice), label="Ready")
    await env.settle()
    game2 = await _latest(env)
    assert game2.id != game1.id
    assert game2.cfg.options["decks"][0] == deck["main"] and game2.cfg.options["chooser"] == 0
    assert "Game 2 has started" in _side_panel(alice).content


async def test_closed_dms_stale_and_double_ready(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    game1 = await _limited_series(env, t, [alice, bob])
    thread = game_thread(t)
    await _concedes(env, bob, thread)
    notice = next(m for m in thread.history() if "Open my side deck" in m.content)
    assert bob.mention in notice.content

    # alice has her DM panel and opens a second copy from the thread; Ready on one, then the other.
    copy = last_reply(await alice.click(notice, label="Open my side deck"))
    assert copy.ephemeral and "side deck:" in copy.content
    await alice.user.click(_side_panel(alice), label="Ready")
    again = await alice.click(copy, label="Ready")
    assert "You're ready already" in last_reply(again).content
    assert any("alice is ready for game 2" in x for x in _texts(thread))

    # bob (DMs closed) works from the thread; Ready starts game 2; his older copy is then stale.
    first = last_reply(await bob.click(notice, label="Open my side deck"))
    second = last_reply(await bob.click(notice, label="Open my side deck"))
    await bob.click(first, label="Ready")
    await env.settle()
    game2 = await _latest(env)
    assert game2.id != game1.id and game2.cfg.options["chooser"] == 1
    stale = await bob.click(second, label="Ready")
    assert "The side-deck step before game 2 is over" in last_reply(stale).content
    late = await bob.click(notice, label="Open my side deck")
    assert "is over" in last_reply(late).content
    # Someone outside the match gets a sentence too.
    carol = await t.members["carol"].click(notice, label="Open my side deck")
    assert "You're not playing in this match." in last_reply(carol).content


async def test_restart_between_games_rearms_the_deadline(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    game1 = await _limited_series(env, t, [alice])
    thread = game_thread(t)
    await _concedes(env, alice, thread)
    series = await _series_of(env, game1.id)
    assert series.status == "sideboarding" and series.deadline is not None

    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    assert series.id in env.bot.series._timers
    # The panel posted before the restart still works.
    panel = _side_panel(alice)
    in_card = _values(_selects(panel)["in"])[0]
    await alice.user.select(panel, [in_card], custom_id=_cid(_selects(panel)["in"]))
    assert "Codex: **41** cards" in _side_panel(alice).content
    # Nobody clicks Ready: when time runs out, game 2 starts with the deck as it is.
    await env.advance_time(SIDEBOARD_SECONDS + 1)
    await env.settle()
    game2 = await _latest(env)
    assert game2.id != game1.id and len(game2.cfg.options["decks"][0]) == 41
    assert any("Time's up between games" in x for x in _texts(thread))
    assert (await _series_of(env, game2.id)).status == "playing"


async def test_restart_during_game_2_resumes_and_records_a_game_that_ended_meanwhile(
    simcord_env, db_file
) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika", best_of=3)
    thread = game_thread(t)
    await _concedes(env, alice, thread)
    game2 = await _latest(env)

    # A restart during game 2: the game goes on in the new process and still counts for the series.
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    assert await env.bot.matches.active_match_ids() == [game2.id]
    # Game 2 ends while the bot is down (alice wins; nothing heard it): the next start records it.
    await env.bot.db.matches.finish(game2.id, "finished", {"ranking": [[0], [1]], "reason": "test"}, "test")
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    game3 = await _latest(env)
    assert game3.id != game2.id and game3.cfg.options["chooser"] == 1
    series = await _series_of(env, game3.id)
    assert series.wins == (1, 1) and series.status == "playing"
    assert any("**Game 3 of best of 3** — tied 1-1." in x for x in _texts(thread))
    await _concedes(env, alice, thread)
    assert (await _series_of(env, game3.id)).winner == 1


async def test_side_deck_swap_notes_count_cards_in_words(simcord_env) -> None:
    """'1 card put into your Codex.', '2 cards moved to your side deck.' (issue 34 item 9: the
    notes said '1 card(s)')."""
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    game1 = await _limited_series(env, t, [alice])
    await _concedes(env, alice, game_thread(t))
    panel = _side_panel(alice)
    ins = _values(_selects(panel)["in"])
    await alice.user.select(panel, ins[:1], custom_id=_cid(_selects(panel)["in"]))
    panel = _side_panel(alice)
    assert "1 card put into your Codex." in panel.content
    await alice.user.select(panel, ins[1:3], custom_id=_cid(_selects(panel)["in"]))
    panel = _side_panel(alice)
    assert "2 cards put into your Codex." in panel.content and "Codex: **43** cards" in panel.content
    outs = _values(_selects(panel)["out"])
    await alice.user.select(panel, outs[:2], custom_id=_cid(_selects(panel)["out"]))
    panel = _side_panel(alice)
    assert "2 cards moved to your side deck." in panel.content and "Codex: **41** cards" in panel.content
    await alice.user.select(panel, outs[2:3], custom_id=_cid(_selects(panel)["out"]))
    panel = _side_panel(alice)
    assert "1 card moved to your side deck." in panel.content
    assert "card(s)" not in panel.content
    assert (await _series_of(env, game1.id)).status == "sideboarding"
