"""/stats card without game: finds the card in whichever game has it (issue 34 item 15).

Before, a name without ``game:`` was looked up in the first game with cards only (Chronicles of
Afrika), so an Alchemy card was "no card called …". Now every game's card list is searched; a
name (or number) several games have is asked about, never guessed; the autocomplete offers every
game's cards, labelled with the game. The trust rule of tests/bot/test_trust_card_stats.py holds
on this path too: a deck still hidden (a series being played) does not count, whichever way the
game was found.
"""

from __future__ import annotations

from typing import Any

from simcord import assert_error

from bot.cogs.stats import card_games
from engines.core import CardhostError
from engines.games import game_spec
from tests.bot.table import game_thread, last_reply, make_table


async def _stats_card(member: Any, channel: Any, **options: Any) -> Any:
    return last_reply(await member.slash(channel, "stats card", **options))


async def test_a_card_is_found_in_whichever_game_has_it(simcord_env: Any) -> None:
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]

    # An Alchemy card, named without game: answered for Alchemy (was "no card called 'Salt Ward'").
    assert [table.name for table, _ in card_games("Salt Ward")] == ["alchemy"]
    reply = await _stats_card(alice, t.channel, name="Salt Ward")
    assert reply.content.startswith("**Salt Ward**: card statistics on this server (Alchemy)"), reply.content

    # A name two games have: said so, and the game asked for (not guessed).
    reply = await _stats_card(alice, t.channel, name="Cliff Warden")
    assert reply.content == (
        "Cliff Warden is a card of both Chronicles of Afrika and Chronicle: Spirit Tactics. "
        "Choose the game with game: to see its statistics."
    )
    assert_error(env, CardhostError, contains="Choose the game")
    spirit = await _stats_card(alice, t.channel, name="Cliff Warden", game="spirit")
    assert spirit.content.startswith(
        "**Cliff Warden**: card statistics on this server (Chronicle: Spirit Tactics)"
    )
    # a number two games share names the card of each
    reply = await _stats_card(alice, t.channel, name="A1")
    assert reply.content.startswith(
        "'A1' names a card in several games: Breath (Alchemy) and Searing Bolt (Chronicle: Spirit Tactics)."
    )
    assert_error(env, CardhostError, contains="several games")

    # The autocomplete offers both Cliff Wardens, each with its game; each choice answers for it.
    choices = await alice.autocomplete(t.channel, "stats card", "name", "cliff war")
    labels = {c["name"]: c["value"] for c in choices}
    assert set(labels) == {
        "Cliff Warden (LC094) · Chronicles of Afrika",
        "Cliff Warden (S36) · Chronicle: Spirit Tactics",
    }, labels
    for label, value in labels.items():
        text = (await _stats_card(alice, t.channel, name=value)).content
        assert text.startswith(f"**Cliff Warden**: card statistics on this server ({label.split(' · ')[1]})")
    shared = {
        c["name"]: c["value"] for c in await alice.autocomplete(t.channel, "stats card", "name", "breath")
    }
    assert shared["Breath (A1) · Alchemy"] == "alchemy/A1"  # Spirit Tactics has an A01 too
    assert (await _stats_card(alice, t.channel, name="alchemy/A1")).content.startswith("**Breath**: ")

    # Unknown everywhere: in words, with suggestions from every game.
    reply = await _stats_card(alice, t.channel, name="Clif Wardn")
    assert reply.content.startswith("There is no card called 'Clif Wardn' in any game here. Did you mean ")
    assert "Cliff Warden (Chronicle: Spirit Tactics)" in reply.content
    assert_error(env, CardhostError, contains="no card called")


async def test_a_hidden_deck_stays_hidden_when_the_game_is_found_by_name(simcord_env: Any) -> None:
    """Game 1 of a Spirit Tactics best of three has a result, the series goes on: the AI's deck is still
    hidden, so a card only it holds, asked about by name alone, is in no deck yet."""
    env = simcord_env
    t = make_table(env)
    alice = t.members["alice"]
    await alice.slash(t.channel, "play spirit", best_of=3)
    game1 = await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))
    mine, theirs = (list(d) for d in (await env.bot.db.matches.get(game1.id)).config["decks"])
    spec = game_spec("spirit")
    assert spec.deck_pool is not None
    pool = spec.deck_pool()
    hidden = [
        pool.card(c).name
        for c in sorted(set(theirs) - set(mine))
        if [table.name for table, _ in card_games(pool.card(c).name)] == ["spirit"]
    ]
    assert hidden, "the AI's deck holds a Spirit-only card alice's does not"
    await alice.slash(game_thread(t), "game concede")
    await env.settle()
    found = await env.bot.series.store.of_match(game1.id)
    assert found is not None and found[0].status in ("playing", "sideboarding")
    for name in hidden[:3]:
        text = (await _stats_card(alice, t.channel, name=name)).content
        assert text.startswith(f"**{name}**: card statistics on this server (Chronicle: Spirit Tactics)"), (
            text
        )
        assert "Decks: not in any deck of the 0 games finished here yet." in text, text
