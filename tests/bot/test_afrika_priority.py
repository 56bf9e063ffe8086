"""Afrika's priority through the bot: stops, response prompts that pass on their own, restarts mid-stack."""

from __future__ import annotations

from bot.client import create_bot
from engines.core import PlayerId, Rng, choose_action
from engines.games import game_spec
from tests.bot.table import last_reply, make_table, move_ids, panel_message

SPARK_BOLT = "LC045"
VOLCANIC = "LB04"


async def _start_duel(env, t):
    await t.members["alice"].slash(t.channel, "play afrika")
    return await env.bot.matches.get(max(env.bot.matches._cache))


async def _click_ai_choice(t, live, rng) -> None:
    member = t.members["alice"]
    panel = panel_message(member, live.id)
    action = choose_action(live.engine, live.state, PlayerId(0), rng).to_id()
    ids = [c for c in move_ids(panel) if c.split(":", 3)[3] == action]
    if not ids:  # on a later page: a pass is always on the first page and is always legal
        ids = [c for c in move_ids(panel) if c.endswith(":pass")] or move_ids(panel)[:1]
    await member.user.click(panel, custom_id=ids[0])


async def test_stops_make_the_bot_ask_where_it_would_pass(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    shown = await alice.slash(t.channel, "settings stops", game="afrika")
    assert last_reply(shown).ephemeral and "no stops" in last_reply(shown).content
    await alice.select(last_reply(shown).message, ["dusk"], custom_id="stops:afrika")
    settings = await simcord_env.bot.db.players.get_settings(alice.id)
    assert settings["stops"]["afrika"] == ["dusk"]
    live = await _start_duel(simcord_env, t)
    assert live.seats[0].stops == frozenset({"dusk"})
    rng = Rng.from_seed(2)
    asked_at_dusk = False
    for _ in range(400):
        if not live.active:
            break
        view = live.engine.view(live.state, None)
        if view.step == "dusk" and view.active == 0:
            ids = [c.split(":", 3)[3] for c in move_ids(panel_message(alice, live.id))]
            assert (ids and all(i == "pass" or i.startswith("charge:") for i in ids)) or len(ids) > 1
            asked_at_dusk = True
            break
        await _click_ai_choice(t, live, rng)
    assert asked_at_dusk, "the stop at Dusk never asked the player"
    # Without the stop, the same situation passes by itself.
    actions = await simcord_env.bot.db.matches.actions(live.id)
    assert all(
        not (a.seat == 0 and a.by_ai and a.action_id not in ("pass", "done"))
        for a in actions
        if a.seat == 0 and a.by_ai
    )


async def test_a_response_prompt_passes_when_it_runs_out(simcord_env, monkeypatch) -> None:
    from engines.core import get_engine

    engine = get_engine("afrika")
    # The match starts on the AI's turn with Alice holding a quick-play spell she could answer with.
    position = {
        "active": 1,
        "step": "dawn",
        "priority": 0,
        "players": [
            {
                "hand": [{"card": SPARK_BOLT, "id": 11}],
                "permanents": [{"card": VOLCANIC, "id": 60, "zone": "terrain"}],
            },
            {"permanents": [{"card": VOLCANIC, "id": 70, "zone": "terrain"}]},
        ],
    }
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(simcord_env)
    live = await _start_duel(simcord_env, t)
    assert game_spec("afrika").autoplay.is_response(live.engine, live.state, 0) and live.current == {0}
    clock = await simcord_env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.kind == "response" and clock.seat == 0
    panel = panel_message(t.members["alice"], live.id)
    assert any(c.endswith(":pass") for c in move_ids(panel)) and len(move_ids(panel)) > 1
    before = live.seq
    await simcord_env.advance_time(simcord_env.bot.settings.response_seconds - 5)
    assert live.seq == before, "the prompt must wait its whole time"
    await simcord_env.advance_time(6)
    actions = await simcord_env.bot.db.matches.actions(live.id, after_seq=before)
    assert actions and actions[0].seat == 0 and actions[0].action_id == "pass"
    assert live.seats[0].consecutive_timeouts == 0, "a lapsed response is not a missed turn"


async def test_restart_with_a_spell_on_the_stack(simcord_env, db_file, monkeypatch) -> None:
    from engines.core import get_engine

    engine = get_engine("afrika")
    position = {
        "active": 0,
        "step": "explore1",
        "players": [
            {
                "hand": [{"card": SPARK_BOLT, "id": 11}, {"card": SPARK_BOLT, "id": 12}],
                "permanents": [
                    {"card": VOLCANIC, "id": 60, "zone": "terrain"},
                    {"card": VOLCANIC, "id": 61, "zone": "terrain"},
                ],
            },
            {"life": 20},
        ],
    }
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(simcord_env)
    alice = t.members["alice"]
    # A stop at her Exploration phase: how a player holds priority over her own spell.
    shown = await alice.slash(t.channel, "settings stops", game="afrika")
    await alice.select(last_reply(shown).message, ["explore1"], custom_id="stops:afrika")
    live = await _start_duel(simcord_env, t)

    async def click(action: str) -> None:
        panel = panel_message(alice, live.id)
        ids = [c for c in move_ids(panel) if c.split(":", 3)[3] == action]
        assert ids, f"{action} is not offered: {move_ids(panel)}"
        result = await alice.user.click(panel, custom_id=ids[0])
        assert not result.followups, [f.content for f in result.followups]

    await click("cast:11")
    await click("target:P2")
    view = live.engine.view(live.state, None)
    assert view.stack and live.current == {0}, (
        "Alice holds priority over her own spell with a second one in hand"
    )
    match_id, seq, state = live.id, live.seq, live.state
    panel = panel_message(alice, match_id)

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    reloaded = await simcord_env.bot.matches.get(match_id)
    assert (reloaded.seq, reloaded.state) == (seq, state)
    assert reloaded.engine.view(reloaded.state, None).stack
    # The DM button from before the restart passes; the AI passes too and the bolt resolves.
    pass_id = next(c for c in move_ids(panel) if c.endswith(":pass"))
    await alice.user.click(panel, custom_id=pass_id)
    after = reloaded.engine.view(reloaded.state, None)
    assert not after.stack
    assert after.seats[1].life == 19


async def test_a_response_cast_during_the_opponents_turn(simcord_env, monkeypatch) -> None:
    from engines.core import get_engine

    engine = get_engine("afrika")
    # The AI's main phase: it casts Magma Hound; Alice answers with Spark Bolt at the AI's face.
    position = {
        "active": 1,
        "step": "explore1",
        "players": [
            {
                "hand": [{"card": SPARK_BOLT, "id": 11}],
                "permanents": [{"card": VOLCANIC, "id": 60, "zone": "terrain"}],
            },
            {
                "hand": [{"card": "LC011", "id": 21}],
                "permanents": [
                    {"card": VOLCANIC, "id": 70, "zone": "terrain"},
                    {"card": VOLCANIC, "id": 71, "zone": "terrain"},
                ],
            },
        ],
    }
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(simcord_env)
    alice = t.members["alice"]
    live = await _start_duel(simcord_env, t)
    view = live.engine.view(live.state, None)
    assert view.active == 1 and view.stack and live.current == {0}, (
        "the AI cast its spell and Alice may respond"
    )
    panel = panel_message(alice, live.id)
    assert "On the stack" in panel.content and "Magma Hound" in panel.content
    for action in ("cast:11", "target:P2"):
        panel = panel_message(alice, live.id)
        ids = [c for c in move_ids(panel) if c.split(":", 3)[3] == action]
        assert ids, f"{action} not offered: {move_ids(panel)}"
        result = await alice.user.click(panel, custom_id=ids[0])
        assert not result.followups
    after = live.engine.view(live.state, None)
    assert after.seats[1].life == 19, "the response resolved first"
    assert any(p.card == "LC011" for p in after.seats[1].zone1 + after.seats[1].zone2), "then the Hound"
