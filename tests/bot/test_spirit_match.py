"""Chronicle: Spirit Tactics through the bot: a Duel against the AI played by clicks (two-step
pickers: a card, then its zone or target), the best-of-three Match with a Side Deck swap and the
loser choosing who goes first, the response clock of a Sequence, and a restart mid-Sequence."""

from __future__ import annotations

from typing import Any

from bot.client import create_bot
from engines.core import CONCEDE, PlayerId, Rng, choose_action
from engines.spirit import card
from tests.bot.table import (
    dm_messages,
    game_thread,
    has_moves,
    last_reply,
    make_table,
    panel_message,
    play_move,
    start_challenge,
)

MAX_MOVES = 3000


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


async def _series_of(env: Any, match_id: int) -> Any:
    found = await env.bot.series.store.of_match(match_id)
    assert found is not None
    return found[0]


async def _play_out(env: Any, member: Any, live: Any, seat: int = 0, clicks: list[str] | None = None) -> int:
    """``member`` plays ``live`` to its end by clicks, choosing what the AI policy would."""
    rng = Rng.from_seed(11)
    moves = 0
    while live.active and moves < MAX_MOVES:
        assert seat in live.current, "the bot waits only for the human"
        assert has_moves(panel_message(member, live.id))
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        clicked = await play_move(member, live.id, action, clicks)
        assert not clicked.followups, [f.content for f in clicked.followups]
        moves += 1
    assert not live.active, f"no result after {moves} moves"
    return moves


async def test_a_duel_against_the_ai_by_clicks(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    result = await alice.slash(t.channel, "play spirit", best_of=1)
    assert "vs the AI" in last_reply(result).content
    live = await _latest(env)
    assert len(live.cfg.options["sides"][0]) > 0, "the starter's Side Deck came along"
    panel = panel_message(alice, live.id)
    assert panel is not None and panel.attachments[0].filename.startswith(f"hand-{live.id}-")
    clicks: list[str] = []
    moves = await _play_out(env, alice, live, clicks=clicks)
    outcome = live.engine.outcome(live.state)
    assert outcome is not None and outcome.reason != "concession" and moves > 30, (moves, outcome)
    print(f"{moves} moves, {len(clicks)} gestures, {outcome}")
    two_step = [c for c in clicks if c.startswith("mg:")]
    assert two_step, "Calls and attacks were chosen in two steps"
    thread = game_thread(t)
    assert [m for m in thread.history() if "Final ranking" in m.content]
    boards = [m for m in thread.history() if m.attachments and m.attachments[0].filename.startswith("board-")]
    assert boards


async def test_a_call_is_a_card_then_a_zone(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=1)
    live = await _latest(env)
    rng = Rng.from_seed(3)
    for _ in range(60):  # to alice's first Main Phase with a Spirit to Call
        legal = live.engine.legal_actions(live.state, PlayerId(0))
        if any(a.kind == "call" for a in legal):
            break
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
    calls = [a for a in live.engine.legal_actions(live.state, PlayerId(0)) if a.kind == "call"]
    assert calls, "alice reached a Main Phase with a Spirit in hand"
    panel = panel_message(alice, live.id)
    menu = next(c for row in panel.components for c in row.children if (c.custom_id or "").startswith("mg:"))
    name = card(calls[0].card).name
    option = next(o for o in menu.options if o.label == f"Call {name}")
    assert option.description.startswith(f"{len({a.zone for a in calls if a.card == calls[0].card})} choices")
    await alice.user.select(panel, [option.value], custom_id=menu.custom_id)
    panel = panel_message(alice, live.id)
    labels = [c.label for row in panel.components for c in row.children if getattr(c, "label", None)]
    assert "↩ Back to all moves" in labels
    zones = [lb for lb in labels if " · " in lb]
    assert zones and all(lb.endswith(("Front Row", "Back Row")) for lb in zones), labels
    # Back, then the Call itself. A copy of the panel from "Show my hand" keeps the old menu.
    await alice.user.click(panel, label="↩ Back to all moves")
    board = next(m for m in reversed(game_thread(t).history()) if m.components)
    copy = last_reply(await alice.click(board, label="Show my hand"))
    seq = live.seq
    await play_move(alice, live.id, calls[0].to_id())
    assert live.seq > seq
    # The stale group menu is answered as out of date and shows the current moves; nothing moves.
    moved = live.seq
    stale = await alice.select(copy, [option.value], custom_id=menu.custom_id)
    assert "out of date" in last_reply(stale).content
    assert live.seq == moved


async def _concede(env: Any, member: Any, thread: Any) -> None:
    result = await member.slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    await env.settle()


def _side_panel(member: Any) -> Any:
    for msg in reversed(dm_messages(member)):
        if "side deck:" in msg.content:
            return msg
    raise AssertionError("no side-deck panel in the DMs")


def _swap_menus(message: Any) -> dict[str, Any]:
    return {
        c.custom_id.split(":")[3]: c
        for row in message.components
        for c in row.children
        if (c.custom_id or "").startswith("sw:")
    }


async def test_best_of_three_with_a_side_deck_swap_and_a_restart(simcord_env, db_file) -> None:
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "spirit")  # best of three by default
    await env.settle()
    game1 = await _latest(env)
    thread = game_thread(t)
    assert any("**Best of 3**" in x for x in _texts(thread))
    sides = game1.cfg.options["sides"]
    assert all(sides), "both starters' Side Decks reach the engine (the board counts them)"
    public = game1.engine.view(game1.state, None)
    assert [s.side_count for s in public.seats] == [len(s) for s in sides]

    # Game 1: bob concedes. Both get the side-deck panel; bob lost and will choose who goes first.
    await _concede(env, bob, thread)
    series = await _series_of(env, game1.id)
    assert series.status == "sideboarding" and series.chooser == 1
    panel = _side_panel(alice)
    menus = _swap_menus(panel)
    # The Commander stays for the whole Match (B9): never offered for a swap.
    assert not [o for o in menus["out"].options if card(o.value).kind == "commander"]
    # One card in from the Side Deck, one out: a legal Deck again, and the same cards overall.
    before = (await _series_of(env, game1.id)).decks[0]
    in_card = menus["in"].options[0].value
    await alice.user.select(panel, [in_card], custom_id=menus["in"].custom_id)
    panel = _side_panel(alice)
    out_card = _swap_menus(panel)["out"].options[0].value
    await alice.user.select(panel, [out_card], custom_id=_swap_menus(panel)["out"].custom_id)
    deck = (await _series_of(env, game1.id)).decks[0]
    assert len(deck["main"]) == len(before["main"]) and len(deck["side"]) == len(before["side"])
    assert sorted(deck["main"] + deck["side"]) == sorted(before["main"] + before["side"])

    # A restart between games: the panels still work.
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    await alice.user.click(_side_panel(alice), label="Ready")
    await bob.user.click(_side_panel(bob), label="Ready")
    await env.settle()
    game2 = await _latest(env)
    assert game2.id != game1.id
    assert game2.cfg.options["decks"][0] == deck["main"] and game2.cfg.options["sides"][0] == deck["side"]
    assert game2.cfg.options["chooser"] == 1
    # bob, the loser, is asked who goes first; alice waits.
    assert game2.current == frozenset({1})
    first_panel = panel_message(bob, game2.id)
    labels = [c.label for row in first_panel.components for c in row.children if getattr(c, "label", None)]
    assert len([lb for lb in labels if "first" in lb.casefold()]) >= 1, labels
    await play_move(bob, game2.id, "first")
    assert game2.engine.view(game2.state, None).current == 1

    # A restart in the middle of game 2, then alice concedes: 1-1, and a third game; bob concedes it.
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    reloaded = await env.bot.matches.get(game2.id)
    assert reloaded.state == game2.state
    await _concede(env, alice, thread)
    await alice.user.click(_side_panel(alice), label="Ready")
    await bob.user.click(_side_panel(bob), label="Ready")
    await env.settle()
    game3 = await _latest(env)
    assert game3.cfg.options["chooser"] == 0
    await _concede(env, bob, thread)
    series = await _series_of(env, game3.id)
    assert series.status == "finished" and series.winner == 0 and series.wins == (2, 1)
    assert any("🏆 **alice** wins the best of 3, 2-1." in x for x in _texts(thread))


async def test_a_full_side_deck_refuses_a_card_out_first(simcord_env) -> None:
    """A Side Deck holds at most 10 (S5): taking a card out of the Deck before putting one in would
    make it 11, which is said in a sentence, and nothing moves (the card waits for a card in to
    swap with: tests/bot/test_spirit_series.py)."""
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit")
    game1 = await _latest(env)
    series = await _series_of(env, game1.id)
    assert len(series.decks[0]["side"]) == 10, "the starter's Side Deck is full"
    async with game1.lock:
        report = await env.bot.matches.pass_for(game1, 1, CONCEDE)
    await env.bot.table.after_report(report)
    await env.settle()
    panel = _side_panel(alice)
    menus = _swap_menus(panel)
    out_card = menus["out"].options[0].value
    refused = await alice.user.select(panel, [out_card], custom_id=menus["out"].custom_id)
    assert "at most 10" in last_reply(refused).content
    assert (await _series_of(env, game1.id)).decks[0] == series.decks[0]


async def test_a_stop_asks_in_a_sequence_and_its_clock_passes(simcord_env, db_file) -> None:
    """bob sets a stop for "the opponent moves to another phase": the bot asks him instead of
    passing, the prompt says when it passes, a restart keeps the open Sequence, and when the
    response clock runs out the AI passes for him (S21: two passes complete the Sequence)."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    shown = await bob.slash(t.channel, "settings stops", game="spirit")
    assert last_reply(shown).ephemeral
    await bob.select(last_reply(shown).message, ["phase"], custom_id="stops:spirit")
    await start_challenge(t, "alice", "bob", "spirit", best_of=1)
    live = await _latest(env)
    members = {0: alice, 1: bob}
    rng = Rng.from_seed(9)
    for _ in range(200):
        view = live.engine.view(live.state, None)
        if view.mode == "sequence" and view.priority == 1 and view.current == 0:
            break
        seat = min(live.current)
        action = choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
        await play_move(members[seat], live.id, action)
    view = live.engine.view(live.state, None)
    assert view.mode == "sequence" and view.priority == 1 and view.sequence[-1].kind == "phase"
    row = await env.bot.db.matches.get_clock(live.id)
    assert row.kind == "response" and row.seat == 1
    panel = panel_message(bob, live.id)
    assert "**Respond to alice's " in panel.content and f"<t:{int(row.deadline)}:R>" in panel.content
    seq = live.seq
    await env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    await env.settle()
    reloaded = await env.bot.matches.get(live.id)
    assert reloaded.seq == seq and reloaded.engine.view(reloaded.state, None).priority == 1
    await env.advance_time(env.bot.settings.response_seconds + 1)
    log = await env.bot.db.matches.actions(live.id, after_seq=seq)
    assert log and (log[0].seat, log[0].action_id, log[0].by_ai) == (1, "pass", True)


async def test_card_and_a_deck_import_with_commander_and_side_deck(simcord_env) -> None:
    """``/card`` shows a Spirit Tactics card; ``/deck import`` takes a list with a Commander line and
    a Side Deck section; ``/play spirit deck:`` brings that Deck and Side Deck to the Match."""
    from collections import Counter

    from engines.spirit.decks import split, starter_decks, starter_sides

    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    shown = last_reply(await alice.slash(t.channel, "card", name="Cinder Whelp", game="spirit"))
    assert shown.content.startswith("**Cinder Whelp** · Spirit — Flame · S 800 / R 600"), shown.content
    assert shown.attachments
    name = next(iter(starter_decks()))
    commander, deck = split(starter_decks()[name])
    side = starter_sides()[name]
    lines = ["Commander", f"1 {card(commander).name}", "", "Deck"]
    lines += [f"{n} {card(c).name}" for c, n in Counter(deck).items()]
    lines += ["", "Side Deck", *(f"{n} {card(c).name}" for c, n in Counter(side[:-1]).items())]
    result = last_reply(
        await alice.slash(t.channel, "deck import", game="spirit", name="Mine", text="\n".join(lines))
    )
    assert "Mine" in result.content, result.content
    # A second Commander in the Deck is refused, line by line, and nothing is saved.
    bad = [*lines[:4], f"1 {card(commander).name}", *lines[4:]]
    refused = last_reply(
        await alice.slash(t.channel, "deck import", game="spirit", name="Bad", text="\n".join(bad))
    )
    assert "is a Commander" in refused.content and "Bad" not in [
        d.name for d in await env.bot.db.decks.list(alice.id, "spirit")
    ]
    await alice.slash(t.channel, "play spirit", deck="Mine")
    live = await _latest(env)
    assert Counter(live.cfg.options["decks"][0]) == Counter([commander, *deck])
    assert Counter(live.cfg.options["sides"][0]) == Counter(side[:-1])
    series = await _series_of(env, live.id)
    assert Counter(series.decks[0]["side"]) == Counter(side[:-1]) and series.best_of == 3


async def test_a_concealed_spirit_is_named_on_its_owners_panel_only(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "spirit", best_of=1)
    live = await _latest(env)
    members = {0: alice, 1: bob}
    rng = Rng.from_seed(5)
    hidden = None
    for _ in range(150):
        seat = min(live.current)
        legal = live.engine.legal_actions(live.state, PlayerId(seat))
        conceal = [a for a in legal if a.kind == "conceal"]
        action = conceal[0] if conceal else choose_action(live.engine, live.state, PlayerId(seat), rng)
        await play_move(members[seat], live.id, action.to_id())
        if conceal:
            view = live.engine.view(live.state, PlayerId(seat))
            z = view.zones[conceal[0].zone]
            if z.unit is not None and not z.unit.face_up:
                hidden = (seat, card(conceal[0].card).name, z.name)
                break
    assert hidden is not None, "a Spirit was Concealed"
    seat, name, zone = hidden
    mine = panel_message(members[seat], live.id).content
    assert f"**Face down** (only you see them): {name} ({zone})" in mine
    other_view = live.engine.view(live.state, PlayerId(1 - seat))
    if name not in {card(c).name for c in other_view.hand}:
        assert name not in panel_message(members[1 - seat], live.id).content
