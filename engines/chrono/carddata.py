"""Epochs Chrono card data: suit names and the cosmetic title of every (suit, epoch).

Suit names come from the card file rather than code because the seed does not name the base
suits (D2); a later deck (#4, D4) should be a data change. The loader is strict so that a typo in
the file fails at start-up and in a test, naming the file and the card, instead of showing a blank
title in a match.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engines.core.errors import CardDataError as CardDataError

CARD_FILE = Path(__file__).resolve().parent / "cards" / "chrono.toml"
EPOCHS = 10
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")

_SUIT_FIELDS = {"key", "name", "deck_id"}
_CARD_FIELDS = {"id", "suit", "epoch", "title", "art"}


@dataclass(frozen=True)
class SuitInfo:
    key: str
    name: str
    deck_id: int


@dataclass(frozen=True)
class CardInfo:
    id: str
    suit: str
    epoch: int
    title: str
    art: str | None = None


@dataclass(frozen=True)
class CardData:
    suits: tuple[SuitInfo, ...]
    cards: dict[str, CardInfo]

    def suit(self, key: str) -> SuitInfo:
        for s in self.suits:
            if s.key == key:
                return s
        raise KeyError(key)


def roman(epoch: int) -> str:
    return ROMAN[epoch - 1]


def _fail(path: Path, where: str, msg: str) -> CardDataError:
    return CardDataError(f"{path.name}: {where}: {msg}")


def parse_card_data(raw: dict[str, Any], path: Path = CARD_FILE) -> CardData:
    """Validate the decoded TOML; every suit must have exactly one card per epoch I..X."""
    unknown_top = set(raw) - {"suit", "card"}
    if unknown_top:
        raise _fail(path, "top level", f"unknown keys {sorted(unknown_top)}")
    suits: list[SuitInfo] = []
    for i, s in enumerate(raw.get("suit", [])):
        where = f"suit #{i + 1}"
        extra = set(s) - _SUIT_FIELDS
        if extra:
            raise _fail(path, where, f"unknown fields {sorted(extra)}")
        key, name, deck = s.get("key"), s.get("name"), s.get("deck_id")
        if not (isinstance(key, str) and len(key) == 1 and key.isupper()):
            raise _fail(path, where, "key must be one capital letter")
        if not (isinstance(name, str) and name):
            raise _fail(path, where, "name must be a non-empty string")
        if not (isinstance(deck, int) and 1 <= deck <= 4):
            raise _fail(path, where, "deck_id must be 1..4")
        if any(x.key == key for x in suits):
            raise _fail(path, where, f"duplicate suit key {key!r}")
        suits.append(SuitInfo(key, name, deck))
    if len(suits) < 4:
        raise _fail(path, "suits", "the 3-suit and 4-suit sets need 4 suits")
    keys = {s.key for s in suits}
    cards: dict[str, CardInfo] = {}
    for i, c in enumerate(raw.get("card", [])):
        where = f"card {c.get('id', f'#{i + 1}')}"
        extra = set(c) - _CARD_FIELDS
        if extra:
            raise _fail(path, where, f"unknown fields {sorted(extra)}")
        cid, suit, epoch, title = c.get("id"), c.get("suit"), c.get("epoch"), c.get("title")
        art = c.get("art")
        if suit not in keys:
            raise _fail(path, where, f"unknown suit {suit!r}")
        if not (isinstance(epoch, int) and 1 <= epoch <= EPOCHS):
            raise _fail(path, where, f"epoch must be 1..{EPOCHS}")
        if cid != f"{suit}{epoch}":
            raise _fail(path, where, f"id must be {suit}{epoch} (suit key + epoch number)")
        if not (isinstance(title, str) and title.strip()):
            raise _fail(path, where, "title must be a non-empty string")
        if art is not None and not isinstance(art, str):
            raise _fail(path, where, "art must be a string")
        if cid in cards:
            raise _fail(path, where, "duplicate card")
        cards[cid] = CardInfo(cid, suit, epoch, title, art)
    for s in suits:
        for e in range(1, EPOCHS + 1):
            if f"{s.key}{e}" not in cards:
                raise _fail(path, f"card {s.key}{e}", "missing")
    return CardData(tuple(suits), cards)


@cache
def card_data() -> CardData:
    with CARD_FILE.open("rb") as f:
        return parse_card_data(tomllib.load(f), CARD_FILE)


def card_title(code: str) -> str:
    """Cosmetic title of a card code such as "H5" ("The Navigator")."""
    try:
        return card_data().cards[code].title
    except KeyError:
        raise KeyError(f"unknown Chrono card {code!r}") from None
