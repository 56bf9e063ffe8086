"""The cards as a draft shows them to players: the pick menu's lines and card names.

Everything comes through the game's declarations: the names and menu lines from its
``CardSource`` (``engines.draft.source.draft_source``). Nothing here knows which game is drafted;
the pack image (the game's ``TableSpec.pack_image``) is drawn by ``bot/surfaces/draft.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.draft.source import CardSource, draft_source


@dataclass(frozen=True)
class CardOption:
    """A card in the pick select: its id, "3. Nebula Drake", and the line under it."""

    card: str
    label: str
    description: str


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


def picks_lines(picks: Sequence[str]) -> list[str]:
    """A drafter's picks in words, as the picks under the pack image show them: the cost curve
    (lands aside), then the names grouped by energy (the card source's ``pool_groups``), a card
    picked twice named once with "×2"; not a flat list in pick order (issue #35, item 5)."""
    if not picks:
        return []
    src = source()
    cards = src.cards()
    curve: dict[int, int] = {}
    for cid in picks:
        card = cards.get(cid)
        if card is not None and card.kind != "land":
            curve[card.cost] = curve.get(card.cost, 0) + 1
    bars = " · ".join(f"{cost}: {n}" for cost, n in sorted(curve.items()))
    lines = [f"Your picks ({len(picks)}), by energy" + (f"; cost curve {bars}" if bars else "")]
    for g in src.pool_groups(picks):
        names = ", ".join(card_name(cid) + (f" ×{n}" if n > 1 else "") for cid, n in g.cards)
        lines.append(f"**{g.title}** {g.count}: {names}")
    return lines


__all__ = ["CardOption", "card_name", "card_option", "card_options", "picks_lines", "source"]
