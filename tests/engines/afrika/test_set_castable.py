"""Cosmic Core: every card of the set can be played in some state, and playing it (with the AI
answering every choice: targets, X, modes, picks) resolves without error."""

from __future__ import annotations

from typing import Any

import pytest

from engines.afrika import ENGINE
from engines.afrika.ai import afrika_policy
from engines.afrika.cards import CARDS, CardDef
from engines.afrika.state import thaw
from engines.core import MatchConfig, PlayerId, Rng

CFG = MatchConfig(players=2)
BASIC = {c.produces[0]: c.id for c in CARDS().values() if c.basic}
SET = sorted(c.id for c in CARDS().values() if c.set == "LC" and not c.basic and not c.token)
HAND_ID = 10


def _terrains(c: CardDef) -> list[dict[str, Any]]:
    codes: list[str] = []
    for code, n in c.cost.typed:
        codes += [code] * n
    first = c.cost.typed[0][0] if c.cost.typed else "MTN"
    codes += [first] * (c.cost.generic + (2 if c.cost.x else 0))
    return [{"card": BASIC[code], "id": 60 + i, "zone": "terrain"} for i, code in enumerate(codes)]


def _position(c: CardDef) -> dict[str, Any]:
    me: dict[str, Any] = {
        "hand": [{"card": c.id, "id": HAND_ID}],
        "permanents": [
            *_terrains(c),
            {"card": "LC092", "id": 101, "zone": "1"},
            {"card": "LC084", "id": 102, "zone": "2"},
        ],
        "codex": ["LC050", "LC092", "LB01", "LC045", "LC004"],
        "void": ["LC093", "LC050"],
    }
    opp: dict[str, Any] = {
        "permanents": [
            {"card": "LC093", "id": 201, "zone": "1", "charged": True},
            {"card": "LC004", "id": 202, "zone": "1"},
            {"card": "LC085", "id": 203, "zone": "2"},
            {"card": "LC080", "id": 204, "zone": "artifact"},
        ],
        "hand": ["LC092", "LC045"],
        "codex": ["LC092", "LB01", "LC093"],
    }
    pos: dict[str, Any] = {"active": 0, "step": "explore1", "players": [me, opp]}
    if any(t.kind == "spell" for t in c.targets):
        opp["hand"].append({"card": "LC050", "id": 300})
        pos["stack"] = [{"id": 300, "controller": 1}]
        pos["priority"] = 0
    return pos


def _play(cid: str) -> None:
    c = CARDS()[cid]
    s = ENGINE.position(CFG, 1, _position(c))
    legal = {a.to_id(): a for a in ENGINE.legal_actions(s, PlayerId(0))}
    want = "terrain:" if c.type == "terrain" else "cast:"
    plays = [a for aid, a in legal.items() if aid.startswith(f"{want}{HAND_ID}")]
    assert plays, f"{cid} {c.name}: no way to play it; legal: {sorted(legal)}"
    s = ENGINE.apply(s, PlayerId(0), plays[0]).state
    rng = Rng.from_seed(7)
    # answer every choice with the AI, and pass priority until the card has resolved
    for _ in range(400):
        g = thaw(s)
        if g.over or (not g.stack and g.choice is None):
            break
        p = min(ENGINE.current_players(s))
        a = afrika_policy(ENGINE, s, PlayerId(p), rng) if g.choice is not None else None
        if a is None:
            a = next(x for x in ENGINE.legal_actions(s, PlayerId(p)) if x.to_id() == "pass")
        s = ENGINE.apply(s, PlayerId(p), a).state
    g = thaw(s)
    assert not g.stack and g.choice is None, f"{cid}: did not finish resolving"
    assert HAND_ID not in g.players[0].hand, f"{cid}: still in hand"


@pytest.mark.parametrize("cid", SET)
def test_every_set_card_can_be_played_and_resolves(cid: str) -> None:
    _play(cid)
