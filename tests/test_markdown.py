"""bot.services.markdown escapes as discord.py does (its default), without importing discord."""

from __future__ import annotations

import discord.utils
import pytest

from bot.services.markdown import escape_markdown

SAMPLES = [
    "plain",
    "**bold** and _it_ and ~~gone~~ and `code` and ||spoiler||",
    "back\\slash",
    "> quoted\n>>> block\n# Title\n## sub\n - item",
    "[a link](https://example.com/a_b) and https://example.com/x_y*z and <https://e.com/_>",
    "steam://run/_1 then __under__",
    "",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_escapes_as_discord_does(text: str) -> None:
    assert escape_markdown(text) == discord.utils.escape_markdown(text)
