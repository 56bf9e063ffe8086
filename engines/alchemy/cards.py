"""Alchemy cards as data: the card model and the strict loader of ``cards/*.toml``.

Three files hold the cards (``elements.toml``, ``processes.toml``, ``opus.toml``) and one the
rules' numbers and tables (``rules.toml``: target score, AP cap, the alignment cycle, complex
names, designer alignment tables). The loader checks every field, effect op, cost, timing window
and Magnum Opus statistic and raises ``CardDataError`` naming the file and the card for anything
it does not know, so a typo fails at start-up and in a test instead of becoming a blank card.

Rules text is not typed by hand: it is written from the effect data (``describe``), so what a card
says is always what it does. The data adds names and flavour.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from engines.core.carddata import Arg, Op, Place, Vocabulary, add_card, card_tables, read_toml
from engines.core.carddata import fail as _fail
from engines.core.carddata import text as _text
from engines.core.carddata import whole as _int
from engines.core.errors import CardDataError as CardDataError
from engines.core.words import plural

CARD_DIR = Path(__file__).resolve().parent / "cards"
TYPES: tuple[str, ...] = ("Fire", "Air", "Earth", "Water")
"""The four basic types, in the order of the digest's table and of complex element ids."""
TYPE_LETTERS = "FAEW"
"""Card-id letter of each type: F1 is Fire MG 1, W5 Water MG 5."""
WINDOWS: tuple[str, ...] = ("main", "defend", "press", "riposte")
"""When a Process may be played: "main" (your own action phase, AL17) and the three Battle windows
open to Reactions (AL18): "defend" (an element was placed against you), "press" (your element was
blocked, before the comparison), "riposte" (you parried, before you counterattack or not)."""
BATTLE_WINDOWS = frozenset({"defend", "press", "riposte"})
COSTS: tuple[str, ...] = ("discard", "exhaust_element", "pay_point", "burn_own_recharge")
"""Non-AP costs (C15): put a card from hand on your Recharge pile; put an element card from hand
in your Exhausted pile; lose 1 point; move the top N cards of your Recharge pile to Exhausted."""

Where = Literal["any", "main", "battle"]


@dataclass(frozen=True)
class OpSpec:
    amount: bool
    """Whether the op takes an ``amount`` (a whole number from 1)."""
    where: Where
    """"battle": only in a Battle window; "main": only in your own action phase; "any": both."""


_SPECS: dict[str, OpSpec] = {
    "draw": OpSpec(True, "any"),
    "gain_ap": OpSpec(True, "any"),
    "drain_ap": OpSpec(True, "any"),
    "gain_points": OpSpec(True, "any"),
    "recover": OpSpec(True, "any"),
    "recycle": OpSpec(False, "any"),
    "burn_recharge": OpSpec(True, "any"),
    "opp_discard": OpSpec(True, "any"),
    "raid_store": OpSpec(True, "any"),
    "peek_store": OpSpec(False, "any"),
    "stock_store": OpSpec(True, "any"),
    "open_store": OpSpec(False, "main"),
    "prime": OpSpec(True, "main"),
    "boost": OpSpec(True, "battle"),
    "weaken": OpSpec(True, "battle"),
    "neutralize": OpSpec(False, "battle"),
    "invert": OpSpec(False, "battle"),
    "fizzle": OpSpec(False, "battle"),
    "reclaim": OpSpec(False, "battle"),
    "stakes": OpSpec(True, "battle"),
}
"""Each op's spec; ``VOCABULARY`` declares them with their fields."""


def _amount(raw: Any, op: str, context: object) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= 10:
        raise CardDataError(f"effect {op}: amount must be a whole number from 1 to 10")
    return raw


_AMOUNT = Arg("amount", _amount, True, missing="effect {op}: amount must be a whole number from 1 to 10")
VOCABULARY: Vocabulary[OpSpec] = Vocabulary(
    "alchemy", (Op(name, spec, (_AMOUNT,) if spec.amount else ()) for name, spec in _SPECS.items())
)
"""The whole effect vocabulary, declared through the shared card-data mechanism, which reads every
effect table (``{ op = "draw", amount = 1 }``) against it. ``engines.alchemy.effects.HANDLERS``
has one function per op, registered with it (it refuses a mismatch; a test checks it too)."""
OPS: dict[str, OpSpec] = VOCABULARY.specs

STATS: dict[str, str] = {
    "battles_won": "Battles won",
    "hits": "Battles won by a hit",
    "blocked_wins": "Battles won through a block",
    "parries": "parries",
    "counters": "attacks countered",
    "counterattack_wins": "Battles won by a counterattack",
    "complex_wins": "Battles won with a complex element",
    "complex_played": "complex elements played",
    "processes_played": "Process cards played",
    "reactions_played": "Reactions played",
    "damage_dealt": "damage dealt",
    "store_accesses": "Store accesses",
    "cards_drawn": "cards drawn",
    "refreshes": "hand refreshes",
    "types_won": "basic types you have won a Battle with",
    "longest_win": "elements in the longest chain you won",
    "big_wins": "Battles won dealing 4 or more damage",
    "points": "points",
    "behind": "points your opponent leads by",
    "ap": "AP",
    "hand": "cards in hand",
    "store": "cards in your Store",
    "exhausted": "cards in your Exhausted pile",
    "opp_exhausted": "cards in your opponent's Exhausted pile",
}
"""Magnum Opus statistics (the words are for progress lines); ``engines.alchemy.opus.STAT_FUNCS``
computes each one (a test checks the two agree)."""

_TOP_FILES = {"elements.toml": "element", "processes.toml": "process", "opus.toml": "opus"}
_ELEMENT_FIELDS = frozenset({"id", "name", "element", "mg", "flavour", "art"})
_PROCESS_FIELDS = frozenset(
    {"id", "name", "cost_ap", "cost_other", "cost_amount", "timing", "windows", "effects", "flavour", "art"}
)
_OPUS_FIELDS = frozenset({"id", "name", "condition", "reward", "flavour", "art"})


@dataclass(frozen=True)
class Effect:
    op: str
    amount: int = 0


@dataclass(frozen=True)
class Clause:
    """One part of a Magnum Opus condition: ``stat`` at least (or at most) ``value``."""

    stat: str
    value: int
    at_most: bool = False


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    kind: Literal["element", "process", "opus"]
    element: str = ""
    mg: int = 0
    cost_ap: int = 0
    cost_other: str = ""
    cost_amount: int = 0
    reaction: bool = False
    windows: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    condition: tuple[Clause, ...] = ()
    text: str = ""
    """Rules text written from the data: a Process's cost and effect, a Magnum Opus's condition and
    reward; empty for elements."""
    flavour: str = ""
    art: str = ""
    """The renderer's look key: the element type for elements, else a motif name."""

    @property
    def condition_text(self) -> str:
        return describe_condition(self.condition)

    @property
    def reward_text(self) -> str:
        return describe_effects(self.effects)


@dataclass(frozen=True)
class Override:
    """A designer alignment table (C13's ``alignment_override``): blocker -> attacker -> multiplier
    as a doubled integer (4 = x2, 2 = x1, 1 = x0.5). Pairs it does not list follow AL24."""

    key: str
    title: str
    cells: tuple[tuple[str, str, int], ...]


@dataclass(frozen=True)
class RulesData:
    target: int
    ap_cap: int
    ap_per_turn: int
    hand_size: int
    store_size: int
    recycle_below: int
    deck_size: int
    opus_size: int
    max_element_copies: int
    max_process_copies: int
    turn_limit: int
    cycle: tuple[str, ...]
    """Each type beats the next; the last beats the first (AL22)."""
    complexes: tuple[tuple[str, str, str], ...]
    """(name, type, type) for the six complex elements (AL30)."""
    overrides: tuple[Override, ...]


# ----------------------------------------------------------------------------- rules text


_OP_TEXT: dict[str, str] = {
    "draw": "Draw {cards}.",
    "gain_ap": "Gain {n} AP.",
    "drain_ap": "Your opponent loses {n} AP.",
    "gain_points": "Gain {points}.",
    "recover": "Put the top {cards} of your Recharge pile into your hand.",
    "recycle": "Shuffle your Recharge pile and put it under your deck.",
    "burn_recharge": "Move the top {cards} of your opponent's Recharge pile to their Exhausted pile.",
    "opp_discard": "Your opponent puts {cards} from their hand, chosen at random, on their Recharge pile.",
    "raid_store": "{cards_cap} from your opponent's Store, chosen at random, go to their Recharge pile.",
    "peek_store": "Turn the cards in your opponent's Store face up.",
    "stock_store": "Put the top {cards} of your deck into your Store, as far as there is room.",
    "open_store": "Enter your Store without spending AP.",
    "prime": "The next element you place this turn gets +{n} MG.",
    "boost": "Your element in this exchange gets +{n} MG.",
    "weaken": "The opposing element in this exchange gets -{n} MG.",
    "neutralize": "This exchange has no alignment: the blocker's MG is not doubled or halved.",
    "invert": "This exchange's alignment is reversed: doubled becomes halved and halved doubled.",
    "fizzle": "The Battle ends at once with no winner.",
    "reclaim": "When this Battle ends, your elements in it return to your hand.",
    "stakes": "If you win this Battle, gain {points} more.",
}


def describe_effects(effects: tuple[Effect, ...]) -> str:
    out = []
    for e in effects:
        n = e.amount
        cards = plural(n, "card")
        out.append(
            _OP_TEXT[e.op].format(
                n=n, cards=cards, cards_cap=cards[0].upper() + cards[1:], points=plural(n, "point")
            )
        )
    return " ".join(out)


def describe_condition(condition: tuple[Clause, ...]) -> str:
    parts = []
    for c in condition:
        what = STATS[c.stat]
        parts.append(f"{what} at {'most' if c.at_most else 'least'} {c.value}")
    return " and ".join(parts)


def _cost_text(c: CardDef) -> str:
    parts = [f"{c.cost_ap} AP"] if c.cost_ap or not c.cost_other else []
    other = {
        "discard": "put a card from your hand on your Recharge pile",
        "exhaust_element": "put an element card from your hand in your Exhausted pile",
        "pay_point": "lose 1 point",
        "burn_own_recharge": f"move the top {plural(c.cost_amount, 'card')} of your Recharge pile "
        "to your Exhausted pile",
    }.get(c.cost_other)
    if other:
        parts.append(other)
    return " and ".join(parts)


def _process_text(c: CardDef) -> str:
    timing = ""
    if c.reaction:
        names = {
            "main": "your turn",
            "defend": "defending",
            "press": "when blocked",
            "riposte": "after a parry",
        }
        timing = "Reaction (" + ", ".join(names[w] for w in c.windows) + "). "
    return f"{timing}Cost: {_cost_text(c)}. {describe_effects(c.effects)}"


# ---------------------------------------------------------------------------- the loader


def _effects(raw: Any, path: Path, where: str, field: str = "effects") -> tuple[Effect, ...]:
    if not isinstance(raw, list) or not raw:
        raise _fail(path, where, f"{field} must be a non-empty list of tables")
    out = []
    for i, e in enumerate(raw, 1):
        try:
            r = VOCABULARY.read_table(e)
        except CardDataError as exc:
            raise _fail(path, where, f"{exc} (in {field}, effect {i})") from None
        out.append(Effect(r.op, r.get("amount", 0)))
    return tuple(out)


def _element(raw: dict[str, Any], path: Path) -> CardDef:
    where = f"card {raw.get('id', '?')}"
    extra = set(raw) - _ELEMENT_FIELDS
    if extra:
        raise _fail(path, where, f"unknown fields {sorted(extra)}")
    element = raw.get("element")
    if element not in TYPES:
        raise _fail(path, where, f"element must be one of {', '.join(TYPES)}")
    mg = _int(raw.get("mg"), path, where, "mg", 1, 5)
    cid = f"{TYPE_LETTERS[TYPES.index(element)]}{mg}"
    if raw.get("id") != cid:
        raise _fail(path, where, f"id must be {cid} (type letter + MG)")
    return CardDef(
        id=cid,
        name=_text(raw.get("name"), path, where, "name"),
        kind="element",
        element=element,
        mg=mg,
        flavour=_text(raw.get("flavour"), path, where, "flavour"),
        art=element.lower(),
    )


def _process(raw: dict[str, Any], path: Path) -> CardDef:
    cid = raw.get("id")
    where = f"card {cid or '?'}"
    extra = set(raw) - _PROCESS_FIELDS
    if extra:
        raise _fail(path, where, f"unknown fields {sorted(extra)}")
    if not (isinstance(cid, str) and len(cid) == 3 and cid[0] == "P" and cid[1:].isdigit()):
        raise _fail(path, where, "id must be P followed by two digits")
    timing = raw.get("timing")
    if timing not in ("own_turn", "reaction"):
        raise _fail(path, where, "timing must be 'own_turn' or 'reaction'")
    reaction = timing == "reaction"
    cost_ap = _int(raw.get("cost_ap"), path, where, "cost_ap", 0, 6)
    if reaction and cost_ap:
        raise _fail(path, where, "a Reaction can only have non-AP costs (AL18): cost_ap must be 0")
    cost_other = raw.get("cost_other", "")
    if cost_other and cost_other not in COSTS:
        raise _fail(path, where, f"unknown cost_other {cost_other!r}; known: {', '.join(COSTS)}")
    cost_amount = 0
    if cost_other == "burn_own_recharge":
        cost_amount = _int(raw.get("cost_amount"), path, where, "cost_amount", 1, 10)
    elif "cost_amount" in raw:
        raise _fail(path, where, "cost_amount belongs only to cost_other = 'burn_own_recharge'")
    if reaction:
        windows_raw = raw.get("windows")
        if not isinstance(windows_raw, list) or not windows_raw:
            raise _fail(path, where, "a Reaction needs windows, a list of " + ", ".join(WINDOWS))
        bad = [w for w in windows_raw if w not in WINDOWS]
        if bad or len(set(windows_raw)) != len(windows_raw):
            raise _fail(path, where, f"windows must be different names among {', '.join(WINDOWS)}")
        windows = tuple(w for w in WINDOWS if w in windows_raw)
    else:
        if "windows" in raw:
            raise _fail(path, where, "only a Reaction has windows (an own-turn Process is played in 'main')")
        windows = ("main",)
    effects = _effects(raw.get("effects"), path, where)
    for e in effects:
        spec = OPS[e.op]
        if spec.where == "battle" and "main" in windows:
            raise _fail(
                path, where, f"effect {e.op} only works in a Battle, but the card can be played in 'main'"
            )
        if spec.where == "main" and set(windows) & BATTLE_WINDOWS:
            raise _fail(path, where, f"effect {e.op} only works in your action phase, not in a Battle window")
    c = CardDef(
        id=cid,
        name=_text(raw.get("name"), path, where, "name"),
        kind="process",
        cost_ap=cost_ap,
        cost_other=cost_other,
        cost_amount=cost_amount,
        reaction=reaction,
        windows=windows,
        effects=effects,
        flavour=_text(raw.get("flavour"), path, where, "flavour"),
        art=_text(raw.get("art"), path, where, "art", required=False) or "process",
    )
    return CardDef(**{**c.__dict__, "text": _process_text(c)})


def _opus(raw: dict[str, Any], path: Path) -> CardDef:
    cid = raw.get("id")
    where = f"card {cid or '?'}"
    extra = set(raw) - _OPUS_FIELDS
    if extra:
        raise _fail(path, where, f"unknown fields {sorted(extra)}")
    if not (isinstance(cid, str) and len(cid) == 4 and cid.startswith("MO") and cid[2:].isdigit()):
        raise _fail(path, where, "id must be MO followed by two digits")
    cond_raw = raw.get("condition")
    if not isinstance(cond_raw, list) or not cond_raw:
        raise _fail(path, where, "condition must be a non-empty list of {stat, at_least | at_most}")
    clauses = []
    for cl in cond_raw:
        if not isinstance(cl, dict) or set(cl) - {"stat", "at_least", "at_most"}:
            raise _fail(path, where, "each condition is a table with stat and at_least or at_most")
        stat = cl.get("stat")
        if stat not in STATS:
            raise _fail(path, where, f"unknown statistic {stat!r}")
        if ("at_least" in cl) == ("at_most" in cl):
            raise _fail(path, where, f"condition on {stat} needs exactly one of at_least, at_most")
        at_most = "at_most" in cl
        value = _int(cl["at_most" if at_most else "at_least"], path, where, f"condition on {stat}", -10, 60)
        clauses.append(Clause(stat, value, at_most))
    reward = _effects(raw.get("reward"), path, where, "reward")
    for e in reward:
        if OPS[e.op].where == "battle":
            raise _fail(
                path, where, f"reward {e.op} only works in a Battle; a Magnum Opus is revealed outside one"
            )
    c = CardDef(
        id=cid,
        name=_text(raw.get("name"), path, where, "name"),
        kind="opus",
        effects=reward,
        condition=tuple(clauses),
        flavour=_text(raw.get("flavour"), path, where, "flavour"),
        art=_text(raw.get("art"), path, where, "art", required=False) or "opus",
    )
    return CardDef(**{**c.__dict__, "text": f"Reveal when: {c.condition_text}. Reward: {c.reward_text}"})


def parse_cards(raw: dict[str, Any], path: Path) -> list[CardDef]:
    """The cards of one decoded file (``elements.toml``, ``processes.toml`` or ``opus.toml``)."""
    key = _TOP_FILES.get(path.name)
    if key is None:
        raise _fail(path, "file", f"unknown card file; expected one of {', '.join(_TOP_FILES)}")
    parse = {"element": _element, "process": _process, "opus": _opus}[key]
    return [parse(c, path) for _, c in card_tables(path, key, raw)]


def parse_rules(raw: dict[str, Any], path: Path) -> RulesData:
    extra = set(raw) - {"rules", "cycle", "complex", "override"}
    if extra:
        raise _fail(path, "top level", f"unknown keys {sorted(extra)}")
    r = raw.get("rules", {})
    names = [
        "target",
        "ap_cap",
        "ap_per_turn",
        "hand_size",
        "store_size",
        "recycle_below",
        "deck_size",
        "opus_size",
        "max_element_copies",
        "max_process_copies",
        "turn_limit",
    ]
    if set(r) != set(names):
        raise _fail(path, "[rules]", f"needs exactly {', '.join(names)}")
    nums = {n: _int(r[n], path, "[rules]", n, 1, 1000) for n in names}
    cycle = raw.get("cycle", {}).get("order")
    if not isinstance(cycle, list) or sorted(cycle) != sorted(TYPES):
        raise _fail(path, "[cycle]", "order must list the four types once each")
    complexes = []
    pairs = set()
    for name, parts in raw.get("complex", {}).items():
        if not (isinstance(parts, list) and len(parts) == 2 and all(p in TYPES for p in parts)):
            raise _fail(path, f"[complex] {name}", "must be two basic types")
        if parts[0] == parts[1] or frozenset(parts) in pairs:
            raise _fail(path, f"[complex] {name}", "must be two different types, a pair not named before")
        pairs.add(frozenset(parts))
        complexes.append((name, parts[0], parts[1]))
    if len(complexes) != 6:
        raise _fail(path, "[complex]", "must name all six pairs of different types")
    all_types = {*TYPES, *(n for n, _, _ in complexes)}
    overrides = []
    for key, table in raw.get("override", {}).items():
        where = f"[override.{key}]"
        if set(table) != {"title", "rows"}:
            raise _fail(path, where, "needs title and rows")
        cells = []
        for blocker, row in table["rows"].items():
            for attacker, mult in row.items():
                if blocker not in all_types or attacker not in all_types:
                    raise _fail(path, where, f"unknown element in {blocker} / {attacker}")
                if blocker == attacker:
                    raise _fail(path, where, f"{blocker} can never block {attacker} (AL23)")
                if mult not in (0.5, 1, 2):
                    raise _fail(path, where, f"{blocker} / {attacker}: the multiplier must be 0.5, 1 or 2")
                cells.append((blocker, attacker, int(mult * 2)))
        overrides.append(Override(key, _text(table["title"], path, where, "title"), tuple(cells)))
    return RulesData(cycle=tuple(cycle), complexes=tuple(complexes), overrides=tuple(overrides), **nums)


@dataclass(frozen=True)
class CardSet:
    cards: dict[str, CardDef]
    rules: RulesData


def load(folder: Path = CARD_DIR) -> CardSet:
    """Every card file of ``folder`` validated; all 20 element cards must be there."""
    cards: dict[str, CardDef] = {}
    files: dict[str, str] = {}
    for name in _TOP_FILES:
        path = folder / name
        for c in parse_cards(read_toml(path), path):
            add_card(cards, Place(name, c.id), c.id, c, files)
            if any(o.id != c.id and o.name.casefold() == c.name.casefold() for o in cards.values()):
                raise _fail(path, f"card {c.id}", f"duplicate name {c.name!r}")
    for t, letter in zip(TYPES, TYPE_LETTERS, strict=True):
        for mg in range(1, 6):
            if f"{letter}{mg}" not in cards:
                raise _fail(folder / "elements.toml", f"card {letter}{mg}", f"missing ({t} MG {mg})")
    path = folder / "rules.toml"
    return CardSet(cards, parse_rules(read_toml(path), path))


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


@cache
def complex_name(a: str, b: str) -> str:
    """The name of the complex element of basic types ``a`` and ``b`` (AL30, C13)."""
    pair = {a, b}
    for name, x, y in rules().complexes:
        if {x, y} == pair:
            return name
    raise KeyError(f"{a}+{b} is not a complex element")


@cache
def complex_parts(name: str) -> tuple[str, str]:
    for n, x, y in rules().complexes:
        if n == name:
            return (x, y)
    raise KeyError(name)
