"""R144 for a Star Lord put into its owner's hand: the owner may put it into the Command zone
instead, and here they choose (D35).

A Star Lord bound for a Void, Exile or a Codex always goes to the Command zone (``rules.move``):
letting it go there is almost never better. Kept in hand, though, it is cast again without the
Command zone's growing tax (R143), so that choice is the owner's. The card goes to the hand as the
effect moves it (``Game.lord_returns`` notes it) and, before anyone gets priority again, ``settle``
asks the owner: ``lord:hand`` or ``lord:command``. A Star Lord that left the hand before the owner
was asked (discarded, say) is not asked about.
"""

from __future__ import annotations

from .actions import AfrikaAction, act
from .rules import cd, move, seat_ref
from .state import Choice, Game


def ask_lord(g: Game) -> bool:
    """Open the next pending R144 question, if any: True if a choice is now pending."""
    while g.lord_returns:
        oid = g.lord_returns.pop(0)
        o = g.objs.get(oid)
        if o is not None and o.zone == "hand" and o.card == g.players[o.owner].lord:
            g.choice = Choice("lord", o.owner, obj=oid, card=o.card)
            return True
    return False


def lord_actions(g: Game, ch: Choice) -> list[AfrikaAction]:
    """The two answers (the Star Lord is public: its name may be shown)."""
    n = cd(g.objs[ch.obj]).name
    return [
        act("lord", "hand", label=f"Keep {n} in your hand"),
        act("lord", "command", label=f"Put {n} into the Command zone"),
    ]


def answer_lord(g: Game, p: int, a: AfrikaAction, ch: Choice) -> None:
    g.choice = None
    o = g.objs[ch.obj]
    if a.a == "command":
        g.log(f"{cd(o).name} returns to {seat_ref(p)}'s Command zone.")
        move(g, o.id, "command")
    else:
        g.log(f"{seat_ref(p)} keeps {cd(o).name} in their hand.")
