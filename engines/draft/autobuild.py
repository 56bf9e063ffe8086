"""AI deck building for limited play (R8, R87): a Codex of at least the limited minimum from a
sealed or draft pool, for any game through its card source.

Public API
----------
``best_pair(pool, n=23, source=None) -> tuple[str, str]``
    The two energies whose on-energy cards (plus colourless ones) rate best in ``pool``.
``build_deck(pool, energies=None, size=40, terrains=17, source=None) -> list[str]``
    The deck: the best ``size - terrains`` non-land cards of the two energies, nudged towards a
    curve (enough creatures, few very expensive cards), plus lands: on-energy non-basic lands from
    the pool first, then basic lands split by the energy symbols of the chosen cards. Always legal
    in the limited format (``size`` >= the source's ``deck_min``).

``source`` is the game's ``CardSource`` (card data, ratings, basics); None: the one game with boosters.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .limited import energy_symbols, share_basics
from .source import ANY_ENERGY, CardSource, DraftCard, draft_source


def _playable(c: DraftCard, pair: frozenset[str]) -> bool:
    return not c.basic and not c.token and c.kind != "land" and c.energies <= pair


def _score_pair(source: CardSource, cards: list[DraftCard], pair: frozenset[str], n: int) -> float:
    rs = sorted((source.rating(c.id) for c in cards if _playable(c, pair)), reverse=True)
    rs = rs[:n] + [-4.0] * max(0, n - len(rs))
    return sum(rs)


def best_pair(pool: Sequence[str], n: int = 23, source: CardSource | None = None) -> tuple[str, str]:
    src = source or draft_source()
    defs = src.cards()
    cards = [defs[cid] for cid in pool]
    best = max(combinations(src.energies, 2), key=lambda pr: (_score_pair(src, cards, frozenset(pr), n), pr))
    return best[0], best[1]


def build_deck(
    pool: Sequence[str],
    energies: Sequence[str] | None = None,
    size: int = 40,
    terrains: int = 17,
    source: CardSource | None = None,
) -> list[str]:
    src = source or draft_source()
    cards = src.cards()
    rating = src.rating
    spells_n = size - terrains
    pair = frozenset(energies) if energies else frozenset(best_pair(pool, spells_n, src))
    cand = sorted(
        (cid for cid in pool if _playable(cards[cid], pair)),
        key=lambda cid: (-rating(cid), cid),
    )

    def adjusted(chosen: list[str], cid: str) -> float:
        c = cards[cid]
        r = rating(cid)
        ents = sum(1 for x in chosen if cards[x].kind == "creature")
        big = sum(1 for x in chosen if cards[x].cost >= 6)
        if c.kind == "creature" and ents < 14:
            r += 1.0
        if c.cost >= 6 and big >= 2:
            r -= 3.0
        if c.cost >= 5 and sum(1 for x in chosen if cards[x].cost >= 5) >= 5:
            r -= 1.5
        if c.kind == "other" and sum(1 for x in chosen if cards[x].kind == "other") >= 3:
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
                and cards[cid].kind != "land"
                and not cards[cid].energies - pair
            ),
            key=lambda cid: -rating(cid),
        )
        chosen += extra[: spells_n - len(chosen)]
    n_terrains = size - len(chosen)
    lands = [
        cid
        for cid in pool
        if cards[cid].kind == "land"
        and not cards[cid].basic
        and (set(cards[cid].produces) & (pair | {ANY_ENERGY}))
    ]
    lands = lands[: min(len(lands), 4, n_terrains)]
    basics_n = n_terrains - len(lands)
    # The same split the deck-building panel suggests for these cards (``limited.suggest_basics``).
    shares = share_basics(energy_symbols(chosen, src), basics_n)
    if not shares and basics_n > 0:  # no typed symbols: half and half over the pair
        codes = sorted(pair)
        shares = {code: basics_n // len(codes) + (i < basics_n % len(codes)) for i, code in enumerate(codes)}
    deck = [*chosen, *lands]
    for code, k in sorted(shares.items()):
        deck += [src.basic(code)] * k
    return deck


__all__ = ["best_pair", "build_deck"]
