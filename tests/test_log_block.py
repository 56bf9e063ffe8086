"""The log under a board (``bot.text.log_block``, Spirit's ``log``): issue 34 item 8 saw a Spirit
Tactics board end in "… 28 earlier" then twelve lines of "AI passes." / "alice passes too", with
the turn's attacks and Defeats out of sight."""

from __future__ import annotations

from bot.presenters.spirit import folded, log
from bot.text import log_block


def _turn() -> list[str]:
    lines = ["Turn 6: alice's turn.", "alice draws 2 cards."]
    for n, zone in enumerate(("B2", "C2", "D2", "E2")):
        lines += [
            f"alice attacks AI's Commander (a Direct Attack) with Spirit {n} ({zone}).",
            "AI passes.",
            "alice passes too: the Sequence resolves.",
            f"Spirit {n} ({zone}) deals 900 damage to AI's Commander.",
        ]
        lines += ["Reef Sentinel (C3) is Defeated."] if n == 1 else []
    lines += [f"alice looks at her hand ({i})." for i in range(8)]
    return lines


def test_pass_pairs_fold_away_but_a_pass_before_an_answer_stays() -> None:
    lines = ["alice Calls X to C2.", "AI passes.", "alice passes too: the Sequence resolves.", "X enters C2."]
    assert folded(lines) == ["alice Calls X to C2.", "X enters C2."]
    answered = [
        "alice attacks Y.",
        "AI plays Veil.",
        "alice passes.",
        "AI passes too: the Sequence resolves.",
    ]
    assert folded(answered) == ["alice attacks Y.", "AI plays Veil."]
    assert folded(["alice passes.", "AI casts Z."]) == ["alice passes.", "AI casts Z."]


def test_every_attack_and_defeat_of_the_turn_stays_in_sight() -> None:
    lines = _turn()
    plain = log_block(lines)
    assert "Reef Sentinel (C3) is Defeated." not in plain  # before: minor lines pushed it out
    block = log(lines)
    assert "passes" not in block
    for line in lines:
        if " attacks " in line or "Defeated" in line or "damage" in line:
            assert f"> {line}" in block, line
    assert block.startswith("> … ") and "minor lines not shown" in block.splitlines()[0]
    shown = [ln[2:] for ln in block.splitlines()[1:]]
    assert shown == [ln for ln in folded(lines) if ln in shown], "in the order they happened"
