"""Rules a scenario file cannot show: the order of events (TS1, TS2), payments listed once per way
(D17), triggers in the turn player's order, and refusals that leave the state untouched."""

from __future__ import annotations

import itertools
from collections import Counter

from engines.core import IllegalAction, MatchConfig, PlayerId
from engines.spirit import ENGINE
from engines.spirit.payment import MAX_OPTIONS, options
from engines.spirit.state import SpiritState


def _run(pos: dict[str, object], steps: list[tuple[int, str]]) -> tuple[SpiritState, list[str]]:
    s = ENGINE.position(MatchConfig(2), 1, pos)
    texts: list[str] = []
    for seat, aid in steps:
        t = ENGINE.apply(s, PlayerId(seat), ENGINE.decode_action(aid))
        s = t.state
        texts.extend(e.text for e in t.events)
    return s, texts


def _before(texts: list[str], a: str, b: str) -> bool:
    ia = next(i for i, t in enumerate(texts) if a in t)
    ib = next(i for i, t in enumerate(texts) if b in t)
    return ia < ib


def test_ts1_links_resolve_last_to_first() -> None:
    pos = {
        "current": 0,
        "phase": "combat",
        "seats": [
            {"commander": "C07", "units": [{"card": "S65", "zone": "c2", "essence": ["E7"]}]},
            {"commander": "C02", "hand": ["R01"], "units": [{"card": "S20", "zone": "c3"}]},
        ],
    }
    steps = [(0, "attack:c2:c3"), (1, "cast:R01:c3"), (0, "use:c2:1:c3:$s7"), (1, "pass"), (0, "pass")]
    _s, texts = _run(pos, steps)
    assert _before(texts, "gets -800 R", "gets +500 R")
    assert _before(texts, "gets +500 R", "deals 1000 damage")


def test_ts2_primaries_then_turn_players_aftermath() -> None:
    pos = {
        "current": 0,
        "seats": [
            {"resilience": 3800, "hand": ["A04"], "deck": ["E1"], "units": [{"card": "S10", "zone": "c2"}]},
            {"hand": ["R07"]},
        ],
    }
    _s, texts = _run(pos, [(0, "cast:A04"), (1, "cast:R07:c2"), (0, "pass"), (1, "pass")])
    order = ["gets -200 S", "regains 200 R", "P1 draws 1 card", "P1's Commander is dealt 100 damage"]
    assert all(_before(texts, a, b) for a, b in itertools.pairwise(order))


def test_payment_options_are_distinct_and_capped() -> None:
    have = Counter({"s1": 2, "c1": 2, "c4": 1})
    ways = options((1, 0), have)
    assert len(ways) == len(set(ways))
    assert ("c1", "s1") in ways and ("s1", "s1") in ways and ("c4", "s1") in ways
    assert ways[0] == ("s1", "s1"), "the Spirit's own Essence first"
    big = Counter({f"{src}{t}": 3 for src in "sc" for t in range(1, 8)})
    assert len(options((0, 0, 0), big)) == MAX_OPTIONS


def test_a_refusal_changes_nothing_and_says_why() -> None:
    s = ENGINE.position(MatchConfig(2), 1, {"current": 0, "seats": [{"hand": ["S01"]}, {}]})
    for aid, words in (
        ("call:S02:c2", "You have no Pyre Hound in your hand"),
        ("attack:c2:direct", "not possible in the main phase"),
        ("pass", "There is no Sequence to pass on"),
        ("cancel", "There is no Rewound attack to cancel"),
        ("end", "from the End Phase"),
    ):
        try:
            ENGINE.apply(s, PlayerId(0), ENGINE.decode_action(aid))
        except IllegalAction as exc:
            assert words in str(exc), (aid, str(exc))
        else:
            raise AssertionError(f"{aid} was accepted")
    try:
        ENGINE.apply(s, PlayerId(1), ENGINE.decode_action("pass"))
    except IllegalAction as exc:
        assert str(exc) == "It's not your turn: P1 is to act."
