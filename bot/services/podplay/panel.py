"""What the deck-building panel shows: its text and the options of its menus and buttons."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bot.db.podplay import PodRow, PodSeatRow
from bot.services.podplay.base import when
from bot.services.podplay.deckrules import _cards, basic_of, energy_symbols, source, suggest_basics

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Option:
    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class PanelSpec:
    """Everything the panel's view shows, computed from the pool and the deck
    (``bot/ui/deckbuild.py`` builds the view)."""

    pod_id: int
    seat: int
    add: Sequence[Option]
    remove: Sequence[Option]
    basics: Sequence[tuple[str, str, int]]
    """(energy code, basic terrain name, copies in the deck) for the +/- buttons."""
    suggestion: str
    """'' when there is nothing to apply, else the button label ("Apply 9 NEB + 8 VOL")."""
    page: int = 0
    locked: bool = False
    """The rounds have begun: only Export is offered."""


def _describe(cid: str) -> str:
    return source().describe(cid)


def panel_spec(pod: PodRow, seat: PodSeatRow, page: int, locked: bool) -> PanelSpec:
    from engines.draft.autobuild import best_pair

    defs = _cards()
    deck = list(seat.draft)
    in_deck = Counter(deck)
    add: list[Option] = []
    for g in source().pool_groups(seat.pool):
        for cid, n in g.cards:
            left = n - in_deck[cid]
            if left > 0:
                name = defs[cid].name + (f" ×{left}" if left > 1 else "")
                add.append(Option(cid, name, _describe(cid)))
    remove = [
        Option(cid, defs[cid].name + (f" ×{n}" if n > 1 else ""), _describe(cid))
        for g in source().pool_groups(deck)
        for cid, n in g.cards
    ]
    symbols = energy_symbols(deck)
    main = [code for code, _ in sorted(symbols.items(), key=lambda kv: (-kv[1], kv[0]))][:2]
    if len(main) < 2 and seat.pool:
        main += [c for c in best_pair(seat.pool) if c not in main][: 2 - len(main)]
    basics = [(code, defs[basic_of(code)].name, in_deck[basic_of(code)]) for code in main]
    suggestion = suggest_basics(deck)
    now = {code: in_deck[basic_of(code)] for code in symbols}
    now = {c: k for c, k in now.items() if k}
    have_basics = sum(1 for cid in deck if defs[cid].basic)
    label = ""
    if suggestion and (suggestion != now or have_basics != sum(suggestion.values())):
        label = "Apply basics: " + " + ".join(f"{k} {code}" for code, k in sorted(suggestion.items()))
    return PanelSpec(pod.id, seat.seat, add, remove, basics, label, page, locked)


def panel_text(pod: PodRow, seat: PodSeatRow, locked: bool, note: str = "") -> str:
    defs = _cards()
    deck = list(seat.draft)
    basics = sum(1 for cid in deck if defs[cid].basic)
    types = Counter(defs[cid].group for cid in deck if not defs[cid].basic)
    least = source().deck_min
    ok = len(deck) >= least
    lines = [f"🛠️ **{pod.title} — your deck** ({len(seat.pool)} cards in your pool)"]
    lines.append(
        f"Deck: {len(deck) - basics} cards from your pool + {basics} basic terrains = **{len(deck)}** "
        + ("✅" if ok else f"(at least {least})")
    )
    if types:
        lines.append(" · ".join(f"{t} {n}" for t, n in sorted(types.items())))
    symbols = energy_symbols(deck)
    if symbols:
        split = " · ".join(f"{code} {k}" for code, k in sorted(symbols.items(), key=lambda kv: -kv[1]))
        sugg = suggest_basics(deck)
        text = ", ".join(f"{k} {defs[basic_of(code)].name}" for code, k in sorted(sugg.items()))
        lines.append(f"Energy symbols: {split}" + (f" → suggested basics: {text}" if text else ""))
    if locked:
        lines.append("🔒 The rounds have begun: this deck is locked. **Export pool** still works.")
    elif seat.submitted:
        lines.append(
            "✅ **Submitted** and saved to your library. You can still change it and submit again "
            "until every deck is in."
        )
    else:
        lines.append(
            "Add cards with the first menu, remove with the second; **Auto-build** starts from the AI's "
            "build. **Submit** when the deck has at least 40 cards."
        )
        if pod.build_deadline is not None:
            lines.append(
                f"⏳ Deck building ends {when(pod.build_deadline)}: if you have not submitted by then, "
                "the AI builds your deck from your pool."
            )
    if note:
        lines.append(note)
    text = "\n".join(lines)
    return text if len(text) <= 2000 else text[:1990] + "…"
