"""The cards as a draft shows them to players: the pick menu's lines, card names, the pack image.

Everything comes through the game's declarations: the names and menu lines from its
``CardSource`` (``engines.draft.source.draft_source``), the pack image from its bot-side
``TableSpec.pack_image``. Nothing here knows which game is drafted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

from bot.ui.draft import CardOption
from engines.draft.source import CardSource, draft_source


def source() -> CardSource:
    """The card source pods draft from: the one declared game with boosters."""
    return draft_source()


def card_option(index: int, card_id: str, src: CardSource | None = None) -> CardOption:
    """A card in the pick select: "3. Nebula Drake" over its rarity, type, cost and stats."""
    src = src or source()
    return CardOption(card_id, f"{index}. {src.cards()[card_id].name}", src.menu_line(card_id))


def card_options(cards: Sequence[str]) -> list[CardOption]:
    """A pack's cards in the pick select, numbered as the pack image numbers them."""
    src = source()
    return [card_option(i + 1, c, src) for i, c in enumerate(cards)]


def card_name(card_id: str) -> str:
    """The card's name, or its id for a card the game no longer has (an old pick log)."""
    card = source().cards().get(card_id)
    return card.name if card is not None else card_id


def pack_renderer() -> Callable[[Sequence[str], str, str], Image.Image] | None:
    """The drafted game's pack image (``TableSpec.pack_image``), if it declares one."""
    from bot.presenters import table_spec

    return table_spec(source().game).pack_image


__all__ = ["card_name", "card_option", "card_options", "pack_renderer", "source"]
