"""Chronomagia in chat: what a Time Mage is deciding, and its moves as buttons, in English or
Russian.

The game's players read Russian (the rulebook is Russian), so this table speaks both: card names
and texts come from the card data's ``name``/``name_ru`` fields, and the words around them from
the two phrase tables below; ``bot.i18n.language()`` says which one the message being built uses
(the reader's ``/settings language``). Seat labels ("P2") stay in the text for the bot to put
names in. Rules stay in the engine: this module reads the view and the legal actions only.

Most decisions are a handful of buttons (a Main phase has the cards that can be played, the Tap
and Hero abilities, the collections and the two ways to end the turn). The two families that can
be long are two-step pickers: the Redeal (up to 31 sets of cards, grouped by how many cards are
set aside) and Time Shift (each permanent, then its Epoch).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
from PIL import Image

from bot.i18n import language, speaking
from bot.presenters import Presenter, TableSpec
from bot.presenters.alt.chronomagia import DESCRIBER
from bot.presenters.choices import MoveChoice
from bot.text import ai_name, clip, with_names
from engines.chronomagia import GAME, card
from engines.chronomagia import actions as act
from engines.chronomagia.cards import card_text, resource_words
from engines.chronomagia.grammar import RES_EN, RES_RU, ru_plural
from engines.chronomagia.log_ru import russian
from engines.chronomagia.refusals_ru import russian_refusal
from engines.core import PlayerId
from engines.core.words import plural

LANGUAGES = ("en", "ru")

PLAY = discord.ButtonStyle.success
DECIDE = discord.ButtonStyle.primary
QUIET = discord.ButtonStyle.secondary
DANGER = discord.ButtonStyle.danger

EN: dict[str, str] = {
    "keep": "Keep this hand",
    "redeal_group": "Redeal {cards}",
    "redeal": "Redeal {cards}",
    "first": "Go first",
    "second": "Let the opponent go first",
    "collect": "Collect {n} {res}",
    "meditate_group": "Meditate: take a card from your Hero Deck",
    "meditate": "Meditate: take {card}",
    "main": "Go to the Main phase",
    "play": "Play {card}",
    "play_window": "Play {card} ({what})",
    "shadow": "Place {card} face down",
    "tap": "Tap {card}",
    "hero_gain": "Hero, +{n} {counters}: {text}",
    "hero_spend": "Hero, spend {n} {counters}: {text}",
    "sac": "Sacrifice {card} (Fury)",
    "attack": "Collect Attack and end the turn",
    "attack_numbers": "Collect Attack ({attack} vs Defense {defense}) and end the turn",
    "end": "End the turn without Attack",
    "target": "Choose {card} ({whose})",
    "target_shadow": "Choose the face-down Shadow #{obj} ({whose})",
    "target_none": "Choose nothing",
    "pick": "Add {card} ({whose})",
    "done": "That's all",
    "shift_group": "Time Shift {card} ({whose})",
    "shift": "Into Epoch {epoch}",
    "shift_label": "Shift {card} into Epoch {epoch}",
    "loc_none": "All to the player",
    "loc": "{k} to the Location, {rest} to the player",
    "hit_none": "Nothing on the Phenomenon",
    "hit": "{k} Time on the Phenomenon",
    "move_none": "Leave Time where it is",
    "move_future": "Move Time {n} into the Future (to {to})",
    "move_past": "Move Time {n} into the Past (to {to})",
    "flip": "Flip {card} face up",
    "flip_unknown": "Flip the Shadow face up",
    "stay": "Keep it face down",
    "bounce": "Return it to its owner's hand",
    "leave": "Leave it face down",
    "order": "Resolve trigger {n} next",
    "yours": "yours",
    "pass": "Pass",
    # prompts
    "p_choose": "**You lost the last game: choose who goes first.**",
    "p_redeal": "**The Redeal:** keep your opening hand, or set cards aside and draw as many (once).",
    "p_meditation": (
        "**Your Upkeep:** collect Concentration, Meditate (take a card from your Hero Deck for "
        "{cost} Concentration from the Pool), or go on to the Main phase."
    ),
    "p_main": (
        "**Your Main phase** ({epoch}): collect resources (each once a turn), play cards, use Tap "
        "and Hero abilities, then collect Attack and end the turn."
    ),
    "p_answer": "**Your answer:** choose a move below.",
    "epoch": "Epoch {epoch}, Century {century}",
    "hero_terms": (
        '*Hero abilities:* +N puts N counters on your Hero, "spend N" takes N off (your Hero has {counters}).'
    ),
    # texts
    "hand": "**Your hand** ({n}): {cards}",
    "no_cards": "no cards",
    "pool": "Pool {n} (nobody sees it)",
    "hero_deck": "Hero Deck {n}",
    "your_hero_deck": "**Your Hero Deck**: {cards}",
    "own_shadows": "**Your face-down Shadows** (only you see them): {cards}",
    "seen_shadows": "**Shadows you looked at**: {cards}",
    "status": "Turn {turn} · {epoch} · Time {time}/30 · {lives}",
    "life": "{name} {life} Life",
    "armor": " ({armor} Armor)",
    "collected": "Collected this turn: {what}",
    "waiting_ask": "Waiting for an answer: {text}",
    "step_redeal": "The Redeal",
    "step_choose": "Choosing who goes first",
    "over": "The game is over",
    # details
    "d_hand": "{card} (in your hand)",
    "d_hero": "{card} (Hero)",
    "d_field": "{card} (in play)",
    "d_shadow": "{card} (your face-down Shadow)",
    "d_seen": "{card} (a Shadow you looked at)",
    "d_hero_deck": "{card} (in your Hero Deck)",
    "d_grave": "{card} (in a graveyard)",
}

RU: dict[str, str] = {
    "keep": "Оставить эту руку",
    "redeal_group": "Пересдать карт: {n}",
    "redeal": "Пересдать: {cards}",
    "first": "Ходить первым",
    "second": "Пусть первым ходит соперник",
    "collect": "Собрать: {res} {n}",
    "meditate_group": "Медитация: взять карту из Колоды Героя",
    "meditate": "Медитация: взять «{card}»",
    "main": "Перейти к основной фазе",
    "play": "Сыграть «{card}»",
    "play_window": "Сыграть «{card}» ({what})",
    "shadow": "Положить «{card}» лицом вниз",
    "tap": "Повернуть «{card}»",
    "hero_gain": "Герой, +{n} {counters}: {text}",
    "hero_spend": "Герой, снять {n} {counters}: {text}",
    "sac": "Пожертвовать «{card}» (Ярость)",
    "attack": "Собрать Атаку и закончить ход",
    "attack_numbers": "Собрать Атаку ({attack} против Защиты {defense}) и закончить ход",
    "end": "Закончить ход без Атаки",
    "target": "Выбрать «{card}» ({whose})",
    "target_shadow": "Выбрать Тень лицом вниз №{obj} ({whose})",
    "target_none": "Ничего не выбирать",
    "pick": "Добавить «{card}» ({whose})",
    "done": "Это всё",
    "shift_group": "Сдвиг времени: «{card}» ({whose})",
    "shift": "В Эпоху {epoch}",
    "shift_label": "Сдвинуть «{card}» в Эпоху {epoch}",
    "loc_none": "Всё игроку",
    "loc": "{k} Местности, {rest} игроку",
    "hit_none": "Ничего на Явление",
    "hit": "{k} Времени на Явление",
    "move_none": "Оставить Время на месте",
    "move_future": "Сдвинуть Время на {n} в Будущее (на {to})",
    "move_past": "Сдвинуть Время на {n} в Прошлое (на {to})",
    "flip": "Перевернуть «{card}» лицом вверх",
    "flip_unknown": "Перевернуть Тень лицом вверх",
    "stay": "Оставить лицом вниз",
    "bounce": "Вернуть её в руку владельца",
    "leave": "Оставить лицом вниз",
    "order": "Следующим разрешить триггер {n}",
    "yours": "ваш",
    "pass": "Пас",
    "p_choose": "**Вы проиграли прошлую партию: выберите, кто ходит первым.**",
    "p_redeal": "**Пересдача:** оставьте стартовую руку или отложите карты и возьмите столько же (один раз).",
    "p_meditation": (
        "**Ваше Поддержание:** соберите Концентрацию, Медитируйте (возьмите карту из Колоды Героя "
        "за {cost} ед. Концентрации из Пула) или перейдите к основной фазе."
    ),
    "p_main": (
        "**Ваша основная фаза** ({epoch}): собирайте ресурсы (каждый раз в ход), играйте карты, "
        "используйте Поворот и способности Героя, затем соберите Атаку и закончите ход."
    ),
    "p_answer": "**Ваш ответ:** выберите ход ниже.",
    "epoch": "Эпоха {epoch}, Век {century}",
    "hero_terms": (
        "*Способности Героя:* +N кладёт на вашего Героя N жетонов, «снять N» снимает N "
        "(на вашем Герое жетонов: {counters})."
    ),
    "hand": "**Ваша рука** ({n}): {cards}",
    "no_cards": "нет карт",
    "pool": "Пул {n} (его не видит никто)",
    "hero_deck": "Колода Героя {n}",
    "your_hero_deck": "**Ваша Колода Героя**: {cards}",
    "own_shadows": "**Ваши Тени лицом вниз** (их видите только вы): {cards}",
    "seen_shadows": "**Тени, на которые вы посмотрели**: {cards}",
    "status": "Ход {turn} · {epoch} · Время {time}/30 · {lives}",
    "life": "{name} — Жизнь {life}",
    "armor": " (Броня {armor})",
    "collected": "Собрано в этот ход: {what}",
    "waiting_ask": "Ждём ответа: {text}",
    "step_redeal": "Пересдача",
    "step_choose": "Выбор, кто ходит первым",
    "over": "Игра окончена",
    "d_hand": "{card} (в руке)",
    "d_hero": "{card} (Герой)",
    "d_field": "{card} (в игре)",
    "d_shadow": "{card} (ваша Тень лицом вниз)",
    "d_seen": "{card} (Тень, на которую вы посмотрели)",
    "d_hero_deck": "{card} (в Колоде Героя)",
    "d_grave": "{card} (на кладбище)",
}

TERMS: dict[str, tuple[str, str]] = {
    "Trap": (
        "*Trap N:* tap a creature with Willpower N or less; it does not untap until the start of "
        "your next turn, gives no resources and its abilities cannot be used.",
        "*Ловушка N:* поверните существо с Силой духа не больше N; до начала вашего следующего хода "
        "оно не разворачивается, не даёт ресурсов и его способности не действуют.",
    ),
    "Mass": (
        "*Mass Disembody / Mass Return X:* choose creatures whose Willpower adds up to X or less.",
        "*Массовое Развоплощение / Возвращение X:* выберите существ с общей Силой духа не больше X.",
    ),
    "Disembody": (
        "*Disembody N:* destroy a creature with Willpower N or less.",
        "*Развоплощение N:* уничтожьте существо с Силой духа не больше N.",
    ),
    "Return": (
        "*Return N:* return a creature with Willpower N or less to its owner's hand.",
        "*Возвращение N:* верните существо с Силой духа не больше N в руку владельца.",
    ),
    "Intuition": (
        "*Intuition:* look at a face-down Shadow of the opponent; you may return it to their hand.",
        "*Интуиция:* посмотрите на Тень соперника лицом вниз; можете вернуть её ему в руку.",
    ),
    "Time Shift": (
        "*Time Shift:* move another permanent into an Epoch next to its own; it stays there.",
        "*Сдвиг времени:* переместите другой перманент в соседнюю Эпоху; он там и останется.",
    ),
}
"""Keywords a Hero ability may print (rules KM4-KM10), explained under the prompt while one of
them is on a button: "Hero, spend 2 counters: Trap 3." says nothing to a new player by itself."""

ASK_YOU_RU: dict[str, str] = {
    "target": "Выберите существо ({card}).",
    "mass": "Выберите существ одно за другим ({card}).",
    "shift": "Выберите перманент для Сдвига времени ({card}).",
    "peek": "Выберите Тень соперника лицом вниз, чтобы посмотреть на неё ({card}).",
    "bounce": "Вы посмотрели на Тень: вернуть её в руку владельца или оставить?",
    "loc": "Разделите повреждения ({amount}): до {limit} можно направить в Местность соперника.",
    "hit": "Вы можете потратить до {limit} из {amount} Времени на Явление соперника.",
    "move": "Вы можете сдвинуть Время ({amount}).",
    "flip": "Вы можете перевернуть свою Тень {card}: её событие произошло.",
    "order": "Выберите, какой из {amount} триггеров разрешится следующим.",
}
"""What is asked of the panel's own reader, in the second person."""

ASK_YOU_EN: tuple[tuple[str, str], ...] = (
    (r"^P\d+ chooses ", "Choose "),
    (r"^P\d+ may ", "You may "),
    (r"^P\d+ splits ", "Split "),
    (r"^P\d+ has looked ", "You have looked "),
)
"""The engine's question ("P1 may flip a Shadow…") put to its reader ("You may flip a Shadow…")."""

ASK_RU: dict[str, str] = {
    "target": "{who} выбирает существо ({card}).",
    "mass": "{who} выбирает существа одно за другим ({card}).",
    "shift": "{who} выбирает перманент для Сдвига времени ({card}).",
    "peek": "{who} выбирает Тень лицом вниз, чтобы посмотреть на неё ({card}).",
    "bounce": "{who} посмотрел на Тень: вернуть её в руку владельца или оставить?",
    "loc": "{who} делит повреждения ({amount}): до {limit} может уйти в Местность соперника.",
    "hit": "{who} может потратить до {limit} из {amount} Времени на Явление соперника.",
    "move": "{who} может сдвинуть Время ({amount}).",
    "flip": "{who} может перевернуть Тень, чьё событие произошло.",
    "order": "{who} выбирает, какой из {amount} триггеров разрешится следующим.",
}


def ru() -> bool:
    return language() == "ru"


def w(key: str, **kw: Any) -> str:
    """The phrase ``key`` in the language of the message being built."""
    return (RU if ru() else EN)[key].format(**kw)


def name(cid: str | None) -> str:
    if not cid:
        return "Тень" if ru() else "a Shadow"
    c = card(cid)
    return (c.name_ru or c.name) if ru() else c.name


def res_word(res: str) -> str:
    return (RES_RU if ru() else RES_EN)[res]


def _view(engine: Any, state: Any, seat: int) -> Any:
    return engine.view(state, PlayerId(seat))


def _objects(view: Any) -> dict[int, tuple[int, Any]]:
    """Object id -> (controller seat, PermView or ShadowView) of everything on the battlefield."""
    out: dict[int, tuple[int, Any]] = {}
    for s in view.seats:
        for p in s.field:
            out[p.obj] = (s.seat, p)
        for sh in s.shadows:
            out[sh.obj] = (s.seat, sh)
    return out


def _whose(seat: int, owner: int) -> str:
    return w("yours") if owner == seat else f"P{owner + 1}"


def _epoch_words(view: Any) -> str:
    return w("epoch", epoch=view.epoch, century=view.century)


def _amount(view: Any, seat: int, res: str) -> int:
    return int(dict(view.seats[seat].production).get(res, 0))


def _counters(n: int) -> str:
    return ru_plural(n, "жетон", "жетона", "жетонов") if ru() else plural(n, "counter").split(" ", 1)[1]


def _hero_label(hero: str, n: int) -> tuple[str, str]:
    """The button of Hero ability ``n`` ("Hero, spend 2 counters: Trap 3.": what the -2 printed
    on the card means) and its whole text (a menu description)."""
    ability = card(hero).abilities[n - 1]
    text = (ability.text_ru or ability.text) if ru() else ability.text
    k = abs(ability.delta)
    label = w("hero_gain" if ability.delta > 0 else "hero_spend", n=k, counters=_counters(k), text=text)
    return clip(label, 80), clip(text, 100)


def terms(engine: Any, state: Any, seat: int) -> str:
    """Under the Main phase's prompt: what the Hero's counters are and what the keywords on its
    ability buttons do, in the reader's language (the words the rulebook uses, explained)."""
    view = _view(engine, state, seat)
    hero = view.seats[seat].hero
    uses = [a.n for a in engine.legal_actions(state, PlayerId(seat)) if isinstance(a, act.HeroUse)]
    if not uses:
        return ""
    lines = [w("hero_terms", counters=hero.counters)]
    printed = " ".join(card(hero.card).abilities[n - 1].text for n in uses)
    for word, (en, ru_) in TERMS.items():
        if re.search(rf"\b{word}\b", printed) and not (word in ("Disembody", "Return") and "Mass" in printed):
            lines.append(ru_ if ru() else en)
    return "\n".join(lines)


def _play_words(view: Any, cid: str) -> str:
    """What the card is in the active Epoch, for its button: its resources or "a spell"."""
    win = card(cid).window(view.epoch) if card(cid).windows else None
    if win is None:
        return ""
    if win.res is not None:
        return resource_words(win.res, ru()) if win.res else ""
    if win.spell:
        return "заклинание" if ru() else "spell"
    return ""


def choices(engine: Any, state: Any, seat: int) -> list[MoveChoice]:
    view = _view(engine, state, seat)
    objects = _objects(view)
    me = view.seats[seat]
    out: list[MoveChoice] = []
    for a in engine.legal_actions(state, PlayerId(seat)):
        aid = a.to_id()
        if isinstance(a, act.Keep):
            out.append(MoveChoice(aid, w("keep"), DECIDE))
        elif isinstance(a, act.Redeal):
            cards = ", ".join(name(c) for c in a.cards)
            out.append(
                MoveChoice(
                    aid,
                    w("redeal", cards=cards),
                    QUIET,
                    group=w("redeal_group", n=len(a.cards), cards=plural(len(a.cards), "card")),
                    option=cards,
                )
            )
        elif isinstance(a, act.FirstChoice):
            out.append(MoveChoice(aid, w("first" if a.me else "second"), DECIDE))
        elif isinstance(a, act.Collect):
            out.append(MoveChoice(aid, w("collect", n=_amount(view, seat, a.res), res=res_word(a.res)), PLAY))
        elif isinstance(a, act.Meditate):
            out.append(
                MoveChoice(
                    aid,
                    w("meditate", card=name(a.card)),
                    PLAY,
                    group=w("meditate_group"),
                    option=name(a.card),
                )
            )
        elif isinstance(a, act.GoMain):
            out.append(MoveChoice(aid, w("main"), QUIET))
        elif isinstance(a, act.Play):
            what = _play_words(view, a.card)
            label = w("play_window", card=name(a.card), what=what) if what else w("play", card=name(a.card))
            out.append(MoveChoice(aid, label, PLAY))
        elif isinstance(a, act.PlaceShadow):
            out.append(MoveChoice(aid, w("shadow", card=name(a.card)), PLAY))
        elif isinstance(a, act.TapUse):
            out.append(MoveChoice(aid, w("tap", card=name(a.card)), PLAY))
        elif isinstance(a, act.HeroUse):
            label, text = _hero_label(me.hero.card, a.n)
            out.append(MoveChoice(aid, label, PLAY, text))
        elif isinstance(a, act.Sacrifice):
            out.append(MoveChoice(aid, w("sac", card=name(a.card)), DANGER, more=True))
        elif isinstance(a, act.AttackPhase):
            attack, defense = _amount(view, seat, "attack"), _amount(view, 1 - seat, "defense")
            label = w("attack_numbers", attack=attack, defense=defense) if attack else w("attack")
            out.append(MoveChoice(aid, label, DECIDE))
        elif isinstance(a, act.EndTurn):
            out.append(MoveChoice(aid, w("end"), QUIET))
        elif isinstance(a, act.Target | act.Pick):
            out.append(_target_choice(a, objects, seat))
        elif isinstance(a, act.Done):
            out.append(MoveChoice(aid, w("done"), QUIET))
        elif isinstance(a, act.ShiftTo):
            owner = objects.get(a.obj, (seat, None))[0]
            group = w("shift_group", card=name(a.card), whose=_whose(seat, owner))
            label = w("shift_label", card=name(a.card), epoch=a.epoch)
            out.append(MoveChoice(aid, label, DECIDE, group=group, option=w("shift", epoch=a.epoch)))
        elif isinstance(a, act.Loc):
            amount = view.ask.amount if view.ask is not None else a.k
            label = w("loc_none") if a.k == 0 else w("loc", k=a.k, rest=amount - a.k)
            out.append(MoveChoice(aid, label, DECIDE))
        elif isinstance(a, act.Hit):
            out.append(MoveChoice(aid, w("hit_none") if a.k == 0 else w("hit", k=a.k), DECIDE))
        elif isinstance(a, act.MoveTime):
            out.append(MoveChoice(aid, _move_words(view, a.m), DECIDE))
        elif isinstance(a, act.Flip):
            cid = view.ask.card if view.ask is not None else None
            out.append(MoveChoice(aid, w("flip", card=name(cid)) if cid else w("flip_unknown"), PLAY))
        elif isinstance(a, act.Stay):
            out.append(MoveChoice(aid, w("stay"), QUIET))
        elif isinstance(a, act.Bounce):
            out.append(MoveChoice(aid, w("bounce"), DECIDE))
        elif isinstance(a, act.Leave):
            out.append(MoveChoice(aid, w("leave"), QUIET))
        elif isinstance(a, act.Order):
            out.append(MoveChoice(aid, w("order", n=a.n), DECIDE))
        else:
            out.append(MoveChoice(aid, a.label, QUIET))
    order = {DECIDE: 0, PLAY: 1, QUIET: 2, DANGER: 3}
    return sorted((_fitted(c) for c in out), key=lambda c: order.get(c.style, 4))


def _fitted(c: MoveChoice) -> MoveChoice:
    """A move's words cut to Discord's limits on a whole word with an ellipsis (a button's label
    80 characters, a menu description 100): a Redeal of five long names read "…Пещерный худож".
    The group stays whole: it is what tells two groups apart."""
    return replace(
        c, label=clip(c.label, 80), option=clip(c.option, 80), description=clip(c.description, 100)
    )


def _target_choice(a: act.Target | act.Pick, objects: dict[int, tuple[int, Any]], seat: int) -> MoveChoice:
    aid = a.to_id()
    if a.obj is None:
        return MoveChoice(aid, w("target_none"), QUIET)
    owner = objects.get(a.obj, (seat, None))[0]
    whose = _whose(seat, owner)
    if isinstance(a, act.Pick):
        return MoveChoice(aid, w("pick", card=name(a.card), whose=whose), DECIDE)
    if not a.card:
        return MoveChoice(aid, w("target_shadow", obj=a.obj, whose=whose), DECIDE)
    return MoveChoice(aid, w("target", card=name(a.card), whose=whose), DECIDE)


def _move_words(view: Any, m: int) -> str:
    if m == 0:
        return w("move_none")
    to = max(1, min(30, view.time + m))
    return w("move_future" if m > 0 else "move_past", n=abs(m), to=to)


def ask_text(ask: Any, reader: int | None = None) -> str:
    """The question in the message's language (the engine words it in English), put to its
    reader in the second person when it is theirs ("You may flip…", not "alice may flip…")."""
    yours = reader is not None and reader == ask.seat
    if not ru():
        text = str(ask.text)
        if yours:
            for pattern, you in ASK_YOU_EN:
                text = re.sub(pattern, you, text)
        return text
    who = f"P{ask.seat + 1}"
    what = name(ask.card) if ask.card else ("Тень" if ask.kind in ("flip", "bounce") else "Сбор Атаки")
    if ask.card:
        what = f"«{what}»"
    table = ASK_YOU_RU if yours else ASK_RU
    return table.get(ask.kind, "{who}: {card}").format(who=who, card=what, amount=ask.amount, limit=ask.limit)


def log_line(line: str) -> str:
    """A log line in the message's language: the engine's English, or its Russian
    (``engines.chronomagia.log_ru``), card names as the reader's hand shows them."""
    return russian(line) if ru() else line


def refusal(text: str) -> str:
    """A refusal in the message's language: the engine's English, or its Russian
    (``engines.chronomagia.refusals_ru``), card names as the reader's hand shows them."""
    return russian_refusal(text) if ru() else text


def prompt(engine: Any, state: Any, seat: int, names: list[str]) -> str:
    view = _view(engine, state, seat)
    if view.ask is not None and view.ask.seat == seat:
        return f"**{with_names(ask_text(view.ask, seat), names)}**"
    if view.step == "choose":
        return w("p_choose")
    if view.step == "redeal":
        return w("p_redeal")
    if view.active == seat and view.step == "meditation":
        return w("p_meditation", cost=card(view.seats[seat].hero.card).meditation_cost)
    if view.active == seat and view.step == "main":
        # The terms first: the table ends the prompt's last line with the clock.
        explained = terms(engine, state, seat)
        return (f"{explained}\n" if explained else "") + w("p_main", epoch=_epoch_words(view))
    return w("p_answer")


def hand_text(view: Any) -> str:
    """The hand, the Pool and Hero Deck counts, and the viewer's own secrets by name: their
    face-down Shadows, the Shadows they looked at (Intuition) and, while they may Meditate,
    their Hero Deck. Only the viewer's own view reaches this, so nothing here is another's."""
    if view.viewer is None:
        return ""
    mine = view.seats[view.viewer]
    cards = ", ".join(name(c) for c in view.hand) or w("no_cards")
    lines = [w("hand", n=len(view.hand), cards=cards)]
    counts = [w("pool", n=mine.pool_count), w("hero_deck", n=mine.hero_deck_count)]
    lines[0] += " · " + " · ".join(counts)
    own = [name(sh.card) for sh in mine.shadows if sh.card]
    if own:
        lines.append(w("own_shadows", cards=", ".join(own)))
    seen = [
        f"{name(sh.card)} (P{s.seat + 1})"
        for s in view.seats
        if s.seat != view.viewer
        for sh in s.shadows
        if sh.seen and sh.card
    ]
    if seen:
        lines.append(w("seen_shadows", cards=", ".join(seen)))
    if view.hero_deck and view.step == "meditation" and view.active == view.viewer:
        lines.append(w("your_hero_deck", cards=", ".join(name(c) for c in view.hero_deck)))
    return "\n".join(lines)


def status_line(view: Any, names: list[str]) -> str:
    lives = " · ".join(
        w("life", name=ai_name(names[s.seat]) if s.seat < len(names) else f"P{s.seat + 1}", life=s.life)
        + (w("armor", armor=s.hero.armor) if s.hero.armor else "")
        for s in view.seats
    )
    if view.step == "over":
        return f"{w('over')} · {lives}"
    if view.step in ("redeal", "choose"):
        return f"{w('step_' + view.step)} · {lives}"
    return w("status", turn=view.turn, epoch=_epoch_words(view), time=view.time, lives=lives)


def waiting_text(view: Any, names: list[str]) -> str:
    parts = []
    if view.gained:
        what = ", ".join(f"{res_word(r)} {n}" for r, n in view.gained)
        parts.append(w("collected", what=what))
    if view.ask is not None and view.ask.seat != view.viewer:
        # The one asked reads the question as their prompt; the others, who it is waiting for.
        parts.append(w("waiting_ask", text=with_names(ask_text(view.ask), names)))
    return "\n".join(parts)


def details(view: Any) -> list[tuple[str, str]]:
    """Cards to read in full: the hand, both Heroes, what is in play, the viewer's own Shadows and
    those they looked at, the Hero Deck, the graveyards (newest first)."""
    out: dict[str, str] = {}
    for c in view.hand:
        out.setdefault(c, w("d_hand", card=name(c)))
    for s in view.seats:
        out.setdefault(s.hero.card, w("d_hero", card=name(s.hero.card)))
    for s in view.seats:
        for p in s.field:
            out.setdefault(p.card, w("d_field", card=name(p.card)))
        for sh in s.shadows:
            if sh.card:
                key = "d_seen" if sh.seen else "d_shadow"
                out.setdefault(sh.card, w(key, card=name(sh.card)))
    for c in view.hero_deck:
        out.setdefault(c, w("d_hero_deck", card=name(c)))
    for s in view.seats:
        for c in reversed(s.graveyard):
            out.setdefault(c, w("d_grave", card=name(c)))
    return list(out.items())[:25]


def card_caption(card_id: str, lang: str = "en") -> str:
    """A card in words, under its ``/card`` image, in ``lang``."""
    c = card(card_id)
    russian = lang == "ru"
    title = (c.name_ru or c.name) if russian else c.name
    type_line = c.type_line_ru if russian else c.type_line
    text = f"**{title}** · {type_line} · {card_id}"
    if c.native:
        text += f" · {'Эпоха' if russian else 'Epoch'} {c.native}"
    body = card_text(c, russian)
    if body:
        text += f"\n{body}"
    return f"{text}\n*{c.flavour}*" if c.flavour and not russian else text


def card_image(card_id: str, lang: str = "en") -> Image.Image:
    from render.chronomagia.card import card_image as draw

    return draw(card_id, lang=lang)


def board(view: Any, names: list[str], lang: str = "en", **options: Any) -> Image.Image:
    from render.chronomagia import board as draw

    with speaking(lang):  # the AI's seat is named in the picture's language ("ИИ")
        shown = [ai_name(n) for n in names]
    return draw(view, shown, lang=lang, **options)


def hand(view: Any, name_: str, lang: str = "en", **options: Any) -> Image.Image:
    from render.chronomagia import hand as draw

    return draw(view, name_, lang=lang, **options)


def card_sheet(directory: str, per_page: int, set_code: str) -> list[Any]:
    from render.chronomagia import card_sheet as write

    return list(write(directory, per_page, set_code))


def _palette() -> dict[str, tuple[int, int, int]]:
    """Deck images colour a card by its native Epoch ("epoch1".."epoch3"), Heroes and tokens apart."""
    from render.chronomagia.glyphs import EPOCH_COLOURS, HERO_COLOUR, NEUTRAL

    return {**{f"epoch{e}": c for e, c in EPOCH_COLOURS.items()}, "hero": HERO_COLOUR, "token": NEUTRAL}


PRESENTER = Presenter(
    choices=choices,
    hand_text=hand_text,
    status_line=status_line,
    waiting_text=waiting_text,
    prompt=prompt,
    details=details,
    log_line=log_line,
    refusal=refusal,
)

TABLE = TableSpec(
    game=GAME,
    presenter=PRESENTER,
    board=board,
    hand=hand,
    describer=DESCRIBER,
    start="duel",
    card_image=card_image,
    card_caption=card_caption,
    card_sheet=card_sheet,
    palette=_palette(),
    languages=LANGUAGES,
)

__all__ = ["LANGUAGES", "TABLE"]
