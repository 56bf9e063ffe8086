"""The highlighted move is a good move or nothing (issue 34, item 3), through the bot: on a DM
panel the one green button is the move the game's AI would choose there for that seat (a menu
option leading to it is starred, and the group it is in shows it green), every other move grey.
Before, presenters coloured moves by kind: Spirit Tactics' "Reload, then draw 1" with an empty
Reload pile and "Gather onto your Commander", Chronomagia's "Collect Attack and end the turn" on
turn 1 with nothing in play were green."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.presenters.choices import SUGGESTED
from engines.core.suggest import suggested_action
from tests.bot.table import make_table, panel_message

DECISIONS = 14
"""Own decisions checked per game (a game's first turns: its most varied panels)."""


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


def _children(panel: discord.Message) -> list[Any]:
    return [c for row in panel.components for c in getattr(row, "children", [])]


def _green(panel: discord.Message) -> list[Any]:
    return [
        c
        for c in _children(panel)
        if isinstance(c, discord.Button) and c.style == discord.ButtonStyle.success
    ]


def _starred(panel: discord.Message) -> list[tuple[Any, Any]]:
    """(menu, option) of every starred menu option."""
    return [
        (c, o)
        for c in _children(panel)
        if not isinstance(c, discord.Button)
        for o in c.options
        if o.emoji is not None and str(o.emoji) == SUGGESTED
    ]


def _action(custom_id: str) -> str:
    return custom_id.split(":", 3)[3]


async def _follow_the_highlight(member: Any, live: Any, seat: int, suggestion: str) -> None:
    """Check the panel highlights ``suggestion`` alone and play it by following the highlight: the
    green button, or the starred option (a group opens with the move green inside it)."""
    for _ in range(6):  # a group, a page: each highlight leads one step closer
        panel = panel_message(member, live.id)
        assert panel is not None
        green, starred = _green(panel), _starred(panel)
        moves = [b for b in green if (b.custom_id or "").startswith("mv:")]
        assert len(green) + len(starred) == 1, (
            f"one highlight, not {[b.label for b in green]} {[o.label for _, o in starred]}"
        )
        if moves:
            assert _action(moves[0].custom_id).split("|")[0] == suggestion, (moves[0].label, suggestion)
            await member.user.click(panel, custom_id=moves[0].custom_id)
            return
        if green:  # the page holding it
            await member.user.click(panel, custom_id=green[0].custom_id)
            continue
        menu, option = starred[0]
        if menu.custom_id.startswith("mg:"):
            await member.user.select(panel, [option.value], custom_id=menu.custom_id)
            continue
        assert option.value.split("|")[0] == suggestion, (option.label, suggestion)
        await member.user.select(panel, [option.value], custom_id=menu.custom_id)
        return
    raise AssertionError(f"the highlight never led to {suggestion}")


@pytest.mark.parametrize("game", ["spirit", "chronomagia", "alchemy", "afrika"])
async def test_the_highlighted_move_is_the_ais_choice(simcord_env, game: str) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, f"play {game}", **({"best_of": 1} if game == "spirit" else {}))
    live = await _latest(env)
    checked = 0
    while live.active and checked < DECISIONS:
        assert 0 in live.current, "the bot waits only for the human"
        suggestion = suggested_action(live.engine, live.state, 0)
        assert suggestion is not None
        seq = live.seq
        await _follow_the_highlight(alice, live, 0, suggestion)
        assert live.seq > seq, "following the highlight made the move"
        checked += 1
    assert checked == DECISIONS or not live.active


async def test_spirit_highlights_no_empty_reload_nor_a_gather_onto_the_commander(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=1)
    live = await _latest(env)
    # An empty Reload pile: Reloading would only cost a card, so the bot draws for her and the
    # first panel is her Main Phase (issue 34 item 7); no "Reload, then draw 1" to highlight.
    assert live.state.phase == "main" and not live.state.seats[0].reload, "past the first Reload Phase"
    panel = panel_message(alice, live.id)
    assert panel is not None and "**Your Main Phase:**" in panel.content
    assert not [b for b in _children(panel) if "Reload" in (getattr(b, "label", "") or "")]
    gather = [
        b
        for b in _children(panel)
        if isinstance(b, discord.Button) and "onto your Commander" in (b.label or "")
    ]
    assert gather and all(b.style == discord.ButtonStyle.secondary for b in gather), [b.label for b in gather]
    # The AI would Call a Spirit: its Call to the sensible zone is a button of its own (issue 34
    # item 7), and that button is the green one.
    [green] = _green(panel)
    assert green.label.startswith("Call ") and " to " in green.label, green.label


async def test_chronomagia_turn_one_does_not_highlight_collecting_attack(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play chronomagia")
    live = await _latest(env)
    for _ in range(4):  # the Redeal and the Meditation, to the first Main phase
        panel = panel_message(alice, live.id)
        assert panel is not None
        if "Main phase" in panel.content and "**Your Main phase**" in panel.content:
            break
        suggestion = suggested_action(live.engine, live.state, 0)
        assert suggestion is not None
        await _follow_the_highlight(alice, live, 0, suggestion)
    panel = panel_message(alice, live.id)
    assert panel is not None and "**Your Main phase**" in panel.content, panel.content
    collect = [b for b in _children(panel) if getattr(b, "label", "") == "Collect Attack and end the turn"]
    assert collect and collect[0].style == discord.ButtonStyle.secondary
    [green] = _green(panel)
    assert _action(green.custom_id) == suggested_action(live.engine, live.state, 0)
