"""Explicit Chrono start positions for scenario files (``engine.position``).

A position may name only the cards a test needs: cards it does not mention are simply not in this
match, as if left in the box. It is still checked against the set (no more copies of a cell than
``copies_per_cell``, none of a ``missing`` cell, rows without gaps that include epoch V), so a
scenario cannot start from a position the rules could never reach by mistake.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engines.core import ConfigError, MatchConfig, Rng

from .carddata import EPOCHS
from .state import CODE_INFO, ChronoState, card_key

if TYPE_CHECKING:
    from .engine import ChronoEngine

KEYS = ("dealer", "current", "phase", "turn", "hands", "deck", "deal", "spans", "piles", "out")


def _code(raw: Any, suits: Sequence[str], where: str) -> str:
    code = str(raw).strip().upper()
    if code not in CODE_INFO or CODE_INFO[code][0] >= len(suits):
        raise ConfigError(f"position: {where}: {raw!r} is not a card of this set")
    return code


def _seat(raw: Any, n: int, where: str) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < n:
        raise ConfigError(f"position: {where} must be a seat number from 0 to {n - 1}")
    return raw


def build_position(engine: ChronoEngine, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> ChronoState:
    from .engine import START_EPOCH

    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise ConfigError(f"position: unknown keys {unknown}; known keys are {', '.join(KEYS)}")
    suits, copies, missing, hand_size = engine._options(cfg)
    n = cfg.players
    rng = Rng.from_seed(seed)
    dealer = _seat(data.get("dealer", n - 1), n, "dealer")
    deck = tuple(_code(c, suits, "deck") for c in data.get("deck", []))

    # Matrix: spans (1 card per cell by default) with per-cell pile overrides.
    rows = [[0] * EPOCHS for _ in suits]
    spans = data.get("spans", {})
    for row, suit in enumerate(suits):
        lo, hi = spans.get(suit, [START_EPOCH, START_EPOCH])
        if not (1 <= lo <= START_EPOCH <= hi <= EPOCHS):
            raise ConfigError(f"position: the {suit} span must contain epoch V and lie within I-X")
        for e in range(lo, hi + 1):
            rows[row][e - 1] = 1
    for key in spans:
        if key not in suits:
            raise ConfigError(f"position: spans names unknown suit {key!r}")
    for raw, count in data.get("piles", {}).items():
        row, epoch = CODE_INFO[_code(raw, suits, "piles")]
        if rows[row][epoch - 1] == 0:
            raise ConfigError(f"position: pile {raw} lies outside its row's span")
        if not isinstance(count, int) or count < 1:
            raise ConfigError(f"position: pile {raw} must hold at least one card")
        rows[row][epoch - 1] = count
    piles = tuple(tuple(r) for r in rows)

    phase = data.get("phase")
    if phase not in (None, "opening", "play"):
        raise ConfigError("position: phase must be 'opening' or 'play'")
    current = data.get("current")
    if current is not None:
        current = _seat(current, n, "current")

    if data.get("deal", False):
        if "hands" in data or "out" in data:
            raise ConfigError("position: 'deal = true' deals the hands from 'deck'; omit hands and out")
        if hand_size * n > len(deck):
            raise ConfigError("position: the deck is too small to deal every hand")
        state = engine._deal(
            suits, copies, missing, hand_size, n, dealer, deck, rng.state, current=current, phase=phase
        )
        _check_counts(state, copies, missing)
        return state

    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != n:
        raise ConfigError(f"position: hands must list {n} hands, one per seat (seat 0 first)")
    hands = tuple(
        tuple(sorted((_code(c, suits, f"hand {i}") for c in h), key=card_key))
        for i, h in enumerate(raw_hands)
    )
    out = tuple(_seat(x, n, "out") for x in data.get("out", []))
    for i, h in enumerate(hands):
        if not h and i not in out:
            raise ConfigError(f"position: seat {i} holds no cards, so it must be listed in 'out'")
        if h and i in out:
            raise ConfigError(f"position: seat {i} is listed in 'out' but still holds cards")
    if sum(1 for h in hands if h) < 2:
        raise ConfigError("position: at least two seats must still hold cards")
    if current is not None and not hands[current]:
        raise ConfigError(f"position: seat {current} is out, so it cannot be the current player")
    turn = data.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise ConfigError("position: turn must be a whole number from 1")
    state = engine._start(
        suits,
        copies,
        missing,
        hand_size,
        dealer,
        hands,
        deck,
        piles,
        out,
        rng.state,
        current=current,
        phase=phase,
        turn=turn,
    )
    _check_counts(state, copies, missing)
    return state


def _check_counts(s: ChronoState, copies: int, missing: Sequence[str]) -> None:
    counts: Counter[str] = Counter(s.deck)
    for h in s.hands:
        counts.update(h)
    for row, suit in enumerate(s.suits):
        for e in range(1, EPOCHS + 1):
            counts[f"{suit}{e}"] += s.piles[row][e - 1]
    for code, k in counts.items():
        limit = 0 if code in missing else copies
        if k > limit:
            raise ConfigError(f"position: {k} copies of {code} but the set has only {limit}")
