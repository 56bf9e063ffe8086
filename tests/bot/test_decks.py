"""/deck through the real bot in an offline Discord: every command, the file, the modal, the limits."""

from __future__ import annotations

import io
from typing import Any

import discord
from PIL import Image
from simcord import assert_error

from engines.afrika.cards import CARDS
from engines.afrika.decks import STARTER_FLAMES, STARTER_WILDS
from engines.core import CardhostError
from engines.decks import get_pool, import_deck
from tests.bot.table import buttons, last_reply, make_table


def listing(starter: dict[str, int] = STARTER_FLAMES, fmt: str = "{n} {name}") -> str:
    return "\n".join(fmt.format(n=n, name=CARDS()[cid].name) for cid, n in starter.items())


def _text_input_id(modal: dict[str, Any] | None) -> str:
    assert modal is not None, "the bot showed no modal"

    def walk(node: Any) -> str | None:
        if isinstance(node, dict):
            if node.get("type") == 4:
                return str(node["custom_id"])
            node = list(node.values())
        if isinstance(node, list):
            for child in node:
                found = walk(child)
                if found:
                    return found
        return None

    found = walk(modal)
    assert found, modal
    return found


async def _import(member: Any, channel: Any, name: str = "Flames", **options: Any) -> Any:
    result = await member.slash(channel, "deck import", game="afrika", name=name, **options)
    return last_reply(result)


async def _decks(env: Any, member: Any) -> list[str]:
    return [d.name for d in await env.bot.db.decks.list(member.id)]


async def test_import_by_file_then_list_show_export(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    reply = await _import(alice, t.channel, file=("flames.txt", listing().encode()))
    assert reply.ephemeral and "Saved **Flames**" in reply.content and "60 cards" in reply.content

    listed = last_reply(await alice.slash(t.channel, "deck list"))
    assert listed.ephemeral
    field = listed.embeds[0].fields[0]
    assert field.name == "Chronicles of Afrika" and "**Flames** — constructed, 60 cards" in field.value

    shown = last_reply(await alice.slash(t.channel, "deck show", name="flames"))
    assert shown.ephemeral  # to alice alone, as /deck export answers (public: True shows it to all)
    assert "Codex (60)" in shown.content and "Curve:" in shown.content
    png = await shown.attachments[0].read()
    img = Image.open(io.BytesIO(png))
    assert img.width == 1200 and img.height > 400

    exported = last_reply(await alice.slash(t.channel, "deck export", name="Flames"))
    assert exported.ephemeral and exported.content.startswith("```")
    text = (await exported.attachments[0].read()).decode()
    assert text in exported.content
    again = import_deck(text, get_pool("afrika"))
    stored = await simcord_env.bot.db.decks.get(
        alice.id, (await simcord_env.bot.db.decks.list(alice.id))[0].id
    )
    assert again.deck == stored.deck

    # the exported text imports back to the same deck through the bot too
    reply = await _import(alice, t.channel, name="Flames again", file=("flames.txt", text.encode()))
    assert "Saved **Flames again**" in reply.content
    rows = await simcord_env.bot.db.decks.list(alice.id)
    decks = [(await simcord_env.bot.db.decks.get(alice.id, r.id)).deck for r in rows]
    assert decks[0] == decks[1]


async def test_import_text_option_one_line(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    one_line = listing(STARTER_WILDS, "{n}x {name}").replace("\n", " ")
    reply = await _import(alice, t.channel, name="Wilds", text=one_line)
    assert "Saved **Wilds**" in reply.content
    semis = listing(STARTER_WILDS, "{name} x{n}").replace("\n", "; ")
    reply = await _import(alice, t.channel, name="Wilds 2", text=semis, format="limited")
    assert "Saved **Wilds 2**" in reply.content and "limited" in reply.content


async def test_import_by_modal(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    shown = await alice.slash(t.channel, "deck import", game="afrika", name="Pasted")
    assert shown.modal is not None and shown.modal["title"] == "Import deck: Pasted"
    submitted = await alice.submit_modal(shown, {_text_input_id(shown.modal): listing()})
    assert "Saved **Pasted**" in last_reply(submitted).content
    assert await _decks(simcord_env, alice) == ["Pasted"]


async def test_modal_with_problems_saves_nothing(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    shown = await alice.slash(t.channel, "deck import", game="afrika", name="Oops")
    bad = listing().replace("Cosmic Storyteller", "Cosmic Storytelr")
    reply = last_reply(await alice.submit_modal(shown, {_text_input_id(shown.modal): bad}))
    assert "was not saved" in reply.content and "Did you mean **Cosmic Storyteller**" in reply.content
    assert await _decks(simcord_env, alice) == []


async def test_every_problem_with_its_line_and_nothing_saved(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    text = "4 Cosmic Storytelr\nfour Spark Bolt\n7 Spark Bolt\nSideboard\n1 Spark Bolt"
    reply = await _import(alice, t.channel, name="Broken", file=("broken.txt", text.encode()))
    assert reply.ephemeral
    content = reply.content
    assert "**Broken** was not saved — 5 problems" in content
    for expected in (
        "Line 1 (`4 Cosmic Storytelr`): unknown card",
        "Line 2 (`four Spark Bolt`): the count 'four' is not a number",
        "Line 3 (`7 Spark Bolt`): too many copies: 7 × Spark Bolt",
        "Line 4 (`Sideboard`)",
        "Deck: the Codex has 0 cards",  # every card line has a problem: none is counted
    ):
        assert expected in content, content
    assert await _decks(simcord_env, alice) == []


async def test_the_size_counts_only_the_lines_without_problems(simcord_env) -> None:
    """Issue #35 item 7: 48 clean cards and "5 Facet Lancer" (too many copies) were told "the Codex
    has 53 cards (counting only the lines without problems)"."""
    t = make_table(simcord_env)
    alice = t.members["alice"]
    clean = listing().replace("12 Nebula Plains\n", "")  # 48 cards
    text = clean + "\n5 Facet Lancer\n4 Facet Lancr"
    reply = await _import(alice, t.channel, name="Lancers", file=("l.txt", text.encode()))
    assert "**Lancers** was not saved — 3 problems" in reply.content, reply.content
    assert "Line 25 (`5 Facet Lancer`): too many copies: 5 × Facet Lancer" in reply.content
    assert "Deck: the Codex has 48 cards; a Chronicles of Afrika constructed Codex needs at least 60" in (
        reply.content
    ), reply.content
    # with copies: a clean "4 Facet Lancer" counts 4
    reply = await _import(
        alice, t.channel, name="Lancers", file=("l.txt", (clean + "\n4 Facet Lancer\n1 Xyzzy").encode())
    )
    assert "Deck: the Codex has 52 cards;" in reply.content, reply.content
    assert await _decks(simcord_env, alice) == []


async def test_show_and_export_answer_alike_to_you_or_to_the_channel(simcord_env) -> None:
    """Issue #35 item 7: /deck show posted to the channel and /deck export to you alone. Both answer
    to you alone, and both take `public: True` to show the deck to the channel."""
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    await _import(alice, t.channel, name="Flames", file=("flames.txt", listing().encode()))

    def seen_by_bob() -> list[Any]:
        return [m for m in t.channel.history(viewer=bob) if m.author.bot and "Flames" in m.content]

    for command in ("deck show", "deck export"):
        private = last_reply(await alice.slash(t.channel, command, name="Flames"))
        assert private.ephemeral, command
        assert seen_by_bob() == [], command
    shown = last_reply(await alice.slash(t.channel, "deck show", name="Flames", public=True))
    assert not shown.ephemeral and "Codex (60)" in shown.content and shown.attachments
    exported = last_reply(await alice.slash(t.channel, "deck export", name="Flames", public=True))
    assert not exported.ephemeral and exported.content.startswith("```")
    assert (await exported.attachments[0].read()).decode() in exported.content
    public = seen_by_bob()
    assert len(public) == 2 and all(len(m.content) <= 2000 and not m.mentions for m in public)


async def test_long_problem_lists_come_as_a_file(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    text = "\n".join(f"{i % 9 + 1} Unknown Card Number {i}" for i in range(200))
    reply = await _import(alice, t.channel, name="Junk", file=("junk.txt", text.encode()))
    assert (
        len(reply.content) <= 2000 and "more: every problem is in the attached problems.txt" in reply.content
    )
    full = (await reply.attachments[0].read()).decode()
    assert full.count("unknown card") == 200 and "Line 200 " in full
    assert await _decks(simcord_env, alice) == []


async def test_file_limits(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await _import(alice, t.channel, file=("big.txt", b"4 Spark Bolt\n" * 30000))
    assert_error(simcord_env, CardhostError, contains="at most 256 KB")
    await _import(alice, t.channel, file=("long.txt", b"1 Spark Bolt\n" * 1001))
    assert_error(simcord_env, CardhostError, contains="1001 lines; a deck list can have at most 1000")
    await _import(alice, t.channel, file=("deck.png", b"\x89PNG\r\n\x1a\n\x00\x00"))
    assert_error(simcord_env, CardhostError, contains="as a .txt file")
    await _import(alice, t.channel, file=("deck.txt", b"4 Spark\x00Bolt"))
    assert_error(simcord_env, CardhostError, contains="not a text file")
    assert await _decks(simcord_env, alice) == []


async def test_utf16_and_cp1252_files(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    reply = await _import(alice, t.channel, name="Sixteen", file=("d.txt", listing().encode("utf-16")))
    assert "Saved" in reply.content
    latin = (listing() + "\n# café ’ note").encode("cp1252")
    reply = await _import(alice, t.channel, name="Latin", file=("d.txt", latin))
    assert "Saved" in reply.content


async def test_text_and_file_together_and_names(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await _import(alice, t.channel, text="4 Spark Bolt", file=("a.txt", b"4 Spark Bolt"))
    assert_error(simcord_env, CardhostError, contains="not both")
    await _import(alice, t.channel, name="@everyone", text="4 Spark Bolt")
    assert_error(simcord_env, CardhostError, contains="can't contain")
    await _import(alice, t.channel, name="x" * 41, text="4 Spark Bolt")
    assert_error(simcord_env, CardhostError, contains="at most 40 characters")
    await _import(alice, t.channel, text=listing(), format="vintage")
    assert_error(simcord_env, CardhostError, contains="no format 'vintage'")


async def test_same_name_needs_replace(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    await _import(alice, t.channel, file=("a.txt", listing().encode()))
    shown = await alice.slash(t.channel, "deck import", game="afrika", name="FLAMES")
    assert shown.modal is None
    assert_error(simcord_env, CardhostError, contains="already have a deck called **Flames**")
    reply = await _import(
        alice, t.channel, name="FLAMES", replace=True, file=("w.txt", listing(STARTER_WILDS).encode())
    )
    assert "Saved **FLAMES**" in reply.content
    assert await _decks(simcord_env, alice) == ["FLAMES"]
    reply = await _import(bob, t.channel, file=("a.txt", listing().encode()))  # decks are per player
    assert "Saved **Flames**" in reply.content


async def test_rename_copy_and_autocomplete(simcord_env) -> None:
    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    await _import(alice, t.channel, name="Stellar Flames", file=("a.txt", listing().encode()))
    await _import(alice, t.channel, name="Savanna Wilds", file=("b.txt", listing(STARTER_WILDS).encode()))
    await _import(bob, t.channel, name="Bob's Flames", file=("a.txt", listing().encode()))

    choices = await alice.autocomplete(t.channel, "deck show", "name", "fla")
    assert [c["name"] for c in choices] == ["Stellar Flames — Chronicles of Afrika, 60 cards"]
    everything = await alice.autocomplete(t.channel, "deck show", "name", "")
    assert len(everything) == 2  # never another player's decks

    reply = last_reply(
        await alice.slash(t.channel, "deck rename", name=choices[0]["value"], new_name="Flames v2")
    )
    assert "Renamed **Stellar Flames** to **Flames v2**" in reply.content
    reply = last_reply(await alice.slash(t.channel, "deck copy", name="flames v2", new_name="Flames v3"))
    assert "Copied **Flames v2** to **Flames v3**" in reply.content
    assert await _decks(simcord_env, alice) == ["Flames v2", "Flames v3", "Savanna Wilds"]
    await alice.slash(t.channel, "deck copy", name="Flames v2", new_name="savanna wilds")
    assert_error(simcord_env, CardhostError, contains="already have a deck called **Savanna Wilds**")
    await alice.slash(t.channel, "deck show", name="Bob's Flames")
    assert_error(simcord_env, CardhostError, contains="no deck called **Bob's Flames**")

    cards = await alice.autocomplete(t.channel, "deck card", "name", "cosmic st", game="afrika")
    assert cards[0]["value"] == "Cosmic Storyteller"
    looked = last_reply(await alice.slash(t.channel, "deck card", game="afrika", name="cosmic storyteller"))
    assert looked.embeds[0].title == "Cosmic Storyteller" and "LC001" in looked.embeds[0].footer.text
    formats = await alice.autocomplete(t.channel, "deck import", "format", "lim", game="afrika")
    assert [c["value"] for c in formats] == ["limited"]


async def test_delete_asks_first_and_survives_stale_clicks(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    await _import(alice, t.channel, name="Doomed", file=("a.txt", listing().encode()))

    ask = last_reply(await alice.slash(t.channel, "deck delete", name="doomed"))
    assert ask.ephemeral and "Delete **Doomed**" in ask.content
    assert [b.label for b in buttons(ask.message)] == ["Delete", "Keep"]
    kept = await alice.click(ask, label="Keep")
    assert kept.response is not None and "Nothing was deleted" in kept.response.content
    assert await _decks(simcord_env, alice) == ["Doomed"]

    ask = last_reply(await alice.slash(t.channel, "deck delete", name="Doomed"))
    custom_id = next(b.custom_id for b in buttons(ask.message) if b.label == "Delete")
    assert custom_id and custom_id.startswith("deckdel:")
    done = await alice.click(ask, label="Delete")
    assert done.response is not None and "Deleted **Doomed**" in done.response.content
    assert await _decks(simcord_env, alice) == []
    await alice.slash(t.channel, "deck show", name="Doomed")
    assert_error(simcord_env, CardhostError, contains="no deck called")


async def test_delete_button_is_routed_after_a_restart_and_only_for_its_owner(simcord_env) -> None:
    """The confirmation is a DynamicItem: any message carrying its custom_id is routed to it, so a
    confirmation posted before a restart still works, and two open confirmations can't delete twice."""
    from bot.ui.decks import DeckDeleteButton

    t = make_table(simcord_env)
    alice, bob = t.members["alice"], t.members["bob"]
    await _import(alice, t.channel, name="Old", file=("a.txt", listing().encode()))
    row = (await simcord_env.bot.db.decks.list(alice.id))[0]
    channel = simcord_env.bot.get_channel(t.channel.id)
    messages = []
    for _ in range(2):
        view = discord.ui.View(timeout=None)
        view.add_item(DeckDeleteButton(row.id, alice.id, "yes"))
        messages.append(await channel.send("Delete **Old**?", view=view))
        view.stop()  # nothing in memory listens to this view any more: only the DynamicItem routes
    wrong = await bob.click(messages[0], label="Delete")
    assert wrong.response is not None and "not your deck" in wrong.response.content
    assert await _decks(simcord_env, alice) == ["Old"]
    done = await alice.click(messages[0], label="Delete")
    assert done.response is not None and "Deleted **Old**" in done.response.content
    assert await _decks(simcord_env, alice) == []
    again = await alice.click(messages[1], label="Delete")
    assert again.response is not None and "no longer exists" in again.response.content


async def test_list_when_empty_and_play_helper(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    reply = last_reply(await alice.slash(t.channel, "deck list"))
    assert "no saved decks" in reply.content
    await _import(alice, t.channel, name="Mine", file=("a.txt", listing().encode()))
    cards = await simcord_env.bot.db.decks.get_for_play(alice.id, "afrika", "mine")
    assert sorted(cards) == sorted(cid for cid, n in STARTER_FLAMES.items() for _ in range(n))


async def test_a_deck_with_a_card_that_left_the_game(simcord_env) -> None:
    from engines.decks import Deck

    t = make_table(simcord_env)
    alice = t.members["alice"]
    stale = Deck("afrika", "constructed", (("main", (("LC001", 4), ("ZZ999", 56))),))
    await simcord_env.bot.db.decks.save(alice.id, "Stale", stale)
    await alice.slash(t.channel, "deck show", name="Stale")
    assert_error(simcord_env, CardhostError, contains="no longer in the game (ZZ999)")
    await alice.slash(t.channel, "deck export", name="Stale")
    assert_error(simcord_env, CardhostError, contains="Import the list again")


async def test_an_arena_export_names_the_deck_and_a_short_limited_list_says_why(simcord_env) -> None:
    """An MTG Arena export's 'About' / 'Name …' lines are the deck's name when `name` is left out;
    a limited list short because its last block became the sideboard says so in the reply."""
    t = make_table(simcord_env)
    alice = t.members["alice"]
    arena = "About\nName Veld Storm\n\nDeck\n" + listing()
    result = await alice.slash(t.channel, "deck import", game="afrika", file=("arena.txt", arena.encode()))
    reply = last_reply(result)
    assert "Saved **Veld Storm**" in reply.content and "60 cards" in reply.content, reply.content
    assert await _decks(simcord_env, alice) == ["Veld Storm"]

    shown = await alice.slash(t.channel, "deck import", game="afrika")
    assert shown.modal is not None and shown.modal["title"] == "Import a deck"
    unnamed = last_reply(await alice.submit_modal(shown, {_text_input_id(shown.modal): listing()}))
    assert "Give the deck a name" in unnamed.content
    assert_error(simcord_env, CardhostError, contains="Give the deck a name")
    assert await _decks(simcord_env, alice) == ["Veld Storm"]

    lines, total = [], 0
    for cid, n in STARTER_FLAMES.items():  # exactly 40 cards: the limited minimum
        take = min(n, 40 - total)
        if take:
            lines.append(f"{take} {CARDS()[cid].name}")
            total += take
    assert import_deck("\n".join(lines), get_pool("afrika"), "limited").ok
    split = "\n".join(lines[:-2]) + "\n\n" + "\n".join(lines[-2:])
    reply = await _import(
        alice, t.channel, name="Short", file=("short.txt", split.encode()), format="limited"
    )
    assert "was not saved" in reply.content
    assert "comes after a blank line, so it was read as the sideboard" in reply.content, reply.content
