"""The pod's public progress in its thread: who is picking, pack and pick numbers, packs waiting,
and never a card (R85). ``bot/surfaces/draft.py`` keeps the message showing it."""

from __future__ import annotations

from bot.services.drafts.base import LivePod
from bot.text import clip
from engines.draft import pod as engine


def progress_text(live: LivePod) -> str:
    """The pod's public progress: who is picking, pack and pick numbers, packs waiting. Never a card."""
    assert live.state is not None
    state = live.state
    prog = engine.progress(state)
    title = f"**Cosmic Draft** · pod #{live.id}"
    best_of = int(live.row.config.get("best_of") or 1)
    if best_of > 1:
        title += f" · matches best of {best_of}"
    if prog.done or live.row.status != "drafting":
        lines = [f"{title} · 🏁 the draft is over ({prog.rounds * prog.picks_per_round} picks each)."]
    else:
        arrow = "left ▶" if engine.direction(prog.round) > 0 else "◀ right"
        lines = [f"{title} · **pack {prog.round} of {prog.rounds}**, passing {arrow}"]
    picking = []
    for sp in prog.seats:
        seat = live.seats[sp.seat]
        who = f"{seat.display_name}{' (bot)' if seat.is_bot else ''}"
        if prog.done or live.row.status != "drafting":
            lines.append(f"`{sp.seat + 1}` {who}")
            continue
        if sp.waiting:
            status = f"picking {sp.picks_made + 1} of {prog.picks_per_round}"
            if sp.waiting > 1:
                status += f" · {sp.waiting - 1} more waiting"
            if not seat.is_bot:
                picking.append(seat.display_name)
        else:
            status = f"{sp.picks_made} of {prog.picks_per_round} picked · waiting for a pack"
        lines.append(f"`{sp.seat + 1}` {who}: {status}")
    if live.paused:
        lines.append(
            "⏸️ **Paused**: nobody is picking. `/draft resume` (or a pick in your DM panel) carries on."
        )
    elif picking and live.row.status == "drafting":
        lines.append(f"Picking now: {', '.join(picking)}")
    return clip("\n".join(lines))


def progress_version(live: LivePod) -> int:
    """The progress message's version: the picks made, and one more once the draft is over (a
    seat taken over or given back, or the pause, shows at the same version, with other words)."""
    return live.seq * 2 + (0 if live.drafting else 1)
