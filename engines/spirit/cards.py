"""Spirit Tactics cards as data: the card model and the strict loader of ``cards/*.toml``.

Five files hold the cards (``essence.toml``, ``commanders.toml``, ``spirits.toml``,
``arcana.toml``, ``reflex.toml``) and one the rules' numbers and Indicator shapes (``rules.toml``).
Every ability, Snare, trigger and spell is one line in the seed's grammar (S23, S24)::

    <cost>: <primary effects>; <aftermath effects>

parsed by ``engines.spirit.grammar``, which checks every cost symbol, effect op, amount and target
word and raises ``CardDataError`` naming the file and the card for anything it does not know, so a
typo fails at start-up and in a test instead of becoming a blank card. Rules text is not typed by
hand: it is written from the parsed effects, so what a card says is what it does. The data adds
names, flavour and art.
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

from .grammar import Ability, CardDataError, describe_aura, parse_aura, parse_line

CARD_DIR = Path(__file__).resolve().parent / "cards"

KEYWORDS: tuple[str, ...] = (
    "Aegis",
    "Ravage",
    "Dauntless",
    "Invigorate",
    "Rejuvenate",
    "Longshot",
    "Snare",
    "Twinstrike",
    "Unending",
)
"""KW1-KW9 in the digest's order."""
TRIGGERS: dict[str, str] = {
    "call": "When this Spirit is Called",
    "ally_call": "When you Call a Spirit",
    "defeat": "When this Spirit is Defeated",
    "calm": "At the start of your Calm Phase",
    "end": "In your End Phase",
}
"""Dormant triggers a Spirit may print besides Snare (which triggers when it is flipped, KW7)."""
STATUSES = ("", "renowned", "limited")
Kind = Literal["commander", "spirit", "essence", "arcana", "reflex"]


@dataclass(frozen=True)
class Essence:
    index: int
    """1-7: the digit of the id (``E1``) and of payments (``$s1``)."""
    name: str
    colour: str
    """The art colour, ``#rrggbb``."""


@dataclass(frozen=True)
class Trigger:
    """A triggered Dormant ability (S28): ``when`` it triggers and the ability it starts."""

    when: str
    """A key of ``TRIGGERS``, or "flip" for Snare."""
    ability: Ability
    once_per_turn: bool = False
    """Usable once per turn per player for all cards of this name (S29)."""

    @property
    def text(self) -> str:
        head = "Snare" if self.when == "flip" else TRIGGERS[self.when]
        once = "Once per turn: " if self.once_per_turn else ""
        return f"{once}{head}: {self.ability.effect_text}"


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    kind: Kind
    rarity: int = 1
    """1-5, for display only (B27)."""
    status: str = ""
    """ "", "renowned" (S52) or "limited" (S6)."""
    limit: int = 3
    """Copies allowed across Deck + Side Deck (S6): 3, or 1 / the printed number when Limited."""
    affinity: str = ""
    strength: int = 0
    resilience: int = 0
    indicator: tuple[tuple[int, int], ...] = ()
    """Offsets (drow, dcol) from the Spirit, drow > 0 toward the opponent (section 0)."""
    shape: str = ""
    """The Indicator's shape name in ``rules.toml`` (or "custom")."""
    keywords: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    """Charged Abilities: a Commander's two (cheap, expensive, S49); a Spirit's zero to two."""
    triggers: tuple[Trigger, ...] = ()
    auras: tuple[tuple[str, int, str, str], ...] = ()
    """Static Dormant effects on Spirits in the Indicator: (op, amount, keyword, who)."""
    spell: Ability | None = None
    """An Arcana's or Reflex's one line."""
    essence: int = 0
    """An Essence card's type (1-7)."""
    text: str = ""
    """Rules text written from the data."""
    flavour: str = ""
    art: str = ""
    """The art colour, ``#rrggbb`` (the affinity's, or the Essence type's)."""

    @property
    def is_limited(self) -> bool:
        return self.status == "limited"

    @property
    def renowned(self) -> bool:
        return self.status == "renowned"


@dataclass(frozen=True)
class RulesData:
    deck_min: int
    deck_max: int
    side_max: int
    copies: int
    hand_size: int
    draw: int
    gathers: int
    turn_limit: int
    longshot_penalty: int
    shapes: dict[str, tuple[tuple[int, int], ...]] = field(default_factory=dict)


# ---------------------------------------------------------------------------- rules text


def _keyword_text(kw: str) -> str:
    return kw


def card_text(c: CardDef) -> str:
    """The rules text of a card, one ability per line, written from its parsed data."""
    lines: list[str] = []
    if c.status == "renowned":
        lines.append("Renowned.")
    elif c.status == "limited":
        lines.append("Limited." if c.limit == 1 else f"Limited {c.limit}.")
    kws = [k for k in c.keywords if k != "Snare"]
    if kws:
        lines.append(", ".join(_keyword_text(k) for k in kws) + ".")
    for a in c.auras:
        lines.append(describe_aura(*a))
    for t in c.triggers:
        lines.append(t.text)
    for i, ab in enumerate(c.abilities, 1):
        lines.append(f"[{i}] {ab.text}")
    if c.spell is not None:
        lines.append(c.spell.text)
    return "\n".join(lines)


# ---------------------------------------------------------------------------- the loader

_FILES: dict[str, Kind] = {
    "essence.toml": "essence",
    "commanders.toml": "commander",
    "spirits.toml": "spirit",
    "arcana.toml": "arcana",
    "reflex.toml": "reflex",
}
_PREFIX = {"commander": "C", "spirit": "S", "arcana": "A", "reflex": "R"}
_COMMON = {"id", "name", "flavour"}
_FIELDS: dict[str, frozenset[str]] = {
    "essence": frozenset(_COMMON | {"colour"}),
    "commander": frozenset(_COMMON | {"affinity", "resilience", "abilities", "rarity"}),
    "spirit": frozenset(
        _COMMON
        | {"rarity", "status", "limit", "affinity", "strength", "resilience", "indicator", "keywords"}
        | {"abilities", "snare", "triggers", "aura"}
    ),
    "arcana": frozenset(_COMMON | {"rarity", "status", "limit", "text", "art"}),
    "reflex": frozenset(_COMMON | {"rarity", "status", "limit", "text", "art"}),
}


def _line(raw: Any, path: Path, where: str, name: str, names: tuple[str, ...], **kw: Any) -> Ability:
    text = _text(raw, path, where, name)
    try:
        return parse_line(text, names, **kw)
    except CardDataError as exc:
        raise _fail(path, where, f"{name}: {exc}") from None


def _status(raw: dict[str, Any], path: Path, where: str, copies: int) -> tuple[str, int]:
    status = raw.get("status", "")
    if status not in STATUSES:
        raise _fail(path, where, "status must be 'renowned', 'limited' or left out")
    if "limit" in raw and status != "limited":
        raise _fail(path, where, "limit belongs only to a Limited card")
    if status == "limited":
        return status, _int(raw.get("limit", 1), path, where, "limit", 1, copies - 1)
    return status, copies


def _indicator(
    raw: Any, path: Path, where: str, shapes: dict[str, tuple[tuple[int, int], ...]]
) -> tuple[tuple[tuple[int, int], ...], str]:
    if isinstance(raw, str):
        if raw not in shapes:
            raise _fail(path, where, f"unknown Indicator shape {raw!r}; shapes are {', '.join(shapes)}")
        return shapes[raw], raw
    if not isinstance(raw, list) or not raw:
        raise _fail(path, where, "indicator must be a shape name or a list of [drow, dcol] offsets")
    out = []
    for off in raw:
        if (
            not isinstance(off, list)
            or len(off) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and -3 <= x <= 3 for x in off)
            or off == [0, 0]
        ):
            raise _fail(path, where, "each Indicator offset is [drow, dcol], whole numbers -3..3, not [0, 0]")
        out.append((off[0], off[1]))
    if len(set(out)) != len(out):
        raise _fail(path, where, "an Indicator offset is listed twice")
    return tuple(out), "custom"


def _parse(
    raw: dict[str, Any], path: Path, kind: Kind, r: RulesData, types: tuple[Essence, ...] = ()
) -> CardDef:
    """One card of ``kind``; ``types`` are the seven Essence types (names and colours)."""
    names = tuple(e.name for e in types)
    cid = raw.get("id")
    where = f"card {cid or '?'}"
    extra = set(raw) - _FIELDS[kind]
    if extra:
        raise _fail(path, where, f"unknown fields {sorted(extra)}")
    name = _text(raw.get("name"), path, where, "name")
    flavour = _text(raw.get("flavour"), path, where, "flavour")
    if kind == "essence":
        if not (isinstance(cid, str) and len(cid) == 2 and cid[0] == "E" and cid[1] in "1234567"):
            raise _fail(path, where, "id must be E1 to E7")
        colour = _text(raw.get("colour"), path, where, "colour")
        if not (len(colour) == 7 and colour[0] == "#" and all(ch in "0123456789abcdef" for ch in colour[1:])):
            raise _fail(path, where, "colour must be #rrggbb in lower case")
        return CardDef(cid, f"{name} Essence", kind, essence=int(cid[1]), flavour=flavour, art=colour)
    prefix = _PREFIX[kind]
    if not (isinstance(cid, str) and len(cid) == 3 and cid[0] == prefix and cid[1:].isdigit()):
        raise _fail(path, where, f"id must be {prefix} followed by two digits")
    rarity = _int(raw.get("rarity", 1), path, where, "rarity", 1, 5)
    if kind in ("arcana", "reflex"):
        status, limit = _status(raw, path, where, r.copies)
        spell = _line(raw.get("text"), path, where, "text", names, spell=kind)
        c = CardDef(cid, name, kind, rarity, status, limit, spell=spell, flavour=flavour)
        c = CardDef(**{**c.__dict__, "art": _text(raw.get("art", "#8a8a8a"), path, where, "art")})
        return CardDef(**{**c.__dict__, "text": card_text(c)})
    affinity = raw.get("affinity")
    if affinity not in names:
        raise _fail(path, where, f"affinity must be one of {', '.join(names)}")
    art = types[names.index(affinity)].colour
    abilities_raw = raw.get("abilities", [])
    if not isinstance(abilities_raw, list):
        raise _fail(path, where, "abilities must be a list of ability lines")
    if kind == "commander":
        if len(abilities_raw) != 2:
            raise _fail(path, where, "a Commander has exactly two Charged Abilities (S49)")
        abilities = tuple(
            _line(a, path, where, f"ability {i}", names, source="commander")
            for i, a in enumerate(abilities_raw, 1)
        )
        low, high = (len(a.cost) for a in abilities)
        if not 0 < low < high:
            raise _fail(path, where, "ability 1 must cost less Essence than ability 2 (S49), both at least 1")
        c = CardDef(
            cid,
            name,
            kind,
            rarity,
            limit=1,
            affinity=affinity,
            resilience=_int(raw.get("resilience"), path, where, "resilience", 1000, 9000),
            abilities=abilities,
            flavour=flavour,
            art=art,
        )
        return CardDef(**{**c.__dict__, "text": card_text(c)})
    # a Spirit
    status, limit = _status(raw, path, where, r.copies)
    if len(abilities_raw) > 2:
        raise _fail(path, where, "a Spirit has at most two Charged Abilities")
    abilities = tuple(
        _line(a, path, where, f"ability {i}", names, source="spirit") for i, a in enumerate(abilities_raw, 1)
    )
    for i, ab in enumerate(abilities, 1):
        if not ab.cost:
            raise _fail(path, where, f"ability {i}: a Charged Ability costs Essence (S47)")
    kws_raw = raw.get("keywords", [])
    if (
        not isinstance(kws_raw, list)
        or any(k not in KEYWORDS for k in kws_raw)
        or len(set(kws_raw)) != len(kws_raw)
    ):
        raise _fail(path, where, f"keywords must be different names among {', '.join(KEYWORDS)}")
    triggers: list[Trigger] = []
    if ("Snare" in kws_raw) != ("snare" in raw):
        raise _fail(
            path, where, "a Snare Spirit needs a snare line, and a snare line needs the keyword Snare"
        )
    if "snare" in raw:
        triggers.append(
            Trigger("flip", _line(raw["snare"], path, where, "snare", names, source="spirit", trigger=True))
        )
    trig_raw = raw.get("triggers", [])
    if not isinstance(trig_raw, list):
        raise _fail(path, where, "triggers must be a list of {when, line, once_per_turn}")
    for t in trig_raw:
        if not isinstance(t, dict) or set(t) - {"when", "line", "once_per_turn"}:
            raise _fail(path, where, "each trigger is a table with when, line and once_per_turn")
        when = t.get("when")
        if when not in TRIGGERS:
            raise _fail(path, where, f"trigger when must be one of {', '.join(TRIGGERS)}")
        once = t.get("once_per_turn", False)
        if not isinstance(once, bool):
            raise _fail(path, where, "once_per_turn must be true or false")
        ab = _line(t.get("line"), path, where, f"trigger {when}", names, source="spirit", trigger=True)
        triggers.append(Trigger(when, ab, once))
    auras: list[tuple[str, int, str, str]] = []
    aura_raw = raw.get("aura")
    if aura_raw is not None:
        try:
            auras.append(parse_aura(_text(aura_raw, path, where, "aura")))
        except CardDataError as exc:
            raise _fail(path, where, f"aura: {exc}") from None
    shape: tuple[tuple[int, int], ...] = ()
    shape_name = ""
    if "indicator" in raw:
        shape, shape_name = _indicator(raw["indicator"], path, where, r.shapes)
    needs_range = auras or any(a.ranged for a in abilities) or any(t.ability.ranged for t in triggers)
    if needs_range and not shape:
        raise _fail(path, where, "its abilities reach Spirits in range, so it needs an indicator")
    c = CardDef(
        cid,
        name,
        kind,
        rarity,
        status,
        limit,
        affinity=affinity,
        strength=_int(raw.get("strength"), path, where, "strength", 0, 5000),
        resilience=_int(raw.get("resilience"), path, where, "resilience", 100, 5000),
        indicator=shape,
        shape=shape_name,
        keywords=tuple(k for k in KEYWORDS if k in kws_raw),
        abilities=abilities,
        triggers=tuple(triggers),
        auras=tuple(auras),
        flavour=flavour,
        art=art,
    )
    return CardDef(**{**c.__dict__, "text": card_text(c)})


def parse_rules(raw: dict[str, Any], path: Path) -> RulesData:
    extra = set(raw) - {"rules", "shapes"}
    if extra:
        raise _fail(path, "top level", f"unknown keys {sorted(extra)}")
    names = [
        "deck_min",
        "deck_max",
        "side_max",
        "copies",
        "hand_size",
        "draw",
        "gathers",
        "turn_limit",
        "longshot_penalty",
    ]
    r = raw.get("rules", {})
    if set(r) != set(names):
        raise _fail(path, "[rules]", f"needs exactly {', '.join(names)}")
    nums = {n: _int(r[n], path, "[rules]", n, 1, 1000) for n in names}
    shapes: dict[str, tuple[tuple[int, int], ...]] = {}
    for key, offs in raw.get("shapes", {}).items():
        shapes[key], _ = _indicator(offs, path, f"[shapes] {key}", {})
    return RulesData(shapes=shapes, **nums)


@dataclass(frozen=True)
class CardSet:
    cards: dict[str, CardDef]
    rules: RulesData
    essences: tuple[Essence, ...]


def _load_essences(folder: Path) -> tuple[Essence, ...]:
    path = folder / "essence.toml"
    out = []
    for _, e in card_tables(path, "essence"):
        c = _parse(e, path, "essence", RulesData(30, 50, 10, 3, 6, 2, 2, 100, 100))
        out.append(Essence(c.essence, c.name.removesuffix(" Essence"), c.art))
    if sorted(e.index for e in out) != list(range(1, 8)):
        raise _fail(path, "essence", "must define E1 to E7 once each (B18)")
    return tuple(sorted(out, key=lambda e: e.index))


def load(folder: Path = CARD_DIR) -> CardSet:
    """Every card file of ``folder`` validated: names unique, ids unique, the seven Essence types.

    The files are read by the shared card-file reader (``engines.core.carddata``): a refusal
    names the file, the card and the field."""
    types = _load_essences(folder)
    path = folder / "rules.toml"
    rules = parse_rules(read_toml(path), path)
    cards: dict[str, CardDef] = {}
    files: dict[str, str] = {}
    for fname, kind in _FILES.items():
        path = folder / fname
        for _, entry in card_tables(path, kind):
            c = _parse(entry, path, kind, rules, types)
            add_card(cards, Place(path.name, c.id), c.id, c, files)
            if any(o.id != c.id and o.name.casefold() == c.name.casefold() for o in cards.values()):
                raise _fail(path, f"card {c.id}", f"duplicate name {c.name!r}")
    return CardSet(cards, rules, types)


@cache
def card_set() -> CardSet:
    return load()


def card(cid: str) -> CardDef:
    """The card with id ``cid`` (KeyError for an unknown id)."""
    return card_set().cards[cid]


@cache
def card_ids() -> frozenset[str]:
    return frozenset(card_set().cards)


def rules() -> RulesData:
    return card_set().rules


def essences() -> tuple[Essence, ...]:
    """The seven Essence types (B18), index 1 first."""
    return card_set().essences


@cache
def essence_names() -> tuple[str, ...]:
    """The seven type names in index order (index 1 first); they are also the affinities."""
    return tuple(e.name for e in essences())


def essence_name(index: int) -> str:
    return essence_names()[index - 1]


def essence_colour(name: str) -> str:
    return essences()[essence_names().index(name)].colour
