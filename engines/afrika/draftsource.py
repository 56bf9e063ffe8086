"""Chronicles of Afrika as a booster draft sees it (``GameSpec.draft``): its card source.

Everything the draft code needs to know about Afrika lives here: which cards boosters hold
(``afrika_set``: a set's cards but Basic terrains and tokens), how good a card is in the AI's hands
(``card_rating``: stats for cost, keywords, what its effects do; effects the AI seat rarely uses,
such as pure pump spells, count for little), the Basic terrain of each energy, and the game's own
limited deck check (R8, R87).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache

from engines.draft.boosters import DEFAULT_SLOTS, BoosterCard, BoosterError, BoosterSet, SlotTable
from engines.draft.source import CardSource, DraftCard, Kind, PoolGroup

from .cards import CARDS, ENERGY, ENERGY_NAMES, CardDef, Effect
from .decks import check_deck

KW_VALUE: dict[str, float] = {
    "Soaring": 1.6,
    "First Attack": 1.0,
    "Trample": 0.7,
    "Lifelink": 1.0,
    "Cloaking": 0.5,
    "Invincible": 2.0,
    "Shield": 0.9,
    "Swift": 0.7,
    "Rush": 0.4,
    "Alertness": 0.4,
    "Aerial": 0.4,
    "Warp": 0.3,
    "Rampage": 0.3,
    "Terrainwalk": 0.5,
    "Phasewalk": -1.0,
    "Guardianship": -1.2,
}


def _effect_value(e: Effect, n_targets_opp: bool = True) -> float:
    op = e.op
    amt = e.get("amount", 1)
    n = 3 if amt == "X" else int(amt)
    to = e.get("to")
    if op == "damage":
        if to == "opp_entities":
            return 2.0 * n
        if to == "each_entity":
            return 1.5 * n
        if to in ("each_player", "each_opponent"):
            return 0.4 * n
        return 1.1 * n + 0.5
    if op in ("destroy", "exile"):
        return 5.0 if e.get("target") is not None else 2.0
    if op == "draw":
        return 1.8 * n
    if op == "look_pick":
        return 1.6
    if op in ("search", "return_from_void"):
        return 1.5
    if op == "bounce":
        return 2.2
    if op == "charge":
        return 2.5 if to == "opp_entities" else 1.0
    if op == "token":
        return 2.0 * int(e.get("count", 1))
    if op == "counters":
        return (1.2 if to == "own_entities" else 0.8) * n
    if op in ("gain_life",):
        return 0.3 * n
    if op in ("lose_life",):
        return 0.5 * n
    if op == "discard":
        return 1.0 * n
    if op == "negate":
        return 1.5
    if op == "pump":
        return 0.4
    if op == "uncharge":
        return 0.4
    if op == "script":
        return 2.0
    return 0.3


def card_rating(c: CardDef) -> float:
    cost = c.cost.total + (2 if c.cost.x else 0)
    if c.type == "terrain":
        return 0.0 if c.basic else 1.0
    r = 0.0
    if c.type == "entity":
        # a vanilla 2/2 for 2, 3/3 for 3... rates 0; each extra point of stats is worth 1
        r = (c.power + c.health) - 2 * max(cost, 1) + 1.0
        r += sum(KW_VALUE.get(k, 0.0) for k, _ in c.keywords)
        if c.power == 0:
            r -= 2
        if c.produces:
            r += 1.0
    elif c.type == "spell" and c.spell_kind != "enchantment":
        effects = [e for m in c.modes for e in m] if c.modes else list(c.effects)
        r = sum(_effect_value(e) for e in effects) - 0.6 * cost
        if c.modes:
            r = max(sum(_effect_value(e) for e in m) for m in c.modes) - 0.6 * cost + 1
        ops = {e.op for e in effects}
        if ops <= {"pump", "counters", "uncharge", "gain_life"} or ops == {"negate"} or ops == {"charge"}:
            r -= 1.5  # the AI seat seldom casts these
        if ops == {"add_energy"}:
            r = -2
        r += 1.5
    else:  # bonds, anthems, tech, artifacts, vehicles
        for s in c.static:
            if s.cant_attack or s.cant_block:
                r += 4.0 if (s.cant_attack and s.cant_block) else 2.0
            if s.op == "attached":
                r += 1.1 * (s.power + s.health) + 0.8 * len(s.keywords)
            elif s.op == "anthem":
                r += (1.6 if s.where == "all" else 1.0) * (s.power + s.health + 0.6 * len(s.keywords))
        if c.produces:
            r += 1.0
        r -= 0.45 * cost
        if c.has("Equip"):
            r -= 0.4
    for a in c.abilities:
        w = sum(_effect_value(e) for e in a.effects)
        r += (0.8 if a.kind == "triggered" and a.on in ("enters", "dies") else 0.5) * w
        if a.cond:
            r -= 0.4 * w
    if c.type == "entity" and cost >= 6:
        r -= 0.5
    return round(r, 3)


def energy_of(c: CardDef) -> frozenset[str]:
    """The energies a card needs (its typed cost; a terrain: what it produces)."""
    if c.type == "terrain":
        return frozenset(p for p in c.produces if p in ENERGY)
    return frozenset(code for code, _ in c.cost.typed)


def afrika_set(code: str = "LC", slots: SlotTable = DEFAULT_SLOTS) -> BoosterSet:
    """The Chronicles of Afrika set ``code``: every card of that set but Basic terrains and tokens."""
    cards = [
        BoosterCard(c.id, c.name, c.rarity)
        for c in CARDS().values()
        if c.set == code and not c.basic and not c.token
    ]
    if not cards:
        raise BoosterError(f"no Chronicles of Afrika cards in set {code!r}")
    return BoosterSet(code, tuple(cards), slots)


RARITY_NAMES = {"C": "Common", "U": "Uncommon", "R": "Rare", "M": "Mythic"}
"""A rarity in the pick menu's words (the card face prints the same words)."""


def spelled_type_line(c: CardDef) -> str:
    """The type line with energy codes spelled out ("Terrain — Space Rifts"), as the card face
    prints it: players read names, not codes, in a menu."""
    line = c.type_line()
    for code, name in ENERGY_NAMES.items():
        line = line.replace(f" {code}", f" {name}")
    return line


def _describe(c: CardDef, type_line: str) -> str:
    cost = "" if c.type == "terrain" else f" · {c.cost.text()}"
    stats = f" · {c.power}/{c.health}" if c.type == "entity" else ""
    return f"{type_line}{cost}{stats}"


_KINDS: dict[str, Kind] = {"entity": "creature", "spell": "spell", "terrain": "land"}
_GROUPS = {
    "entity": "Entities",
    "spell": "Spells",
    "terrain": "Terrains",
    "tech": "Tech",
    "artifact": "Artifacts",
    "vehicle": "Vehicles",
}


def draft_card(c: CardDef) -> DraftCard:
    return DraftCard(
        id=c.id,
        name=c.name,
        rarity=c.rarity,
        set=c.set,
        kind=_KINDS.get(c.type, "other"),
        cost=c.cost.total,
        symbols=tuple(c.cost.typed),
        energies=energy_of(c),
        produces=tuple(c.produces),
        basic=c.basic,
        token=c.token,
        type_line=spelled_type_line(c),
        group=_GROUPS.get(c.type, c.type),
    )


# ------------------------------------------------------------------------------ pool groups
TYPE_RANK = {"entity": 0, "vehicle": 1, "tech": 2, "artifact": 3, "spell": 4, "terrain": 5}


def energy_group(c: CardDef) -> str:
    """Which panel a card goes in."""
    if c.type == "terrain":
        return "basic" if c.basic else "terrain"
    codes = {code for code, _ in c.cost.typed}
    if len(codes) > 1:
        return "multi"
    if len(codes) == 1:
        return next(iter(codes))
    return "colourless"


def card_order(c: CardDef) -> tuple[int, int, str, str]:
    return (TYPE_RANK.get(c.type, 9), c.cost.total, c.name.casefold(), c.id)


def group_title(key: str) -> str:
    if key in ENERGY_NAMES:
        return f"{ENERGY_NAMES[key]} ({key})"
    return {
        "multi": "Multi-energy",
        "colourless": "Colourless",
        "terrain": "Terrains",
        "basic": "Basic terrains (deck)",
    }[key]


def pool_groups(cards: Sequence[str]) -> list[PoolGroup]:
    """``cards`` grouped and ordered as the image shows them (energies in rules order)."""
    defs = CARDS()
    counts = Counter(cards)
    by: dict[str, list[str]] = {}
    for cid in counts:
        by.setdefault(energy_group(defs[cid]), []).append(cid)
    order = [*ENERGY, "multi", "colourless", "terrain", "basic"]
    out = []
    for key in order:
        if key in by:
            ids = sorted(by[key], key=lambda cid: card_order(defs[cid]))
            out.append(PoolGroup(key, group_title(key), tuple((cid, counts[cid]) for cid in ids)))
    return out


class AfrikaCardSource:
    """``CardSource`` over the engine's card files (``engines.afrika.cards``)."""

    game = "afrika"
    title = "Chronicles of Afrika"
    energies: tuple[str, ...] = ENERGY
    default_set = "LC"
    deck_min = 40
    lands = 17
    deck_format = "limited"

    def __init__(self) -> None:
        self._cards: dict[str, DraftCard] | None = None
        self._ratings: dict[str, float] = {}
        self._basics: dict[str, str] = {}

    def cards(self) -> Mapping[str, DraftCard]:
        if self._cards is None:
            self._cards = {cid: draft_card(c) for cid, c in CARDS().items()}
        return self._cards

    def booster_set(self, code: str, slots: SlotTable) -> BoosterSet:
        return afrika_set(code, slots)

    def rating(self, card_id: str) -> float:
        r = self._ratings.get(card_id)
        if r is None:
            r = self._ratings[card_id] = card_rating(CARDS()[card_id])
        return r

    def basic(self, energy: str) -> str:
        if not self._basics:
            for c in CARDS().values():
                if c.basic:
                    self._basics[c.produces[0]] = c.id
        return self._basics[energy]

    def deck_problem(self, deck: Sequence[str]) -> str:
        return check_deck(list(deck), self.deck_format)

    def describe(self, card_id: str) -> str:
        c = CARDS()[card_id]
        return _describe(c, c.type_line())

    def pool_groups(self, cards: Sequence[str]) -> list[PoolGroup]:
        return pool_groups(cards)

    def menu_line(self, card_id: str) -> str:
        c = CARDS()[card_id]
        return f"{RARITY_NAMES.get(c.rarity, c.rarity)} · {_describe(c, spelled_type_line(c))}"


@cache
def card_source() -> CardSource:
    """The one Afrika card source (``GAME.draft``): it caches card data and ratings."""
    return AfrikaCardSource()


__all__ = [
    "RARITY_NAMES",
    "AfrikaCardSource",
    "afrika_set",
    "card_rating",
    "card_source",
    "draft_card",
    "energy_of",
    "spelled_type_line",
]
