"""Cosmic Storyteller through Discord (issue #32 item 11): "you MAY gaze upon the top 3 cards".

When its trigger resolves, the bot asks its controller on their DM panel, in words, with two
buttons (look or not) and never decides for them; a "Don't look" moves nothing, and looking goes on
to the pick of a spell among the three (D30)."""

from __future__ import annotations

from tests.bot.afrika_tables import challenge_at, click_offered
from tests.bot.table import move_ids, panel_message

POSITION = {
    "active": 0,
    "step": "explore1",
    "players": [
        {
            "hand": [{"card": "LC001", "id": 10}],
            "codex": [
                {"card": "LB02", "id": 30},
                {"card": "LC044", "id": 31},
                {"card": "LC092", "id": 32},
                {"card": "LB04", "id": 33},
            ],
            "permanents": [
                {"card": "LB02", "id": 60, "zone": "terrain"},
                {"card": "LB02", "id": 61, "zone": "terrain"},
            ],
        },
        {},
    ],
}


async def _asked_to_look(simcord_env, monkeypatch):  # type: ignore[no-untyped-def]
    t, live = await challenge_at(simcord_env, monkeypatch, POSITION)
    alice, bob = t.members["alice"], t.members["bob"]

    async def click(member, action: str) -> None:  # type: ignore[no-untyped-def]
        await click_offered(member, live, action)

    await click(alice, "cast:10:1")
    for _ in range(6):  # the Storyteller, then its trigger, resolve (the bot passes where nobody acts)
        if live.state.choice is not None:
            break
        seat = min(live.current)
        await click(alice if seat == 0 else bob, "pass")
    ch = live.state.choice
    assert ch is not None and (ch.kind, ch.stage, ch.player) == ("pick", "gaze", 0), ch
    return live, alice, bob, click


async def test_the_owner_is_asked_whether_to_look_and_may_decline(simcord_env, monkeypatch) -> None:
    live, alice, _bob, click = await _asked_to_look(simcord_env, monkeypatch)
    assert live.current == {0}, "the bot waits for Alice: it does not choose for her"
    panel = panel_message(alice, live.id)
    assert "**You may look at the top of your Codex: look, or not?**" in panel.content
    offered = sorted(c.split(":", 3)[3] for c in move_ids(panel))
    assert offered == ["look:no", "look:yes"]
    labels = [c.label for row in panel.components for c in row.children if getattr(c, "label", None)]
    assert "Look at the top 3" in labels and "Don't look" in labels
    assert "Solar Flare" not in panel.content, "nothing of the three is shown before she looks"
    await click(alice, "look:no")
    assert live.state.choice is None
    assert list(live.state.players[0].codex) == [30, 31, 32, 33], "declining moves nothing"
    assert not live.state.players[0].hand
    log = await simcord_env.bot.db.matches.actions(live.id)
    assert [(a.seat, a.action_id, a.by_ai) for a in log if a.action_id.startswith("look:")] == [
        (0, "look:no", False)
    ]


async def test_having_looked_the_spell_must_be_taken(simcord_env, monkeypatch) -> None:
    live, alice, _bob, click = await _asked_to_look(simcord_env, monkeypatch)
    await click(alice, "look:yes")
    # the only spell among the three is taken (a forced choice the bot may make), then Alice
    # orders the other two at the bottom
    view = live.engine.view(live.state, 0)
    assert [c.card for c in view.hand] == ["LC044"]
    assert live.current == {0} and live.state.choice is not None and live.state.choice.stage == "bottom"
    panel = panel_message(alice, live.id)
    assert sorted(c.split(":", 3)[3] for c in move_ids(panel)) == ["bottom:30", "bottom:32"]
