"""The words Chronomagia's images print besides card data, in English and Russian.

Card names and rules text come from the card data (``name_ru``, ``text_ru``, ...); this is the
rest: headings, counts, statuses, step names. ``say(key, lang)`` falls back to English for a
language it does not know, like the cards' own Russian fields do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.chronomagia.cards import CardDef, Window
from engines.chronomagia.grammar import (
    EMERGE,
    KEYWORDS_RU,
    RES_EN,
    RES_RU,
    TRIGGER_EN,
    TRIGGER_RU,
    line_text,
    static_text,
)

EN: dict[str, str] = {
    "epoch": "Epoch",
    "century": "Century",
    "native": "native",
    "creature": "Creature",
    "spell": "Spell",
    "nothing": "Does nothing",
    "produces_nothing": "Produces nothing",
    "cost": "Cost",
    "willpower": "Willpower",
    "lives": "Lives",
    "time_counters": "Time counters",
    "emerge": "Emerge from the Shadows",
    "base": "Base resources",
    "meditation": "Meditation",
    "meditation_text": "Pay {n} Concentration: take any card from your Hero Deck.",
    "abilities": "Abilities (one a turn)",
    "counters_rule": "+N puts N counters on the Hero; −N needs and removes N.",
    "summon_then_gone": "Summon only",
    "life": "Life",
    "armor": "Armor",
    "hand": "Hand",
    "deck": "Deck",
    "pool": "Pool",
    "hero_deck": "Hero Deck",
    "graveyard": "Graveyard",
    "counters": "counters",
    "location": "Location",
    "phenomenon": "Phenomenon",
    "no_location": "no Location",
    "no_phenomenon": "no Phenomenon",
    "tapped": "Tapped",
    "trapped": "Trapped",
    "sick": "Sick",
    "shadow": "Shadow",
    "face_down": "face down",
    "no_creatures": "No creatures",
    "produces": "Produces now",
    "collected": "Collected this turn",
    "nothing_yet": "nothing yet",
    "last_attack": "Last Attack Collection",
    "attack_line": "Attack {a} − Defense {d} = {n} net + Damage {x}",
    "hero_used": "Hero ability used",
    "meditated": "Meditated",
    "turn": "Turn",
    "to_act": "to act",
    "game_over": "Game over",
    "wins": "{name} wins",
    "draw": "Draw",
    "end_of_time": "End of Time: the game ends at the last Century",
    "of_track": "position {p} of 30",
    "hand_title": "{name}'s hand",
    "cards": "{n} cards",
    "card": "1 card",
    "empty_hand": "No cards in hand.",
    "hero_deck_title": "Your Hero Deck",
    "hero_deck_meditate": "Your Hero Deck (Meditation: take one)",
    "own_shadows": "Your face-down Shadows",
    "seen_shadows": "Shadows you looked at (Intuition)",
    "whose_shadow": "{name}'s Shadow",
    "in_epoch": "as in Epoch {e}",
    "more": "+{n} more",
    "redealt": "redealt",
    "counters_n": "{n} counters",
    "counter_1": "1 counter",
    "lives_n": "{n}/{m} lives",
    "time_n": "{n}/{m} time",
    "epoch_n": "Epoch {e}",
    "before_first": "Before the first turn",
    "waiting": "Waiting for {name}",
    "permanent_res": "Produces",
    "reminder_thoughtform": "In an Epoch with a resource window it is a creature; without one, a spell.",
    "reminder_location": "Damage to you may be sent to it instead. One Location each.",
    "reminder_phenomenon": "Only the opponent's Time removes its counters. One Phenomenon each.",
    "reminder_shadow": "Placed face down for free; flipped when its event happens.",
    "reminder_token": "A token stops existing when it leaves the battlefield.",
}
RU: dict[str, str] = {
    "epoch": "Эпоха",
    "century": "Век",
    "native": "родная",
    "creature": "Существо",
    "spell": "Заклинание",
    "nothing": "Ничего не делает",
    "produces_nothing": "Ресурсов нет",
    "cost": "Стоимость",
    "willpower": "Сила духа",
    "lives": "Жизни",
    "time_counters": "Жетоны времени",
    "emerge": "Выйти из Тени",
    "base": "Базовый ресурс",
    "meditation": "Медитация",
    "meditation_text": "Заплатите {n} ед. Концентрации: возьмите любую карту из Колоды Героя.",
    "abilities": "Способности (одна за ход)",
    "counters_rule": "+N кладёт на Героя N жетонов; −N требует и снимает N.",
    "summon_then_gone": "Только Призыв",
    "life": "Жизнь",
    "armor": "Броня",
    "hand": "Рука",
    "deck": "Колода",
    "pool": "Пул",
    "hero_deck": "Колода Героя",
    "graveyard": "Кладбище",
    "counters": "жетоны",
    "location": "Местность",
    "phenomenon": "Явление",
    "no_location": "нет Местности",
    "no_phenomenon": "нет Явления",
    "tapped": "Повёрнут",
    "trapped": "В Ловушке",
    "sick": "Болезнь",
    "shadow": "Тень",
    "face_down": "рубашкой вверх",
    "no_creatures": "Нет существ",
    "produces": "Производит сейчас",
    "collected": "Собрано за ход",
    "nothing_yet": "пока ничего",
    "last_attack": "Последний Сбор Атаки",
    "attack_line": "Атака {a} − Защита {d} = {n} + Повреждения {x}",
    "hero_used": "Способность Героя применена",
    "meditated": "Медитировал",
    "turn": "Ход",
    "to_act": "ходит",
    "game_over": "Игра окончена",
    "wins": "Победа: {name}",
    "draw": "Ничья",
    "end_of_time": "Конец Времени: игра кончается на последнем Веке",
    "of_track": "позиция {p} из 30",
    "hand_title": "Рука: {name}",
    "cards": "карт: {n}",
    "card": "карт: 1",
    "empty_hand": "В руке нет карт.",
    "hero_deck_title": "Ваша Колода Героя",
    "hero_deck_meditate": "Ваша Колода Героя (Медитация: возьмите одну)",
    "own_shadows": "Ваши Тени рубашкой вверх",
    "seen_shadows": "Тени, которые вы видели (Интуиция)",
    "whose_shadow": "Тень: {name}",
    "in_epoch": "как в Эпохе {e}",
    "more": "ещё {n}",
    "redealt": "пересдал",
    "counters_n": "жетонов: {n}",
    "counter_1": "жетонов: 1",
    "lives_n": "жизни {n}/{m}",
    "time_n": "время {n}/{m}",
    "epoch_n": "Эпоха {e}",
    "before_first": "Перед первым ходом",
    "waiting": "Ждём: {name}",
    "permanent_res": "Производит",
    "reminder_thoughtform": "В Эпохе с окном ресурсов — существо, без него — заклинание.",
    "reminder_location": "Урон по вам можно направить на неё. Одна Местность у игрока.",
    "reminder_phenomenon": "Его жетоны снимает только Время противника. Одно Явление у игрока.",
    "reminder_shadow": "Кладётся рубашкой вверх бесплатно; открывается, когда случается её событие.",
    "reminder_token": "Токен исчезает, когда покидает поле боя.",
}
assert set(EN) == set(RU)

STEPS_EN = {
    "choose": "choosing who goes first",
    "redeal": "the Redeal",
    "start": "Start of turn",
    "meditation": "Meditation step",
    "main": "Main phase",
    "attack": "Attack Collection",
    "end": "End of turn",
    "over": "Game over",
}
STEPS_RU = {
    "choose": "выбор первого игрока",
    "redeal": "Пересдача",
    "start": "Начало хода",
    "meditation": "Этап Медитации",
    "main": "Основная фаза",
    "attack": "Сбор Атаки",
    "end": "Конец хода",
    "over": "Игра окончена",
}
EPOCH_NAMES = {
    "en": ("the Ancient Age", "the Age of Empires", "the Age of Machines"),
    "ru": ("Древность", "Эпоха Империй", "Эпоха Машин"),
}
ASK_RU = {
    "target": "{who} выбирает существо для «{card}».",
    "mass": "{who} выбирает существ для «{card}» (Сила духа в сумме не больше {amount}).",
    "shift": "{who} выбирает перманент для Сдвига времени («{card}»).",
    "peek": "{who} выбирает Тень, чтобы посмотреть её («{card}»).",
    "bounce": "{who} посмотрел Тень: вернуть её в руку владельца или оставить?",
    "loc": "{who} распределяет {amount} повреждений: до {limit} — на Местность противника.",
    "hit": "{who} может потратить до {limit} из {amount} Времени на Явление противника.",
    "move": "{who} может сдвинуть Время на {amount}.",
    "flip": "{who} может открыть Тень, чьё событие произошло.",
    "order": "{who} выбирает, какой из {amount} триггеров сработает следующим.",
}


def say(key: str, lang: str = "en", **fmt: object) -> str:
    table = RU if lang == "ru" else EN
    text = table[key]
    return text.format(**fmt) if fmt else text


def ru(lang: str) -> bool:
    return lang == "ru"


def step_name(step: str, lang: str) -> str:
    return (STEPS_RU if ru(lang) else STEPS_EN).get(step, step)


def epoch_name(epoch: int, lang: str) -> str:
    return EPOCH_NAMES["ru" if ru(lang) else "en"][epoch - 1]


def resource_name(res: str, lang: str) -> str:
    return (RES_RU if ru(lang) else RES_EN)[res]


def name(c: CardDef, lang: str) -> str:
    """The card's name in ``lang`` (English where a Russian field is empty)."""
    return (c.name_ru or c.name) if ru(lang) else c.name


def type_line(c: CardDef, lang: str) -> str:
    return c.type_line_ru if ru(lang) else c.type_line


def emerge_text(c: CardDef, lang: str) -> str:
    en, rus = EMERGE.get(c.emerge, ("", ""))
    return (rus or en) if ru(lang) else en


_SEAT = re.compile(r"\bP([12])\b")


def with_names(text: str, names: Sequence[str]) -> str:
    """The engine's seat labels ("P2 reached 0 Life") with the players' names."""

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return names[i] if i < len(names) else m.group(0)

    return _SEAT.sub(sub, text)


_REASONS_RU: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^both players reached 0 Life$"), "у обоих игроков 0 жизней"),
    (re.compile(r"^(P[12]) reached 0 Life$"), r"у \1 не осталось жизней"),
    (re.compile(r"^(P[12]) could not draw$"), r"\1 не смог взять карту"),
    (re.compile(r"^concession$"), "сдача"),
    (re.compile(r"^End of Time with equal Life$"), "Конец Времени, жизней поровну"),
    (re.compile(r"^End of Time: (P[12]) has more Life$"), r"Конец Времени: у \1 больше жизней"),
)


def reason_text(reason: str, names: Sequence[str], lang: str) -> str:
    """The engine's reason for the end of the game in ``lang`` (English if it is not one it knows)."""
    if ru(lang):
        for pattern, repl in _REASONS_RU:
            if pattern.match(reason):
                reason = pattern.sub(repl, reason)
                break
    return with_names(reason, names)


# ------------------------------------------------------------------------ a window's parts


def window_parts(w: Window, kind: str, lang: str, names: dict[str, str]) -> list[tuple[str, str]]:
    """A window's rules text less its resource line, as (bold head, rest) per ability, in the
    order ``engines.chronomagia.cards.window_text`` writes them (a test holds the two together):
    keywords, statics, triggers, the Tap ability, the spell."""
    r = ru(lang)
    out: list[tuple[str, str]] = []
    if w.keywords:
        kws = [KEYWORDS_RU.get(k, k) if r else k for k in w.keywords]
        out.append((", ".join(kws) + ".", ""))
    for st in w.statics:
        text = static_text(st, r)
        head, sep, rest = text.partition(": ")
        out.append((head + ":", rest) if sep and len(head) < 12 else ("", text))
    heads = TRIGGER_RU if r else TRIGGER_EN
    for part, effs in w.triggers:
        out.append((heads[part] + ":", line_text(effs, names, r)))
    if w.tap is not None:
        if r:
            head = f"Поворот (заплатите {w.tap_cost} ед. Концентрации)" if w.tap_cost else "Поворот"
        else:
            head = f"Tap (pay {w.tap_cost})" if w.tap_cost else "Tap"
        out.append((head + ":", line_text(w.tap, names, r)))
    if w.spell and kind != "shadow":
        out.append(("", line_text(w.spell, names, r)))
    return out


__all__ = [
    "ASK_RU",
    "EN",
    "RU",
    "emerge_text",
    "epoch_name",
    "name",
    "reason_text",
    "resource_name",
    "ru",
    "say",
    "step_name",
    "type_line",
    "window_parts",
    "with_names",
]
