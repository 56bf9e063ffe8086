"""Shared helpers for the Chronomagia tests: random and AI playouts, and decks that between them
hold every card of the set, so random play meets every effect, trigger and Shadow."""

from __future__ import annotations

from collections.abc import Iterator

from engines.chronomagia import ENGINE
from engines.chronomagia.ai import chrono_policy
from engines.chronomagia.cards import card_set
from engines.chronomagia.state import ChronomagiaState
from engines.core import MatchConfig, PlayerId, Rng, random_action

HEROES = sorted(c for c, d in card_set().cards.items() if d.kind == "hero")
PLAYABLE = sorted(c for c, d in card_set().cards.items() if d.kind not in ("hero", "token"))


def wide_decks() -> list[tuple[list[str], list[str]]]:
    """Four legal (deck, Hero Deck) pairs that hold every playable card between them: each card of
    the set once in some Main Deck, Shadows twice, and a Hero Deck of ten non-mythic cards."""
    out = []
    shadows = [c for c in PLAYABLE if c.startswith("S")]
    others = [c for c in PLAYABLE if not c.startswith("S")]
    for i in range(4):
        main = others[i::4] + shadows[i % 2 :: 2] * 2
        side = [c for c in others[(i + 1) % 4 :: 4] if card_set().cards[c].rarity != "mythic"][:10]
        out.append(([HEROES[i * 2 % len(HEROES)], *main], side))
    return out


def wide_cfg(pair: int = 0, **extra: object) -> MatchConfig:
    decks = wide_decks()
    a, b = decks[pair % 4], decks[(pair + 1) % 4]
    return MatchConfig(players=2, options={"decks": [a[0], b[0]], "hero_decks": [a[1], b[1]], **extra})


CFG = MatchConfig(players=2)


def playout(
    seed: int, cfg: MatchConfig = CFG, ai_seats: frozenset[int] = frozenset(), max_actions: int = 20_000
) -> Iterator[tuple[ChronomagiaState, int, str]]:
    """Yield (state before, player, action id) along a game of random (or AI) moves."""
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed * 31 + 7)
    for _ in range(max_actions):
        if ENGINE.outcome(s) is not None:
            return
        current = sorted(ENGINE.current_players(s))
        p = rng.choice(current)
        policy = chrono_policy if p in ai_seats else random_action
        a = policy(ENGINE, s, PlayerId(p), rng)
        yield s, p, a.to_id()
        s = ENGINE.apply(s, PlayerId(p), a).state
