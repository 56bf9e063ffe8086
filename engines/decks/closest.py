"""Which "did you mean" name is clearly the one meant, so it can be suggested alone.

A misspelt name gets up to three close spellings (``DeckPool.suggest``): "Facet Lancr" is close to
Facet Lancer and, by difflib's looser measure, to Rift Lantern. Offering both makes the player
choose and keeps **Use the suggestions** (which needs one sure card per line) away, though one
typed letter separates the name from Facet Lancer and seven from Rift Lantern.

The rule counts edits (a letter typed, left out, changed, or two neighbours swapped: the optimal
string alignment distance, on the names as lookup compares them, case and spacing folded). The
closest name is *clearly* closest when every other name of the pool needs at least twice as many
edits and at least two more: a reading of the typo as another card would take two more mistakes
in the same name. "Facet Lancr" (1 edit; the next name 6 away) is Facet Lancer alone; "Tide Curler"
(Tide Lurker and Tide Caller, 2 edits each) and "Pyle Drake" (Pyre Drake 1, Isle Drake 2) stay
ambiguous, and the player chooses. Pure: no Discord, no storage.
"""

from __future__ import annotations

from collections.abc import Iterable

MIN_GAP = 2
"""The runner-up needs at least this many more edits than the closest name..."""
MIN_RATIO = 2
"""...and at least this many times as many."""


def runner_up_bound(best: int) -> int:
    """The fewest edits every other name must need for a name ``best`` edits away to be clearly closest."""
    return max(best + MIN_GAP, best * MIN_RATIO)


def edit_distance(a: str, b: str, bound: int | None = None) -> int:
    """Edits from ``a`` to ``b`` (insert, delete, substitute, swap two neighbours: each 1).

    With ``bound``, any answer above it may be returned as ``bound + 1`` (the search stops as soon
    as no alignment can come back under it), which keeps a scan of a whole pool cheap."""
    if bound is not None and abs(len(a) - len(b)) > bound:
        return bound + 1
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if before is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], before[j - 2] + 1)
        if bound is not None and min(row) > bound:
            return bound + 1
        before, previous = previous, row
    return previous[-1]


def clearly_closest(query: str, names: Iterable[str]) -> str | None:
    """The one name of ``names`` clearly closest to ``query`` by the rule above, or ``None``
    (a tie, a runner-up too near, or no names). Compare keys folded alike (``text.name_key``)."""
    ranked: list[tuple[int, str]] = []
    best: int | None = None
    for name in names:
        if name == query:
            continue  # the name itself is not a suggestion for it
        limit = None if best is None else runner_up_bound(best) - 1
        d = edit_distance(query, name, limit)
        if limit is not None and d > limit:
            continue  # far enough from the best so far to change nothing
        ranked.append((d, name))
        if best is None or d < best:
            best = d
    if best is None:
        return None
    close = [name for d, name in ranked if d < runner_up_bound(best)]
    return close[0] if len(close) == 1 else None
