"""Events are public (engines/afrika/DECISIONS.md, D27): no event of a random game names a card
that, as it happened, was only in a hidden zone (a hand or a Codex, R5, R18), except the card a restricted pick reveals (D27).

The decks are full of look-at and search cards, so that random play reaches those picks often.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engines.afrika import ENGINE
from engines.afrika.cards import card
from engines.afrika.state import AfrikaState
from engines.core import MatchConfig, PlayerId, Rng, to_data

LOOKERS = {"LC065": 6, "LC121": 4, "LC001": 4, "LC104": 4, "LC216": 4, "LC153": 4, "LB02": 10, "LB06": 8}
SEEKERS = {"LC196": 6, "LC184": 6, "LC135": 4, "LC057": 4, "LB09": 8, "LB08": 8, "LB03": 8}
CFG = MatchConfig(
    players=2,
    options={
        "format": "limited",
        "decks": [[c for c, n in d.items() for _ in range(n)] for d in (LOOKERS, SEEKERS)],
    },
)


def _names(data: Any) -> Iterator[str]:
    """Every card a view shows, by name: a ``name`` or ``about`` text, or a ``card`` id (the stack)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("name", "about") and isinstance(v, str):
                yield v
            elif k == "card" and isinstance(v, str):
                yield card(v).name
            else:
                yield from _names(v)
    elif isinstance(data, list):
        for v in data:
            yield from _names(v)


def _public(s: AfrikaState) -> set[str]:
    return set(_names(to_data(ENGINE.view(s, None))))


def _hidden(s: AfrikaState) -> set[str]:
    return {card(s.objs[i].card).name for pl in s.players for i in (*pl.hand, *pl.codex)}


def _revealed_by_pick(s: AfrikaState, aid: str) -> str | None:
    """The card a restricted pick (a spell, an entity, a Basic terrain: D27) puts into the hand."""
    ch = s.choice
    if ch is None or ch.kind != "pick" or ch.stage != "pick" or not aid.startswith("pick:"):
        return None
    if ch.card.split("|")[0] == "any" or aid == "pick:none":
        return None
    return card(s.objs[int(aid.split(":")[1])].card).name


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_event_names_a_hidden_card(seed: int) -> None:
    s = ENGINE.setup(CFG, seed)
    rng = Rng.from_seed(seed)
    unrestricted_picks = 0
    for _ in range(6000):
        if ENGINE.outcome(s) is not None:
            break
        p = min(ENGINE.current_players(s))
        a = rng.choice(list(ENGINE.legal_actions(s, PlayerId(p))))
        aid = a.to_id()
        if s.choice is not None and s.choice.kind == "pick" and s.choice.card.startswith("any|"):
            unrestricted_picks += aid.startswith("pick:") and aid != "pick:none"
        t = ENGINE.apply(s, PlayerId(p), a)
        only_hidden = (_hidden(s) | _hidden(t.state)) - _public(s) - _public(t.state)
        only_hidden.discard(_revealed_by_pick(s, aid) or "")
        for e in t.events:
            named = sorted(n for n in only_hidden if n in e.text)
            assert not named, f"seed {seed}, {aid}: {e.text!r} names hidden {named}"
        s = t.state
    assert unrestricted_picks, "random play never took a card from an unrestricted look"
