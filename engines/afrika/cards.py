"""Cards as data: the card model and the validated TOML loader (docs/adding-a-game.md, touch point 8).

Every file in ``engines/afrika/cards/*.toml`` holds ``[[card]]`` tables. The loader checks every
field, keyword, effect op, trigger and target spec, and raises ``CardDataError`` naming the file
and the card for anything it does not know, so a typo can never silently become a blank card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from engines.core.carddata import Arg, Op, Vocabulary, add_card, card_tables, one_of
from engines.core.errors import CardDataError as CardDataError

ENERGY: tuple[str, ...] = ("DIA", "NEB", "JUN", "VOL", "VOI", "RIF", "SAV", "SKY", "SEA", "MTN")
ENERGY_NAMES: dict[str, str] = {
    "DIA": "Diamond Terrain",
    "NEB": "Nebula Plains",
    "JUN": "Cosmic Jungle",
    "VOL": "Volcanic Valleys",
    "VOI": "The Void",
    "RIF": "Space Rifts",
    "SAV": "Golden Savannas",
    "SKY": "Sky Islands",
    "SEA": "Deep Seas",
    "MTN": "Mountain Peaks",
}
TYPES = ("entity", "tech", "spell", "terrain", "artifact", "vehicle")
SPELL_KINDS = ("sorcery", "quickplay", "enchantment")
RARITIES = ("C", "U", "R", "M")

KEYWORDS: dict[str, str] = {
    # name -> parameter kind: "" none, "n" optional number, "type" energy code, "cost", "quality"
    "Phasewalk": "",
    "Guardianship": "",
    "Bond": "",
    "Equip": "cost",
    "First Attack": "",
    "Warp": "",
    "Soaring": "",
    "Rush": "",
    "Cloaking": "",
    "Invincible": "",
    "Terrainwalk": "type",
    "Lifelink": "",
    "Shield": "quality",
    "Trample": "",
    "Alertness": "",
    "Swift": "",
    "Aerial": "",
    "Rampage": "n",
}

TARGET_KINDS = ("any", "entity", "player", "spell", "permanent", "artifact", "nonentity")
TARGET_FILTERS = ("opp", "own", "charged", "uncharged", "soaring")
TRIGGERS = ("enters", "dies", "attacks", "blocks", "sustenance", "dusk", "uncharged", "ally_enters")
WHO = ("you", "opponent", "each", "target")

# op -> allowed parameter names (besides "op", "if"); ``VOCABULARY`` declares them with their checks
_OP_FIELDS: dict[str, frozenset[str]] = {
    "damage": frozenset({"amount", "target", "to"}),
    "draw": frozenset({"amount", "who", "target"}),
    "gain_life": frozenset({"amount", "who", "target"}),
    "lose_life": frozenset({"amount", "who", "target"}),
    "destroy": frozenset({"target", "to"}),
    "exile": frozenset({"target"}),
    "bounce": frozenset({"target"}),
    "pump": frozenset({"power", "health", "keywords", "target", "to"}),
    "counters": frozenset({"kind", "amount", "target", "to"}),
    "look_pick": frozenset({"count", "filter", "rest", "may", "may_look"}),
    "search": frozenset({"filter"}),
    "token": frozenset({"card", "count"}),
    "add_energy": frozenset({"energy", "amount"}),
    "negate": frozenset({"target"}),
    "charge": frozenset({"target", "to"}),
    "uncharge": frozenset({"target", "to"}),
    "discard": frozenset({"amount", "who", "target"}),
    "mill": frozenset({"amount", "who", "target"}),
    "return_from_void": frozenset({"filter"}),
    "win_game": frozenset(),
    "script": frozenset({"fn"}),
}
MASS_TARGETS = (
    "self",
    "each_player",
    "each_opponent",
    "each_entity",
    "opp_entities",
    "own_entities",
    "other_entities",
)
CARD_FILTERS = ("any", "spell", "entity", "terrain", "basic_terrain", "nonterrain", "tech", "artifact")
CONDITIONS = ("life_at_least", "hand_empty", "you_control_entities")

STATIC_OPS = ("anthem", "attached", "self")
STATIC_WHERE = ("all", "zone")
CARD_FIELDS = frozenset(
    {
        "id",
        "name",
        "set",
        "rarity",
        "type",
        "subtypes",
        "supertypes",
        "cost",
        "power",
        "health",
        "keywords",
        "text",
        "verse",
        "produces",
        "targets",
        "effects",
        "abilities",
        "triggers",
        "static",
        "zone_ability",
        "modes",
        "token",
        "art",
    }
)
ABILITY_FIELDS = frozenset({"cost", "charge", "sacrifice", "timing", "targets", "effects", "text"})
TRIGGER_FIELDS = frozenset({"on", "targets", "effects", "text", "if"})
STATIC_FIELDS = frozenset({"op", "power", "health", "keywords", "where", "cant_attack", "cant_block"})


@dataclass(frozen=True)
class Cost:
    typed: tuple[tuple[str, int], ...] = ()
    generic: int = 0
    x: bool = False

    @cached_property
    def total(self) -> int:
        return sum(n for _, n in self.typed) + self.generic

    def text(self) -> str:
        parts = []
        if self.x:
            parts.append("{X}")
        if self.generic:
            parts.append(f"{{{self.generic}}}")
        for code, n in self.typed:
            parts.extend(f"{{{code}}}" for _ in range(n))
        return "".join(parts) or "{0}"

    def typed_dict(self) -> dict[str, int]:
        return dict(self.typed)


@dataclass(frozen=True)
class TargetSpec:
    kind: str
    filters: tuple[str, ...] = ()
    optional: bool = False

    def text(self) -> str:
        return "/".join((self.kind, *self.filters))


@dataclass(frozen=True)
class Effect:
    op: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default


@dataclass(frozen=True)
class Ability:
    """An activated ability ("[cost]: [effect]") or a triggered one ("when/whenever/at")."""

    kind: str  # "activated" | "triggered"
    cost: Cost = Cost()
    charge: bool = False
    sacrifice: bool = False
    timing: str = "quick"  # "quick" | "sorcery"
    on: str = ""
    cond: tuple[tuple[str, Any], ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Static:
    op: str  # "anthem" (your entities), "attached" (the entity this is attached to), "self"
    power: int = 0
    health: int = 0
    keywords: tuple[str, ...] = ()
    where: str = "all"
    cant_attack: bool = False
    cant_block: bool = False


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    type: str
    set: str = "LC"
    rarity: str = "C"
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    cost: Cost = Cost()
    power: int = 0
    health: int = 0
    keywords: tuple[tuple[str, str], ...] = ()
    text: str = ""
    verse: str = ""
    produces: tuple[str, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    modes: tuple[tuple[Effect, ...], ...] = ()
    abilities: tuple[Ability, ...] = ()
    static: tuple[Static, ...] = ()
    zone_ability: Static | None = None
    token: bool = False
    file: str = ""

    # Derived facts are cached on the card (the engine asks them thousands of times a game; a card
    # never changes): cached_property writes the instance __dict__ directly, which a frozen
    # dataclass allows, and fields, ==, hash and repr are untouched.
    @cached_property
    def is_permanent(self) -> bool:
        return self.type != "spell" or "enchantment" in self.subtypes

    @cached_property
    def spell_kind(self) -> str:
        for k in SPELL_KINDS:
            if k in self.subtypes:
                return k
        return ""

    @cached_property
    def basic(self) -> bool:
        return "Basic" in self.supertypes

    @cached_property
    def legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @cached_property
    def activated(self) -> tuple[tuple[int, Ability], ...]:
        """Its activated abilities with their indexes (``act:<id>:<n>``)."""
        return tuple((i, a) for i, a in enumerate(self.abilities) if a.kind == "activated")

    @cached_property
    def keyword_names(self) -> frozenset[str]:
        return frozenset(k for k, _ in self.keywords)

    def has(self, kw: str) -> bool:
        return kw in self.keyword_names

    def kw_param(self, kw: str) -> str:
        for k, p in self.keywords:
            if k == kw:
                return p
        return ""

    @cached_property
    def is_bond(self) -> bool:
        return self.has("Bond")

    @cached_property
    def places_in_zone(self) -> bool:
        """Entities, tech, vehicles and (non-Bond) enchantments are put into Zone 1 or 2 (R20)."""
        if self.type in ("entity", "tech", "vehicle"):
            return True
        return self.type == "spell" and self.spell_kind == "enchantment" and not self.is_bond

    @cached_property
    def makes_tokens(self) -> bool:
        """A sorcery or quick-play that creates tokens: its caster picks their zone as it is cast (D32)."""
        return not self.is_permanent and any(
            e.op == "token" for es in (self.effects, *self.modes) for e in es
        )

    @cached_property
    def chooses_zone(self) -> bool:
        """Cast with ``cast:<id>:1`` / ``:2``: the zone its permanent or its tokens enter (R20, D1, D32)."""
        return self.places_in_zone or self.makes_tokens

    def type_line(self) -> str:
        sup = " ".join(self.supertypes)
        main = {
            "spell": "Spell",
            "entity": "Entity",
            "tech": "Tech",
            "terrain": "Terrain",
            "artifact": "Artifact",
            "vehicle": "Vehicle",
        }[self.type]
        subs = [
            {"quickplay": "Quick-play", "sorcery": "Sorcery", "enchantment": "Enchantment"}.get(s, s)
            for s in self.subtypes
        ]
        head = f"{sup} {main}".strip()
        return f"{head} — {' '.join(subs)}" if subs else head


_COST_RE = re.compile(r"\{([^}]*)\}")


def parse_cost(text: str) -> Cost:
    """``"{2}{VOL}{VOL}"`` -> Cost(typed=(("VOL", 2),), generic=2); ``{X}`` sets x."""
    rest = _COST_RE.sub("", text).strip()
    if rest:
        raise ValueError(f"cost {text!r} has text outside braces")
    typed: dict[str, int] = {}
    generic = 0
    x = False
    for sym in _COST_RE.findall(text):
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            x = True
        elif sym in ENERGY:
            typed[sym] = typed.get(sym, 0) + 1
        else:
            raise ValueError(f"unknown energy symbol {{{sym}}} in cost {text!r}")
    return Cost(tuple((c, typed[c]) for c in ENERGY if c in typed), generic, x)


def parse_keyword(text: str) -> tuple[str, str]:
    for name in sorted(KEYWORDS, key=len, reverse=True):
        if text == name or text.startswith(name + " "):
            param = text[len(name) :].strip()
            kind = KEYWORDS[name]
            if kind == "" and param:
                raise ValueError(f"keyword {name} takes no parameter")
            if kind == "n" and param and not param.isdigit():
                raise ValueError(f"keyword {name} takes a number")
            if kind == "type" and param not in ENERGY:
                raise ValueError(f"keyword {name} needs a terrain type code, one of {', '.join(ENERGY)}")
            if kind == "quality":
                if param.startswith("from "):
                    q = param[5:]
                    if q not in ENERGY:
                        raise ValueError(f"Shield from needs an energy code, got {q!r}")
                elif param:
                    raise ValueError("Shield takes nothing or 'from CODE'")
            if kind == "cost":
                parse_cost(param)
            return name, param
    raise ValueError(f"unknown keyword {text!r}")


def parse_target(spec: Any) -> TargetSpec:
    if not isinstance(spec, str):
        raise ValueError(f"target spec must be a string, got {spec!r}")
    optional = spec.endswith("?")
    parts = spec.rstrip("?").split("/")
    if parts[0] not in TARGET_KINDS:
        raise ValueError(f"unknown target kind {parts[0]!r}")
    for f in parts[1:]:
        if f not in TARGET_FILTERS and not re.fullmatch(r"maxcost\d+|maxpower\d+", f):
            raise ValueError(f"unknown target filter {f!r}")
    return TargetSpec(parts[0], tuple(parts[1:]), optional)


def _check_amount(v: Any, where: str) -> None:
    if not (isinstance(v, int) and not isinstance(v, bool)) and v != "X":
        raise ValueError(f'{where} must be a whole number or "X", got {v!r}')


def _target(v: Any, op: str, context: Mapping[str, Any]) -> Any:
    if not isinstance(v, int) or not 0 <= v < context["n_targets"]:
        raise ValueError(f"effect {op}: target {v!r} is not one of the card's targets")
    return v


def _amount(key: str) -> Arg:
    def check(v: Any, op: str, context: Mapping[str, Any]) -> Any:
        _check_amount(v, f"effect {op} {key}")
        return v

    return Arg(key, check)


def _keywords(v: Any, op: str, context: Mapping[str, Any]) -> tuple[str, ...]:
    for kw in v:
        parse_keyword(kw)
    return tuple(v)


def _flag(key: str) -> Arg:
    def check(v: Any, op: str, context: Mapping[str, Any]) -> Any:
        if not isinstance(v, bool):
            raise ValueError(f"effect {op}: {key} must be true or false")
        return v

    return Arg(key, check)


def _condition(v: Any, op: str, context: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    if not isinstance(v, Mapping) or any(c not in CONDITIONS for c in v):
        raise ValueError(f"unknown condition in {v!r}; known: {', '.join(CONDITIONS)}")
    return tuple(sorted(v.items()))


_ARGS: dict[str, Arg] = {
    a.name: a
    for a in (
        Arg("target", _target),
        Arg("to", one_of(MASS_TARGETS, "effect {op}: unknown 'to' {value}")),
        Arg("who", one_of(WHO, "effect {op}: unknown 'who' {value}")),
        *(_amount(k) for k in ("amount", "power", "health", "count")),
        Arg("filter", one_of(CARD_FILTERS, "effect {op}: unknown filter {value}")),
        Arg("energy", one_of((*ENERGY, "any"), "effect {op}: unknown energy {value}")),
        Arg("keywords", _keywords),
        _flag("may"),
        _flag("may_look"),
        Arg("rest", one_of(("bottom", "void"), "effect {op}: rest must be bottom or void")),
        Arg("kind", one_of(("+1/+1", "-1/-1", "shield"), "effect {op}: unknown counter kind {value}")),
        Arg("card"),
        Arg("fn"),
    )
}
"""Each effect field with its check (one check per field, whichever op takes it)."""
_NEEDS: dict[str, tuple[tuple[tuple[str, ...], str], ...]] = {
    **{op: ((("target",), "a target"),) for op in ("exile", "bounce", "negate")},
    **{
        op: ((("target", "to"), "a target or 'to'"),)
        for op in ("damage", "destroy", "pump", "counters", "charge", "uncharge")
    },
}
VOCABULARY: Vocabulary[frozenset[str]] = Vocabulary(
    "afrika",
    (
        Op(op, fields, tuple(_ARGS[k] for k in sorted(fields)), _NEEDS.get(op, ()))
        for op, fields in _OP_FIELDS.items()
    ),
    common=(Arg("if", _condition),),
)
"""The effect vocabulary, declared through the shared card-data mechanism, which reads every effect
table against it; ``engines.afrika.effects.OPS`` registers one handler per op with it."""
OPS: dict[str, frozenset[str]] = VOCABULARY.specs
"""Each op's field names (besides "op" and "if")."""


def parse_effect(raw: Any, n_targets: int) -> Effect:
    r = VOCABULARY.read_table(raw, {"n_targets": n_targets})
    return Effect(r.op, r.values)


def parse_static(raw: Any) -> Static:
    if not isinstance(raw, Mapping):
        raise ValueError(f"a static ability must be a table, got {raw!r}")
    unknown = set(raw) - STATIC_FIELDS
    if unknown:
        raise ValueError(f"static ability has unknown field(s) {', '.join(sorted(unknown))}")
    op = raw.get("op", "anthem")
    if op not in STATIC_OPS:
        raise ValueError(f"unknown static op {op!r}")
    where = raw.get("where", "all")
    if where not in STATIC_WHERE:
        raise ValueError(f"unknown static where {where!r}")
    kws = tuple(raw.get("keywords", ()))
    for kw in kws:
        parse_keyword(kw)
    return Static(
        op,
        int(raw.get("power", 0)),
        int(raw.get("health", 0)),
        kws,
        where,
        bool(raw.get("cant_attack", False)),
        bool(raw.get("cant_block", False)),
    )


def _targets(raw: Any) -> tuple[TargetSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("targets must be a list")
    return tuple(parse_target(t) for t in raw)


CHOICE_OPS = ("look_pick", "search", "return_from_void", "discard")


def _effects(raw: Any, n_targets: int) -> tuple[Effect, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValueError("effects must be a list")
    out = tuple(parse_effect(e, n_targets) for e in raw)
    for e in out[:-1]:
        if e.op in CHOICE_OPS:
            raise ValueError(f"effect {e.op} asks a player to choose and must be the last effect")
    return out


def parse_card(raw: Mapping[str, Any], file: str) -> CardDef:
    unknown = set(raw) - CARD_FIELDS
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(sorted(unknown))}")
    for req in ("id", "name", "type"):
        if req not in raw:
            raise ValueError(f"missing field {req!r}")
    ctype = raw["type"]
    if ctype not in TYPES:
        raise ValueError(f"unknown type {ctype!r}; types are {', '.join(TYPES)}")
    rarity = raw.get("rarity", "C")
    if rarity not in RARITIES:
        raise ValueError(f"unknown rarity {rarity!r}")
    subtypes = tuple(raw.get("subtypes", ()))
    supertypes = tuple(raw.get("supertypes", ()))
    for s in supertypes:
        if s not in ("Basic", "Legendary"):
            raise ValueError(f"unknown supertype {s!r}")
    if ctype == "spell" and sum(k in subtypes for k in SPELL_KINDS) != 1:
        raise ValueError("a spell needs exactly one of the subtypes sorcery, quickplay, enchantment")
    keywords = tuple(parse_keyword(k) for k in raw.get("keywords", ()))
    kwnames = [k for k, _ in keywords]
    cost = parse_cost(raw.get("cost", ""))
    if ("power" in raw or "health" in raw) and ctype != "entity":
        raise ValueError("power and health appear only on entities")
    if ctype == "entity" and ("power" not in raw or "health" not in raw):
        raise ValueError("an entity needs power and health")
    if "Equip" in kwnames and ctype != "tech":
        raise ValueError("Equip appears only on non-artifact Tech")
    if "Bond" in kwnames and not (ctype == "spell" and "enchantment" in subtypes):
        raise ValueError("Bond appears only on Enchantments")
    produces = tuple(raw.get("produces", ()))
    for e in produces:
        if e not in (*ENERGY, "any"):
            raise ValueError(f"unknown energy {e!r} in produces")
    if ctype == "terrain" and "Basic" in supertypes:
        if len(produces) != 1 or produces[0] == "any":
            raise ValueError("a Basic terrain has exactly one energy ability of one type")
        if raw.get("abilities") or raw.get("triggers") or raw.get("static") or raw.get("zone_ability"):
            raise ValueError("a Basic terrain has only its energy ability")
    if "zone_ability" in raw and ctype != "terrain":
        raise ValueError("only terrains have a zone_ability")
    targets = _targets(raw.get("targets"))
    if "Bond" in kwnames and (len(targets) != 1 or targets[0].kind != "entity"):
        raise ValueError("a Bond card targets exactly one entity")
    effects = _effects(raw.get("effects"), len(targets))
    modes_raw = raw.get("modes", [])
    modes = tuple(_effects(m, len(targets)) for m in modes_raw)
    if effects and modes:
        raise ValueError("a card has either effects or modes, not both")
    if ctype == "spell" and "enchantment" not in subtypes and not (effects or modes):
        raise ValueError("a sorcery or quick-play spell needs effects")
    abilities: list[Ability] = []
    for a in raw.get("abilities", ()):
        bad = set(a) - ABILITY_FIELDS
        if bad:
            raise ValueError(f"activated ability has unknown field(s) {', '.join(sorted(bad))}")
        timing = a.get("timing", "quick")
        if timing not in ("quick", "sorcery"):
            raise ValueError(f"unknown timing {timing!r}")
        ts = _targets(a.get("targets"))
        abilities.append(
            Ability(
                "activated",
                parse_cost(a.get("cost", "")),
                bool(a.get("charge", False)),
                bool(a.get("sacrifice", False)),
                timing,
                "",
                (),
                ts,
                _effects(a.get("effects"), len(ts)),
                str(a.get("text", "")),
            )
        )
    for t in raw.get("triggers", ()):
        bad = set(t) - TRIGGER_FIELDS
        if bad:
            raise ValueError(f"triggered ability has unknown field(s) {', '.join(sorted(bad))}")
        if t.get("on") not in TRIGGERS:
            raise ValueError(f"unknown trigger {t.get('on')!r}; known: {', '.join(TRIGGERS)}")
        cond = t.get("if", {})
        if any(c not in CONDITIONS for c in cond):
            raise ValueError(f"unknown condition in {cond!r}")
        ts = _targets(t.get("targets"))
        abilities.append(
            Ability(
                "triggered",
                on=t["on"],
                cond=tuple(sorted(cond.items())),
                targets=ts,
                effects=_effects(t.get("effects"), len(ts)),
                text=str(t.get("text", "")),
            )
        )
    static = tuple(parse_static(s) for s in raw.get("static", ()))
    zone_ability = parse_static(raw["zone_ability"]) if "zone_ability" in raw else None
    if ctype == "artifact" and "Equip" in kwnames:
        raise ValueError("Equip appears only on non-artifact Tech")
    for fld in ("power", "health"):
        if fld in raw and not isinstance(raw[fld], int):
            raise ValueError(f"{fld} must be a whole number")
    return CardDef(
        id=str(raw["id"]),
        name=str(raw["name"]),
        type=ctype,
        set=str(raw.get("set", "LC")),
        rarity=rarity,
        subtypes=subtypes,
        supertypes=supertypes,
        cost=cost,
        power=int(raw.get("power", 0)),
        health=int(raw.get("health", 0)),
        keywords=keywords,
        text=str(raw.get("text", "")),
        verse=str(raw.get("verse", "")),
        produces=produces,
        targets=targets,
        effects=effects,
        modes=modes,
        abilities=tuple(abilities),
        static=static,
        zone_ability=zone_ability,
        token=bool(raw.get("token", False)),
        file=file,
    )


CARD_DIR = Path(__file__).with_name("cards")


def load_cards(directory: Path | None = None) -> dict[str, CardDef]:
    """Load and validate every card file; raises CardDataError naming the file and the card.

    The files are read by the shared card-file reader (``engines.core.carddata``) and every effect
    against the declared vocabulary (``VOCABULARY``)."""
    directory = directory or CARD_DIR
    cards: dict[str, CardDef] = {}
    files: dict[str, str] = {}
    for path in sorted(directory.glob("*.toml")):
        for place, raw in card_tables(path, "card"):
            try:
                card = parse_card(raw, path.name)
            except (ValueError, TypeError, KeyError) as exc:
                raise place.fail(str(exc)) from None
            add_card(cards, place, card.id, card, files)
    for card in cards.values():
        for eff in _all_effects(card):
            if eff.op == "token" and eff.get("card") not in cards:
                raise CardDataError(f"{card.file}: card {card.id}: token card {eff.get('card')!r} unknown")
            if eff.op == "script":
                fn = eff.get("fn")
                from .scripts import SCRIPTS

                if fn not in SCRIPTS:
                    raise CardDataError(f"{card.file}: card {card.id}: unknown script {fn!r}")
    return cards


def _all_effects(card: CardDef) -> list[Effect]:
    out = list(card.effects)
    for m in card.modes:
        out.extend(m)
    for a in card.abilities:
        out.extend(a.effects)
    return out


CARD_INDEX: dict[str, CardDef] = {}
"""Every card by id once ``CARDS()`` has loaded them: ``card`` and ``rules.cd`` read it directly
(a card lookup is the engine's most frequent call; the cached ``CARDS()`` call cost more than the
lookup itself)."""


@cache
def CARDS() -> dict[str, CardDef]:
    cards = load_cards()
    CARD_INDEX.update(cards)
    return cards


def card(cid: str) -> CardDef:
    try:
        return CARD_INDEX[cid]
    except KeyError:
        cards = CARDS()
        if cid in cards:
            return cards[cid]
        # a scheme's or rift's ability on the stack (R154, R160): their cards join the index
        from .schemes import variant_card_defs

        CARD_INDEX.update(variant_card_defs())
        return CARD_INDEX[cid]
