"""**Undo** of a pick (issue #35 item 4): choosing a card in the pack menu picks it at once (two
clicks: open the menu, choose), and the panel then offers **Undo** for that pick, until the pack it
passed on reaches another person (``engines.draft.undo``, which also takes back the bots' picks
made from it since). Every refusal is a sentence; nothing is stored unless the whole undo is.

The seat's clock goes back to what it had for that pack, so an undo never buys time: pick and undo
again and the clock runs on as if the pick had not been made; once that time is over, the pick
stands (Undo says so).
"""

from __future__ import annotations

import logging

from bot.db.drafts import DraftStore
from bot.services.clock import now
from bot.services.drafts.base import DraftPods, DraftServiceError, LivePod, Plan
from bot.services.drafts.cards import card_name
from bot.services.drafts.clocks import PickClocks
from engines.draft import pod as engine
from engines.draft.undo import LoggedPick, undo_pick

log = logging.getLogger(__name__)

NOTHING_TO_UNDO = (
    "There is no pick to undo: only your last pick can be taken back, until the pack you passed "
    "on reaches another drafter."
)


async def take_back(
    pods: DraftPods, store: DraftStore, clocks: PickClocks, pod_id: int, user_id: int, ref_text: str
) -> tuple[LivePod, Plan, str]:
    """Undo ``user_id``'s pick ``ref_text``; returns the pod, the change (for ``after_change``)
    and a sentence for the clicker. Raises a ``CardhostError`` with a sentence when refused."""
    live = await pods.get(pod_id)
    seat = live.seat_of(user_id)
    if seat is None:
        raise DraftServiceError("You're not drafting in this pod.")
    async with live.lock:
        if live.row.status != "drafting" or live.state is None or engine.is_done(live.state):
            raise DraftServiceError("The draft is over: its picks are final.")
        if seat.is_bot:
            raise DraftServiceError("A bot is drafting for you now, so there is no pick of yours to undo.")
        ref = engine.PickRef.parse(ref_text)
        if ref.seat != seat.seat or live.undo.get(seat.seat) != ref_text:
            raise DraftServiceError(NOTHING_TO_UNDO)
        rows = await store.picks(live.id)
        people = {s.seat for s in live.seats if not s.is_bot}
        logged = [LoggedPick(r.seq, r.seat, r.round, r.pick_no, r.card, r.pack, r.by) for r in rows]
        try:
            done = undo_pick(
                live.state.config,
                live.row.seed,
                logged,
                live.state,
                seat.seat,
                ref.round,
                ref.pick_no,
                people,
            )
        except engine.DraftError:
            live.undo.pop(seat.seat, None)  # the button goes with the next panel: it would refuse again
            raise
        mine = next(r for r in rows if r.seq == done.pick.seq)
        t = now()
        held_since = mine.at - (mine.seconds or 0.0)
        deadline = held_since + live.allotted(len(mine.pack))
        if deadline <= t:  # else pick and undo again would hold the pack past its time
            live.undo.pop(seat.seat, None)
            raise DraftServiceError(
                "Too late to undo: your time for that pack has run out, so the pick stands."
            )
        changed = {seat.seat: deadline}
        live.row.config["undone"] = await store.unpick(live.id, done.removed, changed)
        gone = set(done.removed)
        live.state = done.state
        live.seq = max((r.seq for r in rows if r.seq not in gone), default=0)
        live.undo.pop(seat.seat, None)
        live.deadlines[seat.seat] = deadline
        live.held_since[seat.seat] = held_since
        clocks.arm(live.id, seat.seat, deadline, warned=False)
    name = card_name(mine.card)
    log.info(
        "pick undone",
        extra={"ctx": {"pod": live.id, "seat": seat.seat, "ref": ref_text, "rows": len(done.removed)}},
    )
    plan = Plan(done.state, [], dict(changed), {}, {}, [])
    return live, plan, f"↩️ Undone: **{name}** is back in your pack. Pick again."
