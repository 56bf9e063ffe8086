"""The Chronomagia Redeal through the bot (issue 32, item 12; M6): it is made in secret, so
while one player is still deciding, nothing the table or that player's DMs show says how many
cards the other set aside; once both have decided, the game log tells both counts."""

from __future__ import annotations

import re
from typing import Any

from engines.core import PlayerId
from tests.bot.table import dm_messages, game_thread, make_table, play_move, start_challenge


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


def _texts(messages: list[Any]) -> list[str]:
    out = []
    for m in messages:
        out.append(m.content or "")
        for e in m.embeds:
            out.extend([e.title or "", e.description or "", *(f.value for f in e.fields)])
    return out


COUNT = re.compile(r"redeals \d+ card|keeps their hand")


async def test_the_table_learns_the_redeal_counts_only_when_both_have_decided(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await start_challenge(t, "alice", "bob", "chronomagia")
    live = await _latest(env)
    assert live.engine.view(live.state, None).step == "redeal" and live.current == {0, 1}
    hand = live.engine.view(live.state, PlayerId(1)).hand
    aside = ".".join(sorted(hand[:2]))
    await play_move(bob, live.id, f"redeal:{aside}")
    assert live.current == {0}, "alice still decides"
    thread = game_thread(t)
    seen = _texts(thread.history()) + _texts(dm_messages(alice))
    assert not [x for x in seen if COUNT.search(x)], "bob's count was told before alice decided"
    assert any("has made their Redeal decision" in x for x in _texts(thread.history())), (
        "the table is told bob decided"
    )
    await play_move(alice, live.id, "keep")
    log = "\n".join(_texts(thread.history()))
    assert "bob redeals 2 cards" in log and "alice keeps their hand" in log, log[-600:]
