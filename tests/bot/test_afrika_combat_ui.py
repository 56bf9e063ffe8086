"""Afrika combat decisions through Discord buttons: two players, blockers, damage order and split.

Digest case T1: a 6/6 attacker blocked by a 2/2 and a 3/3; the attacker orders the blockers and
assigns lethal damage in that order. Both people decide only by clicking their DM buttons; the bot
takes the forced choices (the only attacker a blocker can block) by itself.
"""

from __future__ import annotations

from engines.core import get_engine
from tests.bot.afrika_tables import challenge_at, click_offered
from tests.bot.table import make_table, move_ids, panel_message

POSITION = {
    "active": 0,
    "step": "defenses",
    "enter": True,
    "attackers": {"101": "P2"},
    "players": [
        {"permanents": [{"card": "LC091", "id": 101, "zone": "1", "charged": True}]},
        {
            "permanents": [
                {"card": "LC092", "id": 201, "zone": "1"},
                {"card": "LC093", "id": 202, "zone": "1"},
            ]
        },
    ],
}


async def test_blockers_order_and_damage_assignment_by_clicks(simcord_env, monkeypatch) -> None:
    t, live = await challenge_at(simcord_env, monkeypatch, POSITION)
    alice, bob = t.members["alice"], t.members["bob"]
    assert [s.name for s in live.seats] == ["alice", "bob"] and live.current == {1}

    async def click(member, action: str) -> None:  # type: ignore[no-untyped-def]
        await click_offered(member, live, action)

    # Bob declares both blocks with one menu ("Sentinel blocks Ironhide Titan" is one option).
    panel = panel_message(bob, live.id)
    menu = next(c for row in panel.components for c in row.children if (c.custom_id or "").startswith("mm:"))
    assert menu.placeholder == "Choose blockers (each blocks one attacker)"
    assert sorted(o.value for o in menu.options) == ["blk:201|on:101", "blk:202|on:101"]
    assert all(" blocks " in o.label for o in menu.options), [o.label for o in menu.options]
    assert "**Choose blockers: alice attacks with" in panel.content
    result = await bob.user.select(panel, ["blk:201|on:101", "blk:202|on:101"], custom_id=menu.custom_id)
    assert not result.followups, [f.content for f in result.followups]
    # The attacker each blocks is the only one (the bot does not ask it again); with no creature
    # left to block with, "done" is forced and the bot ends the declaration for Bob.
    assert live.current == {0}
    log = await simcord_env.bot.db.matches.actions(live.id)
    assert [(a.seat, a.action_id, a.by_ai) for a in log if a.seat == 1] == [
        (1, "blk:201", False), (1, "on:101", True), (1, "blk:202", False), (1, "on:101", True), (1, "done", True),
    ]  # fmt: skip
    await click(alice, "first:202")
    assert live.state.order[101] == (202, 201)
    panel = panel_message(alice, live.id)
    offered = sorted(c.split(":", 3)[3] for c in move_ids(panel))
    assert offered == ["dmg:3", "dmg:4", "dmg:5", "dmg:6"], "only lethal-first splits are offered"
    await click(alice, "dmg:3")
    view = live.engine.view(live.state, None)
    assert {c.card for c in view.seats[1].void} >= {"LC092", "LC093"}, "both blockers died"
    assert view.seats[1].life == 20
    # The Titan took 5 and survived (its damage is healed again by the end of the turn).
    assert any(p.card == "LC091" for p in view.seats[0].zone1)


async def test_all_attackers_in_one_select(simcord_env, monkeypatch) -> None:
    engine = get_engine("afrika")
    position = {
        "active": 0,
        "step": "dawn",
        "players": [
            {
                "permanents": [
                    {"card": "LC091", "id": 101, "zone": "1"},
                    {"card": "LC092", "id": 102, "zone": "1"},
                ]
            },
            {"life": 20},
        ],
    }
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play afrika")
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    panel = panel_message(alice, live.id)
    selects = [c for row in panel.components for c in row.children if (c.custom_id or "").startswith("mm:")]
    assert selects and {o.value for o in selects[0].options} == {"atk:101|at:P2", "atk:102|at:P2"}
    from engines.afrika.cards import card

    assert sorted(o.label for o in selects[0].options) == sorted(
        f"{card(c).name} → AI" for c in ("LC091", "LC092")
    ), "each option is a whole declaration, naming the attacked player"
    before = live.seq
    await alice.user.select(panel, ["atk:101|at:P2", "atk:102|at:P2"], custom_id=selects[0].custom_id)
    log = await simcord_env.bot.db.matches.actions(live.id, after_seq=before)
    ids = [a.action_id for a in log if a.seat == 0]
    assert ids[:5] == ["atk:101", "at:P2", "atk:102", "at:P2", "done"], ids
    # One gesture: both attack, the only target is taken for her, and combat runs to damage.
    assert live.engine.view(live.state, None).seats[1].life == 20 - 6 - 2
