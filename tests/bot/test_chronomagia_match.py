"""Chronomagia through the bot: a game against the AI played by clicks (the Redeal as a two-step
picker, Meditation with the Hero Deck named on the player's own panel only), a restart in the
middle of a turn, a Shadow's question on the opponent's turn as a response prompt with its clock,
and the DM panel in Russian."""

from __future__ import annotations

import random
from typing import Any

from bot.client import create_bot
from engines.chronomagia import card
from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import (
    game_thread,
    has_moves,
    last_reply,
    make_table,
    panel_message,
    play_move,
    start_challenge,
)
from tests.pngs import assert_same_png

MAX_MOVES = 1500


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


async def _click(member: Any, live: Any, seat: int, rng: Rng, clicks: list[str] | None = None) -> str:
    action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
    result = await play_move(member, live.id, action, clicks)
    assert not result.followups, [f.content for f in result.followups]
    return action


async def test_a_game_against_the_ai_by_clicks(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    result = await alice.slash(t.channel, "play chronomagia")
    assert "vs the AI" in last_reply(result).content
    live = await _latest(env)
    assert len(live.cfg.options["hero_decks"][0]) > 0, "the starter's Hero Deck came along"
    panel = panel_message(alice, live.id)
    assert panel is not None and panel.attachments[0].filename.startswith(f"hand-{live.id}-")
    assert "**The Redeal:**" in panel.content and "Pool 0 (nobody sees it)" in panel.content
    labels = [o.label for row in panel.components for c in row.children for o in getattr(c, "options", [])]
    assert "Redeal 1 card" in labels and "Redeal 2 cards" in labels, (
        labels
    )  # the sets of cards to set aside, by how many
    rng = Rng.from_seed(5)
    clicks: list[str] = []
    moves = 0
    hero_deck_shown = False
    while live.active and moves < MAX_MOVES:
        assert 0 in live.current, "the bot waits only for the human"
        panel = panel_message(alice, live.id)
        assert has_moves(panel)
        hero_deck_shown |= "**Your Hero Deck**:" in panel.content
        await _click(alice, live, 0, rng, clicks)
        moves += 1
    outcome = live.engine.outcome(live.state)
    assert outcome is not None and outcome.reason != "concession" and moves > 20, (moves, outcome)
    assert hero_deck_shown, "the Hero Deck is named on its owner's panel when they may Meditate"
    print(f"{moves} moves, {len(clicks)} gestures, {outcome}")
    thread = game_thread(t)
    assert [m for m in thread.history() if "Final ranking" in m.content]
    boards = [m for m in thread.history() if m.attachments and m.attachments[0].filename.startswith("board-")]
    assert boards and any("Time " in b.content for b in boards)


async def test_a_restart_in_the_middle_of_a_turn(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play chronomagia")
    live = await _latest(env)
    rng = Rng.from_seed(8)
    played_in_turn = False
    for _ in range(200):  # to alice's Main phase, one card into it
        view = live.engine.view(live.state, PlayerId(0))
        if played_in_turn and view.step == "main" and view.active == 0 and view.ask is None:
            break
        action = await _click(alice, live, 0, rng)
        played_in_turn = view.step == "main" and action.startswith(("play:", "shadow:", "collect:", "hero:"))
    view = live.engine.view(live.state, PlayerId(0))
    assert played_in_turn and view.step == "main" and view.active == 0
    seq, state = live.seq, live.state
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    reloaded = await env.bot.matches.get(live.id)
    assert reloaded.seq == seq and reloaded.state == state, "not a move lost or changed"
    # The old DM panel still works: alice goes on clicking it to the end of the game.
    moves = 0
    while reloaded.active and moves < MAX_MOVES:
        await _click(alice, reloaded, 0, rng)
        moves += 1
    assert not reloaded.active and moves > 0
    log = await env.bot.db.matches.actions(live.id)
    assert [a.seq for a in log] == list(range(1, len(log) + 1)), "the log is whole"


async def test_a_shadow_question_on_the_opponents_turn_is_a_response(simcord_env, db_file) -> None:
    """alice's Shadow may emerge during bob's turn: the bot asks her (and only then, on his turn)
    with the response clock; a restart keeps the question; when the clock runs out the bot passes
    for her (D13: the Shadow stays face down)."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "chronomagia", deck="Starter: Shadow Court")
    live = await _latest(env)
    members = {0: alice, 1: bob}
    rng, pick = Rng.from_seed(3), random.Random(3)
    asked_off_turn = False
    for _ in range(400):
        s = live.state
        if s.ask is not None and s.ask.kind == "flip" and s.ask.seat != s.active:
            break
        seat = min(live.current)
        other = 1 - seat
        if live.engine.view(s, None).step == "main" and s.ask is None:
            # The player whose turn it is not has nothing to do: no moves on their panel.
            asked_off_turn |= has_moves(panel_message(members[other], live.id))
        legal = list(live.engine.legal_actions(s, PlayerId(seat)))
        shadows = [a for a in legal if a.kind == "shadow"]
        action = (
            pick.choice(shadows).to_id()
            if shadows
            else choose_action(live.engine, s, PlayerId(seat), rng).to_id()
        )
        await play_move(members[seat], live.id, action)
    s = live.state
    assert s.ask is not None and s.ask.kind == "flip" and s.ask.seat != s.active, (
        "a Shadow's event on the other's turn"
    )
    assert not asked_off_turn, "nobody is asked anything on the other's turn without a question"
    seat = s.ask.seat
    row = await env.bot.db.matches.get_clock(live.id)
    assert row.kind == "response" and row.seat == seat
    panel = panel_message(members[seat], live.id)
    assert "You may flip a Shadow" in panel.content and f"<t:{int(row.deadline)}:R>" in panel.content
    asked = live.names[seat]
    assert f"{asked} may flip" not in panel.content, "the question is put to its reader (item 11)"
    shadow = card(live.engine.view(s, PlayerId(seat)).ask.card).name
    assert any(
        shadow in c.label for row_ in panel.components for c in row_.children if getattr(c, "label", None)
    )
    other_panel = panel_message(members[1 - seat], live.id)
    assert shadow not in other_panel.content and not has_moves(other_panel)
    assert f"{asked} may flip a Shadow" in other_panel.content, "the other reads who is asked, by name"
    seq = live.seq
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    reloaded = await env.bot.matches.get(live.id)
    assert reloaded.seq == seq and reloaded.state.ask is not None
    await env.advance_time(env.bot.settings.response_seconds + 1)
    log = await env.bot.db.matches.actions(live.id, after_seq=seq)
    assert log and (log[0].seat, log[0].action_id, log[0].by_ai) == (seat, "pass", True)


async def test_the_panel_speaks_russian(simcord_env) -> None:
    """With ``/settings language`` Russian, alice's DM panel names her cards in Russian (the card
    data's own names), and her hand picture is drawn in Russian; bob, in English, reads English."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    said = await alice.slash(t.channel, "settings language", language="ru")
    assert last_reply(said).ephemeral
    await start_challenge(t, "alice", "bob", "chronomagia")
    live = await _latest(env)
    assert live.seats[0].language == "ru" and live.seats[1].language == "en"
    view = live.engine.view(live.state, PlayerId(0))
    panel = panel_message(alice, live.id)
    assert "**Пересдача:**" in panel.content and "Ваша рука" in panel.content
    first = card(view.hand[0])
    assert first.name_ru in panel.content and first.name not in panel.content
    labels = [c.label for row in panel.components for c in row.children if getattr(c, "label", None)]
    assert "Оставить эту руку" in labels
    other = panel_message(bob, live.id)
    assert "**The Redeal:**" in other.content
    # A mixed table's public board reads English; alice's hand picture is drawn in Russian.
    board = next(m for m in game_thread(t).history() if m.attachments)
    assert "The Redeal" in board.content and "Пересдача" not in board.content
    from bot.presenters.registry import entry
    from render.common import to_png

    hand = entry("chronomagia").table.hand
    data = env.backend.cdn.get(panel.attachments[0].url)
    english = to_png(hand(view, "alice", lang="en"))
    russian = to_png(hand(view, "alice", lang="ru"))
    assert russian != english
    assert_same_png(data, russian, "alice's hand in Russian", {"the English hand": english})
