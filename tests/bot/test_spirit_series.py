"""A Spirit Tactics Match through the bot, against the rulebook (issue 32 item 9): a drawn Duel does
not count and another is played until one player has won two (S2, B8); a one-for-one Side Deck
swap at Deck 50 / Side Deck 10 is checked as a whole (B9)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import CONCEDE, MatchConfig
from engines.spirit import ENGINE, SpiritEngine, card
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
    await alice.slash(t.channel, "play spirit")  # best of three by default
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
    # Both Commanders stay face down until alice has chosen (rulebook setup steps 1-3).
    board = [x for x in _texts(thread) if f"game #{game4.id}" in x][-1]
    assert board.count("(Commander face down)") == 2, board
    commanders = {card(c).name for deck in game4.cfg.options["decks"] for c in deck if c.startswith("C")}
    assert not [n for n in commanders if n in board], board
    await _ai_concedes(env, game4)
    series = await _series_of(env, game4.id)
    assert series.status == "finished" and series.winner == 0 and series.wins == (2, 1)
    assert any("🏆 **alice** wins the best of 3, 2-1." in x for x in _texts(thread))
    games = await env.bot.series.store.games(series.id)
    assert [(g.status, g.winner) for g in games] == [("won", 0), ("draw", None), ("won", 1), ("won", 0)]


def _menus(message: Any) -> dict[str, Any]:
    return {
        c.custom_id.split(":")[3]: c
        for row in message.components
        for c in row.children
        if (c.custom_id or "").startswith("sw:")
    }


def _labels(message: Any) -> list[str]:
    return [c.label for row in message.components for c in row.children if getattr(c, "label", None)]


async def test_a_one_for_one_swap_at_deck_50_and_a_full_side_deck(simcord_env: Any) -> None:
    """B9: at Deck 50 / Side Deck 10 neither a card out nor a card in is legal alone; the panel
    holds the first pick and swaps it with the second, judged as a whole, in either order."""
    from engines.spirit.decks import split, starter_decks, starter_sides
    from tests.bot.test_spirit_match import _side_panel

    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    deck = [*starter_decks()["Ember Onslaught"], *["E1"] * 10]
    side = starter_sides()["Ember Onslaught"]
    commander, main = split(deck)
    assert len(main) == 50 and len(side) == 10
    game1 = await env.bot.series.create(
        "spirit",
        {"decks": [deck, deck]},
        [(alice.id, alice.user.name, False), (None, "AI", True)],
        best_of=3,
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        host_id=alice.id,
        turn_seconds=90.0,
        sides=[side, side],
    )
    message = await env.bot.get_channel(t.channel.id).send("Best of 3: the thread is below.")
    await env.bot.lobbies.launch(game1, message, 90.0)
    await env.settle()
    await _ai_concedes(env, game1)

    async def decks() -> tuple[list[str], list[str]]:
        d = (await _series_of(env, game1.id)).decks[0]
        return list(d["main"]), list(d["side"])

    panel = _side_panel(alice)
    assert f"Your deck: **50** cards and {card(commander).name} · side deck: **10** cards." in panel.content
    assert "put a card in first" not in panel.content.casefold()

    # A card out first: it cannot go alone (the Side Deck would hold 11), so it is held.
    out_card = "S02"
    held = await alice.user.select(panel, [out_card], custom_id=_menus(panel)["out"].custom_id)
    said = last_reply(held)
    assert said.ephemeral
    assert (
        f"Taking {card(out_card).name} out on its own would make your deck illegal: the Side Deck has 11"
        in (said.content)
    )
    assert "put a card in first" not in said.content.casefold()
    assert await decks() == ([*deck], [*side])
    panel = _side_panel(alice)
    menus = _menus(panel)
    assert set(menus) == {"in"} and menus["in"].custom_id.endswith(f":{out_card}")
    assert "Cancel the swap" in _labels(panel)

    # Two in for one out would make 51: refused as a whole, nothing moves, the card stays held.
    two = ["S01", "R02"]
    refused = last_reply(await alice.user.select(panel, two, custom_id=menus["in"].custom_id))
    assert refused.content.startswith("That swap would make your deck illegal: the Deck has 51 cards"), (
        refused
    )
    assert "put a card in first" not in refused.content.casefold()
    assert await decks() == ([*deck], [*side])

    # One in: the pair is swapped at once, 50 and 10 again.
    await alice.user.select(panel, ["S01"], custom_id=menus["in"].custom_id)
    new_main, new_side = await decks()
    assert len(new_main) == 51 and len(new_side) == 10  # the Commander and 50
    assert new_main.count("S02") == deck.count("S02") - 1 and new_main.count("S01") == 1
    assert sorted(new_main + new_side) == sorted(deck + side)
    panel = _side_panel(alice)
    assert f"Swapped: {card('S02').name} out of your deck, {card('S01').name} in." in panel.content
    assert set(_menus(panel)) == {"in", "out"}

    # The other order: a card in first is held (51), then a card out completes the swap.
    said = last_reply(await alice.user.select(panel, ["R17"], custom_id=_menus(panel)["in"].custom_id))
    assert (
        f"Putting {card('R17').name} in on its own would make your deck illegal: the Deck has 51"
        in said.content
    )
    panel = _side_panel(alice)
    assert set(_menus(panel)) == {"out"}
    await alice.user.select(panel, ["E1"], custom_id=_menus(panel)["out"].custom_id)
    final_main, final_side = await decks()
    assert len(final_main) == 51 and len(final_side) == 10
    assert final_main.count("R17") == 1 and final_side.count("E1") == 1

    # A held card can be let go: Cancel shows both sides again, nothing moved.
    panel = _side_panel(alice)
    await alice.user.select(panel, ["S03"], custom_id=_menus(panel)["out"].custom_id)
    await alice.user.click(_side_panel(alice), label="Cancel the swap")
    assert set(_menus(_side_panel(alice))) == {"in", "out"}
    assert await decks() == (final_main, final_side)

    # Ready: Duel 2 is played with the swapped Deck and Side Deck.
    await _ready(env, alice)
    game2 = await _latest(env)
    assert game2.id != game1.id
    assert game2.cfg.options["decks"][0] == final_main and game2.cfg.options["sides"][0] == final_side
