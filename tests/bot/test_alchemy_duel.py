"""Alchemy through the bot: a duel against the AI played by clicks to a result, what each side may
see (the opponent's hand, Store and Magnum Opus never reach the other player or the thread), and
a restart in the middle of a Battle."""

from __future__ import annotations

from bot.client import create_bot
from engines.alchemy import card
from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import game_thread, has_moves, last_reply, make_table, panel_message, play_move

MAX_MOVES = 2500


def _no_secret_in_the_thread(t: object, live: object) -> int:
    """The AI's cards alice has not seen (hand, face-down Store, Magnum Opus) are never named in
    the public thread, unless a copy of the same card is public. Returns how many were checked."""
    ai = live.engine.view(live.state, PlayerId(1))  # type: ignore[attr-defined]
    public = live.engine.view(live.state, None)  # type: ignore[attr-defined]
    named = {card(c).name for s in public.seats for c in (*s.exhausted, *s.recharge)}
    named |= {card(x.card).name for s in public.seats for x in s.store if x.card}
    named |= {card(s.opus.card).name for s in public.seats if s.opus and s.opus.card}
    for b in (public.battle, public.last_battle):
        if b is not None:
            named |= {card(c).name for link in b.links for c in link.cards}
            named |= {card(c).name for _, c in b.processes}
    named |= {card(c).name for c, seen in zip(ai.hand, ai.hand_seen, strict=True) if seen}  # a seen copy
    secret = {card(c).name for c, seen in zip(ai.hand, ai.hand_seen, strict=True) if not seen}
    secret |= {card(x.card).name for x in ai.seats[1].store if x.card and not x.face_up}
    if ai.seats[1].opus is not None and ai.seats[1].opus.card and not ai.seats[1].opus.revealed:
        secret.add(card(ai.seats[1].opus.card).name)
    secret -= named
    thread = "\n".join(m.content for m in game_thread(t).history())
    assert not [n for n in secret if n in thread], [n for n in secret if n in thread]
    return len(secret)


async def test_a_duel_against_the_ai_to_a_result(simcord_env) -> None:
    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    result = await alice.slash(t.channel, "play alchemy")
    assert "vs the AI" in last_reply(result).content
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    panel = panel_message(alice, live.id)
    assert panel is not None and panel.attachments[0].filename.startswith(f"hand-{live.id}-")
    rng = Rng.from_seed(5)
    moves = checked = 0
    while live.active and moves < MAX_MOVES:
        assert 0 in live.current, "the bot waits only for the human"
        assert has_moves(panel_message(alice, live.id))
        if moves % 10 == 0:
            checked += _no_secret_in_the_thread(t, live)
        action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
        clicked = await play_move(alice, live.id, action)
        assert not clicked.followups, [f.content for f in clicked.followups]
        moves += 1
    assert checked, "the AI held a card alice had not seen at some point"
    assert not live.active, f"no result after {moves} moves"
    thread = game_thread(t)
    assert [m.content for m in thread.history() if "Final ranking" in m.content]
    boards = [m for m in thread.history() if m.attachments and m.attachments[0].filename.startswith("board-")]
    assert boards


async def _duel_to_a_defence(simcord_env: object, t: object) -> tuple[object, dict[int, object]]:
    """alice and bob start a duel and play until an attack waits for the defender's answer."""
    alice, bob = t.members["alice"], t.members["bob"]  # type: ignore[attr-defined]
    await alice.slash(t.channel, "play alchemy", opponent=bob)  # type: ignore[attr-defined]
    lobby = next(m for m in reversed(t.channel.history()) if m.embeds)  # type: ignore[attr-defined]
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    bot = simcord_env.bot  # type: ignore[attr-defined]
    live = await bot.matches.get(max(bot.matches._cache))
    members = {0: alice, 1: bob}
    rng = Rng.from_seed(2)
    for _ in range(400):
        view = live.engine.view(live.state, None)
        if view.battle is not None and view.battle.window == "defend":
            break
        seat = min(live.current)
        legal = live.engine.legal_actions(live.state, PlayerId(seat))
        attack = [a for a in legal if a.to_id().startswith("attack:")]
        action = attack[0] if attack else choose_action(live.engine, live.state, PlayerId(seat), rng)
        await play_move(members[seat], live.id, action.to_id())
    return live, members


async def test_the_defenders_response_clock_takes_the_hit_for_them(simcord_env) -> None:
    t = make_table(simcord_env, ("alice", "bob"))
    live, members = await _duel_to_a_defence(simcord_env, t)
    view = live.engine.view(live.state, None)
    assert view.battle is not None and view.battle.window == "defend"
    defender = view.battle.acting
    row = await simcord_env.bot.db.matches.get_clock(live.id)
    assert row.kind == "response" and row.seat == defender
    panel = panel_message(members[defender], live.id)
    assert f"<t:{int(row.deadline)}:R>" in panel.content, "the prompt says when it passes"
    seq = live.seq
    await simcord_env.advance_time(simcord_env.bot.settings.response_seconds + 1)
    log = await simcord_env.bot.db.matches.actions(live.id, after_seq=seq)
    assert log and (log[0].seat, log[0].action_id, log[0].by_ai) == (defender, "pass", True)
    after = live.engine.view(live.state, None)
    assert after.battle is None or after.battle.window != "defend" or after.battle.acting != defender


async def test_prompts_buttons_and_a_restart_in_the_middle_of_a_battle(simcord_env, db_file) -> None:
    t = make_table(simcord_env, ("alice", "bob"))
    live, members = await _duel_to_a_defence(simcord_env, t)
    view = live.engine.view(live.state, None)
    assert view.battle is not None and view.battle.window == "defend", "a Battle waits for the defender"
    defender = view.battle.acting
    member = members[defender]
    panel = panel_message(member, live.id)
    assert "**Block " in panel.content and ", or take the hit?**" in panel.content, panel.content
    labels = [c.label for row in panel.components for c in row.children if getattr(c, "label", None)]
    assert "Take the hit" in labels
    # The other player's DM never names the defender's hand.
    other = members[1 - defender]
    theirs = live.engine.view(live.state, PlayerId(1 - defender))
    hidden = {
        card(c).name
        for c in live.engine.view(live.state, PlayerId(defender)).hand
        if card(c).kind != "element"
    }
    hidden -= {card(c).name for c in theirs.hand}  # copies in the other player's own hand
    assert not [n for n in hidden if n in panel_message(other, live.id).content]
    # Neither player's DMs nor the thread ever named a card of the other that they had not seen.
    for seat in (0, 1):
        mine = live.engine.view(live.state, PlayerId(seat))
        other_view = live.engine.view(live.state, PlayerId(1 - seat))
        public = live.engine.view(live.state, None)
        named = {card(c).name for s in public.seats for c in (*s.exhausted, *s.recharge)}
        named |= {card(c).name for c in mine.hand} | {
            card(x.card).name for s in public.seats for x in s.store if x.card
        }
        unseen = {
            card(c).name for c, seen in zip(other_view.hand, other_view.hand_seen, strict=True) if not seen
        }
        unseen |= {card(x.card).name for x in other_view.seats[1 - seat].store if x.card and not x.face_up}
        opus = other_view.seats[1 - seat].opus
        if opus is not None and opus.card and not opus.revealed:
            unseen.add(card(opus.card).name)
        told = "\n".join(m.content for m in members[seat].user.dm_channel.history())
        told += "\n".join(m.content for m in game_thread(t).history())
        assert not [n for n in unseen - named if n in told], (seat, [n for n in unseen - named if n in told])
    # A restart now: the defender's old button still answers the Battle.
    seq = live.seq
    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    reloaded = await simcord_env.bot.matches.get(live.id)
    assert reloaded.seq == seq and reloaded.engine.view(reloaded.state, None).battle is not None
    take = next(
        c for row in panel.components for c in row.children if getattr(c, "label", None) == "Take the hit"
    )
    result = await member.user.click(panel, custom_id=take.custom_id)
    assert not result.followups, [f.content for f in result.followups]
    assert reloaded.seq > seq


async def test_card_and_deck_import_for_alchemy(simcord_env) -> None:
    from engines.alchemy.decks import split, starter_decks

    t = make_table(simcord_env, ("alice",))
    alice = t.members["alice"]
    shown = await alice.slash(t.channel, "card", name="Blaze", game="alchemy")
    assert last_reply(shown).content.startswith("**Blaze** · Fire element, MG 4")
    assert last_reply(shown).attachments
    deck = next(iter(starter_decks().values()))
    main, opus = split(deck)
    from collections import Counter

    lines = ["Element Deck", *(f"{n} {card(c).name}" for c, n in Counter(main).items()), "", "Magnum Opus"]
    lines += [f"1 {card(c).name}" for c in opus]
    result = await alice.slash(t.channel, "deck import", game="alchemy", name="Mine", text="\n".join(lines))
    assert "Mine" in last_reply(result).content, last_reply(result).content
    cards = await simcord_env.bot.db.decks.get_for_play(alice.id, "alchemy", "Mine")
    assert sorted(cards) == sorted(deck)


async def test_the_block_prompt_shows_what_each_block_counts_against_the_attacker(simcord_env) -> None:
    """Issue 34 item 9: each block's value after its bonuses and its alignment against the
    striking element (AL24: doubled, halved or unchanged) is on its button and in the prompt."""
    from engines.alchemy.actions import decode_action
    from engines.alchemy.alignment import apply_mode, base_mg2, blocked_value2, element_type, multiplier2
    from engines.alchemy.view import mg_text

    t = make_table(simcord_env, ("alice", "bob"))
    live, members = await _duel_to_a_defence(simcord_env, t)
    s = live.state
    b = s.battle
    defender = b.acting
    striker = live.engine.view(s, None).battle.links[-1]
    panel = panel_message(members[defender], live.id)
    labels = [c.label for row in panel.components for c in row.children if getattr(c, "label", None)]
    options = [o for row in panel.components for c in row.children for o in getattr(c, "options", []) or []]
    blocks = [a for a in live.engine.legal_actions(s, PlayerId(defender)) if a.to_id().startswith("block:")]
    assert blocks, "the defender holds an element that may block"
    seen_values = []
    for a in blocks:
        cards = decode_action(a.to_id()).cards
        mult = apply_mode(multiplier2(element_type(cards), striker.element, s.alignment_override), b.align_mode)
        bonus = s.seats[defender].primed2 + b.pending2[defender]
        value = mg_text(blocked_value2(base_mg2(cards) + bonus, mult))
        how = {4: ", doubled", 1: ", halved"}.get(mult, "")
        shown = f"{a.label} → {value}{how}"
        assert shown in labels or any(o.label == shown for o in options), (shown, labels)
        seen_values.append(f"{a.label.removeprefix('Block with ')} → {value}{how}")
    assert f"Your blocks against its {mg_text(striker.value2)}: " in panel.content, panel.content
    for words in seen_values:
        assert words in panel.content
    # the attacker's panel says nothing of the defender's blocks
    assert "Your blocks" not in panel_message(members[1 - defender], live.id).content
