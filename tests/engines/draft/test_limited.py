"""The limited deck rules (``engines.draft.limited``) over Afrika's card source."""

from __future__ import annotations

from collections import Counter

from engines.afrika.draftsource import card_source
from engines.decks import get_pool, import_deck
from engines.draft.autobuild import build_deck
from engines.draft.boosters import DEFAULT_SLOTS, open_boosters
from engines.draft.limited import (
    deck_problems,
    energy_symbols,
    library_deck,
    pool_text,
    suggest_basics,
    with_basics,
)

SRC = card_source()


def _pool(seed: int = 3) -> list[str]:
    return [cid for pack in open_boosters(SRC.booster_set("LC", DEFAULT_SLOTS), seed, 6) for cid in pack]


def test_the_ai_build_has_no_problems_and_a_short_deck_says_how_many_to_add() -> None:
    pool = _pool()
    deck = build_deck(pool, source=SRC)
    assert deck_problems(pool, deck, SRC) == []
    short = [c for c in deck if not SRC.cards()[c].basic][:20]
    (problem,) = deck_problems(pool, short, SRC)
    assert f"has {len(short)} cards" in problem and f"add {40 - len(short)} more" in problem


def test_cards_beyond_the_pool_are_named_but_basics_are_free() -> None:
    pool = _pool()
    deck = build_deck(pool, source=SRC)
    spell = next(c for c in deck if not SRC.cards()[c].basic)
    extra = deck + [spell] * 3 + [SRC.basic(SRC.energies[0])] * 5
    problems = deck_problems(pool, extra, SRC)
    have = Counter(pool)[spell]
    assert problems == [
        f"{have + 3} × {SRC.cards()[spell].name} in the deck, but you have {have} in your pool."
    ]


def test_suggested_basics_fill_the_deck_by_energy_symbols() -> None:
    pool = _pool(8)
    spells = [c for c in build_deck(pool, source=SRC) if not SRC.cards()[c].basic]
    sugg = suggest_basics(spells, SRC)
    symbols = energy_symbols(spells, SRC)
    assert set(sugg) <= set(symbols)
    nonbasic_lands = sum(1 for c in spells if SRC.cards()[c].kind == "land")
    n_spells = len(spells) - nonbasic_lands
    assert sum(sugg.values()) == max(SRC.lands, SRC.deck_min - n_spells) - nonbasic_lands
    deck = with_basics(spells, sugg, SRC)
    assert Counter(deck)[SRC.basic(max(symbols, key=lambda e: symbols[e]))] == max(sugg.values())
    assert suggest_basics([], SRC) == {}


def test_library_deck_keeps_the_rest_of_the_pool_as_sideboard_and_the_text_reads_back() -> None:
    pool = _pool()
    deck = build_deck(pool, source=SRC)
    lib = library_deck(pool, deck, SRC)
    assert (lib.game, lib.format) == ("afrika", "limited")
    sections = dict(lib.sections)
    assert sum(k for _, k in sections["main"]) == len(deck)
    assert Counter(dict(sections["main"])) + Counter(dict(sections.get("side", ()))) == Counter(
        pool
    ) + Counter(c for c in deck if SRC.cards()[c].basic)
    text = pool_text(pool, "Draft 1 pool", SRC)
    back = import_deck(text, get_pool("afrika"), "limited")
    assert back.deck is not None and sorted(back.deck.cards()) == sorted(pool)


def test_the_ai_build_follows_its_own_basics_suggestion() -> None:
    """Issue 35 item 6: the AI built 7 + 9 basics while the panel proposed 8 / 8 for the same deck.
    Over many pools the AI's basics are exactly what the panel suggests for its cards."""
    defs = SRC.cards()
    for seed in range(1, 41):
        pool = _pool(seed)
        deck = build_deck(pool, source=SRC)
        basics = Counter(c for c in deck if defs[c].basic)
        want = suggest_basics(deck, SRC)
        assert basics == Counter({SRC.basic(code): k for code, k in want.items()}), (seed, basics, want)
