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


COPY = "~"
"""Between a card id and its copy number in a menu value ("LC-12~2"): a menu lists each copy of
a card, so one choice of several adds or removes as many copies as were chosen."""


def copy_value(cid: str, k: int) -> str:
    return cid if k == 1 else f"{cid}{COPY}{k}"


def card_of(value: str) -> str:
    """The card id of a menu value (``copy_value``)."""
    return value.split(COPY, 1)[0]


def copy_label(name: str, k: int, copies: int) -> str:
    return name if copies == 1 else f"{name} ({k} of {copies})"


def panel_spec(pod: PodRow, seat: PodSeatRow, page: int, locked: bool) -> PanelSpec:
    from engines.draft.autobuild import best_pair

    defs = _cards()
    deck = list(seat.draft)
    in_deck = Counter(deck)
    add = [
        Option(copy_value(cid, k), copy_label(defs[cid].name, k, left), _describe(cid))
        for g in source().pool_groups(seat.pool)
        for cid, n in g.cards
        if (left := n - in_deck[cid]) > 0
        for k in range(1, left + 1)
    ]
    remove = [
        Option(copy_value(cid, k), copy_label(defs[cid].name, k, 1 if defs[cid].basic else n), _describe(cid))
        for g in source().pool_groups(deck)
        for cid, n in g.cards
        for k in range(1, (1 if defs[cid].basic else n) + 1)
    ]
    # Basic terrains are free and have their own + / − buttons: the remove menu lists each once
    # (one copy per choice), every other card once per copy, as the add menu does.
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
            "until every deck is in (the rounds begin then)."
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
