"""The ``script`` escape hatch: effects too particular for the vocabulary, one function per card.

A card names one with ``{ op = "script", fn = "NAME" }``; the loader refuses an unknown name and
every script has its own test (tests/engines/afrika/test_scripts.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .rules import cd, deal_damage, entities, lifelink_of

if TYPE_CHECKING:
    from .effects import Ctx
    from .state import Game


def void_lance(g: Game, ctx: Ctx) -> None:
    """Void Lance: deal damage to the target equal to the number of entity cards in your Void."""
    n = sum(1 for i in g.players[ctx.controller].void if cd(g.objs[i]).type == "entity")
    ref = ctx.targets[0] if ctx.targets else None
    if ref is not None and n:
        deal_damage(g, ctx.src_card, lifelink_of(g, ctx.src_id), ctx.controller, [(ref, n)])


def twin_suns(g: Game, ctx: Ctx) -> None:
    """Twin Suns Rite: double the +1/+1 markers on each entity you control."""
    for o in entities(g, ctx.controller):
        n = o.count("+1/+1")
        if n:
            o.add_counter("+1/+1", n)
            g.log(f"{cd(o).name} now has {2 * n} +1/+1 markers.")


SCRIPTS: dict[str, Callable[[Game, Ctx], None]] = {
    "void_lance": void_lance,
    "twin_suns": twin_suns,
}
