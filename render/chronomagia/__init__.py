"""Chronomagia drawn for Discord: the public board, a player's hand, the card image and the contact
sheet (``cardhost cards --game chronomagia --sheet DIR``). Every image takes ``lang`` ("en" or
"ru") for its card names, texts and headings."""

from __future__ import annotations

from pathlib import Path

from engines.chronomagia.cards import card_set
from render.chronomagia.board import board, board_labels
from render.chronomagia.card import card_image
from render.chronomagia.hand import hand, hand_labels
from render.sheet import write_card_sheets

KIND_ORDER = ("hero", "thoughtform", "location", "phenomenon", "shadow", "token")


def sheet_ids() -> list[str]:
    """Every card of the set, Heroes first, then Thoughtforms, Locations, Phenomena, Shadows and
    tokens, each kind by id."""
    cards = card_set().cards
    return sorted(cards, key=lambda cid: (KIND_ORDER.index(cards[cid].kind), cid))


def card_sheet(directory: str, per_page: int = 20, set_code: str = "", lang: str = "en") -> list[Path]:
    """Contact sheets of every card (the set has one edition, so ``set_code`` is not used); pages
    are ``chronomagia-sheet-NN.png``, or ``chronomagia-ru-sheet-NN.png`` in Russian."""
    game = "chronomagia" if lang == "en" else f"chronomagia-{lang}"
    return write_card_sheets(directory, game, sheet_ids(), lambda cid: card_image(cid, lang), per_page)


__all__ = ["board", "board_labels", "card_image", "card_sheet", "hand", "hand_labels", "sheet_ids"]
