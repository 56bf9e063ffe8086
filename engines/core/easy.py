"""The ``easy`` AI: a friendly, weaker player for every game, not a random one.

``easy`` used to play a uniformly random legal move three times in ten, which made it absurd
rather than weak (attacking into certain death, throwing a winning card away). Now it looks one
move ahead: on a few deals of the cards it cannot see (``Engine.resample_hidden(state, me, rng)``,
never the real hidden cards) it plays each legal move and scores the position it leaves with the
game's evaluator (``GameSpec.evaluate``; a move that ends the game scores its outcome), the mean
over the deals. The moves within ``margin`` of the best score are the plausible ones. It plays the
game AI's own move (``normal``, asked on the first deal) ``follow`` of the time unless that move
is clearly bad (more than ``far`` below the best), and otherwise one of the plausible moves at
random: so it never plays a move that is clearly worse one move ahead, but it misses what only
the game AI's plan (or the ``hard`` search) sees. Each game tunes ``EasySettings``
(``GameSpec.easy``) so that ``normal`` beats ``easy`` in about 65-80% of duels
(``python -m bench.ai_levels GAME 200 easy``).

The real state reaches only ``legal_actions`` and ``resample_hidden`` for the deciding seat, like
the ``hard`` search's (``tests/engines/test_ai_levels.py`` checks both with a recording engine).
Every choice comes from the rng it is handed, so a match with an ``easy`` seat replays from its
log. A decision costs ``deals`` deals, one game AI move and an ``apply`` and evaluation per legal
move (at most ``width``) and deal: a few milliseconds (tens in Chronomagia, whose moves resolve
more).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .engine import Action, Engine
from .rng import Rng
from .search import outcome_rewards
from .types import PlayerId

AnyPolicy = Callable[[Engine[Any, Any, Any], Any, PlayerId, Rng], Any]
Evaluate = Callable[[Any, int], float]


@dataclass(frozen=True)
class EasySettings:
    follow: float = 0.75
    """How often ``easy`` plays the game AI's move (unless that move is clearly bad, ``far``)."""
    margin: float = 0.03
    """A move is plausible when its score one move ahead (in [0, 1]) is within this of the best."""
    far: float = 0.15
    """The game AI's move is played unless it is further than this below the best one move ahead
    (clearly bad on this deal); a one-move look cannot see the plan behind a quieter move."""
    width: int = 40
    """At most this many moves are scored (the game AI's and a random choice of the others)."""
    deals: int = 3
    """Each move is scored on this many deals of the unseen cards (the mean): one deal alone can
    make a move that loses to most hands look fine."""


def ahead(engine: Engine[Any, Any, Any], world: Any, me: int, action: Any, evaluate: Evaluate) -> float:
    """``action``'s worth to ``me`` one move ahead in ``world``: the outcome if it ends the game,
    else the evaluator's score of the position it leaves, in [0, 1]."""
    after = engine.apply(world, PlayerId(me), action).state
    outcome = engine.outcome(after)
    if outcome is not None:
        return outcome_rewards(outcome, sum(len(group) for group in outcome.ranking))[me]
    return min(1.0, max(0.0, evaluate(after, me)))


def easy_policy(
    ai: AnyPolicy, evaluate: Evaluate | None, settings: EasySettings = EasySettings()
) -> AnyPolicy:
    """The ``easy`` player over a game's AI and evaluator (a game without an evaluator: its AI)."""

    def play(engine: Engine[Any, Any, Any], state: Any, player: PlayerId, rng: Rng) -> Action:
        me = int(player)
        legal = list(engine.legal_actions(state, PlayerId(me)))
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        seen = engine.resample_hidden(state, PlayerId(me), rng)
        usual = ai(engine, seen, PlayerId(me), rng)
        if evaluate is None:
            return usual  # type: ignore[no-any-return]
        others = [a for a in rng.shuffled(legal) if a != usual][: max(0, settings.width - 1)]
        candidates = [usual, *others]
        deals = [seen, *(engine.resample_hidden(state, PlayerId(me), rng) for _ in range(settings.deals - 1))]
        scores = [sum(ahead(engine, w, me, a, evaluate) for w in deals) / len(deals) for a in candidates]
        floor = max(scores) - settings.margin
        plausible = [a for a, score in zip(candidates, scores, strict=True) if score >= floor]
        if scores[0] >= max(scores) - settings.far and rng.below(1000) < settings.follow * 1000:
            return usual  # type: ignore[no-any-return]
        return rng.choice(plausible)  # type: ignore[no-any-return]

    return play
