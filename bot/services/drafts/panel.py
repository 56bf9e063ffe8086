"""What a seat sees privately (its pack panel): the words, and whether it shows a pack to pick
from, a seat a bot drafts for, a wait, or the draft's end. ``bot/surfaces/draft.py`` turns it into
a message (the pack's image, the pick menu and Undo, or Take my seat back) and keeps the DM
panel edited in place; ``signature`` says when what it shows changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.services.drafts.base import LivePod
from bot.services.drafts.cards import card_name, picks_lines
from bot.text import clip
from engines.draft import pod as engine

PAUSED_LINE = (
    "⏸️ **The draft is paused**: nobody was picking any more, so its clocks stopped and the bots wait for you."
)


@dataclass(frozen=True)
class PanelContent:
    text: str
    kind: Literal["over", "bot", "waiting", "pick"]
    ref: engine.PickRef | None = None
    """The pick the panel is for (``kind == "pick"``)."""
    cards: Sequence[str] = ()
    """The pack's cards, in menu order (``kind == "pick"``)."""
    undo: str | None = None
    """The ``PickRef`` text of the seat's last pick while it may still be undone (**Undo**)."""


def signature(live: LivePod, seat: int) -> tuple[Any, ...]:
    """What a seat's panel shows: another panel is sent only when this changes; when only the
    first three stay (a pack queued behind this one, the warning that the pick runs out) only the
    words change."""
    assert live.state is not None
    ref = engine.current_ref(live.state, seat)
    return (
        live.row.status,
        (live.seats[seat].is_bot, live.paused),
        ref.text() if ref else None,
        len(live.state.queues[seat]),
        live.deadlines.get(seat),
        live.notes.get(seat),
        seat in live.warned and live.warned[seat] == live.deadlines.get(seat),
    )


def panel_content(live: LivePod, seat_no: int, *, note: str | None = None) -> PanelContent:
    """What a seat sees privately: its pack, or why it has none."""
    assert live.state is not None
    seat = live.seats[seat_no]
    state = live.state
    where = f"<#{live.row.thread_id}>" if live.row.thread_id else f"pod #{live.id}"
    lines = [f"**Cosmic Draft** · pod #{live.id} · {where}"]
    if note:
        lines.append(note)
    kind: Literal["over", "bot", "waiting", "pick"]
    pack = engine.current_pack(state, seat_no)
    ref = engine.current_ref(state, seat_no)
    cards: Sequence[str] = ()
    if live.row.status != "drafting" or engine.is_done(state):
        kind = "over"
        lines.append(
            f"🏁 **The draft is over.** Your pool has {len(state.pools[seat_no])} cards; "
            "deck building goes on in the pod's thread."
        )
    elif seat.is_bot and live.paused and pack is not None and ref is not None:
        kind = "pick"  # a pick here takes the seat back and the pod goes on
        cards = pack.cards
        lines.append(PAUSED_LINE)
        lines.append(f"**Pack {ref.round}, pick {ref.pick_no}** · {len(pack.cards)} cards")
        lines.append("Pick a card to carry on: your seat is yours again, with your picks so far.")
    elif seat.is_bot:
        kind = "bot"
        if live.paused:
            lines.append(PAUSED_LINE)
            lines.append(
                "Click **Take my seat back** (or use `/draft resume`) to carry on with your picks so far."
            )
        else:
            lines.append(
                "🤖 A bot is drafting for your seat. Click **Take my seat back** (or use `/draft reclaim`) "
                "to pick yourself again."
            )
    elif pack is None or ref is None:
        kind = "waiting"
        source = engine.pass_source(state.config, seat_no, state.round)
        lines.append(
            f"Pack {state.round} · you made {state.picks_made[seat_no]} picks. Waiting for the next "
            f"pack from {live.seats[source].display_name}…"
        )
    else:
        kind = "pick"
        cards = pack.cards
        more = len(state.queues[seat_no]) - 1
        queued = f" · {more} more pack{'s' if more != 1 else ''} waiting" if more > 0 else ""
        lines.append(f"**Pack {ref.round}, pick {ref.pick_no}** · {len(pack.cards)} cards{queued}")
        deadline = live.deadlines.get(seat_no)
        if deadline is not None and live.warned.get(seat_no) == deadline:
            lines.append(
                f"⏰ **Only seconds left** (<t:{int(deadline)}:R>): pick now, or the bot picks for you."
            )
        elif deadline is not None:
            lines.append(f"⏳ The bot picks for you <t:{int(deadline)}:R> if you haven't picked.")
        lines.append("Choose a card in the list: choosing it picks it.")
    undo = live.undo.get(seat_no) if kind in ("pick", "waiting") and state.pools[seat_no] else None
    if undo is not None:
        lines.append(
            f"↩️ You picked **{card_name(state.pools[seat_no][-1])}**: **Undo** takes it back until the "
            "pack you passed on reaches another drafter."
        )
    lines.extend(picks_lines(state.pools[seat_no]))
    return PanelContent(clip("\n".join(lines)), kind, ref if kind == "pick" else None, cards, undo)
