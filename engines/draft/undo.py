"""Taking a pick back (issue #35 item 4): a pick is made the moment the card is chosen, and can be
undone until the pack it passed on is in another person's hands.

A pod is its pick log (``pod.replay``), so undoing a pick is taking rows out of the log: the pick
itself and every pick the bots made since from the pack it passed on (bots pick the moment a pack
reaches them, so without them an undo would almost never be possible in a pod of bots). It is
refused, in a sentence, when:

- the seat picked again since (only its last pick can be undone);
- it took the last card of its pack (nothing else was there to take);
- a person picked from the pack since, or the pack is now a person's current pack (they may be
  looking at it), or the pack was emptied, or the next round began;
- the log without those rows does not replay to the same packs for every other pick (checked,
  not assumed: every other row must meet the very pack it was made from).

Pure: works on ``LoggedPick`` values, knows no database.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .pod import DraftError, PodConfig, PodState, current_pack, new_pod, pass_target, pick


class CannotUndo(DraftError):
    """An undo the pod refuses; ``str(error)`` is meant for the player."""


TOO_LATE = "Too late to undo: the pack you passed on is already in another drafter's hands."


@dataclass(frozen=True)
class LoggedPick:
    """One row of a pod's pick log, as undo needs it."""

    seq: int
    seat: int
    round: int
    pick_no: int
    card: str
    pack: tuple[str, ...]
    """The pack's cards when the pick was made (``card`` among them)."""
    by: str
    """"player", "bot", "timeout"..."""


@dataclass(frozen=True)
class Undone:
    state: PodState
    """The pod without the undone picks: the seat holds the pack again, as before its pick."""
    removed: tuple[int, ...]
    """The seqs of the rows to take out of the log: the pick, then the bots' picks since."""
    pick: LoggedPick


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def undo_pick(
    config: PodConfig,
    seed: int,
    log: Sequence[LoggedPick],
    state: PodState,
    seat: int,
    round: int,
    pick_no: int,
    people: Collection[int],
) -> Undone:
    """Take back ``seat``'s pick ``round``/``pick_no`` from the pod whose log is ``log`` and whose
    state is ``state`` (``people``: the seats people draft). See the module docstring."""
    mine = next((r for r in log if (r.seat, r.round, r.pick_no) == (seat, round, pick_no)), None)
    if mine is None:
        raise CannotUndo("That pick is not in this pod's log any more: there is nothing to undo.")
    if any(r.seat == seat and r.seq > mine.seq for r in log):
        raise CannotUndo("You have picked again since: only your last pick can be undone.")
    if state.round != mine.round:
        raise CannotUndo("Too late to undo: the next pack round has begun.")
    rest = _without(mine.pack, mine.card)
    if not rest:
        raise CannotUndo("That was the last card of its pack, so there was nothing else to take.")
    holder = pass_target(config, seat, mine.round)
    removed = [mine.seq]
    for r in log:
        if r.seq <= mine.seq or r.seat != holder or r.round != mine.round or r.pack != rest:
            continue
        if r.seat in people or r.by != "bot":
            raise CannotUndo(TOO_LATE)
        removed.append(r.seq)
        rest = _without(rest, r.card)
        if not rest:
            raise CannotUndo(TOO_LATE)
        holder = pass_target(config, holder, mine.round)
    front = current_pack(state, holder)
    if holder != seat and holder in people and front is not None and front.cards == rest:
        raise CannotUndo(TOO_LATE)
    gone = set(removed)
    replayed = new_pod(config, seed)
    for r in log:
        if r.seq in gone:
            continue
        pack = current_pack(replayed, r.seat)
        if pack is None or pack.cards != r.pack:
            raise CannotUndo(TOO_LATE)
        replayed = pick(replayed, r.seat, r.card)
    back = current_pack(replayed, seat)
    if back is None or back.cards != mine.pack:
        raise CannotUndo(TOO_LATE)
    return Undone(replayed, tuple(removed), mine)


__all__ = ["TOO_LATE", "CannotUndo", "LoggedPick", "Undone", "undo_pick"]
