"""A heuristic Epochs Chrono player.

Shedding fast is most of the game, so the AI stacks every copy it can and extends rows. The one
reason to hold a playable card back is the next turn: a card kept in hand stays playable forever
(spans only grow), so it saves a draw, and an extension opens a new edge that helps whoever holds
the next epoch. The AI therefore keeps one "reserve" card when its other cards would leave it with
nothing to play next turn, and it avoids opening an edge it cannot use itself unless that sheds
copies or lets it go out now.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engines.core import IllegalAction, PlayerId, Rng

from .carddata import EPOCHS
from .engine import _spans, is_extension
from .state import ALL_SUITS, CODE_INFO, ChronoAction, ChronoState, End, Play


def _direction(spans: tuple[tuple[int, int], ...], code: str) -> int:
    row, epoch = CODE_INFO[code]
    return -1 if epoch < spans[row][0] else 1


def _next_code(code: str, d: int) -> str | None:
    row, epoch = CODE_INFO[code]
    e = epoch + d
    return f"{ALL_SUITS[row]}{e}" if 1 <= e <= EPOCHS else None


def _score(s: ChronoState, counts: Counter[str], code: str) -> float:
    """Cards shed now, plus a chain it can continue itself, minus an edge handed to others."""
    nxt = _next_code(code, _direction(_spans(s.piles), code))
    score = float(counts[code])
    if nxt is None:
        return score + 0.5
    if counts[nxt]:
        return score + 2.0
    if nxt in s.missing:
        return score + 0.5  # nobody can ever use the new edge
    return score - 1.0


def _goes_out(s: ChronoState, hand: tuple[str, ...], playable: list[str]) -> bool:
    """Whether every remaining card can be placed this turn (one extension per row, E12)."""
    rows_used: set[int] = set()
    fits = set()
    for code in playable:
        if not is_extension(s, code):
            fits.add(code)
    for code in playable:
        row = CODE_INFO[code][0]
        if is_extension(s, code) and row not in rows_used:
            rows_used.add(row)
            fits.add(code)
    return all(c in fits for c in hand)


def _has_reserve(s: ChronoState, hand: Counter[str], played: str) -> bool:
    """After placing every copy of ``played``, will something in hand fit next turn for sure?"""
    row_p, epoch_p = CODE_INFO[played]
    spans = list(_spans(s.piles))
    lo, hi = spans[row_p]
    spans[row_p] = (min(lo, epoch_p), max(hi, epoch_p))
    for code, k in hand.items():
        if k == 0 or code == played:
            continue
        row, epoch = CODE_INFO[code]
        lo, hi = spans[row]
        if lo - 1 <= epoch <= hi + 1:
            return True
    return False


def chrono_policy(engine: Any, s: ChronoState, player: PlayerId, rng: Rng) -> ChronoAction:
    legal: list[ChronoAction] = list(engine.legal_actions(s, player))
    if not legal:
        raise IllegalAction("There is nothing to do right now.")
    plays = [a.code for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # draw (nothing fits) or end
    hand = s.hands[player]
    counts = Counter(hand)
    stacks = [c for c in plays if not is_extension(s, c)]
    if stacks:  # stacking sheds a card and opens nothing: always do it
        return Play(max(stacks, key=lambda c: (counts[c], c)))
    best = max(plays, key=lambda c: (_score(s, counts, c), c))
    if s.placed_this_turn == 0 or _goes_out(s, hand, plays):
        return Play(best)
    if _score(s, counts, best) > 0 and _has_reserve(s, counts, best):
        return Play(best)
    return End()
