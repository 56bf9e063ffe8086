"""Discord's markdown, escaped without discord: a player's name or deck name shown in the bot's
words must read as typed, not turn bold or strike through the line.

The same escaping as ``discord.utils.escape_markdown`` (its default: every markdown character,
links left whole), so the services that write such words need not import discord
(docs/architecture.md); ``tests/test_markdown.py`` holds the two together.
"""

from __future__ import annotations

import re

_COMMON = r"^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-"
_MARKDOWN = rf"(?P<markdown>[_\\~|\*`]|{_COMMON})"
_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_PATTERN = re.compile(f"(?:{_URL}|{_MARKDOWN})", re.MULTILINE)


def _replace(match: re.Match[str]) -> str:
    url = match.group("url")
    return url if url else "\\" + match.group("markdown")


def escape_markdown(text: str) -> str:
    """``text`` with every markdown character escaped by a backslash; links are left whole."""
    return _PATTERN.sub(_replace, text)
