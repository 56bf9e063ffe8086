"""/card: any Chronicles of Afrika card as its image and text; a misspelling gets suggestions."""

from __future__ import annotations

from simcord import assert_error

from engines.core import CardhostError
from tests.bot.table import last_reply, make_table


async def test_card_shows_image_and_text(simcord_env) -> None:
    t = make_table(simcord_env)
    alice = t.members["alice"]
    choices = await alice.autocomplete(t.channel, "card", "name", "cosmic sto")
    assert choices and choices[0]["value"] == "LC001"
    result = await alice.slash(t.channel, "card", name="LC001")
    reply = last_reply(result)
    assert "**Cosmic Storyteller**" in reply.content and "Luminaran" in reply.content
    assert reply.attachments[0].filename == "LC001.png"


async def test_unknown_card_suggests_names(simcord_env) -> None:
    t = make_table(simcord_env)
    result = await t.members["alice"].slash(t.channel, "card", name="cosmic storyteler")
    assert "Did you mean Cosmic Storyteller" in last_reply(result).content
    assert_error(simcord_env, CardhostError, contains="no card called")
