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
        # a refused click (the bot's own sentences; the engine's are the game's: Presenter.refusal)
        "It's not your turn.": "Сейчас не ваш ход.",
        "This game is over.": "Эта игра окончена.",
        "You're not playing in this game.": "Вы не играете в этой игре.",
        "This move is no longer available.": "Этот ход уже недоступен.",
        "*{said} Here is the position now.*": "*{said} Вот позиция сейчас.*",
        "The AI is playing your seat for the rest of this game.": "За ваше место до конца игры играет ИИ.",
        "Your time ran out: the AI plays the rest of this turn, and the next is yours.": (
            "Ваше время вышло: остаток этого хода играет ИИ, а следующий ход — ваш."
        ),
        "None of those moves can be made now.": "Сейчас нельзя сделать ни один из этих ходов.",
        # the AI's seat, as its name is shown (the stored name stays "AI")
        "AI": "ИИ",
        "{name} (AI)": "{name} (ИИ)",
        # /play against the AI, and the greeting the game's thread opens under
        "⚔️ **{title}**: {user} ({label}) vs the AI ({ai_label}{level}). The game thread is below.\n": (
            "⚔️ **{title}**: {user} ({label}) против ИИ ({ai_label}{level}). Ветка игры — ниже.\n"
        ),
        "🎴 **{title}** #{id} begins! Players in seat order: {players}.\n": (
            "🎴 **{title}** №{id} начинается! Игроки по порядку мест: {players}.\n"
        ),
        (
            "Your hand comes by DM; if DMs are closed, click **Show my hand** on the board. "
            "Turn clock: {seconds} s per turn plus a {reserve} s reserve."
        ): (
            "Ваша рука придёт в личные сообщения; если они закрыты, нажмите **Показать мою руку** "
            "на доске. Часы: {seconds} с на ход и {reserve} с резерва."
        ),
        # a replay's step-through panel
        "🎞️ **Replay** · {title} · ": "🎞️ **Повтор** · {title} · ",
        "the opening board": "начальная доска",
        "move {seq} of {moves}": "ход {seq} из {moves}",
        "turn {index} of {last} (moves {first}-{seq})": "ход {index} из {last} (действия {first}-{seq})",
        "The game begins.": "Игра начинается.",
        # the animated replay
        "🎞️ **Replay** of {title} game #{id}: {names}": "🎞️ **Повтор**: {title}, игра №{id}: {names}",
        "{steps}, {moves} moves · {every}": "{steps}, действий: {moves} · {every}",
        "{n} move": "ходов: {n}",
        "{n} moves": "ходов: {n}",
        "{n} turn": "ходов: {n}",
        "{n} turns": "ходов: {n}",
        "every move": "каждый ход",
        "every turn": "каждый ход",
        "{shown} of {count} boards, evenly spread": "{shown} досок из {count}, равномерно",
        "Animated replay of game #{id}": "Анимированный повтор игры №{id}",
        "Nothing was announced on this step.": "На этом шаге ничего не объявлено.",
    },
}
"""Language -> the table's English words (a ``str.format`` template) -> their translation."""


def say(english: str, **values: Any) -> str:
    """``english`` (a ``str.format`` template) in the language of the message being built: its
    translation where ``PHRASES`` has one, else the English, filled with ``values``."""
    template = PHRASES.get(language(), {}).get(english, english)
    return template.format(**values) if values else template
