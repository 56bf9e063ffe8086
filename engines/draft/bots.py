"""Draft bots (issue #8 item 2): fill empty seats, pick on timeouts (R86) and for seats taken over.

Public API
----------
``bot_pick(pack, pool, rng=None) -> str``
    The card a bot takes from ``pack`` given the ``pool`` it has drafted so far: card quality
    (the card source's ``rating``) plus a bias towards the two energies the pool has committed to,
    a bias that grows with the number of picks made. Always a card of ``pack``; deterministic
    given its inputs (``rng`` only breaks exact ties; without it the first tied card in pack order
    is taken).
``rating_pick(pack, pool, rng=None) -> str``
    Card quality alone, no energy commitment (a baseline for ``bench/draft_bots.py``).
``random_pick(pack, pool, rng) -> str``
    A uniformly random card of the pack (R86's plain default; another baseline).
``commitment(pool) -> dict[str, float]``
    How much of each energy the pool holds, weighted by card quality.
``pick_score(card, pool) -> float``
    The number ``bot_pick`` maximises, for explanations and tests.

``source`` (keyword, everywhere): the game's ``CardSource``; None: the one game with boosters.

Pure: depends only on the card data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engines.core import Rng

from .source import CardSource, draft_source

COMMIT_PICKS = 12
"""Picks after which the energy bias reaches its full weight."""
COMMIT_WEIGHT = 3.0
"""The bonus (in rating points) of a card within the committed energies once fully committed."""
OFF_PAIR_PENALTY = 1.0
"""Extra malus per energy outside the committed pair, at full commitment."""


def _card(source: CardSource, cid: str) -> tuple[float, frozenset[str], bool]:
    """(rating, energies, is a land) of a card id (the source caches its ratings)."""
    c = source.cards()[cid]
    return source.rating(cid), c.energies, c.kind == "land"


def commitment(pool: Sequence[str], *, source: CardSource | None = None) -> dict[str, float]:
    """Per energy, the quality the pool holds in it (non-land cards; a card counts at least 0.5)."""
    src = source or draft_source()
    weight = dict.fromkeys(src.energies, 0.0)
    for cid in pool:
        rating, energies, terrain = _card(src, cid)
        if terrain:
            continue
        value = max(rating, 0.0) + 0.5
        for e in energies:
            if e in weight:
                weight[e] += value
    return weight


def committed_pair(pool: Sequence[str], *, source: CardSource | None = None) -> tuple[str, ...]:
    """The (up to) two energies the pool leans to, strongest first (ties in the game's energy order)."""
    src = source or draft_source()
    order = src.energies
    weight = commitment(pool, source=src)
    ranked = sorted((e for e in order if weight[e] > 0), key=lambda e: (-weight[e], order.index(e)))
    return tuple(ranked[:2])


def _fit(energies: frozenset[str], terrain: bool, pair: tuple[str, ...]) -> float:
    """1 for a card the pair can cast (or a colourless one), less the more energies it is off."""
    if terrain:
        return 0.5 if energies & set(pair) else 0.0
    off = len(energies - set(pair))
    if off == 0:
        return 1.0
    return -OFF_PAIR_PENALTY / COMMIT_WEIGHT * off


def _score(source: CardSource, cid: str, pair: tuple[str, ...], strength: float) -> float:
    rating, energies, terrain = _card(source, cid)
    return rating + strength * _fit(energies, terrain, pair)


def _strength(pool: Sequence[str], weight: float) -> float:
    return weight * min(1.0, len(pool) / COMMIT_PICKS)


def pick_score(
    card: str, pool: Sequence[str], commit_weight: float = COMMIT_WEIGHT, *, source: CardSource | None = None
) -> float:
    src = source or draft_source()
    return _score(src, card, committed_pair(pool, source=src), _strength(pool, commit_weight))


def _best(pack: Sequence[str], key: Callable[[str], float], rng: Rng | None) -> str:
    if not pack:
        raise ValueError("a bot cannot pick from an empty pack")
    scores = [key(c) for c in pack]
    top = max(scores)
    tied = [c for c, s in zip(pack, scores, strict=True) if s == top]
    if rng is None or len(tied) == 1:
        return tied[0]
    return rng.choice(tied)


def bot_pick(
    pack: Sequence[str],
    pool: Sequence[str],
    rng: Rng | None = None,
    *,
    commit_weight: float = COMMIT_WEIGHT,
    source: CardSource | None = None,
) -> str:
    """``commit_weight``: the energy bias at full commitment (0 = ``rating_pick``; for experiments)."""
    src = source or draft_source()
    strength = _strength(pool, commit_weight)
    pair = committed_pair(pool, source=src)
    return _best(pack, lambda c: _score(src, c, pair, strength), rng)


def rating_pick(
    pack: Sequence[str], pool: Sequence[str], rng: Rng | None = None, *, source: CardSource | None = None
) -> str:
    src = source or draft_source()
    return _best(pack, lambda c: src.rating(c), rng)


def random_pick(pack: Sequence[str], pool: Sequence[str], rng: Rng) -> str:
    if not pack:
        raise ValueError("a bot cannot pick from an empty pack")
    return rng.choice(list(pack))


__all__ = [
    "COMMIT_PICKS",
    "COMMIT_WEIGHT",
    "bot_pick",
    "commitment",
    "committed_pair",
    "pick_score",
    "random_pick",
    "rating_pick",
]
