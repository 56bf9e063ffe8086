"""The Chronomagia effect vocabulary: parsing effect lines from the card files and writing them
back as rules text, in English and in Russian.

An effect line is effects separated by commas, each ``op [amount] [word]``::

    damage 2 opp, future 1          deal 2 damage to the opponent, then gain 1 Time into the Future
    disembody 3                     Disembody 3 (a creature of Willpower 3 or less)
    token 2 K01                     create two K01 tokens

Every op, amount and word is checked here, so a typo in a card file fails at start-up (and in a
test) with the file and card named instead of becoming a card that does nothing. The rules text of
a card is written from these parsed effects, so what a card says is what it does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.core.carddata import Arg, Op, Vocabulary, one_of
from engines.core.errors import CardDataError as CardDataError

RESOURCES: tuple[str, ...] = (
    "concentration",
    "time",
    "time_past",
    "time_future",
    "life",
    "attack",
    "defense",
    "damage",
    "armor",
    "life_loss",
)
"""Every resource of section 3.3, in the order a card shows them."""

RES_EN = {
    "concentration": "Concentration",
    "time": "Time",
    "time_past": "Time into the Past",
    "time_future": "Time into the Future",
    "life": "Life",
    "attack": "Attack",
    "defense": "Defense",
    "damage": "Damage",
    "armor": "Armor",
    "life_loss": "Life Loss",
}
RES_RU = {
    "concentration": "Концентрация",
    "time": "Время",
    "time_past": "Время в прошлое",
    "time_future": "Время в будущее",
    "life": "Жизнь",
    "attack": "Атака",
    "defense": "Защита",
    "damage": "Повреждения",
    "armor": "Броня",
    "life_loss": "Потеря жизни",
}

KEYWORDS: tuple[str, ...] = (
    "Summon",
    "Manifest",
    "Tap",
    "Disembody",
    "Return",
    "Trap",
    "Mass",
    "Time Shift",
    "Fury",
    "Intuition",
    "Acceleration",
    "Time Movement",
    "Movement into the Future",
    "Movement into the Past",
    "Emerge from the Shadows",
)
"""KM1-KM15 in the digest's order."""
KEYWORDS_RU: dict[str, str] = {
    "Summon": "Призыв",
    "Manifest": "Явление",
    "Tap": "Поворот",
    "Disembody": "Развоплощение",
    "Return": "Возвращение",
    "Trap": "Ловушка",
    "Mass": "Массовое",
    "Time Shift": "Сдвиг времени",
    "Fury": "Ярость",
    "Intuition": "Интуиция",
    "Acceleration": "Ускорение",
    "Time Movement": "Движение Времени",
    "Movement into the Future": "Движение в Будущее",
    "Movement into the Past": "Движение в Прошлое",
    "Emerge from the Shadows": "Выйти из Тени",
}

TRIGGERS: tuple[str, ...] = (
    "summon",
    "manifest",
    "fury",
    "on_time",
    "on_future",
    "on_past",
    "on_start",
    "on_end",
)
"""The triggered parts a window may print (the Tap ability and the spell text are not triggers)."""
TRIGGER_EN = {
    "summon": "Summon",
    "manifest": "Manifest",
    "fury": "Fury",
    "on_time": "Time Movement",
    "on_future": "Movement into the Future",
    "on_past": "Movement into the Past",
    "on_start": "At the start of your turn",
    "on_end": "At the end of your turn",
}
TRIGGER_RU = {
    "summon": "Призыв",
    "manifest": "Явление",
    "fury": "Ярость",
    "on_time": "Движение Времени",
    "on_future": "Движение в Будущее",
    "on_past": "Движение в Прошлое",
    "on_start": "В начале вашего хода",
    "on_end": "В конце вашего хода",
}
TRIGGER_KEYWORD = {
    "summon": "Summon",
    "manifest": "Manifest",
    "fury": "Fury",
    "on_time": "Time Movement",
    "on_future": "Movement into the Future",
    "on_past": "Movement into the Past",
}

EMERGE: dict[str, tuple[str, str]] = {
    "opp_attack": ("when the opponent collects Attack", "когда противник собирает Атаку"),
    "opp_creature": (
        "when a creature enters the battlefield under the opponent's control",
        "когда под контролем противника на поле выходит существо",
    ),
    "opp_spell": ("when the opponent plays a spell", "когда противник разыгрывает заклинание"),
    "opp_time": ("when the opponent collects Time of any kind", "когда противник собирает Время любого вида"),
    "opp_meditate": ("when the opponent Meditates", "когда противник Медитирует"),
    "opp_hero": ("when the opponent uses a Hero ability", "когда противник использует способность Героя"),
    "time_move": (
        "when Time moves (the natural course of time does not count)",
        "при Движении Времени (естественный ход времени не считается)",
    ),
    "time_past": ("when Time moves into the Past", "при Движении Времени в Прошлое"),
    "epoch": ("when the active Epoch changes", "когда меняется активная Эпоха"),
    "my_death": ("when a creature you control dies", "когда умирает ваше существо"),
    "my_damage": ("when you are dealt damage", "когда вам наносят повреждения"),
}
"""The machine-checked Emerge from the Shadows events (KM15), seen from the Shadow's controller:
(English, Russian) condition text."""

STATICS: dict[str, str] = {
    "anthem": "resource",
    "discount": "amount",
    "ward": "",
}
"""Static abilities (M51): ``anthem <resource> N`` (your other creatures that produce resources
produce N more of it), ``discount N`` (your cards cost N less, not below 1), ``ward`` (the
opponent's Disembody, Return, Trap and Time Shift cannot choose this permanent)."""


@dataclass(frozen=True)
class OpSpec:
    amount: str
    """ "" none, "n" required (1-9), "opt" optional (Disembody 3 or plain Disembody)."""
    who: tuple[str, ...] = ()
    """Allowed target words; the first is the default when the word is left out."""
    target: str = ""
    """What the op chooses when it resolves: "creature", "creatures", "permanent", "shadow", ""."""
    keyword: str = ""
    """The KM keyword it is (for counting keywords on cards)."""


_SPECS: dict[str, OpSpec] = {
    "damage": OpSpec("n", ("opp", "me")),
    "lose": OpSpec("n", ("opp", "me")),
    "life": OpSpec("n"),
    "armor": OpSpec("n"),
    "draw": OpSpec("n", ("me", "opp")),
    "conc": OpSpec("n"),
    "time": OpSpec("n"),
    "past": OpSpec("n"),
    "future": OpSpec("n"),
    "disembody": OpSpec("opt", target="creature", keyword="Disembody"),
    "return": OpSpec("opt", target="creature", keyword="Return"),
    "trap": OpSpec("opt", target="creature", keyword="Trap"),
    "mass_disembody": OpSpec("n", target="creatures", keyword="Mass"),
    "mass_return": OpSpec("n", target="creatures", keyword="Mass"),
    "shift": OpSpec("", target="permanent", keyword="Time Shift"),
    "intuition": OpSpec("", target="shadow", keyword="Intuition"),
    "token": OpSpec("n"),
    "hero": OpSpec("n"),
    "mend": OpSpec("n"),
    "mill": OpSpec("n", ("opp", "me")),
    "untap": OpSpec(""),
}
"""Each op's spec; ``VOCABULARY`` declares them with their words."""


def _amount(tok: str, op: str, context: object) -> int:
    return _number(tok, op)


def _token(tok: str | None, op: str, context: Mapping[str, Any]) -> str:
    token_ids: frozenset[str] = context.get("token_ids", frozenset())
    if tok not in token_ids:
        known = ", ".join(sorted(token_ids)) or "none loaded"
        raise CardDataError(f"token needs a token id after the count (tokens: {known})")
    return tok


def _args(name: str, spec: OpSpec) -> tuple[Arg, ...]:
    """The words after the op, in order: N (required or optional), a token id, a who word."""
    args: list[Arg] = []
    if spec.amount == "n":
        args.append(Arg("amount", _amount, True, missing="{op} needs an amount"))
    elif spec.amount == "opt":
        args.append(Arg("amount", _amount, default=0, claims=str.isdigit))
    if name == "token":
        args.append(Arg("arg", _token, True, missing=None))
    if spec.who:
        refusal = "{op} takes {choices} as its target word, not {value}"
        args.append(Arg("who", one_of(spec.who, refusal), default=spec.who[0]))
    return tuple(args)


VOCABULARY: Vocabulary[OpSpec] = Vocabulary(
    "chronomagia", (Op(name, spec, _args(name, spec)) for name, spec in _SPECS.items())
)
"""The effect vocabulary, declared through the shared card-data mechanism; each op has its
handling in ``engines.chronomagia.effects`` (registered there with ``check_handlers``)."""
OPS: dict[str, OpSpec] = VOCABULARY.specs

TIME_OPS = {"time": "time", "past": "time_past", "future": "time_future"}
"""Effects that give Time to use at once, as if it were collected (M29), by resource kind."""


@dataclass(frozen=True)
class Effect:
    op: str
    amount: int = 0
    """The number (0 for an optional number left out: Disembody with no limit)."""
    who: str = ""
    """ "opp" or "me" for ops aimed at a player."""
    arg: str = ""
    """A token's card id (``token 2 K01``)."""


@dataclass(frozen=True)
class Static:
    op: str
    amount: int = 0
    resource: str = ""


def _number(tok: str, what: str) -> int:
    if not tok.isdigit() or not 1 <= int(tok) <= 9:
        raise CardDataError(f"{what} needs a whole number from 1 to 9, not {tok!r}")
    return int(tok)


def parse_effect(text: str, token_ids: frozenset[str] = frozenset()) -> Effect:
    r = VOCABULARY.read_words(text, {"token_ids": token_ids})
    return Effect(r.op, r.get("amount", 0), r.get("who", ""), r.get("arg", ""))


def parse_line(text: str, token_ids: frozenset[str] = frozenset()) -> tuple[Effect, ...]:
    if not isinstance(text, str) or not text.strip():
        raise CardDataError("an effect line must be a non-empty string")
    return tuple(parse_effect(part.strip(), token_ids) for part in text.split(","))


def parse_static(text: str) -> Static:
    toks = text.split()
    if not toks or toks[0] not in STATICS:
        raise CardDataError(f"a static ability is one of {', '.join(STATICS)}, not {text!r}")
    op, rest = toks[0], toks[1:]
    if op == "ward":
        if rest:
            raise CardDataError("ward takes no words")
        return Static(op)
    if op == "discount":
        if len(rest) != 1:
            raise CardDataError("discount takes one number: 'discount 1'")
        return Static(op, _number(rest[0], op))
    if len(rest) != 2 or rest[0] not in RESOURCES:
        raise CardDataError(
            f"anthem takes a resource and a number: 'anthem attack 1' ({', '.join(RESOURCES)})"
        )
    return Static(op, _number(rest[1], op), rest[0])


# ------------------------------------------------------------------------------- rules text


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``n``: 1 карта, 2 карты, 5 карт (11-14 take the "many" form)."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _cards_en(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _cards_ru(n: int) -> str:
    return f"{n} {ru_plural(n, 'карту', 'карты', 'карт')}"


def describe(e: Effect, names: dict[str, str] | None = None) -> str:
    """One effect as an English sentence; ``names`` gives token names by id."""
    n = e.amount
    opp = e.who == "opp"
    token = (names or {}).get(e.arg, e.arg)
    limit = f" {n}" if n else ""
    match e.op:
        case "damage":
            return f"Deal {n} damage to {'the opponent' if opp else 'yourself'}."
        case "lose":
            return f"{'The opponent loses' if opp else 'You lose'} {n} Life."
        case "life":
            return f"Gain {n} Life."
        case "armor":
            return f"Put {n} Armor on your Hero."
        case "draw":
            return f"{'The opponent draws' if opp else 'Draw'} {_cards_en(n)}."
        case "conc":
            return f"Gain {n} Concentration."
        case "time" | "past" | "future":
            return f"Gain {n} {RES_EN[TIME_OPS[e.op]]}."
        case "disembody":
            return f"Disembody{limit}."
        case "return":
            return f"Return{limit}."
        case "trap":
            return f"Trap{limit}."
        case "mass_disembody":
            return f"Mass Disembody {n}."
        case "mass_return":
            return f"Mass Return {n}."
        case "shift":
            return "Time Shift."
        case "intuition":
            return "Intuition."
        case "token":
            return f"Create {'a' if n == 1 else n} {token} token{'' if n == 1 else 's'}."
        case "hero":
            return f"Put {n} counter{'' if n == 1 else 's'} on your Hero."
        case "mend":
            return f"Put {n} counter{'' if n == 1 else 's'} on your Location."
        case "mill":
            whose = "the opponent's" if opp else "your"
            return f"Put the top {_cards_en(n).removeprefix('a ')} of {whose} deck into the graveyard."
        case "untap":
            return "Untap your other creatures."
    raise CardDataError(f"no text for {e.op}")


def describe_ru(e: Effect, names: dict[str, str] | None = None) -> str:
    """One effect as a Russian sentence; ``names`` gives tokens' Russian names by id."""
    n = e.amount
    opp = e.who == "opp"
    token = (names or {}).get(e.arg, e.arg)
    limit = f" {n}" if n else ""
    match e.op:
        case "damage":
            word = ru_plural(n, "повреждение", "повреждения", "повреждений")
            return f"Нанесите {n} {word} {'противнику' if opp else 'себе'}."
        case "lose":
            word = ru_plural(n, "жизнь", "жизни", "жизней")
            return f"{'Противник теряет' if opp else 'Вы теряете'} {n} {word}."
        case "life":
            return f"Получите {n} {ru_plural(n, 'жизнь', 'жизни', 'жизней')}."
        case "armor":
            return f"Положите на Героя {n} {ru_plural(n, 'жетон', 'жетона', 'жетонов')} Брони."
        case "draw":
            return f"{'Противник берёт' if opp else 'Возьмите'} {_cards_ru(n)}."
        case "conc":
            return f"Получите {n} ед. Концентрации."
        case "time" | "past" | "future":
            return f"Получите {n} ед. ресурса «{RES_RU[TIME_OPS[e.op]]}»."
        case "disembody":
            return f"Развоплощение{limit}."
        case "return":
            return f"Возвращение{limit}."
        case "trap":
            return f"Ловушка{limit}."
        case "mass_disembody":
            return f"Массовое Развоплощение {n}."
        case "mass_return":
            return f"Массовое Возвращение {n}."
        case "shift":
            return "Сдвиг времени."
        case "intuition":
            return "Интуиция."
        case "token":
            return f"Создайте {n} {ru_plural(n, 'токен', 'токена', 'токенов')} «{token}»."
        case "hero":
            return f"Положите на Героя {n} {ru_plural(n, 'жетон', 'жетона', 'жетонов')}."
        case "mend":
            return f"Положите на вашу Местность {n} {ru_plural(n, 'жетон', 'жетона', 'жетонов')}."
        case "mill":
            whose = "противника" if opp else "вашей"
            return f"Положите {_cards_ru(n)} с верха колоды {whose} в кладбище."
        case "untap":
            return "Разверните других ваших существ."
    raise CardDataError(f"no text for {e.op}")


def line_text(effects: tuple[Effect, ...], names: dict[str, str] | None = None, ru: bool = False) -> str:
    fn = describe_ru if ru else describe
    return " ".join(fn(e, names) for e in effects)


def static_text(st: Static, ru: bool = False) -> str:
    if st.op == "ward":
        return (
            "Оберег: способности противника не могут выбрать этот перманент."
            if ru
            else "Ward: the opponent's abilities cannot choose this permanent."
        )
    if st.op == "discount":
        if ru:
            return f"Ваши карты стоят на {st.amount} меньше (но не меньше 1)."
        return f"Your cards cost {st.amount} less (but at least 1)."
    if ru:
        return f"Другие ваши существа производят +{st.amount} к ресурсу «{RES_RU[st.resource]}»."
    return f"Other creatures you control produce +{st.amount} {RES_EN[st.resource]}."
