"""Chronomagia in two languages through the bot: /settings language, then /card by a Russian name
shows the card in Russian (and in English to a player who kept English); /deck import of a list
written in Russian, /deck show and /deck export of it, "did you mean" in Russian, and the saved
deck's Hero Deck reaching the match."""

from __future__ import annotations

from collections import Counter
from typing import Any

from simcord import assert_error

from engines.chronomagia.cards import card
from engines.chronomagia.starters import STARTER_LISTS
from engines.core import CardhostError
from engines.decks import get_pool, import_deck
from tests.bot.table import last_reply, make_table


def russian_listing(name: str) -> str:
    hero, main, side = STARTER_LISTS[name]
    lines = ["Герой", f"1 {card(hero).name_ru}", "", "Колода"]
    lines += [f"{n} {card(c).name_ru}" for c, n in main.items()]
    lines += ["", "Колода героя"] + [f"{n} {card(c).name_ru}" for c, n in side.items()]
    return "\n".join(lines)


async def _latest(env: Any) -> Any:
    return await env.bot.matches.get(max(await env.bot.matches.active_match_ids()))


async def test_card_by_its_russian_name_in_the_players_language(simcord_env) -> None:
    t = make_table(simcord_env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "settings language", language="ru")

    choices = await alice.autocomplete(t.channel, "card", "name", "гоблин-п", game="chronomagia")
    assert choices[0] == {"name": "Гоблин-поджигатель (T001)", "value": "T001"}

    shown = last_reply(await alice.slash(t.channel, "card", name="Гоблин-поджигатель", game="chronomagia"))
    assert shown.content.startswith("**Гоблин-поджигатель** · Мыслеобраз — Гоблин · T001"), shown.content
    assert "Эпоха 1" in shown.content and "Goblin Arsonist" not in shown.content
    assert shown.attachments[0].filename == "T001.png"
    russian_png = await shown.attachments[0].read()

    # bob kept English: the same Russian name finds the card, shown in English.
    shown = last_reply(await bob.slash(t.channel, "card", name="Гоблин-поджигатель", game="chronomagia"))
    assert shown.content.startswith("**Goblin Arsonist** · Thoughtform — Goblin · T001"), shown.content
    assert await shown.attachments[0].read() != russian_png, "the image is drawn in each reader's language"

    missed = last_reply(await alice.slash(t.channel, "card", name="Гоблин-поджегатель", game="chronomagia"))
    assert "Did you mean Гоблин-поджигатель" in missed.content
    assert_error(simcord_env, CardhostError, contains="no card called")


async def test_a_russian_deck_list_imported_shown_exported_and_played(simcord_env) -> None:
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "settings language", language="ru")
    text = russian_listing("Shadow Court")

    misspelt = text.replace("2 Тюремщик", "2 Тюремшик")
    failed = last_reply(
        await alice.slash(t.channel, "deck import", game="chronomagia", name="Двор", text=misspelt)
    )
    assert "`2 Тюремшик`): unknown card" in failed.content
    assert "Did you mean **Тюремщик**" in failed.content

    saved = last_reply(
        await alice.slash(t.channel, "deck import", game="chronomagia", name="Двор", text=text)
    )
    assert "Saved **Двор**" in saved.content and "41 cards" in saved.content, saved.content

    shown = last_reply(await alice.slash(t.channel, "deck show", name="Двор"))
    assert "Main Deck (30)" in shown.content and "Hero (1)" in shown.content
    assert "Hero Deck (10)" in shown.content and shown.attachments

    exported = last_reply(await alice.slash(t.channel, "deck export", name="Двор"))
    listing = (await exported.attachments[0].read()).decode()
    assert "Nyx, Weaver of Shadows" in listing and "Hero Deck" in listing
    stored = await env.bot.db.decks.get(alice.id, (await env.bot.db.decks.list(alice.id))[0].id)
    assert import_deck(listing, get_pool("chronomagia")).deck == stored.deck

    cards = await alice.autocomplete(t.channel, "deck card", "name", "гоблин-п", game="chronomagia")
    assert cards[0]["value"] == "Гоблин-поджигатель"

    result = await alice.slash(t.channel, "play chronomagia", deck="Двор")
    assert "vs the AI" in last_reply(result).content
    live = await _latest(env)
    hero, main, side = STARTER_LISTS["Shadow Court"]
    assert Counter(live.cfg.options["hero_decks"][0]) == Counter(side), "the saved Hero Deck came along"
    assert Counter(live.cfg.options["decks"][0]) == Counter([hero, *Counter(main).elements()])
    assert live.seats[0].language == "ru"
