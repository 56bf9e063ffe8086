"""Shared helpers for the Spirit Tactics tests: random and AI playouts, and a deck that holds every
kind of card so random play meets every effect."""

from __future__ import annotations

from collections.abc import Iterator

from engines.core import MatchConfig, PlayerId, Rng, random_action
from engines.spirit import ENGINE
from engines.spirit.ai import spirit_policy
from engines.spirit.cards import card_set
from engines.spirit.state import SpiritState


def wide_deck(commander: str, offset: int) -> list[str]:
    """A legal 50-card deck: one of many Spirits, every Arcana and Reflex once, and Essence of
    every type, so random play uses every op, keyword and trigger."""
    cards = card_set().cards
    spirits = sorted(c for c, d in cards.items() if d.kind == "spirit")
    spells = sorted(c for c, d in cards.items() if d.kind in ("arcana", "reflex"))
    picked = spirits[offset::2][:20]
    essence = [f"E{i}" for i in range(1, 8)] * 2
    deck = [commander, *picked, *spells[:16], *essence]
    return deck[:51]


WIDE_DECKS = [wide_deck("C03", 0), wide_deck("C07", 1)]
CFG = MatchConfig(players=2)
WIDE_CFG = MatchConfig(players=2, options={"decks": WIDE_DECKS})


def playout(
    seed: int, cfg: MatchConfig = CFG, ai_seats: frozenset[int] = frozenset(), max_actions: int = 20_000
) -> Iterator[tuple[SpiritState, int, str]]:
    """Yield (state before, player, action id) along a game of random (or AI) moves."""
    s = ENGINE.setup(cfg, seed)
    rng = Rng.from_seed(seed * 31 + 7)
    for _ in range(max_actions):
        if ENGINE.outcome(s) is not None:
            return
        (p,) = ENGINE.current_players(s)
        policy = spirit_policy if p in ai_seats else random_action
        a = policy(ENGINE, s, PlayerId(p), rng)
        yield s, p, a.to_id()
        s = ENGINE.apply(s, PlayerId(p), a).state
