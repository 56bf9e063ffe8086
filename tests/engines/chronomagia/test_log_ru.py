"""Chronomagia's log in Russian (issue 34 item 10): every line the engine writes, in games that
meet every card of the set, reads in Russian with the Russian card names, and nothing English is
left but the seat labels the bot replaces by names."""

from __future__ import annotations

import re

from engines.chronomagia import ENGINE
from engines.chronomagia.cards import card
from engines.chronomagia.log_ru import russian
from engines.core import PlayerId
from tests.engines.chronomagia.helpers import playout, wide_cfg

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _lines(seed: int) -> list[str]:
    out: list[str] = []
    for s, p, action_id in playout(seed, wide_cfg(seed), ai_seats=frozenset({seed % 2})):
        t = ENGINE.apply(s, PlayerId(p), ENGINE.decode_action(action_id))
        out += [e.text for e in t.events]
    return out


def test_every_line_of_whole_games_reads_in_russian() -> None:
    english = set()
    for seed in range(8):
        for line in _lines(seed):
            said = russian(line)
            if LATIN_WORD.search(re.sub(r"\bP\d\b", "", said)):
                english.add((line, said))
    assert not english, sorted(english)[:10]


def test_card_names_and_effects_come_from_the_russian_card_data() -> None:
    goblin = card("T001")
    said = russian(f"P1 plays {goblin.name} as a creature.")
    assert said == f"P1 разыгрывает «{goblin.name_ru}» как существо."
    said = russian(f"{goblin.name} (P2) resolves as a spell of Epoch 2: Deal 2 damage to the opponent.")
    assert (
        said
        == f"«{goblin.name_ru}» (P2) срабатывает как заклинание Эпохи 2: Нанесите 2 повреждения противнику."
    )
    assert russian("P2 draws 5 cards.") == "P2 берёт 5 карт."
    assert russian("P1 draws 2 cards.") == "P1 берёт 2 карты."
    assert russian("P2 reached 0 Life") == "у P2 Жизнь 0", "the reason a game ended"


def test_a_line_no_template_knows_is_left_as_it_was() -> None:
    assert russian("Something new happens.") == "Something new happens."
