"""Chronomagia's board and hand in words, in English or Russian (the language the picture is
drawn in): the turn, Epoch and Time, each Hero's life, what each player has in play with its
willpower and resources, face-down Shadows as counts, the hand and the reader's own secrets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.presenters.alt import Describer, counted, listing, seat_name, sentences
from bot.text import with_names
from engines.chronomagia import card
from engines.chronomagia.grammar import RES_EN, RES_RU

EN: dict[str, str] = {
    "turn": "Chronomagia, turn {turn}, Epoch {epoch}, Century {century}, Time {time} of 30: {who}, {step}",
    "your": "your turn",
    "their": "{name}'s turn",
    "over": "The game is over. {reason}",
    "redeal": "The Redeal: each player may redeal their opening hand",
    "choose": "Choosing who goes first",
    "seat": "{name}: {life} life, Hero {hero}{armor}, cards in hand: {hand}, in deck: {deck}, Pool {pool}",
    "armor": " with {n} Armor",
    "in_play": "in play: {cards}",
    "shadows": "face-down Shadows: {n}",
    "graveyard": "graveyard {n}",
    "graveyard_top": "graveyard {n} (top: {top})",
    "produces": "produces {what}",
    "nothing": "nothing",
    "none": "none",
    "tapped": "tapped",
    "trapped": "trapped",
    "sick": "just arrived",
    "counters": "{n} counters",
    "will": "willpower {n}",
    "ask": "Waiting: {text}",
    "hand": "Your hand ({n}): {cards}",
    "own_shadows": "Your face-down Shadows: {cards}",
    "seen": "Shadows you looked at: {cards}",
    "hero_deck": "Hero Deck {n}, Pool {pool} (nobody sees it)",
    "you": "You have {life} life",
    "collected": "Collected this turn: {what}",
    "steps": "start of turn|meditation|main phase|attack|end of turn",
}
RU: dict[str, str] = {
    "turn": "Хрономагия, ход {turn}, Эпоха {epoch}, Век {century}, Время {time} из 30: {who}, {step}",
    "your": "ваш ход",
    "their": "ходит {name}",
    "over": "Игра окончена. {reason}",
    "redeal": "Пересдача: каждый игрок может пересдать стартовую руку",
    "choose": "Выбор, кто ходит первым",
    "seat": "{name}: {life} жизни, Герой {hero}{armor}, в руке {hand}, в колоде {deck}, Пул {pool}",
    "armor": ", Броня {n}",
    "in_play": "в игре: {cards}",
    "shadows": "Теней лицом вниз: {n}",
    "graveyard": "кладбище {n}",
    "graveyard_top": "кладбище {n} (сверху: {top})",
    "produces": "даёт {what}",
    "nothing": "ничего",
    "none": "нет",
    "tapped": "повёрнута",
    "trapped": "в ловушке",
    "sick": "только что пришла",
    "counters": "жетонов {n}",
    "will": "воля {n}",
    "ask": "Ожидание: {text}",
    "hand": "Ваша рука ({n}): {cards}",
    "own_shadows": "Ваши Тени лицом вниз: {cards}",
    "seen": "Тени, на которые вы посмотрели: {cards}",
    "hero_deck": "Колода Героя {n}, Пул {pool} (его не видит никто)",
    "you": "У вас {life} жизни",
    "collected": "Собрано за ход: {what}",
    "steps": "начало хода|медитация|основная фаза|атака|конец хода",
}
STEPS = ("start", "meditation", "main", "attack", "end")


def _w(lang: str, key: str, **kw: Any) -> str:
    return (RU if lang == "ru" else EN)[key].format(**kw)


def name(cid: str, lang: str) -> str:
    c = card(cid)
    return (c.name_ru or c.name) if lang == "ru" else c.name


def _res(res: str, lang: str) -> str:
    return (RES_RU if lang == "ru" else RES_EN).get(res, res)


def _resources(pairs: Sequence[tuple[str, int]], lang: str) -> str:
    return ", ".join(f"{_res(r, lang)} {n}" for r, n in pairs if n)


def _step(view: Any, lang: str) -> str:
    words = _w(lang, "steps").split("|")
    return words[STEPS.index(view.step)] if view.step in STEPS else view.step


def _turn(view: Any, names: Sequence[str], viewer: int | None, lang: str) -> str:
    if view.step == "over":
        return _w(lang, "over", reason=with_names(view.reason, list(names)))
    if view.step in ("redeal", "choose"):
        return _w(lang, view.step)
    who = _w(lang, "your") if view.active == viewer else _w(lang, "their", name=seat_name(names, view.active))
    text = _w(
        lang,
        "turn",
        turn=view.turn,
        epoch=view.epoch,
        century=view.century,
        time=view.time,
        who=who,
        step=_step(view, lang),
    )
    if view.ask is not None:
        text += ". " + _w(lang, "ask", text=with_names(view.ask.text, list(names)))
    return text


def _perm(p: Any, lang: str, brief: bool) -> str:
    text = name(p.card, lang)
    if brief:
        return text
    marks = [_w(lang, "will", n=p.willpower)] if p.willpower else []
    if p.resources:
        marks.append(_resources(p.resources, lang))
    marks += [_w(lang, k) for k in ("tapped", "trapped", "sick") if getattr(p, k)]
    if p.counters:
        marks.append(_w(lang, "counters", n=p.counters))
    return f"{text} ({'; '.join(marks)})" if marks else text


def _seat(s: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    armor = _w(lang, "armor", n=s.hero.armor) if s.hero.armor else ""
    parts = [
        _w(
            lang,
            "seat",
            name=seat_name(names, s.seat),
            life=s.life,
            hero=name(s.hero.card, lang),
            armor=armor,
            hand=s.hand_count,
            deck=s.deck_count,
            pool=s.pool_count,
        )
    ]
    perms = [_perm(p, lang, brief) for p in s.field]
    parts.append(_w(lang, "in_play", cards=listing(counted(perms), _w(lang, "nothing"))))
    if s.shadows:
        parts.append(_w(lang, "shadows", n=len(s.shadows)))
    if s.graveyard:
        if brief:
            parts.append(_w(lang, "graveyard", n=len(s.graveyard)))
        else:
            parts.append(_w(lang, "graveyard_top", n=len(s.graveyard), top=name(s.graveyard[-1], lang)))
    if s.production and not brief:
        parts.append(_w(lang, "produces", what=_resources(s.production, lang)))
    return ", ".join(p for p in parts if p)


def board(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    parts = [_turn(view, names, None, lang)]
    parts += [_seat(s, names, lang, brief) for s in view.seats]
    if view.gained and not brief:
        parts.append(_w(lang, "collected", what=_resources(view.gained, lang)))
    return sentences(parts)


def hand(view: Any, names: Sequence[str], lang: str, brief: bool) -> str:
    mine = [name(c, lang) for c in view.hand]
    parts = [_w(lang, "hand", n=len(mine), cards=listing(counted(mine), _w(lang, "none")))]
    if view.viewer is not None and 0 <= view.viewer < len(view.seats):
        me = view.seats[view.viewer]
        own = [name(sh.card, lang) for sh in me.shadows if sh.card]
        if own:
            parts.append(_w(lang, "own_shadows", cards=listing(own)))
        parts.append(_w(lang, "hero_deck", n=me.hero_deck_count, pool=me.pool_count))
        parts.append(_w(lang, "you", life=me.life))
    seen = [
        f"{name(sh.card, lang)} ({seat_name(names, s.seat)})"
        for s in view.seats
        if s.seat != view.viewer
        for sh in s.shadows
        if sh.seen and sh.card
    ]
    if seen:
        parts.append(_w(lang, "seen", cards=listing(seen)))
    parts.append(_turn(view, names, view.viewer, lang))
    return sentences(parts)


DESCRIBER = Describer(board, hand)
