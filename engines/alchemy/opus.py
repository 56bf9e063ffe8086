"""Magnum Opus (AL2, AL40, C7): conditions checked by the machine, rewards through the effect
vocabulary.

A condition is a list of clauses over statistics (``cards.STATS``); ``STAT_FUNCS`` computes each
from the state: tallies of what has happened (public facts) or current figures (points, AP,
hand size). The owner may reveal a face-down Magnum Opus during their own action phase while its
condition holds; it is then used up and stays face up.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Event, IllegalAction, seat_label

from .cards import Clause, card
from .effects import apply_effects
from .state import AlchemyState
from .zones import change, mark_seen, opponent

StatFn = Callable[[AlchemyState, int], int]


def _tally(name: str) -> StatFn:
    def get(s: AlchemyState, p: int) -> int:
        value: int = getattr(s.seats[p].tally, name)
        return value

    return get


STAT_FUNCS: dict[str, StatFn] = {
    "battles_won": _tally("battles_won"),
    "hits": _tally("hits"),
    "blocked_wins": _tally("blocked_wins"),
    "parries": _tally("parries"),
    "counters": _tally("counters"),
    "counterattack_wins": _tally("counterattack_wins"),
    "complex_wins": _tally("complex_wins"),
    "complex_played": _tally("complex_played"),
    "processes_played": _tally("processes_played"),
    "reactions_played": _tally("reactions_played"),
    "damage_dealt": lambda s, p: s.seats[p].tally.damage2 // 2,
    "store_accesses": _tally("store_accesses"),
    "cards_drawn": _tally("cards_drawn"),
    "refreshes": _tally("refreshes"),
    "types_won": lambda s, p: bin(s.seats[p].tally.types_won).count("1"),
    "longest_win": _tally("longest_win"),
    "big_wins": _tally("big_wins"),
    "points": lambda s, p: s.seats[p].points,
    "behind": lambda s, p: s.seats[opponent(p)].points - s.seats[p].points,
    "ap": lambda s, p: s.seats[p].ap,
    "hand": lambda s, p: len(s.seats[p].hand),
    "store": lambda s, p: len(s.seats[p].store),
    "exhausted": lambda s, p: len(s.seats[p].exhausted),
    "opp_exhausted": lambda s, p: len(s.seats[opponent(p)].exhausted),
}


def holds(s: AlchemyState, p: int, clause: Clause) -> bool:
    value = STAT_FUNCS[clause.stat](s, p)
    return value <= clause.value if clause.at_most else value >= clause.value


def condition_met(s: AlchemyState, p: int) -> bool:
    """Whether seat ``p`` has a face-down Magnum Opus whose whole condition holds now."""
    st = s.seats[p]
    if st.opus is None or st.opus_revealed:
        return False
    return all(holds(s, p, cl) for cl in card(s.card_of[st.opus]).condition)


def progress(s: AlchemyState, p: int) -> tuple[tuple[Clause, int], ...]:
    """Each clause of ``p``'s Magnum Opus with its current figure (for the owner's view)."""
    st = s.seats[p]
    if st.opus is None:
        return ()
    return tuple((cl, STAT_FUNCS[cl.stat](s, p)) for cl in card(s.card_of[st.opus]).condition)


def reveal(s: AlchemyState, p: int, events: list[Event]) -> AlchemyState:
    st = s.seats[p]
    if st.opus is None:
        raise IllegalAction("You have no Magnum Opus in this game.")
    if st.opus_revealed:
        raise IllegalAction("Your Magnum Opus is already revealed and used up.")
    c = card(s.card_of[st.opus])
    if not condition_met(s, p):
        raise IllegalAction(f"The condition of {c.name} is not met yet: {c.condition_text}.")
    s = mark_seen(change(s, p, opus_revealed=True), (st.opus,))
    events.append(Event(f"{seat_label(p)} reveals the Magnum Opus {c.name} ({c.condition_text})."))
    return apply_effects(s, p, c, events)
