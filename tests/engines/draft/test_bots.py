"""Draft bots: always a legal pick, deterministic, quality first, then the committed energies."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.afrika.cards import CARDS
from engines.afrika.draftsource import card_rating, energy_of
from engines.core import Rng
from engines.draft import pod
from engines.draft.autobuild import best_pair
from engines.draft.bots import bot_pick, committed_pair, pick_score, random_pick, rating_pick

SET_IDS = sorted(c.id for c in CARDS().values() if c.set == "LC" and not c.basic and not c.token)


def mono(energy: str) -> list[str]:
    """Non-terrain set cards needing exactly ``energy``, best first."""
    cards = CARDS()
    ids = [i for i in SET_IDS if cards[i].type != "terrain" and energy_of(cards[i]) == frozenset({energy})]
    return sorted(ids, key=lambda i: (-card_rating(cards[i]), i))


@settings(max_examples=40, deadline=None)
@given(
    pack=st.lists(st.sampled_from(SET_IDS), min_size=1, max_size=18, unique=True),
    pool=st.lists(st.sampled_from(SET_IDS), max_size=53),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_bot_picks_are_legal_and_deterministic(pack: list[str], pool: list[str], seed: int) -> None:
    card = bot_pick(pack, pool)
    assert card in pack
    assert bot_pick(pack, pool) == card
    assert bot_pick(pack, pool, Rng.from_seed(seed)) in pack
    # the rng only breaks exact ties: the choice always has the best score
    best = max(pick_score(c, pool) for c in pack)
    assert pick_score(bot_pick(pack, pool, Rng.from_seed(seed)), pool) == best
    assert pick_score(card, pool) == best
    assert rating_pick(pack, pool) in pack and random_pick(pack, pool, Rng.from_seed(seed)) in pack


def test_quality_first_then_committed_energies() -> None:
    cards = CARDS()
    dia, neb, vol = mono("DIA"), mono("NEB"), mono("VOL")
    pool = dia[:8] + neb[:8]
    assert set(committed_pair(pool)) == {"DIA", "NEB"}
    # an off-energy card rated a little better than an on-energy one
    off, on = next(
        (x, y) for x in vol for y in dia[8:] if 0 < card_rating(cards[x]) - card_rating(cards[y]) < 1.5
    )
    assert rating_pick([off, on], pool) == off
    assert bot_pick([off, on], []) == off, "with nothing drafted, quality decides"
    assert bot_pick([off, on], pool[:1]) == off, "one pick does not commit yet"
    assert bot_pick([off, on], pool) == on, "after committing, the on-energy card"
    assert bot_pick([on, off], pool) == on
    # a much better card still wins over a weak on-energy one
    weak = min(dia, key=lambda i: card_rating(cards[i]))
    bomb = max(vol, key=lambda i: card_rating(cards[i]))
    if card_rating(cards[bomb]) - card_rating(cards[weak]) > 5:
        assert bot_pick([weak, bomb], pool) == bomb


def test_bot_pods_draft_playable_pools() -> None:
    """Eight bots: each pool has a full Codex of spells (23) in its best pair of energies."""
    cards = CARDS()
    s = pod.new_pod(pod.PodConfig(8), 2024)
    while not pod.is_done(s):
        for seat in sorted(pod.waiting_seats(s)):
            pack = pod.current_pack(s, seat)
            assert pack is not None
            s = pod.pick(s, seat, bot_pick(pack.cards, s.pools[seat]))
    for pool in s.pools:
        pair = frozenset(best_pair(pool))
        on = [c for c in pool if cards[c].type != "terrain" and energy_of(cards[c]) <= pair]
        assert len(on) >= 23, (pair, len(on))
