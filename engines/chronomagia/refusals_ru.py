"""Chronomagia's refusals in Russian, translated from the English sentences the engine raises.

A refused move reaches its player as the engine's ``IllegalAction`` text, in English ("It's not
your turn: P2 to act.", "Goblin Arsonist costs 3 Concentration and your Pool holds 1."). A reader
who chose Russian reads it through ``russian_refusal(text)`` when the bot shows it, the way the
log is read through ``log_ru.russian``: each sentence the engine can refuse with is a template
below, with the log's holes (``card`` a card name, quoted «…» from the Russian card data; ``res``
a resource; ``p``/``q`` a seat label; the rest numbers). The rule numbers are left out, as in the
log. A sentence no template knows is shown as it was (English), never lost.
"""

from __future__ import annotations

from .log_ru import russian

_MAIN = "только в вашей собственной основной фазе"
"""The Russian of ``moves.MAIN_WORDS``."""

TEMPLATES: tuple[tuple[str, str], ...] = (
    # whose turn it is, and the game's steps (engine.py)
    ("This game is over.", "Эта игра окончена."),
    ("It's not your turn.", "Сейчас не ваш ход."),
    ("It's not your turn: {p} and {q} to act.", "Сейчас не ваш ход: ходят {p} и {q}."),
    ("It's not your turn: {p} to act.", "Сейчас не ваш ход: ходит {p}."),
    (
        "You have made your Redeal decision; your opponent is still deciding.",
        "Вы уже решили насчёт Пересдачи; соперник ещё решает.",
    ),
    ("There is no seat {p} in this game.", "В этой игре нет места {p}."),
    ("Who goes first has already been decided.", "Кто ходит первым, уже решено."),
    (
        "Choose who takes the first turn first: 'first' or 'second' (M3).",
        "Сначала решите, кто делает первый ход: вы или соперник.",
    ),
    (
        "First decide on your Redeal: keep your hand, or set cards aside (M6).",
        "Сначала решите насчёт Пересдачи: оставьте руку или отложите карты.",
    ),
    (
        "This is your Meditation step: Meditate, collect Concentration, or go to the Main phase.",
        "Сейчас ваш шаг Медитации: медитируйте, соберите Концентрацию или перейдите в основную фазу.",
    ),
    (
        "There is no question to pass on: make your move, or end the turn.",
        "Сейчас нечего пропускать: сделайте ход или завершите его.",
    ),
    ("Nothing is waiting for that answer now.", "Сейчас этот ответ ничего не ждёт."),
    # the moves (moves.py)
    ("Cards are played only in your own Main phase (F1).", f"Карты разыгрываются {_MAIN}."),
    ("Shadows are placed only in your own Main phase (F1).", f"Тени кладутся {_MAIN}."),
    (
        "Tap abilities are used only in your own Main phase (F1).",
        f"Способности поворота используются {_MAIN}.",
    ),
    ("Hero abilities are used only in your own Main phase (F1).", f"Способности Героя используются {_MAIN}."),
    ("Creatures are sacrificed only in your own Main phase (F1).", f"Существа приносятся в жертву {_MAIN}."),
    ("Attack Collection comes only in your own Main phase (F1).", f"Сбор Атаки бывает {_MAIN}."),
    ("You end the turn only in your own Main phase (F1).", f"Завершить ход можно {_MAIN}."),
    (
        "You Meditated this turn: you cannot play cards (M61).",
        "Вы медитировали в этом ходу: разыгрывать карты нельзя.",
    ),
    (
        "You Meditated this turn: you cannot place Shadows (M61).",
        "Вы медитировали в этом ходу: класть Тени нельзя.",
    ),
    (
        "You Meditated this turn: you cannot use Hero abilities (M61).",
        "Вы медитировали в этом ходу: способности Героя использовать нельзя.",
    ),
    (
        "The Redeal is only at the start of the game, once (M6).",
        "Пересдача бывает только в начале игры, один раз.",
    ),
    (
        "You have already made your Redeal decision: there is only one Redeal (M6).",
        "Вы уже решили насчёт Пересдачи: Пересдача только одна.",
    ),
    (
        "Your hand has no more {card} to set aside.",
        "В вашей руке больше нет карты {card}, чтобы её отложить.",
    ),
    ("Your hand has no {card} to set aside.", "В вашей руке нет карты {card}, чтобы её отложить."),
    ("You collect {res} only in your own turn (M21).", "Собрать ресурс «{res}» можно только в свой ход."),
    (
        "{res} is collected in the Main phase; only Concentration may be collected now (M21).",
        "Ресурс «{res}» собирается в основной фазе; сейчас можно собрать только Концентрацию.",
    ),
    (
        "You have already collected {res} this turn: each resource once per turn (M20).",
        "Вы уже собрали ресурс «{res}» в этом ходу: каждый ресурс — раз в ход.",
    ),
    (
        "Your permanents produce no {res} now (M20: untapped, not Trapped, in play since the turn began).",
        "Ваши перманенты сейчас не производят ресурс «{res}» (производят неповёрнутые, не пойманные "
        "в Ловушку и бывшие в игре с начала хода).",
    ),
    (
        "Meditation is not allowed in the first turn of the game (M60, F21).",
        "В первом ходу игры медитировать нельзя.",
    ),
    (
        "Meditation happens only in your Meditation step, before the Main phase (M60).",
        "Медитировать можно только в свой шаг Медитации, до основной фазы.",
    ),
    (
        "Meditation costs {n} Concentration and your Pool holds {k} (M60).",
        "Медитация стоит Концентрацию {n}, а в вашем Пуле {k}.",
    ),
    ("Your Hero Deck has no {card}.", "В вашей Колоде Героя нет карты {card}."),
    ("There is no Meditation step to leave now.", "Сейчас нет шага Медитации, из которого можно выйти."),
    ("You have no {card} in your hand.", "У вас в руке нет карты {card}."),
    (
        "{card} is a Shadow: it is placed face down (shadow:{src}), not played (F20).",
        "{card} — Тень: её кладут лицом вниз, а не разыгрывают.",
    ),
    (
        "{card} does nothing in Epoch {e}: it has neither a resource window nor a spell there.",
        "Карта {card} ничего не делает в Эпохе {e}: у неё там нет ни окна ресурса, ни заклинания.",
    ),
    (
        "{card} costs {n} Concentration and your Pool holds {k}. Collect Concentration from your "
        "permanents first.",
        "{card} стоит Концентрацию {n}, а в вашем Пуле {k}. Сначала соберите Концентрацию со "
        "своих перманентов.",
    ),
    (
        "{card} costs {n} Concentration and your Pool holds {k}.",
        "{card} стоит Концентрацию {n}, а в вашем Пуле {k}.",
    ),
    (
        "Only Shadow cards can be placed face down, and {card} is not one (F20).",
        "Лицом вниз кладутся только Тени, а {card} — не Тень.",
    ),
    ("That permanent is not on the battlefield.", "Этого перманента нет на поле боя."),
    ("{card} is not yours.", "{card} — не ваша карта."),
    ("{card} has no Tap ability in Epoch {e}.", "{card}: в Эпохе {e} нет способности поворота."),
    (
        "{card} is Trapped: none of its abilities can be used (KM6).",
        "Карта {card} в Ловушке: ни одну её способность использовать нельзя.",
    ),
    ("{card} is already tapped.", "Карта {card} уже повёрнута."),
    (
        "{card} entered the battlefield this turn (Embodiment Sickness, KM3).",
        "Карта {card} вошла в игру в этом ходу (Болезнь воплощения).",
    ),
    (
        "{card}'s Tap ability costs {n} Concentration and your Pool holds {k}.",
        "Способность поворота карты {card} стоит Концентрацию {n}, а в вашем Пуле {k}.",
    ),
    (
        "You have already used a Hero ability this turn: one per turn (M62).",
        "Вы уже использовали способность Героя в этом ходу: одну за ход.",
    ),
    (
        "{card}'s ability {n} needs {k} counters and your Hero has {m} (M62).",
        "Способности {n} Героя {card} нужно жетонов: {k}, а у вашего Героя {m}.",
    ),
    (
        "Only a creature with Fury can be sacrificed, and {card} has none now (KM9).",
        "В жертву приносится только существо с Яростью, а {card} сейчас без Ярости.",
    ),
    # the answers to a question (refusals.py)
    ("That card cannot be chosen now.", "Эту карту сейчас выбрать нельзя."),
    (
        "The Location can take at most {n} of the {k} damage (it has only that many counters left, "
        "F5): choose loc:0 to loc:{m}.",
        "Местность может принять не больше {n} из {k} повреждений (у неё осталось столько жетонов).",
    ),
    (
        "At most {n} Time can go to the Phenomenon now: choose hit:0 to hit:{m}.",
        "На Явление сейчас можно направить не больше {n} Времени.",
    ),
    (
        "With {n} {res} you may move Time from {a} to {d} (Time into the Past only goes back).",
        "С ресурсом «{res}» ({n}) можно сдвинуть Время от {a} до {d} (Время в прошлое идёт только назад).",
    ),
    (
        "With {n} {res} you may move Time from {a} to {d} (Time into the Future only goes forward).",
        "С ресурсом «{res}» ({n}) можно сдвинуть Время от {a} до {d} (Время в будущее идёт только вперёд).",
    ),
    (
        "With {n} {res} you may move Time from {a} to {d}.",
        "С ресурсом «{res}» ({n}) можно сдвинуть Время от {a} до {d}.",
    ),
    (
        "Intuition chooses one of your opponent's face-down Shadows, or nothing.",
        "Интуиция выбирает одну из Теней соперника, лежащих лицом вниз, или ничего.",
    ),
    (
        "A Shadow may emerge: flip it or keep it face down first.",
        "Тень может проявиться: сначала переверните её или оставьте лицом вниз.",
    ),
    (
        "Intuition: return the Shadow to its owner's hand, or leave it.",
        "Интуиция: верните Тень в руку владельца или оставьте её.",
    ),
    (
        "Choose which of your triggers resolves next: order:1 to order:{n}.",
        "Выберите, какой из ваших триггеров срабатывает следующим.",
    ),
    ("Choose a creature for this effect, or nothing.", "Выберите существо для этого эффекта или ничего."),
    (
        "{card} is a Location: it cannot be chosen for Disembody, Return or Trap (M35, M36).",
        "{card} — Местность: её нельзя выбрать для Развоплощения, Возвращения или Ловушки.",
    ),
    (
        "{card} is a Phenomenon: it cannot be chosen for Disembody, Return or Trap (M35, M36).",
        "{card} — Явление: его нельзя выбрать для Развоплощения, Возвращения или Ловушки.",
    ),
    ("A Hero cannot be chosen (M63).", "Героя выбрать нельзя."),
    ("{card} has Willpower {n}, more than {k}.", "{card}: Сила духа {n}, больше чем {k}."),
    ("{card} cannot be chosen now.", "{card} сейчас выбрать нельзя."),
    ("Choose one more creature, or say you are done.", "Выберите ещё одно существо или скажите, что всё."),
    (
        "{card} is not a creature: Mass effects choose creatures only (KM7, M35).",
        "{card} — не существо: массовые эффекты выбирают только существ.",
    ),
    ("{card} is already chosen.", "Карта {card} уже выбрана."),
    (
        "The combined Willpower would be {n}, more than {k} (KM7).",
        "Общая Сила духа была бы {n}, больше чем {k}.",
    ),
    (
        "Choose a permanent and an Epoch next to its own for the Time Shift, or nothing.",
        "Для Сдвига времени выберите перманент и соседнюю с его Эпохой Эпоху или ничего.",
    ),
    (
        "A Hero cannot be chosen: Time Shift moves a permanent on the battlefield (KM8, M63).",
        "Героя выбрать нельзя: Сдвиг времени перемещает перманент на поле боя.",
    ),
    (
        "{card} cannot Time Shift itself: Time Shift moves another permanent (KM8).",
        "Карта {card} не может сдвинуть саму себя: Сдвиг времени перемещает другой перманент.",
    ),
    (
        "{card} has Ward: {p}'s abilities cannot choose it.",
        "{card} под Оберегом: способности {p} не могут выбрать эту карту.",
    ),
    (
        "{card} is in Epoch {e}: Time Shift moves a permanent only into an Epoch next to its own, so "
        "Epoch {e2} or Epoch {c} (KM8).",
        "{card} в Эпохе {e}: Сдвиг времени перемещает перманент только в соседнюю Эпоху, то есть "
        "в Эпоху {e2} или {c}.",
    ),
    (
        "{card} is in Epoch {e}: Time Shift moves a permanent only into an Epoch next to its own, so "
        "Epoch {e2} (KM8).",
        "{card} в Эпохе {e}: Сдвиг времени перемещает перманент только в соседнюю Эпоху, то есть "
        "в Эпоху {e2}.",
    ),
)
"""Each refusal the engine writes (a ``str.format``-like template with the log's holes) and its
Russian."""


def russian_refusal(text: str) -> str:
    """``text`` (a refusal Chronomagia's engine raised) in Russian; an unknown one as it is."""
    return russian(text, TEMPLATES)
