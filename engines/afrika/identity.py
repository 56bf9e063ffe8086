"""A card's energy identity (R141, DECISION A24): the energies a Star Lords Codex must allow.

R141 says a card's identity is "the set of energy types in its cost and rules text; a Basic
terrain's identity is its own type". Read literally that could also take in an energy a card only
*names* ("Shield from Volcanic Valleys", "Deep Seas Walk"). The commander model A24 adopts counts
only the energy a card asks for or makes, so that is what counts here:

- every energy symbol of its cost (``{VOL}``) and of its activated abilities' costs and Equip cost;
- every energy symbol written in its rules text (``{VOL}: ... gets +1/+0``);
- every energy it produces ("⊝: Add one Golden Savannas energy", an effect that adds Cosmic Jungle
  energy), whether the data says so (``produces``, ``add_energy``) or only the text does
  ("Add ... <energy name> energy");
- a Basic terrain: the energy it produces (its own type).

Not counted: an energy a keyword merely names as a quality or a terrain type (Shield from X,
Terrainwalk X: they protect from or walk through a type, they ask for none of it), and "energy of
any type" (any Codex can use it). The game has no hybrid symbols (``cards.parse_cost`` refuses
any symbol but the ten codes, X and numbers), so there is no hybrid rule to apply.
"""

from __future__ import annotations

import re
from functools import cache

from .cards import CARDS, ENERGY, ENERGY_NAMES, CardDef, Cost

_SYMBOL = re.compile(r"\{(" + "|".join(ENERGY) + r")\}")
_NAMED = re.compile(
    r"\badd\b[^.]*?\b(" + "|".join(re.escape(n) for n in ENERGY_NAMES.values()) + r") energy\b",
    re.IGNORECASE,
)
_BY_NAME = {n.casefold(): code for code, n in ENERGY_NAMES.items()}


def _typed(cost: Cost) -> set[str]:
    return {code for code, _ in cost.typed}


def card_identity(c: CardDef) -> frozenset[str]:
    """The energy identity of card ``c`` (see the module docstring for what counts)."""
    out = _typed(c.cost)
    out.update(p for p in c.produces if p in ENERGY)
    if c.basic:
        return frozenset(out)
    for a in c.abilities:
        out |= _typed(a.cost)
    for kw, param in c.keywords:
        if kw == "Equip":
            out.update(_SYMBOL.findall(param))
    effects = [*c.effects, *(e for m in c.modes for e in m), *(e for a in c.abilities for e in a.effects)]
    for e in effects:
        if e.op == "add_energy" and e.get("energy") in ENERGY:
            out.add(str(e.get("energy")))
    out.update(_SYMBOL.findall(c.text))
    out.update(_BY_NAME[m.casefold()] for m in _NAMED.findall(c.text))
    return frozenset(out)


@cache
def energy_identity(card_id: str) -> frozenset[str]:
    """The energy identity of the card with id ``card_id`` (KeyError for an unknown id)."""
    return card_identity(CARDS()[card_id])


def identity_text(codes: frozenset[str]) -> str:
    """``{"VOL", "NEB"}`` -> "Nebula Plains and Volcanic Valleys" (rules order); "no energy"."""
    names = [ENERGY_NAMES[c] for c in ENERGY if c in codes]
    if not names:
        return "no energy"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


__all__ = ["card_identity", "energy_identity", "identity_text"]
