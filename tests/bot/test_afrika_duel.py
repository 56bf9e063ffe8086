"""Chronicles of Afrika through the bot: a duel against the AI, played only with commands and clicks."""

from __future__ import annotations

from engines.core import PlayerId, Rng, choose_action
from tests.bot.table import game_thread, last_reply, make_table, move_ids, panel_message


async def _human_turn(t, live, member, rng) -> int:
    """Click the button of the move a sensible player would make (the AI's choice); returns clicks."""
    panel = panel_message(member, live.id)
    ids = move_ids(panel)
    assert ids, "the player must act but their DM has no move buttons"
    action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
    selects = [
        c
        for row in panel.components
        for c in getattr(row, "children", [])
        if (c.custom_id or "").startswith("mm:")
    ]
    if action.startswith("atk:") and selects:
        # Attackers are declared with one select (the declaration ends with it): one gesture, and the
        # log holds the attacker and the closing "done" as the player's own moves.
        before = live.seq
        result = await member.user.select(panel, [action], custom_id=selects[0].custom_id)
        assert not result.followups, [f.content for f in result.followups]
        made = await t.env.bot.db.matches.actions(live.id, after_seq=before)
        return len([a for a in made if a.seat == 0 and not a.by_ai])
    wanted = [c for c in ids if c.split(":", 3)[3] == action]
    if not wanted:
        # The move is on a later page of buttons: page forward until it shows up.
        for _ in range(10):
            pager = [
                c
                for c in panel.components
                for c in getattr(c, "children", [])
                if (c.custom_id or "").startswith("mp:") and c.custom_id.endswith(">")
            ]
            assert pager, f"{action} is not offered on any page"
            await member.user.click(panel, custom_id=pager[0].custom_id)
            panel = panel_message(member, live.id)
            wanted = [c for c in move_ids(panel) if c.split(":", 3)[3] == action]
            if wanted:
                break
    result = await member.user.click(panel, custom_id=wanted[0])
    assert not result.followups, [f.content for f in result.followups]
    return 1


async def test_duel_against_the_ai_to_a_result(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    result = await alice.slash(t.channel, "play", game="afrika")
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
    # Every move the bot made for Alice was forced: the only thing she could do besides charging.
    from engines.afrika.autoplay import forced
    from engines.core import MatchConfig, replay

    state = live.engine.setup(MatchConfig(players=2, options=live.cfg.options), live.seed)
    for a in actions:
        if a.seat == 0 and a.by_ai:
            legal = live.engine.legal_actions(state, PlayerId(0))
            only = forced(legal)
            assert only is not None and only.to_id() == a.action_id, (a.action_id, legal)
        state = replay(live.engine, live.cfg, live.seed, [(a.seat, a.action_id)], state=state)
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
    result = await alice.slash(t.channel, "play", game="afrika", deck="My Wilds")
    assert "(My Wilds) vs the AI (Starter: Stellar Flames)" in last_reply(result).content
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    assert sorted(live.cfg.options["decks"][0]) == sorted(cid for cid, n in counts.items() for _ in range(n))


async def test_conceding_a_duel_gives_the_opponent_the_win(simcord_env) -> None:
    """Afrika's view has no finishing places (unlike Chrono's): concede must still rank the seats."""
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play", game="afrika")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    thread = game_thread(t)
    result = await alice.slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    assert not live.active
    match = await simcord_env.bot.db.matches.get(live.id)
    assert match.status == "finished"
    assert match.outcome["ranking"] == [[1], [0]]
    assert any("Final ranking" in m.content for m in thread.history())
