"""Which language a player reads: their ``/settings language`` choice, applied where a game can
speak it.

Card names and texts are data; a game whose cards carry a translation (Chronomagia's Russian
``name_ru``/``text_ru``) declares the languages its table speaks (``TableSpec.languages``). The
bot decides the language of each message it builds (the reader's own for a DM panel or ``/card``,
the table's for a public board) and sets it around the presenter calls with ``speaking``; the
presenter reads it with ``language()``. Images are drawn in worker processes, where a context
variable does not reach, so renderers take it as the ``lang`` keyword instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT = "en"
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский"}
"""Language code -> its own name, as the settings menu lists it."""

_current: ContextVar[str] = ContextVar("cardhost_language", default=DEFAULT)


def language() -> str:
    """The language of the message being built ("en" unless a caller said otherwise)."""
    return _current.get()


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Build messages in ``lang`` inside the block (an unknown code falls back to English)."""
    token = _current.set(lang if lang in LANGUAGES else DEFAULT)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def known(lang: object) -> str:
    """A stored setting as a language code: anything unrecognised reads as the default."""
    return lang if isinstance(lang, str) and lang in LANGUAGES else DEFAULT


def spoken(lang: str, offered: Iterable[str]) -> str:
    """``lang`` if the table offers it, else the table's first language (its cards' own)."""
    offered = tuple(offered) or (DEFAULT,)
    return lang if lang in offered else offered[0]


def shared(langs: Iterable[str], offered: Iterable[str]) -> str:
    """The language of a public message read by several players: theirs when they all chose the
    same one the table offers, else the table's first (a mixed table reads English)."""
    offered = tuple(offered) or (DEFAULT,)
    chosen = {spoken(lang, offered) for lang in langs}
    return chosen.pop() if len(chosen) == 1 else offered[0]
