"""R144 through Discord (issue #32 item 10): a Star Lord returned to its owner's hand may stay
there. The owner is asked on their DM panel, in words, with two buttons, and their click decides;
nobody else is asked, and the game goes on from there."""

from __future__ import annotations

from tests.bot.afrika_tables import challenge_at, click_offered
from tests.bot.table import move_ids, panel_message

POSITION = {
    "variant": "starlords",
    "active": 0,
    "step": "explore1",
    "players": [
        {
            "lord": "LC145",
            "command_casts": 1,
            "hand": [{"card": "LC052", "id": 250}],
            "permanents": [
                {"card": "LC145", "id": 101, "zone": "1"},
                {"card": "LB06", "id": 290, "zone": "terrain"},
                {"card": "LB06", "id": 291, "zone": "terrain"},
            ],
        },
        {"lord": "LC043"},
    ],
}


async def test_the_owner_keeps_a_returned_star_lord_in_hand_by_a_click(simcord_env, monkeypatch) -> None:
    t, live = await challenge_at(simcord_env, monkeypatch, POSITION)
    alice, bob = t.members["alice"], t.members["bob"]
    assert live.current == {0}

    async def click(member, action: str) -> None:  # type: ignore[no-untyped-def]
        await click_offered(member, live, action)

    # Alice returns her own Star Lord to her hand with Rift Banish; Bob has nothing to answer with.
    await click(alice, "cast:250")
    await click(alice, "target:101")
    if live.current == {0} and live.state.stack:
        await click(alice, "pass")
    if live.current == {1}:
        await click(bob, "pass")
    assert live.current == {0} and live.state.choice is not None and live.state.choice.kind == "lord"
    panel = panel_message(alice, live.id)
    assert (
        "**Your Star Lord Sango, King of the Burning Valley went to your hand: keep it there, or put it "
        "into the Command zone?**" in panel.content
    )
    offered = sorted(c.split(":", 3)[3] for c in move_ids(panel))
    assert offered == ["lord:command", "lord:hand"]
    await click(alice, "lord:hand")
    view = live.engine.view(live.state, 0)
    assert [c.card for c in view.hand] == ["LC145"], "Sango stays in Alice's hand"
    assert not view.seats[0].command, "and not in her Command zone"
    log = await simcord_env.bot.db.matches.actions(live.id)
    assert [(a.seat, a.action_id, a.by_ai) for a in log if a.action_id.startswith("lord:")] == [
        (0, "lord:hand", False)
    ]
