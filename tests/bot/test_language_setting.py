"""/settings language: stored in the player's settings, applied at once to their running matches,
answered in the language chosen; /card's lookup and language choice for a game whose cards speak
several languages (names in either language, ``lang=`` only for such a game)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from simcord import OptionError

from bot.cogs.cards import card_choices, card_language, find_card
from bot.presenters import TableSpec
from bot.presenters.registry import entry
from engines.core import CardhostError
from engines.decks import get_pool
from tests.bot.table import last_reply, make_table


async def test_language_is_stored_applied_and_answered_in_it(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    shown = last_reply(await alice.slash(t.channel, "settings language"))
    assert shown.ephemeral and shown.content.startswith("Your language is English.")
    await alice.slash(t.channel, "play afrika")  # a running match against the AI
    live = await simcord_env.bot.matches.get(max(simcord_env.bot.matches._cache))
    assert live.seats[0].language == "en"

    said = last_reply(await alice.slash(t.channel, "settings language", language="ru"))
    assert said.ephemeral and said.content.startswith("Теперь ваш язык — русский.")
    assert (await simcord_env.bot.db.players.get_settings(alice.id))["language"] == "ru"
    assert live.seats[0].language == "ru"  # applied live, no restart
    shown = last_reply(await alice.slash(t.channel, "settings language"))
    assert shown.content.startswith("Ваш язык — русский.")

    said = last_reply(await alice.slash(t.channel, "settings language", language="en"))
    assert said.content.startswith("Your language is now English.")
    assert live.seats[0].language == "en"
    settings = await simcord_env.bot.db.players.get_settings(alice.id)
    assert settings["language"] == "en"


async def test_only_the_offered_languages_can_be_chosen(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    with pytest.raises(OptionError, match="only allows"):  # Discord offers the two choices only
        await alice.slash(t.channel, "settings language", language="de")
    assert "language" not in await simcord_env.bot.db.players.get_settings(alice.id)


def _two_language_table() -> TableSpec:
    """A table whose cards speak English and Russian, built from a declared game's table with
    Chronomagia's card pool (the lookup and language choice are generic)."""
    afrika = entry("afrika").table
    game = replace(afrika.game, deck_pool=lambda: get_pool("chronomagia"))
    return replace(afrika, game=game, languages=("en", "ru"))


def test_card_found_by_either_name_and_listed_in_the_language_typed() -> None:
    table = _two_language_table()
    assert find_card(table, "Гоблин-поджигатель") == find_card(table, "goblin arsonist") == "T001"
    with pytest.raises(CardhostError, match="Did you mean Гоблин-поджигатель"):
        find_card(table, "Гоблин-поджегатель")
    choices = card_choices(table, "гоблин")
    assert choices[0].value == "T001" and choices[0].name == "Гоблин-поджигатель (T001)"
    assert card_choices(table, "goblin ars")[0].name == "Goblin Arsonist (T001)"


def test_card_language_only_for_a_game_that_speaks_several() -> None:
    table = _two_language_table()
    assert card_language(table, {"language": "ru"}) == {"lang": "ru"}
    assert card_language(table, {}) == {"lang": "en"}
    assert card_language(table, {"language": "xx"}) == {"lang": "en"}
    assert card_language(replace(table, languages=("ru", "en")), {"language": "ru"}) == {"lang": "ru"}
    assert card_language(entry("afrika").table, {"language": "ru"}) == {}  # other games untouched
