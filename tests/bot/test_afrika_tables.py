"""Chronicles of Afrika at tables of more than two, through the bot only (issue #20 item 8).

``/play afrika variant:starlords`` opens a lobby; people join (by team in Allied Kingdoms and
against the Galactic Overlord), the host adds AI seats, each seat brings a deck (a starter of the
variant's kind, or a saved deck chosen with **Choose my deck**), and **Start** seats them team
after team. The games are then played by clicks on the players' DM panels while the bot plays
the AI seats.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from simcord import assert_error

from bot.client import create_bot
from engines.afrika.cards import card
from engines.afrika.decks import STARTERS, expand, starlords_starters
from engines.core import ConfigError, PlayerId, Rng
from tests.bot.afrika_tables import (
    click_for,
    engine_plays_allied,
    find_table_leaks,
    human_to_act,
    latest_live,
    lobby_message,
    replay_table,
    teammates,
)
from tests.bot.hidden_check import peek
from tests.bot.table import game_thread, last_reply, make_table, panel_message
from tests.bot.test_afrika_hidden_info import Recorder, Seen, Viewer


def _field(lobby, name: str) -> str:
    return next(f["value"] for f in lobby.embeds[0].to_dict()["fields"] if f["name"] == name)


async def _choose_deck(member, lobby, value_start: str):
    """**Choose my deck**, then the menu's option whose value starts with ``value_start``."""
    reply = last_reply(await member.click(lobby, label="Choose my deck"))
    assert reply.ephemeral
    menu = next(c for row in reply.components for c in row["components"] if c["custom_id"].startswith("ld:"))
    value = next(o["value"] for o in menu["options"] if o["value"].startswith(value_start))
    return await member.select(reply, [value], custom_id=menu["custom_id"])


async def _star_lords_table(env, t, seats: int = 3):
    """alice hosts Star Lords, bob joins and brings Drowned Kings, alice adds an AI and starts."""
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", variant="starlords", seats=seats)
    lobby = lobby_message(t)
    assert "Star Lords" in lobby.embeds[0].title
    await bob.click(lobby, label="Join")
    chosen = await _choose_deck(bob, lobby, "s:Drowned Kings")
    assert "You bring **Starter: Drowned Kings**" in last_reply(chosen).content
    await alice.click(lobby, label="Add AI")
    lobby = lobby_message(t)
    players = _field(lobby, "Players")
    assert "bob · Starter: Drowned Kings" in players and "AI 1" in players, players
    await alice.click(lobby, label="Start")
    return await latest_live(env)


async def test_a_star_lords_table_of_two_people_and_an_ai_played_by_clicks(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    members = t.members
    live = await _star_lords_table(env, t)
    assert [s.name for s in live.seats] == ["alice", "bob", "AI 1"] and live.seats[2].is_ai
    options = live.cfg.options
    assert options["variant"] == "starlords"
    lords = starlords_starters()
    assert options["lords"][1] == lords["Drowned Kings"][0]
    assert sorted(options["decks"][1]) == sorted(lords["Drowned Kings"][1])
    assert len(set(options["lords"])) == 3, "three seats, three different Star Lords"
    thread = game_thread(t)
    people = {0: members["alice"], 1: members["bob"]}
    rng = Rng.from_seed(3)
    clicks = 0
    while live.active and clicks < 400 and live.state.turn < 8:
        seat = human_to_act(live)
        assert seat is not None, "the bot waits only for people: it plays the AI seat itself"
        await click_for(live, people[seat], seat, rng)
        clicks += 1
    assert live.state.turn >= 8 or not live.active, (clicks, live.state.turn)
    actions = await env.bot.db.matches.actions(live.id)
    assert any(a.seat == 2 for a in actions), "the AI played its seat"
    assert {a.seat for a in actions if not a.by_ai} == {0, 1}, "both people played by clicks"
    boards = [m for m in thread.history() if m.attachments and m.attachments[0].filename.startswith("board-")]
    assert boards and any("alice 40 life" in b.content or "life" in b.content for b in boards)
    assert any("'s turn" in b.content for b in boards), "the board says whose turn it is"


async def test_a_hostile_player_is_refused_in_sentences_and_nothing_is_lost(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    # bob saves an ordinary Codex: legal in a duel, not in Star Lords.
    text = "; ".join(f"{n} {card(cid).name}" for cid, n in STARTERS["Savanna Wilds"].items())
    saved = await bob.slash(t.channel, "deck import", game="afrika", name="My Wilds", text=text)
    assert "My Wilds" in last_reply(saved).content
    await alice.slash(t.channel, "play afrika", variant="starlords", seats=3)
    lobby = lobby_message(t)
    # Choosing a deck before joining.
    reply = last_reply(await carol.click(lobby, label="Choose my deck"))
    assert reply.ephemeral and "Join the lobby first" in reply.content
    await bob.click(lobby, label="Join")
    # Joining twice.
    twice = last_reply(await bob.click(lobby, label="Join"))
    assert twice.ephemeral and twice.content.endswith(".") and "already" in twice.content
    # Starting someone else's lobby.
    start = last_reply(await bob.click(lobby, label="Start"))
    assert start.ephemeral and "Only the host can start" in start.content
    # An illegal deck: refused in a sentence; bob keeps the starter he had.
    before = _field(lobby_message(t), "Players")
    refused = last_reply(await _choose_deck(bob, lobby, "d:"))
    assert refused.ephemeral and "My Wilds" in refused.content and "Star Lords Codex" in refused.content
    assert refused.content.endswith(".")
    assert _field(lobby_message(t), "Players") == before
    assert "codex" not in (await env.bot.db.lobbies.get(1)).options
    # Allied Kingdoms: a full team is refused, the other team takes him.
    await carol.slash(t.channel, "play afrika", variant="allied")
    allied = lobby_message(t)
    assert [b.label for row in allied.components for b in row.children][:2] == ["Join team 1", "Join team 2"]
    await carol.click(allied, label="Join team 2")  # the host sits in Team 1 until she moves
    await alice.click(allied, label="Join team 1")
    await bob.click(allied, label="Join team 1")
    again = last_reply(await bob.click(allied, label="Join team 1"))
    assert again.ephemeral and "already in this lobby, with Team 1." in again.content
    seats = last_reply(await alice.slash(t.channel, "play afrika", seats=4))
    assert "choose a variant for more players" in seats.content
    assert_error(env, ConfigError, contains="choose a variant")
    full = last_reply(await t.members["dave"].click(allied, label="Join team 1"))
    assert full.ephemeral and "Team 1 is full" in full.content
    short = last_reply(await carol.click(allied, label="Start"))
    assert short.ephemeral and "needs at least 4 players" in short.content
    # The Star Lords lobby starts once; a stale Start is refused and starts nothing more.
    assert not env.bot.matches._cache
    await alice.click(lobby, label="Start")
    matches = set(env.bot.matches._cache)
    assert len(matches) == 1
    # The lobby message lost its buttons; a Start button an old client still shows is answered.
    import discord

    from bot.ui.components import LobbyButton

    late = discord.ui.View(timeout=None)
    late.add_item(LobbyButton(1, "start"))
    await env.bot.get_channel(t.channel.id).send("late", view=late)
    stale = last_reply(await alice.click(t.channel.last_message, label="Start"))
    assert stale.ephemeral and "no longer open" in stale.content
    assert set(env.bot.matches._cache) == matches


async def test_allied_lobby_seats_team_after_team(simcord_env) -> None:
    """Teams chosen at Join; AI seats fill the rooms left at Start; the match's seats are team 1
    then team 2 (the engine reads the teams from the seat order)."""
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    await alice.slash(t.channel, "play afrika", variant="allied")
    lobby = lobby_message(t)
    await alice.click(lobby, label="Join team 2")  # the host moves to team 2
    await bob.click(lobby, label="Join team 1")
    await carol.click(lobby, label="Join team 2")
    await alice.click(lobby, label="Add AI")
    lobby = lobby_message(t)
    assert "bob" in _field(lobby, "Team 1") and "AI 1" in _field(lobby, "Team 1")
    assert "alice" in _field(lobby, "Team 2") and "carol" in _field(lobby, "Team 2")
    if not engine_plays_allied():
        pytest.skip("the engine does not play Allied Kingdoms as teams yet")
    await alice.click(lobby, label="Start")
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["bob", "AI 1", "alice", "carol"]
    assert live.cfg.options["variant"] == "allied"


async def test_galactic_overlord_lobby(simcord_env) -> None:
    env = simcord_env
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", variant="overlord", seats=3, rifts=True)
    lobby = lobby_message(t)
    labels = [b.label for row in lobby.components for b in row.children]
    assert labels[:2] == ["Join as the Overlord", "Join the team"]
    await bob.click(lobby, label="Join as the Overlord")
    taken = last_reply(await t.members["carol"].click(lobby, label="Join as the Overlord"))
    assert "The Galactic Overlord is full" in taken.content
    await alice.click(lobby, label="Add AI")
    lobby = lobby_message(t)
    assert "bob" in _field(lobby, "The Galactic Overlord")
    assert "alice" in _field(lobby, "The Allied team") and "AI 1" in _field(lobby, "The Allied team")
    assert "rifts: yes" in _field(lobby, "Options")
    await alice.click(lobby, label="Start")
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["bob", "alice", "AI 1"], "the Overlord sits first"
    assert live.cfg.options["variant"] == "overlord" and live.cfg.options["rifts"] is True
    # The greeting rides on the lobby message the thread opens under (issue #33 item 2).
    greeting = lobby_message(t).content
    assert "Galactic Overlord. The Galactic Overlord: bob · The Allied team: alice & AI 1" in greeting
    people = {0: bob, 1: alice}
    rng = Rng.from_seed(9)
    clicks = 0
    while live.active and clicks < 150 and live.state.turn < 5:
        seat = human_to_act(live)
        assert seat is not None
        await click_for(live, people[seat], seat, rng)
        clicks += 1
    assert clicks > 10 and (live.state.turn >= 5 or not live.active)
    board = next(m for m in reversed(game_thread(t).history()) if m.attachments)
    assert "Galactic Overlord" in board.content, board.content
    # The face-up rift's words are on the panels (they are on no card a player can read).
    assert "🌀 Rift: **" in panel_message(alice, live.id).content


# ------------------------------------------------------------------ hidden information


async def _play_and_check(env, t, live, names: list[str], min_clicks: int) -> None:
    """Play the people's seats by clicks, with peeks by the waiting players, then check every
    message each of them received."""
    recorder = env.recorder
    thread = game_thread(t)
    people = {i: t.members[n] for i, n in enumerate(names) if n in t.members}
    rng = Rng.from_seed(7)
    extra = random.Random(7)
    clicks = peeks = 0
    while live.active and clicks < 300:
        if clicks >= min_clicks and live.state.turn >= 6:
            break
        seat = human_to_act(live)
        assert seat is not None
        await click_for(live, people[seat], seat, rng)
        clicks += 1
        if extra.random() < 0.1:
            waiting = [s for s in people if s != human_to_act(live)]
            if waiting and live.active:
                peeks += await peek(people[extra.choice(waiting)], thread, live.id, extra.random())
    assert clicks >= min_clicks or not live.active
    rp = await replay_table(env, live)
    viewers = [
        Viewer(seat, m.id, m.user.dm_channel.id if m.user.dm_channel else None) for seat, m in people.items()
    ]
    public_channels = {t.channel.id, *(th.id for th in t.channel.threads)}
    seen = recorder.seen
    for v in viewers:
        assert sum(1 for m in seen if m.channel_id == v.dm_channel_id and m.attachments) >= 5
    leaks = find_table_leaks(seen, rp, viewers, public_channels)
    assert not leaks, "\n".join(leaks[:20])
    # The checker catches a leak: a card of a rival's hand alice never saw named in the thread,
    # and bob's hand picture in alice's DMs.
    k = max(m.seq or 0 for m in seen)
    state = rp.states[k]
    lists = [{card(c).name for c in d} for d in live.cfg.options["decks"]]
    friends = {0, *teammates(live, 0)}
    known = set().union(*(lists[s] for s in friends)) | rp.public_ever[k]
    secret = [
        card(state.objs[i].card).name
        for rival in range(len(live.seats))
        if rival not in friends
        for i in state.players[rival].hand
        if card(state.objs[i].card).name not in known
    ]
    assert secret, "a rival holds a card alice never saw"
    board = next(m for m in reversed(seen) if m.channel_id == thread.id and m.attachments)
    bob_panel = next(m for m in reversed(seen) if m.channel_id == viewers[1].dm_channel_id and m.attachments)
    fake = [
        Seen(
            -1, thread.id, board.message_id, [f"{board.texts[0]}\n> a rival holds {secret[0]}"], [], None, k
        ),
        Seen(-2, viewers[0].dm_channel_id or 0, 1, [], bob_panel.attachments, None, bob_panel.seq),
    ]
    caught = find_table_leaks(fake, rp, viewers, public_channels)
    assert any(secret[0] in line and "seat 0" in line for line in caught), caught
    assert any("hand-" in line and "seat 0" in line for line in caught), caught


@pytest.fixture
def recorded(simcord_env):
    recorder = Recorder(simcord_env)
    recorder.install()
    simcord_env.recorder = recorder
    return simcord_env


async def test_no_hand_reaches_another_player_at_a_star_lords_table(recorded) -> None:
    """alice and bob against each other and an AI: nothing of another seat's hand or Codex shows
    in the thread, either DM panel, or any answer only one of them sees."""
    env = recorded
    t = make_table(env)
    live = await _star_lords_table(env, t)
    await _play_and_check(env, t, live, ["alice", "bob", "AI 1"], min_clicks=60)


@pytest.mark.skipif(not engine_plays_allied(), reason="the engine does not play Allied Kingdoms as teams yet")
async def test_teammates_see_each_others_hands_and_nobody_else_does(recorded) -> None:
    """Allied Kingdoms, alice and bob against carol and an AI: alice's DM panel shows bob's hand
    (her ally's, labelled), carol sees neither, and the thread shows no hand."""
    env = recorded
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    # carol brings a Codex of her own (a Star Lords starter's hundred cards, legal as Constructed),
    # so that her cards are not the starters' the other seats bring.
    _lord, cards = starlords_starters()["Comet Fire"]
    counts = Counter(card(c).name for c in cards)
    text = "; ".join(f"{n} {name}" for name, n in counts.items())
    saved = await carol.slash(t.channel, "deck import", game="afrika", name="Comet", text=text)
    assert "Comet" in last_reply(saved).content, last_reply(saved).content
    await alice.slash(t.channel, "play afrika", variant="allied")
    lobby = lobby_message(t)
    await alice.click(lobby, label="Join team 1")
    await bob.click(lobby, label="Join team 1")
    await carol.click(lobby, label="Join team 2")
    chosen = await _choose_deck(carol, lobby, "d:")
    assert "You bring **Comet**" in last_reply(chosen).content, last_reply(chosen).content
    await alice.click(lobby, label="Add AI")
    await alice.click(lobby, label="Start")
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["alice", "bob", "carol", "AI 1"]
    await _play_and_check(env, t, live, ["alice", "bob", "carol", "AI 1"], min_clicks=40)
    panel = panel_message(alice, live.id)
    assert "**Your ally bob's hand**" in panel.content
    theirs = panel_message(carol, live.id).content
    assert "**Your ally AI 1's hand**" in theirs and "Your ally bob" not in theirs
    shown = [
        m.content
        for m in game_thread(t).history()
        if "**Your hand**" in m.content or "Your ally" in m.content
    ]
    assert not shown, shown[:2]


# ------------------------------------------------------------------ a restart


async def test_a_restart_in_the_middle_of_a_turn_at_a_star_lords_table(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env)
    live = await _star_lords_table(env, t)
    people = {0: t.members["alice"], 1: t.members["bob"]}
    rng = Rng.from_seed(5)
    for _ in range(300):  # to a person's own turn, a terrain played in it
        view = live.engine.view(live.state, None)
        seat = human_to_act(live)
        assert seat is not None
        if view.active == seat and view.terrain_played and not view.stack and view.choice is None:
            break
        await click_for(live, people[seat], seat, rng)
    view = live.engine.view(live.state, None)
    seat = human_to_act(live)
    assert seat is not None and view.active == seat and view.terrain_played, "mid-turn"
    seq, state = live.seq, live.state
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    reloaded = await env.bot.matches.get(live.id)
    assert reloaded.seq == seq and reloaded.state == state, "not a move lost or changed"
    assert [s.name for s in reloaded.seats] == ["alice", "bob", "AI 1"]
    # The DM panels sent before the restart still work: the table plays on for a few turns.
    turn = reloaded.state.turn
    moves = 0
    while reloaded.active and reloaded.state.turn < turn + 3 and moves < 200:
        who = human_to_act(reloaded)
        assert who is not None
        await click_for(reloaded, people[who], who, rng)
        moves += 1
    assert moves > 0 and (reloaded.state.turn >= turn + 3 or not reloaded.active)
    log = await env.bot.db.matches.actions(live.id)
    assert [a.seq for a in log] == list(range(1, len(log) + 1)), "the log is whole"
    assert any(a.seat == 2 and a.seq > seq for a in log), "the AI seat played on after the restart"
    assert PlayerId(0) in {PlayerId(a.seat) for a in log if a.seq > seq}


async def test_a_variant_lobby_survives_a_restart(simcord_env, db_file) -> None:
    """Teams and decks chosen before a restart are kept, and the lobby's old buttons still work."""
    env = simcord_env
    t = make_table(env)
    alice, bob, carol = t.members["alice"], t.members["bob"], t.members["carol"]
    await alice.slash(t.channel, "play afrika", variant="overlord", seats=3)
    lobby = lobby_message(t)
    await bob.click(lobby, label="Join as the Overlord")
    await _choose_deck(bob, lobby, "s:Savanna Wilds")
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    await carol.click(lobby, label="Join the team")
    lobby = lobby_message(t)
    assert "bob ★" not in _field(lobby, "The Galactic Overlord")
    assert "bob · Starter: Savanna Wilds" in _field(lobby, "The Galactic Overlord")
    await alice.click(lobby, label="Start")
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["bob", "alice", "carol"]
    assert sorted(live.cfg.options["decks"][0]) == sorted(expand(STARTERS["Savanna Wilds"]))


async def test_a_challenge_lobby_says_who_brings_which_deck_in_words(simcord_env) -> None:
    """Issue #32 item 15: the lobby of a challenge names the deck its host brings in a sentence
    ("@alice brings Starter: Savanna Wilds", a mention that does not ping inside an embed), not the
    stored option ``codex: {'<user id>': 'Starter: ...'}``."""
    t = make_table(simcord_env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", opponent=bob, deck="Starter: Savanna Wilds")
    lobby = lobby_message(t)
    await bob.click(lobby, label="Join")
    lobby = lobby_message(t)
    text = "\n".join(f["value"] for f in lobby.embeds[0].to_dict()["fields"])
    assert f"<@{alice.user.id}> brings Starter: Savanna Wilds" in text
    assert "{" not in text and str(alice.user.id) not in text.replace(f"<@{alice.user.id}>", "")
    assert "codex" not in text.lower()
