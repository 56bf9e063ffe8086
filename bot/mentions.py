"""Who a message may ping. The client's default is nobody (``CardhostBot`` sets
``AllowedMentions.none()``), because names, nicknames and reasons typed by players end up in the
bot's messages: a nickname like "@everyone" must read as text, never ring a whole server. A message
that means to call players names them here, by id, and pings exactly them."""

from __future__ import annotations

from collections.abc import Iterable

import discord

NO_PINGS = discord.AllowedMentions.none()


def pinging(user_ids: Iterable[int | None]) -> discord.AllowedMentions:
    """Only these users (``None``s, e.g. AI seats, are skipped); never @everyone, @here or a role."""
    ids = sorted({u for u in user_ids if u})
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in ids]
    )
