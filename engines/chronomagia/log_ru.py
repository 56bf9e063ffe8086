"""Chronomagia's log in Russian, translated from the English lines the engine writes.

The engine announces every event in English with seat labels ("P1 plays Goblin Arsonist as a
creature."), and a match keeps those lines (a replay writes them again from the action log). A
reader who chose Russian reads them through ``russian(line)`` (and so does the reason a game ended): each line the engine can write is
a template below, the same words with ``{holes}``; a line that matches one is written again from
its Russian template, its card names taken from the Russian card data, its effect texts from the
cards' Russian rules text, its resources and triggers from the grammar's Russian words. Seat labels
stay, for the bot to put names in. The rule numbers ("(M32)") are left out: a player reads the
event, not the rulebook's index. A line no template knows is returned as it was (a test plays
whole matches and fails on any English left).

Holes: ``p``/``q``/``o`` a seat label; ``card``/``card2`` a card name (quoted «…» in Russian);
``src`` who or what caused it (a card, a seat, the Attack Collection); ``text`` an effect's rules
text; ``ability`` a Hero ability's text; ``names`` a list of card names; ``res`` a resource;
``trigger`` a trigger's name; numbers are ``n``, ``k``, ``m``, ``e``, ``e2``, ``c``, ``a``, ``d``,
``f``, ``t``, ``left``, ``lost``, ``delta``; the rest are the tails of ``TAILS`` (one of a few words) and ``_PATTERNED`` (optional, with a number).
A Russian template writes a counted noun as ``{n|одна|две|пять}`` (the number and its form).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from .cards import card_set, token_names
from .grammar import RES_EN, RES_RU, TRIGGER_EN, TRIGGER_RU, line_text, ru_plural

TEMPLATES: tuple[tuple[str, str], ...] = (
    # the end of a game
    (
        "Both players are at 0 Life or less: the game is a draw (M8).",
        "У обоих игроков Жизнь 0 или меньше: ничья.",
    ),
    ("{p} is at {n} Life and loses (M7).", "{p} проигрывает: Жизнь {n}."),
    (
        "{p} must draw from an empty deck and loses (M9).",
        "{p} должен взять карту из пустой колоды и проигрывает.",
    ),
    ("{p} concedes.", "{p} сдаётся."),
    (
        "End of Time: the marker cannot move past 30. Life: P1 {a}, P2 {b}.",
        "Конец Времени: жетон не может пройти дальше 30-го Века. Жизнь: P1 {a}, P2 {b}.",
    ),
    # why a game ended (the outcome's reason, shown under the final ranking)
    ("concession", "сдача"),
    ("both players reached 0 Life", "у обоих игроков Жизнь 0"),
    ("{p} reached 0 Life", "у {p} Жизнь 0"),
    ("{p} could not draw", "{p} не смог взять карту"),
    ("End of Time with equal Life", "Конец Времени при равной Жизни"),
    ("End of Time: {p} has more Life", "Конец Времени: у {p} больше Жизни"),
    # the start
    ("{p} chooses: {q} goes first (M3).", "{p} решает: первым ходит {q}."),
    ("{p} will take the first turn.", "Первый ход — за {p}."),
    ("{p} has made their Redeal decision.", "{p}: решение о Пересдаче принято."),
    ("{p} keeps their hand.", "{p} оставляет свою руку."),
    ("{p} redeals {n} card.", "{p} пересдаёт {n|карту|карты|карт}."),
    ("{p} redeals {n} cards.", "{p} пересдаёт {n|карту|карты|карт}."),
    # turns and Time
    ("Turn {n}: {p}'s turn.", "Ход {n}: ходит {p}."),
    ("{p} draws a card.", "{p} берёт карту."),
    ("{p} draws {n} cards.", "{p} берёт {n|карту|карты|карт}."),
    ("{p} gains {k} Concentration{why}{short}.", "{p} получает Концентрацию: {k}{why}{short}."),
    ("{p} gains {k} Concentration ({src}){short}.", "{p} получает Концентрацию: {k} ({src}){short}."),
    (
        "Time stands at the end of the track: there is no natural movement (M40).",
        "Время в конце шкалы: естественного хода Времени нет.",
    ),
    (
        "Time moves on to position {n} (Epoch {e}, Century {c}).",
        "Время идёт дальше: позиция {n} (Эпоха {e}, Век {c}).",
    ),
    ("The active Epoch changes from {e} to {e2}.", "Активная Эпоха меняется: {e} → {e2}."),
    (
        "Time cannot move any further that way: nothing happens (M34).",
        "Дальше в эту сторону Время не движется: ничего не происходит.",
    ),
    (
        "{p} moves Time {k} {way}, to position {n} (Epoch {e}, Century {c}){lost}.",
        "{p} сдвигает Время на {k} {way}, на позицию {n} (Эпоха {e}, Век {c}){lost}.",
    ),
    (
        "{p} cannot use {n} Time that way; it is lost.",
        "{p} не может так использовать Время ({n}): оно теряется.",
    ),
    ("{p} leaves Time where it is; {n} Time is lost.", "{p} оставляет Время на месте: Время ({n}) теряется."),
    (
        "{card} is shifted from Epoch {e} into Epoch {e2} (Time Shift).",
        "{card} сдвигается из Эпохи {e} в Эпоху {e2} (Сдвиг времени).",
    ),
    (
        "{card} has no place in Epoch {e} and dies (M32).",
        "{card} не может существовать в Эпохе {e} и гибнет.",
    ),
    # a player's moves
    (
        "{p} collects {a} Attack and {d} Damage; {o} has {f} Defense: {t} to deal.",
        "{p} собирает Атаку {a} и Повреждения {d}; Защита {o}: {f}; итого к нанесению {t}.",
    ),
    ("{p} collects {n} Life: {m} Life.", "{p} собирает Жизнь {n}: теперь Жизнь {m}."),
    ("{p} collects {n} Armor: {m} on the Hero.", "{p} собирает Броню {n}: на Герое {m}."),
    ("{p} collects {n} {res}.", "{p} собирает: {res} {n}."),
    (
        "{p} Meditates: pays {n} Concentration and takes a card from the Hero Deck.",
        "{p} медитирует: платит Концентрацию {n} и берёт карту из Колоды Героя.",
    ),
    ("{p} plays {card} as a spell (Epoch {e}).", "{p} разыгрывает {card} как заклинание (Эпоха {e})."),
    ("{p} plays {card} as {what}{with}.", "{p} разыгрывает {card} как {what}{with}."),
    (
        "{card} is replaced and goes to the graveyard (M35, F19).",
        "{card} заменяется новой и уходит на кладбище.",
    ),
    ("{p} places a Shadow face down (M37).", "{p} кладёт Тень лицом вниз."),
    ("{p} taps {card}.", "{p} поворачивает {card}."),
    (
        "{p} uses {card}'s ability {delta}: {ability}",
        "{p} использует способность Героя {card} {delta}: {ability}",
    ),
    ("{p} sacrifices {card} (Fury).", "{p} приносит в жертву {card} (Ярость)."),
    ("{p} ends the turn without collecting Attack.", "{p} заканчивает ход без Сбора Атаки."),
    # texts resolving
    ("{card} ({p}), ability {n}: {text}", "{card} ({p}), способность {n}: {text}"),
    ("{card} ({p}), Meditation: {text}", "{card} ({p}), Медитация: {text}"),
    (
        "{card} ({p}) resolves as a spell of Epoch {e}: {text}",
        "{card} ({p}) срабатывает как заклинание Эпохи {e}: {text}",
    ),
    ("{card} ({p}), Tap: {text}", "{card} ({p}), Поворот: {text}"),
    ("{card} ({p}), {trigger}: {text}", "{card} ({p}), {trigger}: {text}"),
    # damage, Life, counters
    (
        "{src} deals {n} damage to {p}{armor}: {q} is at {m} Life.",
        "{src}: {n|повреждение|повреждения|повреждений} игроку {p}{armor}; у {q} Жизнь {m}.",
    ),
    (
        "{src} deals {n} damage to {card} ({left} {cw} left).",
        "{src}: {n|повреждение|повреждения|повреждений} по {card} (осталось жетонов: {left}).",
    ),
    (
        "{card} has no counters left and goes to the graveyard.",
        "У {card} не осталось жетонов: карта уходит на кладбище.",
    ),
    (
        "{p} spends {k} Time on {card} ({left} {cw} left).",
        "{p} тратит Время ({k}) на {card} (осталось жетонов: {left}).",
    ),
    (
        "{card} has no time counters left and goes to the graveyard (M36).",
        "У {card} не осталось жетонов Времени: карта уходит на кладбище.",
    ),
    ("{p} loses {n} Life ({src}): {m} left.", "{p} теряет Жизнь {n} ({src}): осталось {m}."),
    ("{p} loses {n} Life to Life Loss (F9): {m} left.", "{p} теряет Жизнь {n} (Потеря жизни): осталось {m}."),
    ("{p} gains {n} Life ({src}).", "{p} получает Жизнь {n} ({src})."),
    ("{p} gains {n} Life from the Hero.", "{p} получает Жизнь {n} от Героя."),
    ("{p} puts {n} Armor on their Hero ({src}).", "{p} кладёт на своего Героя Броню {n} ({src})."),
    ("{p} puts {n} Armor on their Hero.", "{p} кладёт на своего Героя Броню {n}."),
    ("{p}'s Hero gets {n} {cw}.", "Герой игрока {p} получает {n|жетон|жетона|жетонов}."),
    ("{p}'s Hero gets {n} {cw} ({src}).", "Герой игрока {p} получает {n|жетон|жетона|жетонов} ({src})."),
    ("{card} gets {n} {cw} ({src}).", "{card} получает {n|жетон|жетона|жетонов} ({src})."),
    ("{p} untaps their other creatures ({src}).", "{p} разворачивает других своих существ ({src})."),
    ("{p} creates a {card} token.", "{p} создаёт жетон {card}."),
    (
        "{p} puts the top {n} of their deck into the graveyard: {names}.",
        "{p} кладёт на кладбище верхние карты своей колоды ({n}): {names}.",
    ),
    # creatures leaving
    ("{card} is Disembodied by {src} (Mass) and dies.", "{card} гибнет: Массовое развоплощение ({src})."),
    ("{card} is Disembodied by {src} and dies.", "{card} гибнет: Развоплощение ({src})."),
    (
        "{card} is returned and stops existing (M39).",
        "{card} возвращается и перестаёт существовать (это жетон).",
    ),
    ("{card} returns to {p}'s hand.", "{card} возвращается в руку игрока {p}."),
    (
        "{card} is Trapped until the start of {p}'s next turn (KM6).",
        "{card} в Ловушке до начала следующего хода игрока {p}: не разворачивается, не даёт ресурсов, "
        "её способности не действуют.",
    ),
    # choices
    ("{src}: there is no creature to choose.", "{src}: нет существа, которое можно выбрать."),
    ("{src}: the opponent has no face-down Shadow.", "{src}: у соперника нет Тени лицом вниз."),
    ("{src}: {p} chooses no creature.", "{src}: {p} не выбирает существо."),
    ("{src}: {p} shifts nothing.", "{src}: {p} ничего не сдвигает."),
    (
        "{p} looks at {q}'s face-down Shadow #{n} (Intuition).",
        "{p} смотрит на Тень лицом вниз №{n} игрока {q} (Интуиция).",
    ),
    ("{p} leaves the Shadow where it is.", "{p} оставляет Тень на месте."),
    (
        "{p} returns the Shadow to {q}'s hand (Intuition).",
        "{p} возвращает Тень в руку игрока {q} (Интуиция).",
    ),
    ("{p} keeps a Shadow face down.", "{p} оставляет Тень лицом вниз."),
    (
        "{p} flips a Shadow: {card} emerges from the Shadows.",
        "{p} переворачивает Тень: {card} выходит из Тени.",
    ),
)
"""(the English line the engine writes, its Russian), the more particular of two alike first."""

TAILS: dict[str, dict[str, str]] = {
    "why": {"": "", " from the Hero": " от Героя", " from their permanents": " от своих перманентов"},
    "way": {"into the Future": "в Будущее", "into the Past": "в Прошлое"},
    "what": {"a creature": "существо", "a Location": "Местность", "a Phenomenon": "Явление"},
    "cw": {"counter": "", "counters": ""},
}
"""Holes that take one of a few English words, and their Russian."""

_PATTERNED = {
    "short": (
        r"(?: \(the deck had only \d+\))?",
        r"\(the deck had only (\d+)\)",
        " (в колоде было только {0})",
    ),
    "armor": (r"(?: \(\d+ absorbed by Armor\))?", r"\((\d+) absorbed by Armor\)", " (Броня поглотила {0})"),
    "with": (r"(?: with \d+ counters)?", r"with (\d+) counters", " с жетонами: {0}"),
    "lost": (
        r"(?:; \d+ more (?:is|are) lost at the end of the track)?",
        r"; (\d+) more",
        "; ещё {0} теряется в конце шкалы",
    ),
}
"""Optional tails with a number: (the hole's pattern, how the number is read, the Russian)."""

_NUMBER = r"[+-]?\d+"
_SEAT = r"P\d{1,2}"


def _hole_pattern(name: str) -> str:
    if name in ("p", "q", "o"):
        return f"(?P<{name}>{_SEAT})"
    if name in _PATTERNED:
        return f"(?P<{name}>{_PATTERNED[name][0]})"
    if name in TAILS:
        words = sorted(TAILS[name], key=len, reverse=True)
        return f"(?P<{name}>{'|'.join(re.escape(w) for w in words)})"
    if name in ("card", "card2", "src", "text", "ability", "names", "res", "trigger"):
        return f"(?P<{name}>.+?)"
    return f"(?P<{name}>{_NUMBER})"


@cache
def compiled(templates: tuple[tuple[str, str], ...] = TEMPLATES) -> tuple[tuple[re.Pattern[str], str], ...]:
    """``templates`` (English, Russian) as patterns matching a whole English line, with the
    Russian to write it again: the log's own, or another table of the game's sentences (its
    refusals, ``refusals_ru``) written with the same holes."""
    out = []
    for english, russian_ in templates:
        parts = re.split(r"\{(\w+)\}", english)
        pattern = "".join(
            re.escape(part) if i % 2 == 0 else _hole_pattern(part) for i, part in enumerate(parts)
        )
        out.append((re.compile(f"^{pattern}$"), russian_))
    return tuple(out)


@cache
def card_names() -> dict[str, str]:
    """Every card's and token's English name -> its Russian name."""
    return {c.name: c.name_ru or c.name for c in card_set().cards.values()}


@cache
def effect_texts() -> dict[str, str]:
    """Every effect text a card can announce, in English -> in Russian (``grammar.line_text``)."""
    en, ru = token_names(False), token_names(True)
    out: dict[str, str] = {}
    for c in card_set().cards.values():
        lines = [c.meditation, *(a.effects for a in c.abilities)]
        for w in c.windows:
            lines += [w.spell, w.tap or (), *(effs for _, effs in w.triggers)]
        for effs in lines:
            if effs:
                out.setdefault(line_text(effs, en), line_text(effs, ru, ru=True))
    return out


@cache
def ability_texts() -> dict[str, str]:
    """Every Hero ability's English text -> its Russian text (as printed on the card)."""
    return {a.text: a.text_ru or a.text for c in card_set().cards.values() for a in c.abilities if a.text}


def _quoted(name: str) -> str:
    return f"«{card_names().get(name, name)}»"


def _source(src: str) -> str:
    if src == "Attack Collection":
        return "Сбор Атаки"
    if re.fullmatch(_SEAT, src):
        return src
    return _quoted(src)


def _names(names: str) -> str:
    if names == "nothing":
        return "ничего"
    return ", ".join(_quoted(n) for n in names.split(", "))


_HOLES: dict[str, Callable[[str], str]] = {
    "card": _quoted,
    "card2": _quoted,
    "src": _source,
    "text": lambda t: effect_texts().get(t, t),
    "ability": lambda t: ability_texts().get(t, t),
    "names": _names,
    "res": lambda r: RES_RU[{v: k for k, v in RES_EN.items()}[r]] if r in RES_EN.values() else r,
    "trigger": lambda t: (
        TRIGGER_RU[{v: k for k, v in TRIGGER_EN.items()}[t]] if t in TRIGGER_EN.values() else t
    ),
}


def _hole(name: str, value: str) -> str:
    if name in _PATTERNED and value:
        number = re.search(_PATTERNED[name][1], value)
        return _PATTERNED[name][2].format(number.group(1)) if number else value
    if name in TAILS:
        return TAILS[name].get(value, value)
    return _HOLES.get(name, str)(value)


def _written(template: str, raw: dict[str, str]) -> str:
    """``template`` with its holes filled: a counted noun as the number and its form."""
    found = {k: _hole(k, v) for k, v in raw.items()}

    def sub(h: re.Match[str]) -> str:
        name, forms = h.group(1), h.group(2)
        if forms:
            n = int(raw[name])
            one, few, many = forms[1:].split("|")
            return f"{n} {ru_plural(n, one, few, many)}"
        return found[name]

    return re.sub(r"\{(\w+)((?:\|[^|}]+){3})?\}", sub, template)


def russian(line: str, templates: tuple[tuple[str, str], ...] = TEMPLATES) -> str:
    """``line`` (an English log line of Chronomagia, or a sentence of another table of
    ``templates``) in Russian; unknown lines as they are."""
    for pattern, template in compiled(templates):
        m = pattern.match(line)
        if m is not None:
            return _written(template, {k: v or "" for k, v in m.groupdict().items()})
    return line
