"""Chronicles of Afrika through the bot: a duel against the AI, played only with commands and clicks."""

from __future__ import annotations

from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import game_thread, has_moves, last_reply, make_table, panel_message, play_move


async def _human_turn(t, live, member, rng) -> int:
    """Make the move a sensible player would make (the AI's choice); returns the player's moves
    it made (a menu option may declare an attacker and what it attacks at once)."""
    assert has_moves(panel_message(member, live.id)), "the player must act but their DM has no moves"
    action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
    before = live.seq
    result = await play_move(member, live.id, action)
    assert not result.followups, [f.content for f in result.followups]
    made = await t.env.bot.db.matches.actions(live.id, after_seq=before)
    return len([a for a in made if a.seat == 0 and not a.by_ai])


async def test_duel_against_the_ai_to_a_result(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    result = await alice.slash(t.channel, "play afrika")
    assert "vs the AI" in last_reply(result).content
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    thread = game_thread(t)
    assert any(m.attachments and m.attachments[0].filename.startswith("board-") for m in thread.history())
    rng = Rng.from_seed(11)
    clicks = 0
    while live.active:
        assert 0 in live.current, "the bot must only wait for the human"
        clicks += await _human_turn(t, live, alice, rng)
        assert clicks < 3000
    final = [m.content for m in thread.history() if "Final ranking" in m.content]
    assert final
    actions = await simcord_env.bot.db.matches.actions(live.id)
    human = [a for a in actions if a.seat == 0 and not a.by_ai]
    automatic = [a for a in actions if a.seat == 0 and a.by_ai]
    assert len(human) == clicks
    assert automatic
    # Every move the bot made for Alice was its autoplay's (a forced choice, or a pass where she
    # would not be asked), never a choice of its own; most of them are passes of quiet steps.
    from engines.afrika.autoplay import AUTOPLAY, forced
    from engines.core import MatchConfig, replay

    state = live.engine.setup(MatchConfig(players=2, options=live.cfg.options), live.seed)
    quiet = 0
    for a in actions:
        if a.seat == 0 and a.by_ai:
            legal = live.engine.legal_actions(state, PlayerId(0))
            assert AUTOPLAY.auto_action(live.engine, state, 0, frozenset()) == a.action_id, (
                a.action_id,
                legal,
            )
            quiet += forced(legal) is None
        state = replay(live.engine, live.cfg, live.seed, [(a.seat, a.action_id)], state=state)
    assert quiet, "she held a quick-play card at a quiet step at least once, and was not asked"
    # Opponent's hand and Codex never appear in public: the thread never names a card of the AI's hand.
    assert all("**Your hand**" not in m.content for m in thread.history())


async def test_play_with_a_saved_deck(simcord_env) -> None:
    from engines.afrika.cards import card
    from engines.afrika.decks import STARTERS

    t = make_table(simcord_env)
    alice = t.members["alice"]
    counts = STARTERS["Savanna Wilds"]
    text = "; ".join(f"{n} {card(cid).name}" for cid, n in counts.items())
    saved = await alice.slash(t.channel, "deck import", game="afrika", name="My Wilds", text=text)
    assert "My Wilds" in last_reply(saved).content
    result = await alice.slash(t.channel, "play afrika", deck="My Wilds")
    assert "(My Wilds) vs the AI (Starter: Stellar Flames)" in last_reply(result).content
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    assert sorted(live.cfg.options["decks"][0]) == sorted(cid for cid, n in counts.items() for _ in range(n))


async def test_conceding_a_duel_gives_the_opponent_the_win(simcord_env) -> None:
    """Afrika's view has no finishing places (unlike Chrono's): concede must still rank the seats."""
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    thread = game_thread(t)
    result = await alice.slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    assert not live.active
    match = await simcord_env.bot.db.matches.get(live.id)
    assert match.status == "finished"
    assert match.outcome["ranking"] == [[1], [0]]
    assert any("Final ranking" in m.content for m in thread.history())
