"""Alt text: each board and hand picture said in words, for a player with a screen reader.

Discord reads an attachment's description (its alt text, at most 1,024 characters) aloud where a
sighted player sees the picture. Every board and hand image the bot posts carries one, written
from the same view the picture is drawn from: the spectator's view for a board (so it can name no
card a spectator could not see), the seat's own view for a hand.

A game says its position in words in ``bot/presenters/alt/<game>.py`` (its ``DESCRIBER``), which its
table declares (``TableSpec.describer``, read from the game's registry entry); a game without one is
described by ``GENERIC`` (its title, turn and hand size), never a crash. A describer is asked for its full
text first and, when that is over the limit, for its brief one (names without stats, piles as
counts); ``bot.text.clip`` cuts what is still too long on a whole word.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.text import clip

log = logging.getLogger(__name__)

LIMIT = 1024
"""Discord's limit on an attachment's description."""

Describe = Callable[[Any, Sequence[str], str, bool], str]
"""``(view, seat names, language, brief) -> words``."""


@dataclass(frozen=True)
class Describer:
    """How one game's pictures read aloud."""

    board: Describe
    """The public board, from the spectator's view (``engine.view(state, None)``)."""
    hand: Describe
    """A seat's hand picture, from that seat's own view (``view.viewer`` is the seat)."""


# ------------------------------------------------------------------ words every game uses


def seat_name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def counted(items: Iterable[str]) -> list[str]:
    """Equal names once with their count, in the order first met: "Grunt ×2", "Elf"."""
    order: dict[str, int] = {}
    for item in items:
        order[item] = order.get(item, 0) + 1
    return [f"{k} ×{n}" if n > 1 else k for k, n in order.items()]


def listing(items: Iterable[str], none: str = "nothing") -> str:
    out = list(items)
    return ", ".join(out) if out else none


def sentences(parts: Iterable[str]) -> str:
    """Parts as sentences: each ends with a full stop (unless it ends with other punctuation)."""
    out = []
    for part in parts:
        part = part.strip()
        if part:
            out.append(part if part[-1] in ".!?:…" else part + ".")
    return " ".join(out)


_MARKDOWN = re.compile(r"\*\*|__|`|~~|\|\|")


def plain(text: str) -> str:
    """What a screen reader should read: no markdown marks, one space between words."""
    return re.sub(r"[ \t]+", " ", _MARKDOWN.sub("", text)).strip()


# ------------------------------------------------------------------ the fallback


def _generic_board(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    parts = ["The board"]
    turn = getattr(view, "turn", None)
    if turn is not None:
        parts.append(f"Turn {turn}")
    current = next(
        (getattr(view, f) for f in ("current", "active") if isinstance(getattr(view, f, None), int)), None
    )
    if current is not None:
        parts.append(f"{seat_name(names, current)} to play")
    for s in getattr(view, "seats", ()):
        seat = getattr(s, "seat", None)
        count = getattr(s, "hand_count", None)
        if isinstance(seat, int) and isinstance(count, int):
            parts.append(f"{seat_name(names, seat)}: {count} in hand")
    return sentences(parts)


def _generic_hand(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    hand = [str(c) for c in getattr(view, "hand", ())]
    who = seat_name(names, getattr(view, "viewer", None))
    return sentences([f"{who}'s hand, {len(hand)} cards: {listing(hand, 'none')}"])


GENERIC = Describer(_generic_board, _generic_hand)


# ------------------------------------------------------------------ fitting


def _fit(
    kind: str, describe: Describe, fallback: Describe, view: Any, names: Sequence[str], lang: str
) -> str:
    try:
        text = plain(describe(view, names, lang, False))
        if len(text) > LIMIT:
            text = plain(describe(view, names, lang, True))
    except Exception:  # the picture is posted all the same, with the fallback's words
        log.exception("a %s could not be described (%s)", kind, getattr(describe, "__module__", "?"))
        text = plain(fallback(view, names, lang, True))
    return clip(text, LIMIT)


def board_alt(describer: Describer, view: Any, names: Sequence[str], lang: str = "en") -> str:
    """The public board ``view`` (a spectator's) in the game's words (its table's ``describer``),
    at most ``LIMIT`` characters."""
    return _fit("board", describer.board, GENERIC.board, view, names, lang)


def hand_alt(describer: Describer, view: Any, names: Sequence[str], lang: str = "en") -> str:
    """A seat's hand picture (its own ``view``) in the game's words, at most ``LIMIT`` characters."""
    return _fit("hand", describer.hand, GENERIC.hand, view, names, lang)


__all__ = [
    "GENERIC",
    "LIMIT",
    "Describer",
    "board_alt",
    "counted",
    "hand_alt",
    "listing",
    "plain",
    "seat_name",
    "sentences",
]
