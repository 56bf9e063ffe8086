"""Russian names and descriptions of the bot's slash commands: discord.py's command localisation.

Discord shows a command, its options and choices in the language of each player's app, from the
``name_localizations`` / ``description_localizations`` the bot sends when it syncs its commands.
``RussianTranslator`` supplies them for ``discord.Locale.russian`` and nothing for other locales,
so English stays what everyone else reads. ``CardhostBot.setup_hook`` installs it before the sync.

The tables are looked up by where a string sits, not by its English text, because several
descriptions are written from the declared games (``/play afrika deck:`` names Afrika's Codex)
and change when a game is added:

* ``NAMES``: a command's, group's or option's English name -> its Russian name. A path ("deck
  card", "play deck:") may override a word when one English word needs two Russian ones.
* ``DESCRIPTIONS``: a command or group by its qualified name ("deck import"), an option by its
  command's name, a space and its own name with a colon ("deck import game:"). An option of a
  subcommand without its own entry reads its group's ("play deck:" for every ``/play <game>
  deck:``, as every game's /play has a deck alike).
* ``CHOICES``: a choice's English name (choices repeat across commands).

A game's own words (its title, its ``/play`` subcommand's name and description, its options'
names, descriptions and choices) are not here: each game declares them with itself
(``GameSpec.command_names`` and ``GameSpec.translations``), so these tables name no game and a new
game brings its Russian along.

``tests/bot/test_translations.py`` walks the bot's whole command tree and fails on anything
without a Russian name or description, or one that breaks Discord's rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engines.core import ConfigError
from engines.games import all_games, game_spec

LOCALE = discord.Locale.russian

NAMES: dict[str, str] = {
    # commands and groups
    "play": "играть",
    "game": "игра",
    "concede": "сдаться",
    "end": "завершить",
    "reclaim": "вернуть",
    "status": "статус",
    "profile": "профиль",
    "deck": "колода",
    "import": "импорт",
    "list": "список",
    "show": "показать",
    "export": "экспорт",
    "rename": "переименовать",
    "copy": "копировать",
    "delete": "удалить",
    "card": "карта",
    "settings": "настройки",
    "stops": "остановки",
    "language": "язык",
    "draft": "драфт",
    "create": "создать",
    "leave": "покинуть",
    "resume": "продолжить",
    "log": "журнал",
    "sealed": "силед",
    "pod": "под",
    "pool": "пул",
    "start": "начать",
    "result": "результат",
    "stats": "статистика",
    "set": "набор",
    "leaderboard": "лидеры",
    "ratings": "рейтинги",
    "ai": "ии",
    "rebuild": "пересчитать",
    "history": "история",
    "replay": "повтор",
    "puzzle": "задача",
    # /play's subcommands are named by each game's declaration (GameSpec.command_names)
    # options (a game's own options: its declaration, GameSpec.translations)
    "seats": "места",
    "turn_seconds": "секунд_на_ход",
    "opponent": "соперник",
    "best_of": "партий",
    "reason": "причина",
    "player": "игрок",
    "name": "название",
    "text": "текст",
    "file": "файл",
    "format": "формат",
    "replace": "заменить",
    "public": "всем",
    "new_name": "новое_название",
    "timer": "таймер",
    "bots": "боты",
    "async": "заочно",
    "round": "раунд",
    "table": "стол",
    "winner": "победитель",
    "by": "по",
    "at_least": "не_меньше",
    "period": "период",
    "rated": "рейтинговые",
    "match": "партия",
}
"""English name (or a path overriding it) -> Russian name: lowercase, no spaces, 1-32 characters."""

DESCRIPTIONS: dict[str, str] = {
    "play": "Начать карточную игру в этом канале",
    "play seats:": "Сколько игроков может сесть (максимум игры, если не задано)",
    "play turn_seconds:": "Секунд на ход, прежде чем ИИ сходит за вас (резервное время сверху)",
    "play deck:": "Ваша колода (сохранённая или стартовая); стартовая, если не задано",
    "play opponent:": "Вызвать этого игрока (иначе играете против ИИ)",
    "play best_of:": "Сыграть матч из нескольких партий (по умолчанию — как в правилах игры)",
    "play ai:": "Насколько хорошо играет ИИ: легко, нормально (по умолчанию) или сложно",
    "game": "Игра в этой ветке",
    "game concede": "Сдаться в игре этой ветки",
    "game end": "Завершить игру в этой ветке (хозяин игры или модераторы)",
    "game end reason:": "Почему игра завершена (видно в ветке; не больше 300 символов)",
    "game reclaim": "Вернуть своё место у ИИ, который играл за вас",
    "game status": "Посмотреть доску и чей сейчас ход (видите только вы)",
    "profile": "Ваши результаты (или другого игрока)",
    "profile player:": "Чей профиль (ваш, если не задано)",
    "deck": "Ваша библиотека колод: импорт, просмотр и экспорт",
    "deck import": "Сохранить колоду из вставленного списка или файла .txt",
    "deck import game:": "Для какой игры колода",
    "deck import name:": "Название колоды (1-40 символов); если не задано — строка 'Name' из списка MTG Arena",
    "deck import text:": "Список (строки можно разделять ';'); оставьте пустым, чтобы вставить в форму",
    "deck import file:": "Файл .txt со списком (не больше 256 КБ и 1000 строк)",
    "deck import format:": "Формат колоды (обычный для игры, если не задано)",
    "deck import replace:": "Перезаписать вашу колоду с тем же названием",
    "deck list": "Ваши сохранённые колоды",
    "deck list game:": "Только колоды этой игры",
    "deck show": "Показать вашу колоду картинкой, с кривой стоимости",
    "deck show name:": "Колода",
    "deck show game:": "Игра, если у вас есть колоды с таким названием в нескольких",
    "deck show public:": "Показать её всему каналу (без этого ответ видите только вы)",
    "deck export": "Ваша колода текстом, который можно вставить или импортировать снова",
    "deck export name:": "Колода",
    "deck export game:": "Игра, если у вас есть колоды с таким названием в нескольких",
    "deck export public:": "Показать её всему каналу (без этого ответ видите только вы)",
    "deck rename": "Переименовать вашу колоду",
    "deck rename name:": "Колода",
    "deck rename new_name:": "Новое название",
    "deck rename game:": "Игра, если нужно",
    "deck copy": "Скопировать вашу колоду под новым названием",
    "deck copy name:": "Колода",
    "deck copy new_name:": "Название копии",
    "deck copy game:": "Игра, если нужно",
    "deck delete": "Удалить вашу колоду (сначала спросит)",
    "deck delete name:": "Колода",
    "deck delete game:": "Игра, если нужно",
    "deck card": "Найти карту по названию, пока вы пишете список",
    "deck card game:": "Какая игра",
    "deck card name:": "Название карты",
    "settings": "Ваши настройки cardhost",
    "settings stops": "Шаги, на которых бот спросит вас, а не спасует за вас",
    "settings stops game:": "Какая игра (первая, где есть такие шаги, если не задано)",
    "settings language": "Язык, на котором вы читаете карты: английский или русский",
    "settings language language:": "English или Русский (если не задано, покажет текущий язык)",
    "card": "Показать карту: её изображение и текст",
    "card name:": "Название или номер карты (LC001), на любом языке игры",
    "card game:": "Карта какой игры",
    "draft": "Поды Cosmic Draft",
    "draft create": "Открыть под Cosmic Draft (3 бустера по 18 карт) в этом канале",
    "draft create seats:": "Сколько участников драфта (4-8)",
    "draft create timer:": "Таймер выбора: секунды на полный бустер, меньше по мере того, как он пустеет",
    "draft create bots:": "Боты займут пустые места, когда хозяин начнёт",
    "draft create async:": "Заочный под: до 12 часов на выбор и сообщение в личку, когда ждёт бустер",
    "draft create best_of:": "Партий в матче в раундах после драфта: до 1 (по умолчанию) или до 3",
    "draft leave": "Покинуть драфт: за ваше место будет выбирать бот",
    "draft leave pod:": "Номер пода (ваш, если не задано)",
    "draft reclaim": "Вернуть своё место в драфте у бота",
    "draft reclaim pod:": "Номер пода (ваш, если не задано)",
    "draft resume": "Продолжить драфт на паузе: ваше место снова ваше",
    "draft resume pod:": "Номер пода (ваш или этой ветки, если не задано)",
    "draft status": "Ход пода и ваш бустер, если вы в драфте",
    "draft status pod:": "Номер пода (ваш или этой ветки, если не задано)",
    "draft log": "Журнал драфта: каждый выбор с его бустером, в JSON и текстом",
    "draft log pod:": "Номер пода (ваш последний, если не задано)",
    "sealed": "Силед-поды Unleashed Armada",
    "sealed create": "Открыть силед-под Unleashed Armada: по шесть бустеров каждому",
    "sealed create seats:": "Сколько игроков (2-8)",
    "sealed create bots:": "Боты займут пустые места при старте",
    "sealed create best_of:": "Партий в матче в раундах после драфта: до 1 (по умолчанию) или до 3",
    "pod": "Ваш драфт- или силед-под: колоды, пары",
    "pod status": "Пары и положение пода на сейчас",
    "pod status pod:": "Номер пода (по умолчанию под этой ветки или ваш последний)",
    "pod deck": "Снова открыть вашу панель сборки колоды",
    "pod deck pod:": "Номер пода (по умолчанию под этой ветки или ваш последний)",
    "pod pool": "Ваш пул файлом для /deck import",
    "pod pool pod:": "Номер пода (по умолчанию под этой ветки или ваш последний)",
    "pod start": "Хозяин или модераторы: закончить сборку сейчас; ИИ соберёт недостающие колоды",
    "pod start pod:": "Номер пода (по умолчанию под этой ветки или ваш последний)",
    "pod result": "Модераторы: задать результат стола пода, который не решила игра",
    "pod result round:": "Раунд",
    "pod result table:": "Номер стола",
    "pod result winner:": "Победитель (не задавайте при ничьей)",
    "pod result pod:": "Номер пода (по умолчанию под этой ветки)",
    "stats": "Статистика карт этого сервера",
    "stats card": "Очерёдность выбора, розыгрыши и доля побед карты на этом сервере",
    "stats card name:": "Название или номер карты (LC001)",
    "stats card game:": "Карта какой игры",
    "stats set": "График лучших и худших карт игры на этом сервере",
    "stats set game:": "Карты какой игры",
    "stats set by:": "Порядок: доля побед колод с картой (по умолчанию), очерёдность выбора или розыгрыши",
    "stats set at_least:": "Только карты, за числом которых не меньше стольких игр или выборов (по умолчанию 5)",
    "leaderboard": "Лучшие игроки игры на этом сервере по рейтингу",
    "leaderboard game:": "Какая игра",
    "leaderboard period:": "Игроки, игравшие за этот период (за всё время, если не задано)",
    "ratings": "Настройки рейтинга этого сервера",
    "ratings ai": "Меняют ли рейтинг игры с местами ИИ на этом сервере",
    "ratings ai rated:": "True: игры против ИИ рейтинговые; False (по умолчанию): нет",
    "ratings rebuild": "Пересчитать рейтинги этого сервера по истории матчей",
    "ratings rebuild game:": "Только рейтинги этой игры (все игры, если не задано)",
    "history": "Матчи, сыгранные на этом сервере, или выгрузка ваших записей",
    "history player:": "Чьи матчи (ваши, если не задано)",
    "history game:": "Только матчи этой игры",
    "history export:": "Прислать мне мои записи матчей файлами CSV и JSON (видите только вы)",
    "replay": "Посмотреть законченную игру снова: анимация, затем по шагам",
    "replay match:": "Номер игры (на её доске написано 'game #N')",
    "puzzle": "Задача дня игры, решается в личных сообщениях (или решения сервера)",
    "puzzle game:": "Задача какой игры (игры с наибольшим числом задач, если не задано)",
    "puzzle stats:": "Показать вместо этого, кто решил сегодняшнюю задачу на сервере, и лучших решателей",
}
"""Path -> Russian description (1-100 characters)."""

CHOICES: dict[str, str] = {
    # the games' titles and their options' choices: each game's declaration (GameSpec.translations)
    # /play
    "best of 1": "1 партия",
    "best of 3": "до 2 побед из 3",
    "best of 5": "до 3 побед из 5",
    "easy: plays sensible moves but often misses the best one": "легко: делает разумные ходы, но часто упускает лучший",
    "normal: the game's own AI, a steady player (takes over when your time runs out)": (
        "нормально: собственный ИИ игры, ровный игрок (играет за вас, когда истекает время)"
    ),
    "hard: plays its key moves out a few turns ahead, up to a few seconds a move": "сложно: просчитывает главные ходы на несколько ходов вперёд, до нескольких секунд на ход",
    # /settings language: each language by its own name
    "English": "English (английский)",
    "Русский": "Русский",
    # /draft, /sealed
    "fast (75 s for a full pack)": "быстро (75 с на полный бустер)",
    "normal (90 s for a full pack)": "обычно (90 с на полный бустер)",
    "slow (120 s for a full pack)": "медленно (120 с на полный бустер)",
    "best of 3 (side deck: the rest of your pool)": "до 2 побед из 3 (сайд: остаток вашего пула)",
    # /stats set
    "win rate of the decks that held it": "доля побед колод, где она была",
    "pick order in drafts": "очерёдность выбора на драфтах",
    "how often a deck holding it played it": "как часто колода с ней её разыгрывала",
    # /leaderboard
    "All time": "За всё время",
    "The last 30 days": "Последние 30 дней",
    "The last 7 days": "Последние 7 дней",
}
"""English choice name -> Russian (1-100 characters)."""


def _path(location: Where, data: Any) -> str:
    """Where a string sits: "deck import" (a command or group), "deck import game:" (an option)."""
    if location in (Where.parameter_name, Where.parameter_description):
        return f"{data.command.qualified_name} {data.display_name}:"
    return str(data.qualified_name)


def _group_path(location: Where, data: Any) -> str | None:
    """An option of a subcommand as its group names it ("play deck:" for "play afrika deck:")."""
    if location in (Where.parameter_name, Where.parameter_description) and data.command.parent:
        return f"{data.command.parent.qualified_name} {data.display_name}:"
    return None


def _declared(game: str) -> Mapping[str, str]:
    """A game's own Russian words, as its declaration holds them (empty for no such game)."""
    try:
        return game_spec(game).translations.get("ru", {})
    except ConfigError:
        return {}


def _declared_name(game: str) -> str | None:
    """A ``/play`` subcommand's Russian name, as its game declares it (None: English only)."""
    try:
        return game_spec(game).command_names.get("ru")
    except ConfigError:
        return None


def _declared_choice(english: str) -> str | None:
    """A game's title or one of its options' choice labels in Russian, from the declarations."""
    for spec in all_games():
        words = spec.translations.get("ru", {})
        if english == spec.title and "title" in words:
            return words["title"]
        labels = {label for option in spec.options for label, _ in option.choices}
        if english in labels and english in words:
            return words[english]
    return None


def _play_game(location: Where, data: Any) -> str | None:
    """The game whose ``/play`` subcommand (or one of its options) ``data`` is; None otherwise."""
    command = data.command if location in (Where.parameter_name, Where.parameter_description) else data
    parent = getattr(command, "parent", None)
    if parent is not None and parent.name == "play":
        return str(command.name)
    return None


def russian(location: Where, data: Any, english: str) -> str | None:
    """The Russian text of a command's, option's or choice's name or description; None if none."""
    if location is Where.choice_name:
        return CHOICES.get(english) or _declared_choice(english)
    game = _play_game(location, data)
    if location is Where.command_name and game is not None:
        return _declared_name(english)
    if game is not None and location is Where.command_description:
        return _declared(game).get("description")
    if game is not None and location in (Where.parameter_name, Where.parameter_description):
        key = data.name if location is Where.parameter_name else f"{data.name}:"
        if key in _declared(game):
            return _declared(game)[key]
    if location in (Where.command_name, Where.group_name, Where.parameter_name):
        return NAMES.get(_path(location, data)) or NAMES.get(english)
    if location in (Where.command_description, Where.group_description, Where.parameter_description):
        group = _group_path(location, data)
        return DESCRIPTIONS.get(_path(location, data)) or (DESCRIPTIONS.get(group) if group else None)
    return None


class RussianTranslator(app_commands.Translator):
    """Russian for ``discord.Locale.russian``; every other locale reads the English defaults."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not LOCALE:
            return None
        return russian(context.location, context.data, string.message)
