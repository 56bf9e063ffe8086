"""Boosters (R80): seeded, reproducible packs laid out by a per-set slot table.

Public API
----------
``Slot(count, weights)``
    ``count`` cards whose rarity is drawn (per pack, once for the slot) from ``weights``, a tuple
    of ``(rarity, weight)`` pairs. ``Slot(1, (("R", 7), ("M", 1)))`` is the R80 rare slot: mythic
    1 time in 8.
``SlotTable(slots)``
    The layout of one pack, in print order. ``DEFAULT_SLOTS`` is R80: 13 C, 4 U, 1 R-or-M = 18.
    ``SlotTable.parse("13C 4U 1R7M1")`` reads the compact form used by options and the CLI.
``BoosterCard(id, name, rarity)`` and ``BoosterSet(code, cards, slots)``
    The cards that can appear in a pack. Basic terrains and tokens are never given to it
    (the game's ``CardSource.booster_set`` filters them); ``BoosterSet`` checks that every rarity the table can ask for
    has enough distinct names to fill a pack, and raises ``BoosterError`` otherwise.
``open_booster(bset, rng) -> tuple[str, ...]``
    One pack of card ids, in slot order. Uses only ``rng`` (an ``engines.core.Rng``).
``open_boosters(bset, seed, count) -> list[tuple[str, ...]]``
    ``count`` packs from one seed: the same seed always gives the same packs.
A game's sets come from its card source (``engines.draft.source``): ``source.booster_set(code, slots)``.

Rules kept: 18 cards by default; no Basic terrains; no name twice in a pack (the card chosen for
each place is drawn uniformly among the not-yet-used names of the slot's rarity); the rare slot
is mythic with probability weight M / (R + M). If a slot's rarity has no cards left in the set at
all (a set without mythics), the slot falls back to the other rarities it lists.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engines.core import Rng

RARITY_ORDER: tuple[str, ...] = ("C", "U", "R", "M")


class BoosterError(ValueError):
    """A slot table or a set that cannot produce a legal pack."""


@dataclass(frozen=True)
class Slot:
    count: int
    weights: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise BoosterError("a slot holds at least one card")
        if not self.weights or any(w < 0 for _, w in self.weights) or sum(w for _, w in self.weights) <= 0:
            raise BoosterError("a slot needs positive rarity weights")
        for r, _ in self.weights:
            if r not in RARITY_ORDER:
                raise BoosterError(f"unknown rarity {r!r}; rarities are {', '.join(RARITY_ORDER)}")

    @property
    def rarities(self) -> tuple[str, ...]:
        return tuple(r for r, w in self.weights if w > 0)

    def text(self) -> str:
        return f"{self.count}" + "".join(f"{r}{w}" if len(self.weights) > 1 else r for r, w in self.weights)


_SLOT_RE = re.compile(r"^(\d+)((?:[CURM]\d*)+)$")
_PART_RE = re.compile(r"([CURM])(\d*)")


@dataclass(frozen=True)
class SlotTable:
    slots: tuple[Slot, ...]

    def __post_init__(self) -> None:
        if not self.slots:
            raise BoosterError("a slot table has at least one slot")

    @property
    def size(self) -> int:
        return sum(s.count for s in self.slots)

    def text(self) -> str:
        return " ".join(s.text() for s in self.slots)

    @classmethod
    def parse(cls, text: str) -> SlotTable:
        """``"13C 4U 1R7M1"``: count, then rarities each with an optional weight (default 1)."""
        slots = []
        for part in text.split():
            m = _SLOT_RE.match(part)
            if not m:
                raise BoosterError(f"bad slot {part!r}: write e.g. 13C, 4U or 1R7M1")
            weights = tuple((r, int(w) if w else 1) for r, w in _PART_RE.findall(m.group(2)))
            slots.append(Slot(int(m.group(1)), weights))
        return cls(tuple(slots))


DEFAULT_SLOTS = SlotTable((Slot(13, (("C", 1),)), Slot(4, (("U", 1),)), Slot(1, (("R", 7), ("M", 1)))))
"""R80: 13 commons, 4 uncommons, 1 rare-or-mythic (mythic 1 time in 8) = 18 cards."""


@dataclass(frozen=True)
class BoosterCard:
    id: str
    name: str
    rarity: str


@dataclass(frozen=True)
class BoosterSet:
    code: str
    cards: tuple[BoosterCard, ...]
    slots: SlotTable = DEFAULT_SLOTS
    by_rarity: dict[str, tuple[BoosterCard, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups: dict[str, list[BoosterCard]] = {r: [] for r in RARITY_ORDER}
        for c in sorted(self.cards, key=lambda c: c.id):
            if c.rarity not in groups:
                raise BoosterError(f"{c.id} has unknown rarity {c.rarity!r}")
            groups[c.rarity].append(c)
        object.__setattr__(self, "by_rarity", {r: tuple(v) for r, v in groups.items()})
        self._check()

    def names(self, rarity: str) -> set[str]:
        return {c.name for c in self.by_rarity.get(rarity, ())}

    def _check(self) -> None:
        # A slot that can only be one rarity must always be fillable with distinct names.
        need: dict[str, int] = {}
        for s in self.slots.slots:
            if not any(self.by_rarity.get(r) for r in s.rarities):
                raise BoosterError(
                    f"set {self.code}: no card of rarity {'/'.join(s.rarities)} for slot {s.text()}"
                )
            if len(s.rarities) == 1:
                need[s.rarities[0]] = need.get(s.rarities[0], 0) + s.count
        for r, n in need.items():
            if len(self.names(r)) < n:
                raise BoosterError(
                    f"set {self.code}: {len(self.names(r))} distinct {r} names, a pack needs {n}"
                )
        total_names = {c.name for c in self.cards}
        if len(total_names) < self.slots.size:
            raise BoosterError(
                f"set {self.code}: {len(total_names)} distinct names, a pack has {self.slots.size} cards"
            )


def _weighted(rng: Rng, weights: Sequence[tuple[str, int]]) -> str:
    total = sum(w for _, w in weights)
    x = rng.below(total)
    for r, w in weights:
        if x < w:
            return r
        x -= w
    return weights[-1][0]  # pragma: no cover - unreachable


def open_booster(bset: BoosterSet, rng: Rng) -> tuple[str, ...]:
    """One pack of card ids in slot order (R80). Deterministic for a given ``rng`` state."""
    pack: list[str] = []
    used: set[str] = set()
    for slot in bset.slots.slots:
        weights = [(r, w) for r, w in slot.weights if w > 0 and bset.by_rarity.get(r)]
        rarity = _weighted(rng, weights)
        for _ in range(slot.count):
            pool = [c for c in bset.by_rarity[rarity] if c.name not in used]
            if not pool:  # this rarity ran out of unused names: take from the slot's other rarities
                pool = [c for r, _ in weights for c in bset.by_rarity[r] if c.name not in used]
            if not pool:
                raise BoosterError(f"set {bset.code}: not enough distinct names to fill slot {slot.text()}")
            c = pool[rng.below(len(pool))]
            used.add(c.name)
            pack.append(c.id)
    return tuple(pack)


def open_boosters(bset: BoosterSet, seed: int, count: int) -> list[tuple[str, ...]]:
    """``count`` packs from ``seed`` (reproducible: same set, table, seed and count, same packs)."""
    if count < 0:
        raise BoosterError("count must be >= 0")
    rng = Rng.from_seed(seed)
    return [open_booster(bset, rng) for _ in range(count)]


def booster_cards(cards: Iterable[tuple[str, str, str]]) -> tuple[BoosterCard, ...]:
    return tuple(BoosterCard(i, n, r) for i, n, r in cards)


__all__ = [
    "DEFAULT_SLOTS",
    "RARITY_ORDER",
    "BoosterCard",
    "BoosterError",
    "BoosterSet",
    "Slot",
    "SlotTable",
    "booster_cards",
    "open_booster",
    "open_boosters",
]
