"""The ``hard`` AI: determinised Monte Carlo search over sampled hidden information.

A player at a table does not know the opponents' hands or the order of any deck, so the search
never looks at them: each round deals the unseen cards anew from the searching player's point of
view (``Engine.resample_hidden(state, me, rng)``, the same dealing the conformance test checks
for leaks), tries every candidate move in that same deal, and plays each on with the game's own AI
(``normal``) to the end of the next turns, where the game's evaluator scores it (the outcome, if
the game ended). Every candidate sees the same deals and the same dice (paired playouts), so the
comparison measures the move, not the luck of the deal. The game AI's own move is always a
candidate and is kept unless another one scores clearly better over enough rounds: the search
improves the heuristic player, it does not replace it with noise when time is short.

The state the bot passes in is touched in exactly two ways, both of which only read what the
player may know: ``legal_actions(state, me)`` (the moves on their own panel) and
``resample_hidden(state, me, rng)``. ``tests/engines/test_ai_levels.py`` checks it with an engine
wrapper that records every call.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import Engine
from .rng import Rng
from .types import Outcome, PlayerId

Evaluate = Callable[[Any, int], float]
"""A position's worth to a seat in [0, 1] (1: as good as won), for playouts cut short."""

Focus = Callable[[Any, int, Sequence[Any], Any], Sequence[Any]]
"""(a deal of the position from the seat's view, seat, legal moves, the game AI's move) -> the
moves worth playing out (``SearchSettings.focus``)."""


@dataclass(frozen=True)
class SearchSettings:
    seconds: float = 1.0
    """A cap on the thinking time per decision, a safety net for a busy machine: the search
    normally stops at ``rounds`` (the bot passes ``CARDHOST_AI_HARD_SECONDS``, the bench none)."""
    rounds: int = 32
    """A round is one deal of the hidden cards with every candidate played out in it. The normal
    stop: a fixed number, so ``hard`` plays the same on a busy or an idle machine. Each game sets
    its own (``GameSpec.search``) at about a second's worth of rounds on the bench machine
    (``python -m bench.ai_levels GAME 0`` calibrates it); 32 is a few hundred ms in most games."""
    turns: int = 2
    """A playout runs until the turn has changed this many times for each opponent (two in a duel:
    the opponent's answer and one's own next turn; ten at a table of six: a round and more), then
    the evaluator scores it."""
    playout_moves: int = 400
    width: int = 6
    """At most this many candidate moves (the game AI's choice and a spread of the others)."""
    margin: float = 0.02
    """How much better (mean score) another move must be than the game AI's to be chosen."""
    min_rounds: int = 3
    confidence: float = 0.0
    """How sure the search must be that another move beats the game AI's: its mean gain over the
    paired rounds must exceed this many standard errors of the per-round gains (0: the margin
    alone). With few rounds (a game whose playouts are costly) the best of several noisy means
    beats the game AI's by the margin on luck alone, and the search then played worse moves than
    the game AI: 1.64 (one-sided 95%) keeps it on the AI's move unless the deals agree."""
    focus: Focus | None = None
    """Which legal moves are worth comparing (None: all of them). It is given a deal of the position
    from the searching seat's view (never the real state), the seat, its legal moves and the game
    AI's move there, and returns the moves to play out; when that leaves fewer than two, the game
    AI's move is played with no rounds at all, so forced or trivial decisions (a pass with nothing
    worth casting) cost nothing and the rounds go where the game is decided."""


def outcome_rewards(outcome: Outcome, players: int) -> list[float]:
    """1 for a sole winner, 0 for last place, ties sharing their places' average."""
    rewards = [0.5] * players
    if players < 2:
        return rewards
    place = 0
    for group in outcome.ranking:
        lo, hi = place, place + len(group) - 1
        value = 1.0 - ((lo + hi) / 2) / (players - 1)
        for seat in group:
            rewards[seat] = value
        place += len(group)
    return rewards


def sure_gain(gains: Sequence[float], margin: float, confidence: float) -> bool:
    """Whether per-round gains (another move's score minus the game AI's, on the same deals) say
    the other move is better: a mean above ``margin`` and, with ``confidence`` > 0, above that many
    standard errors (sample deviation over sqrt(rounds))."""
    n = len(gains)
    if n == 0:
        return False
    m = sum(gains) / n
    if m <= margin:
        return False
    if confidence <= 0:
        return True
    if n < 2:
        return False
    var = sum((g - m) ** 2 for g in gains) / (n - 1)
    return bool(m > confidence * math.sqrt(var / n))


class Search:
    """One decision's search: ``best(state, me)`` returns the chosen action."""

    def __init__(
        self,
        engine: Engine[Any, Any, Any],
        policy: Callable[[Engine[Any, Any, Any], Any, PlayerId, Rng], Any],
        evaluate: Evaluate | None,
        players: int,
        settings: SearchSettings,
        rng: Rng,
        playout: Callable[[Engine[Any, Any, Any], Any, PlayerId, Rng], Any] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.engine, self.policy, self.evaluate = engine, policy, evaluate
        self.clock = clock
        """Where the seconds cap reads the time (a test passes a fake clock: no test waits on one)."""
        self.playout_policy = playout or policy
        self.players, self.settings, self.rng = players, settings, rng
        self.rounds = 0
        self.scores: dict[str, float] = {}

    def best(self, state: Any, me: int) -> Any:
        legal = list(self.engine.legal_actions(state, PlayerId(me)))
        if len(legal) == 1:
            return legal[0]
        # Even the game AI's own choice is made on a deal of the unseen cards, not on the real ones.
        seen = self.engine.resample_hidden(state, PlayerId(me), self.rng)
        usual = self.policy(self.engine, seen, PlayerId(me), self.rng)
        if self.settings.focus is not None:
            legal = [a for a in self.settings.focus(seen, me, legal, usual) if a != usual]
            if not legal:
                return usual
        candidates = self._candidates(usual, legal)
        values: dict[str, list[float]] = {a.to_id(): [] for a in candidates}
        deadline = self.clock() + self.settings.seconds
        while self.rounds < self.settings.rounds and self.clock() < deadline:
            world = self.engine.resample_hidden(state, PlayerId(me), self.rng)
            dice = self.rng.next64()
            for a in candidates:
                values[a.to_id()].append(self._playout(world, me, a, dice))
            self.rounds += 1
        if self.rounds < self.settings.min_rounds:
            return usual
        self.scores = {aid: sum(v) / self.rounds for aid, v in values.items()}
        best = max(candidates, key=lambda a: self.scores[a.to_id()])
        gains = [b - u for b, u in zip(values[best.to_id()], values[usual.to_id()], strict=True)]
        if sure_gain(gains, self.settings.margin, self.settings.confidence):
            return best
        return usual

    def _candidates(self, usual: Any, legal: Sequence[Any]) -> list[Any]:
        """The game AI's move first, then others spread over the kinds of move (a Call, an attack,
        a pass) so a wide position is not all variants of one move."""
        others = [a for a in legal if a != usual]
        by_kind: dict[str, list[Any]] = {}
        for a in self.rng.shuffled(others):
            by_kind.setdefault(str(getattr(a, "kind", "")), []).append(a)
        spread: list[Any] = []
        while len(spread) < len(others) and len(spread) < self.settings.width - 1:
            for kind in list(by_kind):
                if by_kind[kind] and len(spread) < self.settings.width - 1:
                    spread.append(by_kind[kind].pop())
        return [usual, *spread]

    def _playout(self, world: Any, me: int, first: Any, dice: int) -> float:
        engine = self.engine
        rng = Rng.from_seed(dice)
        world = engine.apply(world, PlayerId(me), first).state
        marker = engine.turn_marker(world)
        changes = 0
        for _ in range(self.settings.playout_moves):
            if engine.outcome(world) is not None:
                break
            now = engine.turn_marker(world)
            if now != marker:
                marker, changes = now, changes + 1
                if changes >= self.settings.turns * max(1, self.players - 1):
                    break
            current = sorted(engine.current_players(world))
            if not current:
                break
            seat = int(current[0])
            action = self.playout_policy(engine, world, PlayerId(seat), rng)
            world = engine.apply(world, PlayerId(seat), action).state
        outcome = engine.outcome(world)
        if outcome is not None:
            return outcome_rewards(outcome, self.players)[me]
        if self.evaluate is None:
            return 0.5
        return min(1.0, max(0.0, self.evaluate(world, me)))
