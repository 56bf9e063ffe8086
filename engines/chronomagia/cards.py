"""Chronomagia cards as data: the card model and the strict loader of ``cards/*.toml``.

Six files hold the cards: ``heroes.toml``, ``thoughtforms.toml``, ``locations.toml``,
``phenomena.toml``, ``shadows.toml`` and ``tokens.toml``. Every card but a Hero has **three
windows, one per Epoch** (section 0 and 6 of the digest). A window is a TOML table named after
the Epochs it covers, ``e1``, ``e2``, ``e3``, or a window stretched over several, ``e12``,
``e23``, ``e123`` (copied into each, as the seed's stretched text windows are); an Epoch no window
covers is one where the card does nothing at all. A window holds:

* ``res``: the resource window (``{ attack = 2, defense = 1 }``); a Thoughtform with one is a
  creature in that Epoch, without one a spell (M31);
* ``spell``: the effect line that resolves when it is played as a spell, or when it dies because
  its Epoch changed (the "living spell", M32.1);
* triggers ``summon``, ``manifest``, ``fury``, ``on_time``, ``on_future``, ``on_past``,
  ``on_start``, ``on_end``, a ``tap`` ability (``"2: disembody 3"``: pay 2 Concentration and tap),
  ``static`` abilities and ``keywords`` (``["Acceleration"]``).

Effect lines use the vocabulary of ``engines.chronomagia.grammar``. Rules text is not typed by hand:
it is written from the parsed data in English and in Russian, so what a card says is what it does.
Names are given in both languages (``name`` and ``name_ru``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from engines.core.carddata import Place, add_card, card_tables, read_toml
from engines.core.carddata import fail as _fail
from engines.core.carddata import text as _text
from engines.core.carddata import whole as _int

from .grammar import (
    EMERGE,
    KEYWORDS,
    RES_EN,
    RES_RU,
    RESOURCES,
    TRIGGER_EN,
    TRIGGER_KEYWORD,
    TRIGGER_RU,
    TRIGGERS,
    CardDataError,
    Effect,
    Static,
    line_text,
    parse_line,
    parse_static,
    static_text,
)

CARD_DIR = Path(__file__).resolve().parent / "cards"
Kind = Literal["hero", "thoughtform", "location", "phenomenon", "shadow", "token"]
RARITIES = ("common", "uncommon", "rare", "mythic")
RARITY_RU = {"common": "обычная", "uncommon": "необычная", "rare": "редкая", "mythic": "мифическая"}
KIND_EN = {
    "hero": "Hero",
    "thoughtform": "Thoughtform",
    "location": "Location",
    "phenomenon": "Phenomenon",
    "shadow": "Shadow",
    "token": "Token",
}
KIND_RU = {
    "hero": "Герой",
    "thoughtform": "Мыслеобраз",
    "location": "Местность",
    "phenomenon": "Явление",
    "shadow": "Тень",
    "token": "Токен",
}
WINDOW_KEYS = {"e1": (1,), "e2": (2,), "e3": (3,), "e12": (1, 2), "e23": (2, 3), "e123": (1, 2, 3)}
_WINDOW_FIELDS = frozenset({"res", "spell", "tap", "static", "keywords", *TRIGGERS})
WINDOW_KEYWORDS = ("Acceleration",)
"""Keywords a window may list by name; the others are written as effects or triggers."""


@dataclass(frozen=True)
class Window:
    """What a card is and does in one Epoch."""

    res: tuple[tuple[str, int], ...] | None = None
    """The resource window, (resource, amount) in ``RESOURCES`` order; None: no window (a spell)."""
    spell: tuple[Effect, ...] = ()
    triggers: tuple[tuple[str, tuple[Effect, ...]], ...] = ()
    """(part, effects) for each trigger printed, in ``TRIGGERS`` order."""
    tap: tuple[Effect, ...] | None = None
    tap_cost: int = 0
    statics: tuple[Static, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str = ""
    text_ru: str = ""

    def trigger(self, part: str) -> tuple[Effect, ...]:
        for name, effects in self.triggers:
            if name == part:
                return effects
        return ()

    def amount(self, resource: str) -> int:
        for name, n in self.res or ():
            if name == resource:
                return n
        return 0

    @property
    def is_empty(self) -> bool:
        return self.res is None and not self.spell and not self.triggers


@dataclass(frozen=True)
class HeroAbility:
    delta: int
    """+N puts N counters on the Hero; -N needs and removes N (M62)."""
    effects: tuple[Effect, ...]
    text: str = ""
    text_ru: str = ""


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    name_ru: str
    kind: Kind
    rarity: str = "common"
    native: int = 0
    """The native Epoch (1-3) of a Thoughtform, Location, Phenomenon or Shadow; 0 for others."""
    cost: int = 0
    costs: tuple[int, ...] = ()
    """Per-Epoch costs when the card data gives them (F16); else ``cost`` in every Epoch."""
    willpower: int = 0
    subtype: str = ""
    subtype_ru: str = ""
    windows: tuple[Window, ...] = ()
    """Three windows, Epoch 1 first (empty for a Hero)."""
    lives: int = 0
    """Life counters of a Location, time counters of a Phenomenon (M35, M36)."""
    emerge: str = ""
    """A Shadow's Emerge from the Shadows event (a key of ``grammar.EMERGE``)."""
    base: tuple[tuple[str, int], ...] = ()
    """A Hero's base resources, collected in the Upkeep step (M12)."""
    meditation_cost: int = 1
    meditation: tuple[Effect, ...] = ()
    """What a Hero's Meditation does besides taking a card from the Hero Deck (M60)."""
    abilities: tuple[HeroAbility, ...] = ()
    flavour: str = ""
    text: str = ""
    text_ru: str = ""

    def window(self, epoch: int) -> Window:
        return self.windows[epoch - 1]

    def cost_in(self, epoch: int) -> int:
        return self.costs[epoch - 1] if self.costs else self.cost

    @property
    def keywords(self) -> frozenset[str]:
        """The KM keywords printed anywhere on the card."""
        out: set[str] = set()
        if self.kind == "shadow":
            out.add("Emerge from the Shadows")
        effects: list[Effect] = [*self.meditation, *(e for a in self.abilities for e in a.effects)]
        for w in self.windows:
            out.update(w.keywords)
            if w.tap is not None:
                out.add("Tap")
                effects.extend(w.tap)
            for part, effs in w.triggers:
                if part in TRIGGER_KEYWORD:
                    out.add(TRIGGER_KEYWORD[part])
                effects.extend(effs)
            effects.extend(w.spell)
        from .grammar import OPS

        out.update(OPS[e.op].keyword for e in effects if OPS[e.op].keyword)
        return frozenset(out)

    @property
    def type_line(self) -> str:
        sub = f" — {self.subtype}" if self.subtype else ""
        return f"{KIND_EN[self.kind]}{sub}"

    @property
    def type_line_ru(self) -> str:
        sub = f" — {self.subtype_ru or self.subtype}" if self.subtype else ""
        return f"{KIND_RU[self.kind]}{sub}"


@dataclass(frozen=True)
class CardSet:
    cards: dict[str, CardDef] = field(default_factory=dict)


# ---------------------------------------------------------------------------- rules text


def _res_text(res: tuple[tuple[str, int], ...], ru: bool) -> str:
    if ru:
        return "Ресурсы: " + ", ".join(f"{RES_RU[r]} {n}" for r, n in res) + "."
    return "Produces " + ", ".join(f"{n} {RES_EN[r]}" for r, n in res) + "."


def window_text(w: Window, kind: str, names: dict[str, str], ru: bool = False) -> str:
    """One Epoch's text, one ability per line."""
    lines: list[str] = []
    if w.res is not None:
        lines.append(_res_text(w.res, ru) if w.res else ("Ресурсы: нет." if ru else "Produces nothing."))
    if w.keywords:
        kws = [(k if not ru else {"Acceleration": "Ускорение"}[k]) for k in w.keywords]
        lines.append(", ".join(kws) + ".")
    lines.extend(static_text(st, ru) for st in w.statics)
    heads = TRIGGER_RU if ru else TRIGGER_EN
    for part, effs in w.triggers:
        lines.append(f"{heads[part]}: {line_text(effs, names, ru)}")
    if w.tap is not None:
        if ru:
            head = f"Поворот (заплатите {w.tap_cost} ед. Концентрации)" if w.tap_cost else "Поворот"
        else:
            head = f"Tap (pay {w.tap_cost})" if w.tap_cost else "Tap"
        lines.append(f"{head}: {line_text(w.tap, names, ru)}")
    if w.spell:
        if kind == "shadow":
            pass
        else:
            lines.append(("Заклинание: " if ru else "Spell: ") + line_text(w.spell, names, ru))
    if not lines:
        lines.append("—")
    return "\n".join(lines)


def card_text(c: CardDef, ru: bool = False) -> str:
    """The whole rules text: each Epoch's window under its heading (a Hero: its windows)."""
    names = token_names(ru)
    if c.kind == "hero":
        if ru:
            base = ", ".join(f"{RES_RU[r]} {n}" for r, n in c.base)
        else:
            base = ", ".join(f"{n} {RES_EN[r]}" for r, n in c.base)
        extra = f" {line_text(c.meditation, names, ru)}" if c.meditation else ""
        if ru:
            lines = [
                f"Базовый ресурс: {base}.",
                f"Медитация: заплатите {c.meditation_cost} ед. Концентрации: возьмите любую карту из Колоды Героя.{extra}",
            ]
        else:
            lines = [
                f"Base resources: {base}.",
                f"Meditation: pay {c.meditation_cost} Concentration: take any card from your Hero Deck.{extra}",
            ]
        lines.extend(f"{a.delta:+d}: {a.text_ru if ru else a.text}" for a in c.abilities)
        return "\n".join(lines)
    out: list[str] = []
    if c.kind == "shadow":
        cond = EMERGE[c.emerge][1 if ru else 0]
        out.append(f"Выйти из Тени: {cond}." if ru else f"Emerge from the Shadows: {cond}.")
    if c.kind in ("location", "phenomenon"):
        if ru:
            out.append(f"Жизни: {c.lives}." if c.kind == "location" else f"Жетоны времени: {c.lives}.")
        else:
            out.append(f"Lives: {c.lives}." if c.kind == "location" else f"Time counters: {c.lives}.")
    for i, w in enumerate(c.windows, 1):
        head = f"Эпоха {i}" if ru else f"Epoch {i}"
        out.append(f"[{head}] " + (w.text_ru if ru else w.text).replace("\n", " "))
    return "\n".join(out)


@cache
def token_names(ru: bool = False) -> dict[str, str]:
    """Token names by id, for texts that create tokens (read before the other files)."""
    raw = read_toml(CARD_DIR / "tokens.toml")
    return {t["id"]: t["name_ru" if ru else "name"] for t in raw.get("card", []) if "id" in t}


# ---------------------------------------------------------------------------- the loader

_FILES: dict[str, Kind] = {
    "tokens.toml": "token",
    "heroes.toml": "hero",
    "thoughtforms.toml": "thoughtform",
    "locations.toml": "location",
    "phenomena.toml": "phenomenon",
    "shadows.toml": "shadow",
}
_PREFIX: dict[Kind, str] = {
    "hero": "H",
    "thoughtform": "T",
    "location": "L",
    "phenomenon": "P",
    "shadow": "S",
    "token": "K",
}
_DIGITS: dict[Kind, int] = {"thoughtform": 3}
_COMMON = {"id", "name", "name_ru", "flavour", "rarity"}
_FIELDS: dict[Kind, frozenset[str]] = {
    "hero": frozenset(_COMMON | {"base", "meditation", "meditation_cost", "abilities"}),
    "thoughtform": frozenset(_COMMON | {"native", "cost", "costs", "willpower", "subtype", "subtype_ru"}),
    "location": frozenset(_COMMON | {"native", "cost", "costs", "lives", "subtype", "subtype_ru"}),
    "phenomenon": frozenset(_COMMON | {"native", "cost", "costs", "lives", "subtype", "subtype_ru"}),
    "shadow": frozenset(_COMMON | {"native", "willpower", "emerge", "subtype", "subtype_ru"}),
    "token": frozenset(_COMMON | {"willpower", "subtype", "subtype_ru"}),
}


def _resources(raw: Any, path: Path, where: str, name: str) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, dict):
        raise _fail(path, where, f"{name} must be a table of resources such as {{ attack = 2 }}")
    unknown = sorted(set(raw) - set(RESOURCES))
    if unknown:
        raise _fail(
            path, where, f"{name}: unknown resource {unknown[0]!r}; resources are {', '.join(RESOURCES)}"
        )
    return tuple((r, _int(raw[r], path, where, f"{name} {r}", 1, 9)) for r in RESOURCES if r in raw)


def _window(
    raw: Any, path: Path, where: str, kind: Kind, tokens: frozenset[str], names: dict[str, str]
) -> Window:
    if not isinstance(raw, dict):
        raise _fail(path, where, "a window must be a table")
    extra = sorted(set(raw) - _WINDOW_FIELDS)
    if extra:
        raise _fail(
            path, where, f"unknown window fields {extra}; fields are {', '.join(sorted(_WINDOW_FIELDS))}"
        )

    def line(key: str) -> tuple[Effect, ...]:
        try:
            return parse_line(raw[key], tokens)
        except CardDataError as exc:
            raise _fail(path, where, f"{key}: {exc}") from None

    res = _resources(raw["res"], path, where, "res") if "res" in raw else None
    permanent = kind in ("location", "phenomenon")
    spell = line("spell") if "spell" in raw else ()
    if spell and (res is not None or permanent or kind in ("shadow", "token")):
        raise _fail(path, where, "spell text belongs to a Thoughtform window without resources (M31)")
    triggers = tuple((p, line(p)) for p in TRIGGERS if p in raw)
    creature_parts = {p for p, _ in triggers} | ({"tap", "static", "keywords"} & set(raw))
    if kind == "shadow":
        creature_parts -= {"summon"}
    if res is None and not permanent and creature_parts:
        raise _fail(
            path,
            where,
            f"{', '.join(sorted(creature_parts))} need a resource window: without one the card is a spell",
        )
    if "fury" in raw and permanent:
        raise _fail(path, where, "Fury belongs to creatures (KM9)")
    tap: tuple[Effect, ...] | None = None
    tap_cost = 0
    if "tap" in raw:
        text = _text(raw["tap"], path, where, "tap")
        cost_part, sep, body = text.partition(":")
        if sep:
            if not cost_part.strip().isdigit():
                raise _fail(
                    path, where, "tap: write 'N: effects' with N the Concentration paid, or just the effects"
                )
            tap_cost = _int(int(cost_part.strip()), path, where, "tap cost", 1, 9)
        else:
            body = text
        try:
            tap = parse_line(body, tokens)
        except CardDataError as exc:
            raise _fail(path, where, f"tap: {exc}") from None
    statics_raw = raw.get("static", [])
    if isinstance(statics_raw, str):
        statics_raw = [statics_raw]
    if not isinstance(statics_raw, list):
        raise _fail(path, where, "static must be a line or a list of lines")
    try:
        statics = tuple(parse_static(_text(s, path, where, "static")) for s in statics_raw)
    except CardDataError as exc:
        raise _fail(path, where, f"static: {exc}") from None
    kws = raw.get("keywords", [])
    if not isinstance(kws, list) or any(k not in WINDOW_KEYWORDS for k in kws) or len(set(kws)) != len(kws):
        raise _fail(path, where, f"keywords may list only {', '.join(WINDOW_KEYWORDS)}")
    w = Window(res, spell, triggers, tap, tap_cost, statics, tuple(kws))
    ru_names = token_names(True)
    return Window(
        res, spell, triggers, tap, tap_cost, statics, tuple(kws),
        window_text(w, kind, names), window_text(w, kind, ru_names, ru=True),
    )  # fmt: skip


def _windows(
    raw: dict[str, Any], path: Path, where: str, kind: Kind, tokens: frozenset[str]
) -> tuple[Window, ...]:
    names = token_names(False)
    slots: list[Window | None] = [None, None, None]
    for key, epochs in WINDOW_KEYS.items():
        if key not in raw:
            continue
        w = _window(raw[key], path, f"{where} {key}", kind, tokens, names)
        for e in epochs:
            if slots[e - 1] is not None:
                raise _fail(path, where, f"Epoch {e} is covered by two windows")
            slots[e - 1] = w
    empty = Window(text="—", text_ru="—")
    return tuple(w if w is not None else empty for w in slots)


def _parse(raw: dict[str, Any], path: Path, kind: Kind, tokens: frozenset[str]) -> CardDef:
    cid = raw.get("id")
    where = f"card {cid or '?'}"
    prefix = _PREFIX[kind]
    digits = _DIGITS.get(kind, 2)
    if not (isinstance(cid, str) and len(cid) == 1 + digits and cid[0] == prefix and cid[1:].isdigit()):
        raise _fail(path, where, f"id must be {prefix} followed by {digits} digits")
    allowed = _FIELDS[kind] | set(WINDOW_KEYS) if kind != "hero" else _FIELDS[kind]
    extra = sorted(set(raw) - allowed)
    if extra:
        raise _fail(path, where, f"unknown fields {extra}")
    name = _text(raw.get("name"), path, where, "name")
    name_ru = _text(raw.get("name_ru"), path, where, "name_ru")
    rarity = raw.get("rarity", "common")
    if rarity not in RARITIES:
        raise _fail(path, where, f"rarity must be one of {', '.join(RARITIES)}")
    flavour = raw.get("flavour", "")
    if not isinstance(flavour, str):
        raise _fail(path, where, "flavour must be text")
    subtype = raw.get("subtype", "")
    subtype_ru = raw.get("subtype_ru", "")
    if not isinstance(subtype, str) or not isinstance(subtype_ru, str):
        raise _fail(path, where, "subtype and subtype_ru must be text")
    if kind == "hero":
        return _hero(raw, path, where, name, name_ru, rarity, flavour, tokens)
    windows = _windows(raw, path, where, kind, tokens)
    native = _int(raw.get("native", 1), path, where, "native", 1, 3) if kind != "token" else 0
    cost = _int(raw.get("cost", 0), path, where, "cost", 0, 12) if kind not in ("shadow", "token") else 0
    costs: tuple[int, ...] = ()
    if "costs" in raw:
        cr = raw["costs"]
        if not isinstance(cr, list) or len(cr) != 3:
            raise _fail(path, where, "costs must list three costs, Epoch 1 first (F16)")
        costs = tuple(_int(x, path, where, "costs", 0, 12) for x in cr)
    if kind in ("shadow", "token"):
        willpower = _int(raw.get("willpower"), path, where, "willpower", 0, 12)
    else:
        willpower = _int(raw.get("willpower", cost), path, where, "willpower", 0, 12)
    lives = 0
    if kind in ("location", "phenomenon"):
        lives = _int(raw.get("lives"), path, where, "lives", 1, 20)
    emerge = ""
    if kind == "shadow":
        emerge = raw.get("emerge", "")
        if emerge not in EMERGE:
            raise _fail(path, where, f"emerge must be one of {', '.join(EMERGE)}")
    if kind == "thoughtform" and all(w.is_empty for w in windows):
        raise _fail(path, where, "a Thoughtform does something in at least one Epoch")
    if kind == "token" and any(w.res is None for w in windows if not w.is_empty):
        raise _fail(path, where, "a token's windows are creature windows")
    c = CardDef(
        cid, name, name_ru, kind, rarity, native, cost, costs, willpower, subtype, subtype_ru,
        windows, lives, emerge, flavour=flavour,
    )  # fmt: skip
    return _with_text(c)


def _with_text(c: CardDef) -> CardDef:
    return CardDef(**{**c.__dict__, "text": card_text(c), "text_ru": card_text(c, ru=True)})


def _hero(
    raw: dict[str, Any],
    path: Path,
    where: str,
    name: str,
    name_ru: str,
    rarity: str,
    flavour: str,
    tokens: frozenset[str],
) -> CardDef:
    base = _resources(raw.get("base"), path, where, "base")
    if not base or any(r not in ("concentration", "life", "armor") for r, _ in base):
        raise _fail(path, where, "base resources are Concentration, Life or Armor (M12)")
    med_cost = _int(raw.get("meditation_cost", 1), path, where, "meditation_cost", 1, 3)
    meditation: tuple[Effect, ...] = ()
    if "meditation" in raw:
        try:
            meditation = parse_line(raw["meditation"], tokens)
        except CardDataError as exc:
            raise _fail(path, where, f"meditation: {exc}") from None
    abilities_raw = raw.get("abilities")
    if not isinstance(abilities_raw, list) or len(abilities_raw) != 3:
        raise _fail(path, where, "a Hero has exactly three abilities (M62)")
    abilities = []
    names, names_ru = token_names(False), token_names(True)
    for i, a in enumerate(abilities_raw, 1):
        if not isinstance(a, dict) or set(a) != {"delta", "line"}:
            raise _fail(path, where, f"ability {i} is a table with delta and line")
        delta = a["delta"]
        if isinstance(delta, bool) or not isinstance(delta, int) or delta == 0 or not -9 <= delta <= 9:
            raise _fail(path, where, f"ability {i}: delta is +N or -N, N from 1 to 9")
        try:
            effs = parse_line(a["line"], tokens)
        except CardDataError as exc:
            raise _fail(path, where, f"ability {i}: {exc}") from None
        abilities.append(HeroAbility(delta, effs, line_text(effs, names), line_text(effs, names_ru, ru=True)))
    if not any(a.delta > 0 for a in abilities):
        raise _fail(
            path, where, "a Hero needs an ability that adds counters, or the others can never be used"
        )
    c = CardDef(
        str(raw["id"]), name, name_ru, "hero", rarity, base=base, meditation_cost=med_cost,
        meditation=meditation, abilities=tuple(abilities), flavour=flavour,
    )  # fmt: skip
    return _with_text(c)


def load(folder: Path = CARD_DIR) -> CardSet:
    """Every card file of ``folder``; ``CardDataError`` (file and card named) for anything unknown.

    The files are read by the shared card-file reader (``engines.core.carddata``) and every
    effect line against the declared vocabulary (``grammar.VOCABULARY``)."""
    cards: dict[str, CardDef] = {}
    files: dict[str, str] = {}
    token_ids: frozenset[str] = frozenset()
    for fname, kind in _FILES.items():
        path = folder / fname
        tables = card_tables(path, "card")
        if kind == "token":
            token_ids = frozenset(str(t.get("id")) for _, t in tables)
        for _, entry in tables:
            c = _parse(entry, path, kind, token_ids)
            add_card(cards, Place(fname, c.id), c.id, c, files)
    names = [c.name for c in cards.values()]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise CardDataError(f"two cards are called {dupes[0]!r}")
    for c in cards.values():
        for w in c.windows:
            for eff in (*w.spell, *(e for _, es in w.triggers for e in es), *(w.tap or ())):
                if eff.op == "token" and cards[eff.arg].kind != "token":
                    raise CardDataError(f"card {c.id}: {eff.arg} is not a token")
    return CardSet(cards)


@cache
def card_set() -> CardSet:
    return load()


@cache
def card_ids() -> frozenset[str]:
    return frozenset(card_set().cards)


def card(cid: str) -> CardDef:
    return card_set().cards[cid]


def resource_words(res: tuple[tuple[str, int], ...] | None, ru: bool = False) -> str:
    """ "2 Attack, 1 Defense" (or "—" for no resource window)."""
    if res is None:
        return "—"
    if ru:
        return ", ".join(f"{RES_RU[r]} {n}" for r, n in res) or "0"
    return ", ".join(f"{n} {RES_EN[r]}" for r, n in res) or "0"


__all__ = [
    "KEYWORDS",
    "CardDataError",
    "CardDef",
    "CardSet",
    "HeroAbility",
    "Window",
    "card",
    "card_ids",
    "card_set",
]
