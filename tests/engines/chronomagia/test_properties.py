"""Properties over random legal games: cards are never created or lost (tokens aside), the limits
of the rules always hold, a replay is exact, states round-trip JSON, and every listed move is
accepted while a move not listed is refused in words."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.chronomagia import ENGINE
from engines.chronomagia.board import TRACK_END, location, phenomenon
from engines.chronomagia.cards import card
from engines.chronomagia.state import ChronomagiaState
from engines.core import IllegalAction, InvalidAction, PlayerId, from_data, replay, to_data

from .helpers import CFG, playout, wide_cfg


def cards_of(s: ChronomagiaState, p: int) -> Counter[str]:
    st = s.seats[p]
    objs = [st.hero, *st.deck, *st.hand, *st.pool, *st.hero_deck, *st.graveyard, *st.shadows]
    objs += [perm.obj for perm in st.field]
    return Counter(s.card_of[o] for o in objs if card(s.card_of[o]).kind != "token")


@pytest.mark.parametrize("seed", range(6))
def test_cards_are_conserved_and_limits_hold(seed: int) -> None:
    cfg = wide_cfg(seed) if seed % 2 else CFG
    start = ENGINE.setup(cfg, seed)
    totals = [cards_of(start, p) for p in (0, 1)]
    for s, _p, _aid in playout(seed, cfg):
        for p in (0, 1):
            assert cards_of(s, p) == totals[p], "a card appeared or vanished"
            st = s.seats[p]
            kinds = Counter(card(s.card_of[perm.obj]).kind for perm in st.field)
            assert kinds["location"] <= 1 and kinds["phenomenon"] <= 1, "M35, M36"
            loc, phen = location(s, p), phenomenon(s, p)
            assert loc is None or loc.counters > 0
            assert phen is None or phen.counters > 0
            assert all(card(s.card_of[o]).kind == "shadow" for o in st.shadows), "F20"
            assert st.armor >= 0 and st.counters >= 0
        assert 1 <= s.time <= TRACK_END, "M40"
        assert len(set(s.collected)) == len(s.collected), "M20: once per turn"


@pytest.mark.parametrize("seed", range(4))
def test_replay_and_json(seed: int) -> None:
    cfg = wide_cfg(seed + 1)
    log = []
    final = None
    for s, p, aid in playout(seed, cfg):
        assert from_data(ChronomagiaState, to_data(s)) == s
        log.append((p, aid))
        final = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid)).state
    assert final is not None and ENGINE.outcome(final) is not None
    assert replay(ENGINE, cfg, seed, log) == final


@pytest.mark.parametrize("seed", range(3))
def test_listed_moves_are_accepted_and_others_refused(seed: int) -> None:
    """Every legal action applies; a few plausible ones that are not listed are refused with a
    sentence, and a refusal never changes the state."""
    probes = ["play:T001", "collect:time", "tap:1:T012", "hero:3", "attack", "end", "loc:9", "move:+9",
              "meditate:T008", "shadow:S01", "sac:3:T001", "order:2", "target:none", "keep", "done"]  # fmt: skip
    for i, (s, p, _aid) in enumerate(playout(seed, wide_cfg(seed), max_actions=800)):
        if i % 4:
            continue
        legal = {a.to_id() for a in ENGINE.legal_actions(s, PlayerId(p))}
        for aid in legal:
            ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
        for aid in probes:
            if aid in legal:
                continue
            before = to_data(s)
            try:
                ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(aid))
            except (IllegalAction, InvalidAction) as exc:
                msg = str(exc)
                assert msg[:1].isupper() and msg.rstrip().endswith((".", ")")), msg
            else:
                assert aid in ("move:+9",) or aid.startswith("move"), f"{aid} was accepted but not listed"
            assert to_data(s) == before
