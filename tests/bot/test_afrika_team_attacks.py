"""Allied Kingdoms' declarations and words through the bot (issue #34 item 14): the attack menu
offers every rival and entity an attacker may attack, names the rival team as players know it
("Team 2: AI 1 & AI 2"), and needs no button it took away; the DM text reads costs as words,
and a target prompt says what the target is for."""

from __future__ import annotations

from typing import Any

from engines.core import get_engine
from tests.bot.afrika_tables import latest_live, lobby_message
from tests.bot.table import make_table, move_ids, panel_message, play_move


async def _allied_at(env: Any, monkeypatch: Any, position: dict[str, Any]) -> tuple[Any, Any]:
    """alice and bob (Team 1) against two AI seats (Team 2), from ``position``."""
    engine = get_engine("afrika")
    monkeypatch.setattr(type(engine), "setup", lambda self, cfg, seed: self.position(cfg, seed, position))
    t = make_table(env)
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "play afrika", variant="allied")
    await bob.click(lobby_message(t), label="Join team 1")
    await alice.click(lobby_message(t), label="Add AI")
    await alice.click(lobby_message(t), label="Add AI")
    await alice.click(lobby_message(t), label="Start")
    live = await latest_live(env)
    assert [s.name for s in live.seats] == ["alice", "bob", "AI 1", "AI 2"]
    return t, live


def _menu(panel: Any, prefix: str = "mm:") -> Any:
    return next(c for row in panel.components for c in row.children if (c.custom_id or "").startswith(prefix))


async def test_the_attack_menu_offers_the_rival_team_and_each_entity(simcord_env, monkeypatch) -> None:
    position = {
        "active": 0,
        "step": "dawn",
        "players": [
            {"permanents": [{"card": "LC091", "id": 101}, {"card": "LC092", "id": 102}]},
            {},
            {"permanents": [{"card": "LC023", "id": 201}]},
            {"permanents": [{"card": "LC022", "id": 301}]},
        ],
    }
    t, live = await _allied_at(simcord_env, monkeypatch, position)
    alice = t.members["alice"]
    panel = panel_message(alice, live.id)
    menu = _menu(panel)
    assert menu.placeholder == "Choose attackers, each with what it attacks", menu.placeholder
    offered = {o.value: o.label for o in menu.options}
    assert offered == {
        "atk:101|at:P3": "Ironhide Titan → Team 2: AI 1 & AI 2",
        "atk:101|at:201": "Ironhide Titan → AI 1's Savanna Lioness",
        "atk:101|at:301": "Ironhide Titan → AI 2's Moss Colossus",
        "atk:102|at:P3": "Dune Strider → Team 2: AI 1 & AI 2",
        "atk:102|at:201": "Dune Strider → AI 1's Savanna Lioness",
        "atk:102|at:301": "Dune Strider → AI 2's Moss Colossus",
    }, offered
    assert "use a button" not in panel.content
    # One gesture: the Titan attacks the Moss Colossus, the Strider the rival team.
    before = live.seq
    await alice.user.select(panel, ["atk:101|at:301", "atk:102|at:P3"], custom_id=menu.custom_id)
    log = await simcord_env.bot.db.matches.actions(live.id, after_seq=before)
    ids = [a.action_id for a in log if a.seat == 0]
    assert ids[:5] == ["atk:101", "at:301", "atk:102", "at:P3", "done"], ids


async def test_one_attacker_is_asked_what_it_attacks_in_team_words(simcord_env, monkeypatch) -> None:
    position = {
        "active": 0,
        "step": "dawn",
        "players": [
            {"permanents": [{"card": "LC092", "id": 102}]},
            {},
            {"permanents": [{"card": "LC023", "id": 201}]},
            {},
        ],
    }
    t, live = await _allied_at(simcord_env, monkeypatch, position)
    alice = t.members["alice"]
    await play_move(alice, live.id, "atk:102")
    panel = panel_message(alice, live.id)
    assert "**Choose what Dune Strider attacks.**" in panel.content
    labels = {
        b.custom_id.split(":", 3)[3]: b.label
        for row in panel.components
        for b in row.children
        if b.custom_id and b.custom_id.startswith("mv:")
    }
    assert labels == {"at:P3": "Attack Team 2: AI 1 & AI 2", "at:201": "Attack AI 1's Savanna Lioness"}, (
        labels
    )


async def test_costs_read_as_words_and_a_target_says_what_it_is_for(simcord_env, monkeypatch) -> None:
    jungle = [{"card": "LB03", "id": 110 + i} for i in range(4)]
    position = {
        "active": 0,
        "step": "explore1",
        "players": [
            {
                "hand": [{"card": "LC022", "id": 150}, {"card": "LC013", "id": 151}],
                "permanents": [*jungle, {"card": "LC092", "id": 152}],
            },
            {"permanents": [{"card": "LC023", "id": 160}]},
            {},
            {},
        ],
    }
    t, live = await _allied_at(simcord_env, monkeypatch, position)
    alice = t.members["alice"]
    panel = panel_message(alice, live.id)
    assert "Moss Colossus (3 + Cosmic Jungle)" in panel.content, panel.content
    assert "Lava Behemoth (3 + 2 Volcanic Valleys)" in panel.content
    assert "{" not in panel.content, panel.content
    bob_panel = panel_message(t.members["bob"], live.id)
    assert (
        "**Your ally alice's hand** (2, theirs to play): Moss Colossus (3 + Cosmic Jungle)"
        in bob_panel.content
    )
    cast = next(m for m in move_ids(panel) if m.split(":", 3)[3].startswith("cast:150"))
    await play_move(alice, live.id, cast.split(":", 3)[3])
    panel = panel_message(alice, live.id)
    assert (
        "**Choose a target for Moss Colossus: put a +1/+1 marker on target entity you control.**"
        in panel.content
    ), panel.content


async def test_a_defender_is_told_the_rival_team_attacks_their_team(simcord_env, monkeypatch) -> None:
    position = {
        "active": 2,
        "step": "dawn",
        "players": [
            {"permanents": [{"card": "LC023", "id": 101}]},
            {},
            {"permanents": [{"card": "LC091", "id": 201}]},
            {"permanents": [{"card": "LC092", "id": 301}]},
        ],
    }
    t, live = await _allied_at(simcord_env, monkeypatch, position)
    attacking = {str(k) for k in live.state.attackers}
    assert "201" in attacking, "the AI attacks with its Titan"
    panel = panel_message(t.members["alice"], live.id)
    assert "**Choose blockers: Team 2 (AI 1 & AI 2) attacks your team with Ironhide Titan" in panel.content, (
        panel.content
    )
