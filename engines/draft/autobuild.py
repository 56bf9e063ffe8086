"""AI deck building for constrained play (R8, R87): a 40-card Codex from a sealed or draft pool.

Public API
----------
``card_rating(card) -> float``
    How good a Chronicles of Afrika card is in the AI's hands (stats for cost, keywords, what its
    effects do; effects the AI seat rarely uses, such as pure pump spells, count for little).
``best_pair(pool) -> tuple[str, str]``
    The two energies whose on-energy cards (plus colourless ones) rate best in ``pool``.
``build_deck(pool, energies=None, size=40, terrains=17) -> list[str]``
    The Codex: the best ``size - terrains`` non-terrain cards of the two energies, nudged towards
    a curve (enough entities, few very expensive cards), plus terrains: on-energy non-basic
    terrains from the pool first, then Basic terrains split by the energy symbols of the chosen
    cards. Always legal in the "limited" format (``size`` >= 40).

Pure: depends only on the card data (``engines.afrika.cards``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from engines.afrika.cards import CARDS, ENERGY, CardDef, Effect

BASIC_OF: dict[str, str] = {}

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


def _basics() -> dict[str, str]:
    if not BASIC_OF:
        for c in CARDS().values():
            if c.basic:
                BASIC_OF[c.produces[0]] = c.id
    return BASIC_OF


def energy_of(c: CardDef) -> frozenset[str]:
    """The energies a card needs (its typed cost; a terrain: what it produces)."""
    if c.type == "terrain":
        return frozenset(p for p in c.produces if p in ENERGY)
    return frozenset(code for code, _ in c.cost.typed)


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


def _playable(c: CardDef, pair: frozenset[str]) -> bool:
    return not c.basic and not c.token and c.type != "terrain" and energy_of(c) <= pair


def _score_pair(cards: list[CardDef], pair: frozenset[str], n: int) -> float:
    rs = sorted((card_rating(c) for c in cards if _playable(c, pair)), reverse=True)
    rs = rs[:n] + [-4.0] * max(0, n - len(rs))
    return sum(rs)


def best_pair(pool: Sequence[str], n: int = 23) -> tuple[str, str]:
    cards = [CARDS()[cid] for cid in pool]
    best = max(combinations(ENERGY, 2), key=lambda pr: (_score_pair(cards, frozenset(pr), n), pr))
    return best[0], best[1]


def build_deck(
    pool: Sequence[str], energies: Sequence[str] | None = None, size: int = 40, terrains: int = 17
) -> list[str]:
    cards = CARDS()
    spells_n = size - terrains
    pair = frozenset(energies) if energies else frozenset(best_pair(pool, spells_n))
    cand = sorted(
        (cid for cid in pool if _playable(cards[cid], pair)),
        key=lambda cid: (-card_rating(cards[cid]), cid),
    )

    def adjusted(chosen: list[str], cid: str) -> float:
        c = cards[cid]
        r = card_rating(c)
        ents = sum(1 for x in chosen if cards[x].type == "entity")
        big = sum(1 for x in chosen if cards[x].cost.total >= 6)
        if c.type == "entity" and ents < 14:
            r += 1.0
        if c.cost.total >= 6 and big >= 2:
            r -= 3.0
        if c.cost.total >= 5 and sum(1 for x in chosen if cards[x].cost.total >= 5) >= 5:
            r -= 1.5
        if (
            c.type != "entity"
            and c.type != "spell"
            and sum(1 for x in chosen if cards[x].type in ("tech", "artifact", "vehicle")) >= 3
        ):
            r -= 2.0
        return r

    chosen: list[str] = []
    remaining = list(cand)
    while len(chosen) < spells_n and remaining:
        best = max(remaining, key=lambda cid: (adjusted(chosen, cid), cid))
        chosen.append(best)
        remaining.remove(best)
    # too few playables in the pair: fill with the best colourless or any cheap cards of the pair's energies
    if len(chosen) < spells_n:
        extra = sorted(
            (
                cid
                for cid in pool
                if cid not in chosen
                and not cards[cid].basic
                and cards[cid].type != "terrain"
                and not energy_of(cards[cid]) - pair
            ),
            key=lambda cid: -card_rating(cards[cid]),
        )
        chosen += extra[: spells_n - len(chosen)]
    n_terrains = size - len(chosen)
    lands = [
        cid
        for cid in pool
        if cards[cid].type == "terrain"
        and not cards[cid].basic
        and (set(cards[cid].produces) & (pair | {"any"}))
    ]
    lands = lands[: min(len(lands), 4, n_terrains)]
    need = Counter({code: 0 for code in pair})
    for cid in chosen:
        for code, k in cards[cid].cost.typed:
            if code in pair:
                need[code] += k
    for cid in lands:
        for p in cards[cid].produces:
            if p in need:
                need[p] -= 2
    basics_n = n_terrains - len(lands)
    codes = sorted(pair)
    weights = [max(need[c], 1) for c in codes]
    split = [round(basics_n * w / sum(weights)) for w in weights]
    if len(codes) > 1:
        split[-1] = basics_n - sum(split[:-1])
        lo = min(3, basics_n // 2)
        if split[0] < lo:
            split = [lo, basics_n - lo]
        if split[1] < lo:
            split = [basics_n - lo, lo]
    basics = _basics()
    deck = [*chosen, *lands]
    for code, k in zip(codes, split, strict=True):
        deck += [basics[code]] * k
    return deck


__all__ = ["best_pair", "build_deck", "card_rating", "energy_of"]
