"""The four starter decks (issue #19 item 2): a Hero, a Main Deck of 30 and a Hero Deck, each a
different plan. Checked by ``decks.check_deck`` and ``decks.check_hero_deck`` in a test.

* **Ancient Fury** (Grask): Epoch 1 creatures that hit at once; Time into the Past keeps the game
  in the Ancient Age where they are strong, and they die into living spells when it ends anyway.
* **Legion of Hours** (Aurelian): Epoch 2 soldiers behind Shield Walls and the Standard-Bearer;
  Time moved forward to reach the Age of Empires early and then held there.
* **Future Engine** (Sibyl): Epoch 3 machines played as spells early (card draw, Concentration),
  Time pushed into the Future by Seeker, Legionnaire, Time Tourists and the Hero until they come alive.
* **Shadow Court** (Nyx): Shadows that spring on the opponent's Attack, spells and creatures,
  Traps and removal; it wins slowly through Life Loss and Damage that Defense cannot stop.
"""

from __future__ import annotations

# fmt: off
STARTER_LISTS: dict[str, tuple[str, dict[str, int], dict[str, int]]] = {
    "Ancient Fury": (
        "H02",
        {
            "T001": 2, "T005": 2, "T007": 2, "T011": 2, "T014": 2, "T020": 2, "T024": 2, "T009": 2,
            "T003": 2, "T002": 2, "T025": 2, "T084": 2, "T027": 2, "S01": 2, "S07": 2,
        },
        {
            "T008": 1, "T018": 1, "T033": 1, "T028": 1, "T091": 2, "L05": 1, "P04": 1,
        },
    ),
    "Legion of Hours": (
        "H01",
        {
            "T035": 2, "T036": 2, "T037": 2, "T040": 2, "T050": 2, "T053": 2, "T069": 2, "T047": 2,
            "T056": 2, "L03": 1, "S08": 2, "T042": 1, "T052": 1, "T045": 2, "T043": 2, "T038": 1,
            "T006": 2,
        },
        {
            "T059": 2, "T041": 2, "T065": 1, "T054": 1, "L02": 1, "P06": 1, "T062": 1,
        },
    ),
    "Future Engine": (
        "H03",
        {
            "T078": 2, "T051": 2, "T068": 2, "T069": 2, "T073": 2, "T098": 2, "T076": 1, "T071": 2,
            "T088": 2, "T099": 2, "T090": 2, "T079": 2, "T022": 1, "T082": 2, "S09": 2, "T085": 1,
            "T083": 1,
        },
        {
            "T093": 1, "T080": 1, "T092": 2, "L04": 1, "P05": 1, "P03": 1, "T100": 2, "T074": 1,
        },
    ),
    "Shadow Court": (
        "H05",
        {
            "S02": 2, "S03": 2, "S07": 2, "S10": 2, "S04": 2, "T056": 2, "T046": 2, "T037": 2, "T006": 2,
            "T040": 2, "T042": 2, "T052": 2, "T027": 2, "P02": 1, "P08": 1, "L05": 1, "T026": 1,
        },
        {
            "T054": 1, "T097": 1, "T021": 2, "T029": 2, "L07": 1, "T041": 2, "T060": 1,
        },
    ),
}
# fmt: on
"""name -> (Hero, Main Deck counts, Hero Deck counts)."""
