"""Which language a player reads: their ``/settings language`` choice, applied where a game can
speak it.

Card names and texts are data; a game whose cards carry a translation (Chronomagia's Russian
``name_ru``/``text_ru``) declares the languages its table speaks (``TableSpec.languages``). The
bot decides the language of each message it builds (the reader's own for a DM panel or ``/card``,
the table's for a public board) and sets it around the presenter calls with ``speaking``; the
presenter reads it with ``language()``. Images are drawn in worker processes, where a context
variable does not reach, so renderers take it as the ``lang`` keyword instead.

The table's own words around a game's (the clock line, "To play", the panel's menus) are written
in English with ``say``, which gives their translation when the message is built in a language
that has one (``PHRASES``): only a game whose table speaks that language ever builds a message in
it, so the other games read English as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

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


PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        # the game's title and where it is played
        "Chronomagia": "Хрономагия",
        "game #{id}": "игра №{id}",
        # the clock line
        " · ⏳ time runs out {stamp}{bank}": " · ⏳ время выйдет {stamp}{bank}",
        " (with {minutes}:{seconds} of reserve)": " (вместе с резервом {minutes}:{seconds})",
        " · ⏳ passes {stamp} if you don't answer": " · ⏳ пас {stamp}, если вы не ответите",
        " · ⏳ {stamp}": " · ⏳ {stamp}",
        # the board
        "To play: {who}{clock}": "Ходит: {who}{clock}",
        "**Game over.**": "**Игра окончена.**",
        "> … {n} earlier": "> … ещё строк раньше: {n}",
        "> … {n} earlier or minor lines not shown": "> … не показано строк (ранних или мелких): {n}",
        # the DM panel
        "The game is over.": "Игра окончена.",
        "Waiting for {who}.": "Ждём хода: {who}.",
        (
            "The AI plays your seat after your turns ran out. **Take my seat back** (or "
            "`/game reclaim` in the game's thread) and you decide again from the next decision."
        ): (
            "Ваше время вышло, и за вас играет ИИ. Нажмите **Вернуть моё место** (или "
            "`/game reclaim` в ветке игры), и со следующего решения вы снова играете сами."
        ),
        # the panel's menus and buttons
        "Choose a move, then which one": "Выберите ход, затем какой именно",
        "More moves (each explained)": "Другие ходы (с пояснениями)",
        "Card details: read a card": "Карта подробно: прочитать карту",
        "Take my seat back": "Вернуть моё место",
        "◀ Previous": "◀ Назад",
        "More moves ▶": "Ещё ходы ▶",
        "↩ Back to all moves": "↩ Ко всем ходам",
        "{n} choices: {shown}": "вариантов: {n}: {shown}",
        "Show my hand": "Показать мою руку",
        # the clock's lines in the game's thread
        "⏰ {mention}, {left} seconds left on your turn.": "⏰ {mention}, до конца вашего хода осталось {left} с.",
        (
            "⌛ {name} ran out of time {n} turns in a row: the AI plays the seat until "
            "they take it back (**Take my seat back** on their hand panel, or "
            "`/game reclaim` here)."
        ): (
            "⌛ У {name} {n} хода подряд вышло время: за это место играет ИИ, пока его не вернут "
            "(**Вернуть моё место** на панели руки или `/game reclaim` здесь)."
        ),
        (
            "⌛ {name} ran out of time: the AI plays the rest of this turn for them "
            "(their next turn is theirs again)."
        ): "⌛ У {name} вышло время: остаток этого хода за него играет ИИ (следующий ход — снова его).",
        # the end
        "🏁 **Final ranking**": "🏁 **Итоги**",
        "{ordinal}: {who}": "{place}-е место: {who}",
        "📈 Ratings: {parts}": "📈 Рейтинг: {parts}",
        "📈 Not rated: {reason}.": "📈 Без рейтинга: {reason}.",
        " · not rated: {who} ({why})": " · без рейтинга: {who} ({why})",
        # a replay's step-through panel
        "🎞️ **Replay** · {title} · ": "🎞️ **Повтор** · {title} · ",
        "the opening board": "начальная доска",
        "move {seq} of {moves}": "ход {seq} из {moves}",
        "turn {index} of {last} (moves {first}-{seq})": "ход {index} из {last} (действия {first}-{seq})",
        "The game begins.": "Игра начинается.",
        "Nothing was announced on this step.": "На этом шаге ничего не объявлено.",
    },
}
"""Language -> the table's English words (a ``str.format`` template) -> their translation."""


def say(english: str, **values: Any) -> str:
    """``english`` (a ``str.format`` template) in the language of the message being built: its
    translation where ``PHRASES`` has one, else the English, filled with ``values``."""
    template = PHRASES.get(language(), {}).get(english, english)
    return template.format(**values) if values else template
