"""Shared helpers for the Alchemy tests: decks rich in Process cards, random and AI playouts."""

from __future__ import annotations

from collections.abc import Iterator

from engines.alchemy import ENGINE
from engines.alchemy.ai import alchemy_policy
from engines.alchemy.cards import card_set
from engines.alchemy.state import AlchemyState
from engines.core import MatchConfig, PlayerId, Rng, random_action


def process_deck(opus: list[str]) -> list[str]:
    """A legal deck holding every Process card once (36) and 24 elements, so random play meets
    every effect; ``opus`` are its five Magnum Opus ids."""
    cards = card_set().cards
    processes = sorted(c for c, d in cards.items() if d.kind == "process")
    elements = [f"{t}{mg}" for t in "FAEW" for mg in range(1, 6)]
    extra = ["F5", "A5", "E5", "W5"]
    deck = processes + elements + extra
    return deck[:60] + opus


PROCESS_DECKS = [
    process_deck(["MO01", "MO06", "MO09", "MO19", "MO22"]),
    process_deck(["MO10", "MO12", "MO17", "MO18", "MO21"]),
]
CFG = MatchConfig(players=2)
PROCESS_CFG = MatchConfig(players=2, options={"decks": PROCESS_DECKS})


def playout(
    seed: int, cfg: MatchConfig = CFG, ai_seats: frozenset[int] = frozenset(), max_actions: int = 20_000
) -> Iterator[tuple[AlchemyState, int, str]]:
    """Yield (state before, player, action id) along a game of random (or AI) moves."""
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed * 31 + 7)
    for _ in range(max_actions):
        if ENGINE.outcome(s) is not None:
            return
        (p,) = ENGINE.current_players(s)
        policy = alchemy_policy if p in ai_seats else random_action
        a = policy(ENGINE, s, PlayerId(p), rng)
        yield s, p, a.to_id()
        s = ENGINE.apply(s, PlayerId(p), a).state


def final(seed: int, cfg: MatchConfig = CFG, ai_seats: frozenset[int] = frozenset()) -> AlchemyState:
    s = ENGINE.setup(cfg, seed)
    for s_before, p, aid in playout(seed, cfg, ai_seats):
        s = ENGINE.apply(s_before, PlayerId(p), ENGINE.decode_action(aid)).state
    return s
