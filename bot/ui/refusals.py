"""Every click gets an answer: a component callback's refusal becomes a sentence to the clicker.

discord.py logs an exception raised in a ``DynamicItem`` callback and answers nothing, so the
player sees "This interaction failed". Slash commands have ``tree.on_error``; components have no
such hook, so each callback wears ``answers_refusals``: a ``CardhostError`` (a forged id for a
game that does not exist, a pod that was cancelled, an unknown game) is said to the clicker alone,
and anything else is logged with the custom_id and still answered.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Coroutine, Mapping
from typing import Any, TypeVar

import discord

from bot.text import clip
from engines.core import CardhostError

log = logging.getLogger("cardhost")

ON_OUR_SIDE = "Something went wrong on my side; it has been logged. Please try again."

S = TypeVar("S")


async def answer(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral sentence, as a follow-up when the callback already deferred or answered."""
    text = clip(text)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


Callback = Callable[[S, discord.Interaction], Coroutine[Any, Any, None]]


def answers_refusals(callback: Callback[S]) -> Callback[S]:
    """Wrap a component callback so that no failure leaves the click unanswered."""

    @functools.wraps(callback)
    async def run(self: S, interaction: discord.Interaction) -> None:
        try:
            await callback(self, interaction)
        except CardhostError as exc:
            await answer(interaction, str(exc))
        except Exception:
            payload: Mapping[str, object] = interaction.data or {}
            log.error(
                "component failed",
                exc_info=True,
                extra={
                    "ctx": {
                        "custom_id": payload.get("custom_id"),
                        "user": interaction.user.id,
                        "channel": interaction.channel_id,
                    }
                },
            )
            await answer(interaction, ON_OUR_SIDE)

    run.__dict__["answers_refusals"] = True  # tests/bot/test_trust_ids.py checks every callback wears it
    return run
