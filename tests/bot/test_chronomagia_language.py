"""Chronomagia in two languages through the bot: /settings language, then /card by a Russian name
shows the card in Russian (and in English to a player who kept English); /deck import of a list
written in Russian, /deck show and /deck export of it, "did you mean" in Russian, and the saved
deck's Hero Deck reaching the match. Then a whole match between two Russian readers read in
Russian (issue 34 items 10 and 11: the table's words, the log, the result, a replay, the clock's
lines in the thread)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from simcord import assert_error

from bot.services.clock import now
from engines.chronomagia.cards import card, card_set
from engines.chronomagia.starters import STARTER_LISTS
from engines.core import CardhostError, PlayerId, Rng, choose_action
from engines.decks import get_pool, import_deck
from tests.bot.table import game_thread, last_reply, make_table, panel_message, play_move, start_challenge


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
    assert "(Двор) против ИИ" in last_reply(result).content, "the reply to /play is in alice's language"
    live = await _latest(env)
    hero, main, side = STARTER_LISTS["Shadow Court"]
    assert Counter(live.cfg.options["hero_decks"][0]) == Counter(side), "the saved Hero Deck came along"
    assert Counter(live.cfg.options["decks"][0]) == Counter([hero, *Counter(main).elements()])
    assert live.seats[0].language == "ru"


# ------------------------------------------------------------------ a whole match read in Russian

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
"""A word in Latin letters: none may be left in what a Russian reader sees, but the names below."""


def english_words(text: str, names: tuple[str, ...] = ("alice", "bob")) -> set[str]:
    """The English words of ``text`` once Discord's markup (a countdown ``<t:…:R>``, a channel or
    a mention) and the players' names are taken out."""
    text = re.sub(r"<(?:t:\d+:R|#\d+|@!?\d+)>", "", text)
    for n in names:
        text = re.sub(rf"\b{n}\b", "", text)
    return set(ENGLISH_WORD.findall(text))


def panel_words(message: Any) -> list[str]:
    """Everything a panel says: its text, and its buttons' and menus' labels, placeholders,
    options and their descriptions."""
    said = [message.content]
    for row in message.components:
        for c in row.children:
            said += [getattr(c, "label", None) or "", getattr(c, "placeholder", None) or ""]
            for o in getattr(c, "options", None) or []:
                said += [o.label, o.description or ""]
    return said


async def test_a_russian_match_reads_russian_everywhere(simcord_env) -> None:
    """alice and bob both chose Русский: their panels (prompts, the clock line, buttons, menus),
    the board's words ("To play", the clock, the whole log) hold no English word from the Redeal
    to the end; the log names cards as the hand does (the Russian card data); a Shadow's question
    is put to the one asked in the second person ("Вы можете перевернуть…") and to the other as
    what the table waits for, by name; the Hero's ability buttons say what their counters mean
    and their keywords are explained under the prompt."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    members = {0: t.members["alice"], 1: t.members["bob"]}
    for m in members.values():
        await m.slash(t.channel, "settings language", language="ru")
    await start_challenge(t, "alice", "bob", "chronomagia", deck="Starter: Shadow Court")
    live = await _latest(env)
    # Item 1: the Redeal of the whole hand names seven cards, past a button's 80 characters: the
    # label is cut on a whole name with an ellipsis, not in the middle of a word.
    hand = ", ".join(card(c).name_ru for c in sorted(live.engine.view(live.state, PlayerId(0)).hand))
    labels = [
        getattr(b, "label", None) or ""
        for row in panel_message(members[0], live.id).components
        for b in row.children
    ]
    whole = next(label for label in labels if label.startswith("Пересдать: "))
    assert len(hand) > 80 and len(whole) <= 80 and whole.endswith("…"), whole
    assert f"Пересдать: {hand}".startswith(whole[:-1]) and f"Пересдать: {hand}"[len(whole) - 1] in ",", whole
    rng, pick = Rng.from_seed(3), random.Random(3)
    english: dict[str, str] = {}
    boards: list[str] = []
    asked_you = asked_other = hero_explained = False
    for _ in range(1500):
        if not live.active or live.outcome is not None:
            break
        for member in members.values():
            panel = panel_message(member, live.id)
            for said in panel_words(panel):
                for word in english_words(said):
                    english.setdefault(word, said)
        board = next(m for m in reversed(game_thread(t).history()) if m.attachments)
        boards.append(board.content)
        for said in panel_words(board):  # its words and its "Show my hand" button
            for word in english_words(said):
                english.setdefault(word, said)
        s = live.state
        if s.ask is not None and s.ask.kind == "flip":
            mine = panel_message(members[s.ask.seat], live.id).content
            theirs = panel_message(members[1 - s.ask.seat], live.id).content
            asked_you |= "Вы можете перевернуть свою Тень «" in mine and live.names[s.ask.seat] not in mine
            asked_other |= f"{live.names[s.ask.seat]} может перевернуть Тень" in theirs
        seat = min(live.current)
        panel = panel_message(members[seat], live.id)
        labels = [c.label or "" for row in panel.components for c in row.children if hasattr(c, "label")]
        if any(label.startswith("Герой, снять") for label in labels):
            hero_explained |= "*Способности Героя:*" in panel.content
        legal = list(live.engine.legal_actions(s, PlayerId(seat)))
        shadows = [a for a in legal if a.kind == "shadow"]
        action = pick.choice(shadows) if shadows else choose_action(live.engine, s, PlayerId(seat), rng)
        await play_move(members[seat], live.id, action.to_id())
    assert live.outcome is not None, "the match was played out"
    await env.settle()
    last = next(m for m in reversed(game_thread(t).history()) if m.attachments).content
    assert "🏁 **Итоги**\n1-е место: " in last, last  # the result, on the last board
    for word in english_words(last):
        english.setdefault(word, last)
    assert not english, english
    assert any("Ходит: " in b and "время выйдет <t:" in b for b in boards), boards[-1]
    log = "\n".join(boards)
    assert "разыгрывает «" in log, "a card played is named in Russian in the log"
    english_names = [c.name for c in card_set().cards.values() if c.name != c.name_ru]
    assert not [n for n in english_names if n in log]
    assert asked_you and asked_other, "a Shadow's question, to its reader and to the other"
    assert hero_explained, "the Hero's counters explained while its abilities are offered"


async def test_a_replay_reads_in_the_readers_language(simcord_env) -> None:
    """The log is translated as it is shown, so a replay (which writes the events again in the
    engine's English) reads in Russian to a Russian reader, card names as in the card data, and
    in English to bob."""
    env = simcord_env
    t = make_table(env, ("alice", "bob"))
    alice, bob = t.members["alice"], t.members["bob"]
    await alice.slash(t.channel, "settings language", language="ru")
    await alice.slash(t.channel, "play chronomagia")
    live = await _latest(env)
    rng = Rng.from_seed(7)
    while live.engine.view(live.state, None).turn < 4:
        await play_move(alice, live.id, choose_action(live.engine, live.state, PlayerId(0), rng).to_id())
    await alice.slash(game_thread(t), "game concede")
    assert not live.active
    env.settle_timeout = 120.0  # drawing the animated replay takes seconds (tests/bot/test_replay.py)
    for member, lang in ((alice, "ru"), (bob, "en")):
        panel = (await member.slash(t.channel, "replay", match=live.id)).response.message
        last = next(b.custom_id for row in panel.components for b in row.children if "⏭" in (b.label or ""))
        said = (await member.click(panel, custom_id=last)).response.content
        if lang == "ru":
            assert said.startswith(f"🎞️ **Повтор** · Хрономагия · игра №{live.id} · ход "), said
            assert "alice сдаётся." in said and not english_words(said, ("alice", "AI")), said
        else:
            assert said.startswith(f"🎞️ **Replay** · Chronomagia · game #{live.id} · "), said
            assert "alice concedes." in said


async def test_the_clocks_lines_in_the_thread_read_russian(simcord_env) -> None:
    """When a Russian table's turn runs out, the thread says so in Russian."""
    env = simcord_env
    t = make_table(env, ("alice",))
    alice = t.members["alice"]
    await alice.slash(t.channel, "settings language", language="ru")
    await alice.slash(t.channel, "play chronomagia")
    live = await _latest(env)
    clock = await env.bot.db.matches.get_clock(live.id)
    assert clock is not None and clock.seat == 0
    await env.advance_time(clock.deadline - now() + 1)
    said = [m.content for m in game_thread(t).history() if m.content.startswith(("⏰", "⌛"))]
    assert said and all(not english_words(s, ("alice", "game", "reclaim")) for s in said), said
    assert any("У alice вышло время: остаток этого хода за него играет ИИ" in s for s in said), said
