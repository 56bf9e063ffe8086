"""A Spirit Tactics Match through the bot, against the rulebook (issue 32 item 9): a drawn Duel does
not count and another is played until one player has won two (S2, B8); a one-for-one Side Deck
swap at Deck 50 / Side Deck 10 is checked as a whole (B9)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import CONCEDE, MatchConfig
from engines.spirit import ENGINE, SpiritEngine
from engines.spirit.state import SpiritState
from tests.bot.table import game_thread, last_reply, make_table, play_move

BOTH_AT_100 = {
    "current": 0,
    "seats": [
        {"resilience": 100, "hand": ["R07"]},  # Static Burst: 100 to each Commander (Aftermath)
        {"resilience": 100, "units": [{"card": "S20", "zone": "c3"}]},
    ],
}
"""A Duel one card from a draw: alice casts Static Burst and both Commanders fall at once (S2)."""


def _texts(thread: Any) -> list[str]:
    return [m.content for m in thread.history()]


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


async def _series_of(env: Any, match_id: int) -> Any:
    found = await env.bot.series.store.of_match(match_id)
    assert found is not None
    return found[0]


async def _ai_concedes(env: Any, live: Any) -> None:
    async with live.lock:
        report = await env.bot.matches.pass_for(live, 1, CONCEDE)
    await env.bot.table.after_report(report)
    await env.settle()


async def _ready(env: Any, member: Any) -> None:
    from tests.bot.test_spirit_match import _side_panel

    await member.user.click(_side_panel(member), label="Ready")
    await env.settle()


async def test_a_drawn_duel_does_not_count_and_another_is_played(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Win, draw, loss is 1-1 with a fourth Duel to play, not "1-1, a draw" (S2, B8): the Match
    ends only when one player has won two."""
    setup = SpiritEngine.setup

    def drawn_game_two(self: SpiritEngine, cfg: MatchConfig, seed: int) -> SpiritState:
        # Duel 2 (the AI lost Duel 1 and chooses) opens one card from a draw; the others are dealt.
        if cfg.options.get("chooser") == 1:
            return ENGINE.position(MatchConfig(2), seed, BOTH_AT_100)
        return setup(self, cfg, seed)

    monkeypatch.setattr(SpiritEngine, "setup", drawn_game_two)
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "play", game="spirit")  # best of three by default
    thread = game_thread(t)
    game1 = await _latest(env)
    await _ai_concedes(env, game1)
    await _ready(env, alice)

    # Duel 2: both Commanders fall at once.
    game2 = await _latest(env)
    assert game2.id != game1.id
    await play_move(alice, game2.id, "cast:R07:c3")
    await env.settle()
    if game2.active:
        await play_move(alice, game2.id, "pass")
        await env.settle()
    assert not game2.active
    series = await _series_of(env, game2.id)
    assert series.status == "sideboarding" and series.wins == (1, 0)
    assert any("Game 2 is a draw and does not count" in x for x in _texts(thread)), _texts(thread)
    await _ready(env, alice)

    # Duel 3: alice concedes. 1-1 after three Duels: the Match goes on.
    game3 = await _latest(env)
    assert game3.id != game2.id
    result = await alice.slash(thread, "game concede")
    assert "You conceded" in last_reply(result).content
    await env.settle()
    series = await _series_of(env, game3.id)
    assert series.status == "sideboarding" and series.wins == (1, 1) and series.winner is None, series
    assert not any("ends in a draw" in x for x in _texts(thread))
    await _ready(env, alice)

    # Duel 4: alice lost Duel 3 and chooses who goes first; the AI concedes, alice wins 2-1.
    game4 = await _latest(env)
    assert game4.id != game3.id and game4.cfg.options["chooser"] == 0
    assert any(
        "**Game 4 of the best of 3 (a drawn game does not count)** — tied 1-1." in x for x in _texts(thread)
    ), _texts(thread)
    await _ai_concedes(env, game4)
    series = await _series_of(env, game4.id)
    assert series.status == "finished" and series.winner == 0 and series.wins == (2, 1)
    assert any("🏆 **alice** wins the best of 3, 2-1." in x for x in _texts(thread))
    games = await env.bot.series.store.games(series.id)
    assert [(g.status, g.winner) for g in games] == [("won", 0), ("draw", None), ("won", 1), ("won", 0)]
