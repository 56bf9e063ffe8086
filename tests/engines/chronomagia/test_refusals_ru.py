"""Chronomagia's refusals in Russian (issue 34 item 10): the sentences the engine refuses a move
with, provoked all along whole games (moves out of turn, out of step, cards not in hand, objects
that cannot be chosen, answers out of range), read in Russian with the Russian card names, and
nothing English is left but the seat labels."""

from __future__ import annotations

import random
import re

from engines.chronomagia import ENGINE
from engines.chronomagia.cards import card
from engines.chronomagia.refusals_ru import russian_refusal
from engines.chronomagia.state import ChronomagiaState
from engines.core import IllegalAction, InvalidAction, PlayerId
from tests.engines.chronomagia.helpers import playout, wide_cfg

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")

FIXED = [
    "keep",
    "first",
    "second",
    "main",
    "attack",
    "end",
    "done",
    "pass",
    "bounce",
    "leave",
    "collect:life",
    "collect:concentration",
    "collect:attack",
    "collect:defense",
    "hero:1",
    "hero:2",
    "hero:3",
    "target:none",
    "loc:0",
    "loc:9",
    "hit:0",
    "hit:9",
    "move:0",
    "move:+9",
    "move:-9",
    "order:1",
    "order:9",
]
"""Moves that are refused in most positions, whatever the cards."""


def _probes(s: ChronomagiaState, p: int, pick: random.Random) -> list[str]:
    """A sample of ids aimed at the position: the other seat's moves, and moves naming the cards
    in play, in hand and in the Hero Deck."""
    ids = list(FIXED) + [a.to_id() for a in ENGINE.legal_actions(s, PlayerId(1 - p))]
    for obj, cid in enumerate(s.card_of):
        ids += [f"play:{cid}", f"shadow:{cid}", f"meditate:{cid}", f"redeal:{cid}"]
        ids += [f"{k}:{obj}:{cid}" for k in ("tap", "sac", "target", "pick")]
        ids += [f"shift:{obj}:{cid}:{e}" for e in (1, 2, 3)]
        ids += [f"flip:{obj}", f"stay:{obj}"]
    return pick.sample(ids, min(len(ids), 40))


def _refusals(seed: int) -> set[str]:
    pick = random.Random(seed)
    out: set[str] = set()
    for n, (s, _p, _action) in enumerate(playout(seed, wide_cfg(seed), ai_seats=frozenset({seed % 2}))):
        if n % 3:
            continue
        for seat in (0, 1):
            for aid in _probes(s, seat, pick):
                try:
                    ENGINE.apply(s, PlayerId(seat), ENGINE.decode_action(aid))
                except IllegalAction as e:
                    out.add(str(e))
                except InvalidAction:
                    pass  # a malformed id: no button sends one
    return out


def test_the_refusals_of_whole_games_read_in_russian() -> None:
    said = set().union(*(_refusals(seed) for seed in range(6)))
    assert len(said) > 25, sorted(said)
    english = {(t, russian_refusal(t)) for t in said}
    english = {(t, r) for t, r in english if LATIN_WORD.search(re.sub(r"\bP\d\b", "", r))}
    assert not english, sorted(english)[:10]


def test_a_refusal_names_cards_as_the_russian_hand_does() -> None:
    goblin = card("T001")
    assert (
        russian_refusal(f"{goblin.name} costs 3 Concentration and your Pool holds 1.")
        == f"«{goblin.name_ru}» стоит Концентрацию 3, а в вашем Пуле 1."
    )
    assert russian_refusal("It's not your turn: P2 to act.") == "Сейчас не ваш ход: ходит P2."
    assert russian_refusal("Something new is refused.") == "Something new is refused."
