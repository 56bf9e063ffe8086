"""A failed /deck import keeps the player's work (issue #16 item 6), through the real bot on simcord.

The answer to a list with problems carries **Fix and retry** (the form pre-filled with the list
exactly as sent, or the list as a file when a form can't hold it) and, when every problem has one
sure suggestion, **Use the suggestions** (the changed lines as a diff, the corrected list
attached, saved only on **Import the corrected list**). The buttons name a stored attempt, so they
work after a restart, only for the player who imported, and not once it expired or was imported.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.client import create_bot
from bot.db.deckimports import ATTEMPT_SECONDS
from bot.ui.deckimport import MODAL_MAX
from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES
from engines.decks import get_pool, import_deck
from tests.bot.table import last_reply, make_table

RETRY, SUGGEST, CONFIRM = "Fix and retry", "Use the suggestions", "Import the corrected list"
NOT_YOURS = "Only the player who imported this list can use its buttons."

pytestmark = pytest.mark.backends  # stored import attempts, on SQLite and on PostgreSQL



def listing(starter: dict[str, int] = STARTER_FLAMES, sep: str = "\n") -> str:
    return sep.join(f"{n} {CARDS()[cid].name}" for cid, n in starter.items())


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons (from the raw payload simcord stores)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == 2:
                out.append(str(node.get("label")))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(message.components)
    return out


def text_inputs(modal: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """A modal's text inputs by label (label and input may be split by a Label wrapper)."""
    assert modal is not None, "the bot showed no modal"
    found: dict[str, dict[str, Any]] = {}

    def walk(node: Any, label: str = "") -> None:
        if isinstance(node, dict):
            label = str(node.get("label") or label)
            if node.get("type") == 4:
                found[label] = node
                return
            for value in node.values():
                walk(value, label)
        elif isinstance(node, list):
            for child in node:
                walk(child, label)

    walk(modal)
    assert found, modal
    return found


async def _file_import(member: Any, channel: Any, text: str, name: str | None = "Flames") -> Any:
    options: dict[str, Any] = {"game": "afrika", "file": ("deck.txt", text.encode("utf-8"))}
    if name is not None:
        options["name"] = name
    return last_reply(await member.slash(channel, "deck import", **options))


async def _decks(env: Any, member: Any) -> list[str]:
    return [d.name for d in await env.bot.db.decks.list(member.id)]


async def _attachment_text(message: Any) -> str:
    return (await message.attachments[0].read()).decode("utf-8")


async def test_fix_and_retry_opens_the_form_with_the_list_exactly_as_sent(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    # CRLF line ends, a comment, odd spacing and a typo with two suggestions (so no "Use the suggestions")
    sent = "// my flames\r\n" + listing(sep="\r\n").replace("Pyre Drake", "pyle  Drake")
    failed = await _file_import(alice, t.channel, sent)
    assert failed.ephemeral and "**Flames** was not saved — 2 problems" in failed.content, failed.content
    assert "Did you mean **Pyre Drake** or **Isle Drake**?" in failed.content
    assert failed.content.endswith(
        "**Fix and retry** opens the form with your list as you sent it.\n"
        "**Use the suggestions** is not offered: line 16 could be **Pyre Drake** or **Isle Drake**, "
        "and only you know which."
    )
    assert labels(failed) == [RETRY]
    assert await _decks(simcord_env, alice) == []

    shown = await alice.click(failed, label=RETRY)
    assert shown.modal is not None and shown.modal["title"] == "Fix and retry: Flames"
    inputs = text_inputs(shown.modal)
    assert list(inputs) == ["Deck list"]  # the name is the failed import's: no name field
    assert inputs["Deck list"]["value"] == sent
    assert inputs["Deck list"]["max_length"] == MODAL_MAX

    fixed = sent.replace("pyle  Drake", "Pyre Drake")
    saved = last_reply(await alice.submit_modal(shown, {inputs["Deck list"]["custom_id"]: fixed}))
    assert saved.content.startswith("Saved **Flames** — Chronicles of Afrika, constructed, 60 cards.")
    assert await _decks(simcord_env, alice) == ["Flames"]

    again = await alice.click(failed, label=RETRY)
    assert again.modal is None
    assert last_reply(again).content == (
        "This list was already imported as **Flames**; `/deck list` shows your decks."
    )


async def test_a_retry_that_fails_again_answers_with_new_buttons(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    shown = await alice.slash(t.channel, "deck import", game="afrika", name="Pasted")
    first_id = text_inputs(shown.modal)["Deck list"]["custom_id"]
    sent = listing().replace("Spark Bolt", "Xyzzy Blot")
    failed = last_reply(await alice.submit_modal(shown, {first_id: sent}))
    assert labels(failed) == [RETRY]  # "Xyzzy Blot": no suggestion at all
    retry = await alice.click(failed, label=RETRY)
    inputs = text_inputs(retry.modal)
    assert inputs["Deck list"]["value"] == sent
    still = sent.replace("Xyzzy Blot", "Sprak Blot")  # now one sure suggestion (a swap and a swap)
    second = last_reply(await alice.submit_modal(retry, {inputs["Deck list"]["custom_id"]: still}))
    assert "**Pasted** was not saved" in second.content and "Did you mean **Spark Bolt**?" in second.content
    assert labels(second) == [RETRY, SUGGEST]
    again = await alice.click(second, label=RETRY)
    assert text_inputs(again.modal)["Deck list"]["value"] == still
    assert await _decks(simcord_env, alice) == []


async def test_use_the_suggestions_shows_the_changes_and_imports_only_after_confirm(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    sent = (
        listing()
        .replace("Veil Drifter", "Veil Driftr")
        .replace("2 Cinder Raider", "2x cinder raidr   # the fast one")
    )
    failed = await _file_import(alice, t.channel, sent)
    assert "**Flames** was not saved — 3 problems" in failed.content, failed.content
    assert (
        "Line 7 (`2 Veil Driftr`): unknown card 'Veil Driftr'. Did you mean **Veil Drifter**?"
        in failed.content
    )
    assert "Deck: the Codex has 56 cards" in failed.content
    assert failed.content.endswith(
        "**Use the suggestions** shows the corrected list; nothing is saved until you confirm."
    )
    assert labels(failed) == [RETRY, SUGGEST]

    shown = await alice.click(failed, label=SUGGEST)
    offer = last_reply(shown)
    assert offer.ephemeral
    assert offer.content == (
        "**Flames** with the suggestions: 2 lines change.\n"
        "```diff\n"
        "- line 7: 2 Veil Driftr\n"
        "+ line 7: 2 Veil Drifter\n"
        "- line 14: 2x cinder raidr   # the fast one\n"
        "+ line 14: 2x Cinder Raider   # the fast one\n"
        "```\n"
        "Every other line stays as you sent it; the whole corrected list is attached. Import it as "
        "**Flames** (Chronicles of Afrika, constructed, 60 cards)? Nothing is saved until you press "
        "**Import the corrected list**."
    )
    assert offer.attachments[0].filename == "flames-corrected.txt"
    corrected = await _attachment_text(offer)
    assert corrected == sent.replace("Veil Driftr", "Veil Drifter").replace("cinder raidr", "Cinder Raider")
    assert labels(offer) == [CONFIRM]
    assert await _decks(simcord_env, alice) == []  # showing is not saving

    done = await alice.click(offer, label=CONFIRM)
    saved = last_reply(done) if done.followups else None
    assert saved is not None and saved.content.startswith("Saved **Flames** — Chronicles of Afrika")
    assert labels(done.response) == []  # the confirmation's button is gone
    rows = await simcord_env.bot.db.decks.list(alice.id)
    stored = await simcord_env.bot.db.decks.get(alice.id, rows[0].id)
    assert stored.deck == import_deck(listing(), get_pool("afrika")).deck

    late = last_reply(await alice.click(failed, label=SUGGEST))
    assert late.content == "This list was already imported as **Flames**; `/deck list` shows your decks."
    assert await _decks(simcord_env, alice) == ["Flames"]


async def test_no_suggestions_button_unless_every_problem_has_exactly_one(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    one = listing().replace("Veil Drifter", "Veil Driftr")
    cases = {
        # one sure suggestion, one between two cards
        "ambiguous": (
            one.replace("Pyre Drake", "Pyle Drake"),
            "line 15 could be **Pyre Drake** or **Isle Drake**, and only you know which",
        ),
        # one sure suggestion, one with none
        "none": (one.replace("Spark Bolt", "Xyzzy"), "line 18 names no card close enough to suggest"),
        # one sure suggestion and a problem that is not a card's name (a count)
        "count": (
            one.replace("3 Spark Bolt", "three Spark Bolt"),
            "the problem on line 18 is not a misspelt card name",
        ),
        # the suggestion alone leaves the deck short: not a legal deck, so nothing is offered
        "short": (
            "\n".join(one.split("\n")[:-3]),
            "even with the suggestions the list would not be a legal deck",
        ),
    }
    for why, (text, reason) in cases.items():
        failed = await _file_import(alice, t.channel, text, name=why.title())
        assert "was not saved" in failed.content, why
        assert labels(failed) == [RETRY], (why, failed.content)
        # the player sees a "Did you mean" and no button: the answer says why
        assert failed.content.endswith(f"\n**Use the suggestions** is not offered: {reason}."), why
    # no "Did you mean" anywhere: no button was to be expected, so nothing to explain
    failed = await _file_import(alice, t.channel, listing().replace("Spark Bolt", "Xyzzy"), name="Plain")
    assert labels(failed) == [RETRY] and "Use the suggestions" not in failed.content
    assert await _decks(simcord_env, alice) == []


async def test_a_one_letter_typo_is_fixed_by_the_suggestions(simcord_env) -> None:
    """Issue #35 item 7: "Facet Lancr" was Facet Lancer or Rift Lantern, so "Use the suggestions"
    (one sure card per problem) was never offered for it. One letter off one card and seven off
    the other: it is suggested alone, and the button takes it."""
    t = make_table(simcord_env)
    alice = t.members["alice"]
    sent = listing().replace("2 Starlit Sentinel", "2 Facet Lancr").replace("Spark Bolt", "Spark Blt")
    failed = await _file_import(alice, t.channel, sent, name="Diamonds")
    assert "Line 6 (`2 Facet Lancr`): unknown card 'Facet Lancr'. Did you mean **Facet Lancer**?" in (
        failed.content
    ), failed.content
    assert "Rift Lantern" not in failed.content and "Astral Bolt" not in failed.content
    assert "Did you mean **Spark Bolt**?" in failed.content
    assert labels(failed) == [RETRY, SUGGEST]

    offer = last_reply(await alice.click(failed, label=SUGGEST))
    assert "- line 6: 2 Facet Lancr\n+ line 6: 2 Facet Lancer" in offer.content, offer.content
    assert "- line 18: 3 Spark Blt\n+ line 18: 3 Spark Bolt" in offer.content
    saved = last_reply(await alice.click(offer, label=CONFIRM))
    assert saved.content.startswith("Saved **Diamonds** — Chronicles of Afrika, constructed, 60 cards.")
    rows = await simcord_env.bot.db.decks.list(alice.id)
    stored = await simcord_env.bot.db.decks.get(alice.id, rows[0].id)
    fixed = sent.replace("Facet Lancr", "Facet Lancer").replace("Spark Blt", "Spark Bolt")
    assert stored.deck == import_deck(fixed, get_pool("afrika")).deck


async def test_another_player_is_refused_in_words(simcord_env) -> None:
    """Bob cannot see Alice's ephemeral answer, but an id can travel (a forwarded or forged
    message): the bot posts one with her attempt's buttons, and Bob's clicks are refused."""
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    failed = await _file_import(alice, t.channel, listing().replace("Veil Drifter", "Veil Driftr"))
    ids = {
        b["label"]: b["custom_id"]
        for row in failed.components
        for b in row.get("components", [])
        if b.get("type") == 2
    }
    attempt = int(ids[RETRY].split(":")[1])
    channel = simcord_env.bot.get_channel(t.channel.id)
    view = discord.ui.View(timeout=None)
    for custom_id in (f"dimp:{attempt}:retry", f"dimp:{attempt}:fix", f"dimp:{attempt}:go"):
        view.add_item(discord.ui.Button(label=custom_id.rsplit(":", 1)[1], custom_id=custom_id))
    message = await channel.send("Alice's import", view=view)
    view.stop()
    for op in ("retry", "fix", "go"):
        result = await bob.click(message, label=op)
        assert result.modal is None
        assert last_reply(result).content == NOT_YOURS, op
    assert await _decks(simcord_env, alice) == [] and await _decks(simcord_env, bob) == []
    mine = await alice.click(message, label="go")  # Alice may, from any message carrying the id
    assert last_reply(mine).content.startswith("Saved **Flames**")


async def test_the_buttons_work_after_a_restart(simcord_env, db_file) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    sent = listing().replace("Veil Drifter", "Veil Driftr")
    failed = await _file_import(alice, t.channel, sent)
    assert labels(failed) == [RETRY, SUGGEST]

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    retry = await alice.click(failed, label=RETRY)
    assert text_inputs(retry.modal)["Deck list"]["value"] == sent
    offer = last_reply(await alice.click(failed, label=SUGGEST))
    assert "+ line 7: 2 Veil Drifter" in offer.content and labels(offer) == [CONFIRM]

    await simcord_env.restart_bot(create_bot(DISCORD_TOKEN="", CARDHOST_DB=str(db_file)))
    done = await alice.click(offer, label=CONFIRM)
    assert last_reply(done).content.startswith(
        "Saved **Flames** — Chronicles of Afrika, constructed, 60 cards"
    )
    assert await _decks(simcord_env, alice) == ["Flames"]


async def test_a_list_too_long_for_a_form_comes_back_as_a_file(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    note = "  # " + "a long note about this card " * 5
    long = "\n".join(line + note for line in listing().replace("Spark Bolt", "Xyzzy Blot").split("\n"))
    assert len(long) > MODAL_MAX
    failed = await _file_import(alice, t.channel, long, name="Long")
    assert failed.content.endswith("**Fix and retry** gives your list back as a file (too long for a form).")
    result = await alice.click(failed, label=RETRY)
    assert result.modal is None
    answer = last_reply(result)
    assert answer.ephemeral
    assert answer.content == (
        f"Your list is {len(long):,} characters long and a form holds at most 4,000, so here it is as a "
        "file: correct it, then import it with `/deck import` and its `file` option."
    )
    assert answer.attachments[0].filename == "long.txt" and await _attachment_text(answer) == long

    # exactly 4,000 characters still fit the form; an emoji counts twice, as Discord counts
    fits = long[: MODAL_MAX - 1] + "\n"
    failed = await _file_import(alice, t.channel, fits, name="Fits")
    shown = await alice.click(failed, label=RETRY)
    assert text_inputs(shown.modal)["Deck list"]["value"] == fits
    emoji = long[: MODAL_MAX - 2] + "\U0001f4a5\n"  # 4,000 characters in Python, 4,001 for Discord
    failed = await _file_import(alice, t.channel, emoji, name="Emoji")
    said = last_reply(await alice.click(failed, label=RETRY))
    assert said.content.startswith("Your list is 4,001 characters long")


async def test_an_expired_or_unknown_attempt_is_refused_in_words(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    failed = await _file_import(alice, t.channel, listing().replace("Veil Drifter", "Veil Driftr"))
    db = simcord_env.bot.db
    real = db.clock
    db.clock = lambda: real() + ATTEMPT_SECONDS + 1
    gone = (
        "This failed import is no longer kept (they are kept for 24 hours): "
        "run `/deck import` again with your list."
    )
    for label in (RETRY, SUGGEST):
        result = await alice.click(failed, label=label)
        assert result.modal is None and last_reply(result).content == gone
    # the next failed import deletes expired attempts; the old button still gets the sentence
    await _file_import(alice, t.channel, "4 Xyzzy", name="Other")
    assert await db.decks.attempts.get(1) is None
    assert last_reply(await alice.click(failed, label=RETRY)).content == gone
    assert await _decks(simcord_env, alice) == []


async def test_a_one_line_text_option_and_an_unnamed_list(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    one_line = listing(sep="; ").replace("Veil Drifter", "Veil Driftr")
    failed = last_reply(
        await alice.slash(t.channel, "deck import", game="afrika", name="Semis", text=one_line)
    )
    assert labels(failed) == [RETRY, SUGGEST]
    shown = await alice.click(failed, label=RETRY)
    assert text_inputs(shown.modal)["Deck list"]["value"] == one_line  # as sent, on one line
    offer = last_reply(await alice.click(failed, label=SUGGEST))
    assert "- line 7: 2 Veil Driftr\n+ line 7: 2 Veil Drifter" in offer.content
    assert last_reply(await alice.click(offer, label=CONFIRM)).content.startswith("Saved **Semis**")

    # no name anywhere: no "Use the suggestions" (it would be refused for want of a name), and the
    # form asks for one
    shown = await alice.slash(t.channel, "deck import", game="afrika")
    sent = listing().replace("Veil Drifter", "Veil Driftr")
    failed = last_reply(
        await alice.submit_modal(shown, {text_inputs(shown.modal)["Deck list"]["custom_id"]: sent})
    )
    assert "**The deck** was not saved" in failed.content and labels(failed) == [RETRY]
    assert failed.content.endswith(
        "**Use the suggestions** is not offered: the deck has no name yet, and **Fix and retry** asks for one."
    )
    retry = await alice.click(failed, label=RETRY)
    assert retry.modal is not None and retry.modal["title"] == "Fix and retry"
    inputs = text_inputs(retry.modal)
    assert list(inputs) == ["Deck list", "Deck name"] and inputs["Deck list"]["value"] == sent
    values = {inputs["Deck list"]["custom_id"]: listing(), inputs["Deck name"]["custom_id"]: "Named Now"}
    assert last_reply(await alice.submit_modal(retry, values)).content.startswith("Saved **Named Now**")

    # an MTG Arena list names itself: the suggestions are offered and the form shows that name
    arena = "About\nName Veld Storm\n\nDeck\n" + sent
    shown = await alice.slash(t.channel, "deck import", game="afrika")
    failed = last_reply(
        await alice.submit_modal(shown, {text_inputs(shown.modal)["Deck list"]["custom_id"]: arena})
    )
    assert "**Veld Storm** was not saved" in failed.content and labels(failed) == [RETRY, SUGGEST]
    retry = await alice.click(failed, label=RETRY)
    assert text_inputs(retry.modal)["Deck name"]["value"] == "Veld Storm"
    offer = last_reply(await alice.click(failed, label=SUGGEST))
    assert offer.content.startswith("**Veld Storm** with the suggestions: 1 line changes.")
    assert last_reply(await alice.click(offer, label=CONFIRM)).content.startswith("Saved **Veld Storm**")
    assert await _decks(simcord_env, alice) == ["Named Now", "Semis", "Veld Storm"]


async def test_an_id_for_an_attempt_that_never_was(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    channel = simcord_env.bot.get_channel(t.channel.id)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Forged", custom_id="dimp:424242:fix"))
    message = await channel.send("An old message", view=view)
    view.stop()
    said = last_reply(await alice.click(message, label="Forged")).content
    assert said.startswith("This failed import is no longer kept")
