"""The Cosmic Draft pod (R82-R85) and Unleashed Armada sealed pools (R81).

Public API (the contract is ``docs/draft.md`` section 1)
--------------------------------------------------------
``PodConfig(seats, packs=3, set_code="LC", slots="13C 4U 1R7M1")``
    4-8 seats (R82), ``packs`` boosters per seat (R83); ``ConfigError`` otherwise.
``new_pod(config, seed) -> PodState``
    Opens round 1. The ``seats * packs`` boosters come from ``open_boosters(set, seed, ...)``:
    booster ``seat * packs + (round - 1)`` is the one ``seat`` opens in ``round``.
``pick(state, seat, card, expect=None) -> PodState``
    The only way to change a pod (R84): takes ``card`` from the oldest pack in the seat's queue,
    adds it to the seat's pool, passes the rest in the round's direction (an emptied pack
    vanishes) and opens the next round once every pack of this round is empty.
``current_pack`` / ``current_ref`` / ``waiting_seats`` / ``is_done``
    Who may pick, from what; ``PickRef`` (``"s3r1p7"``) names one pick of one seat, the key that
    makes double clicks and stale buttons fail cleanly (``StalePick``).
``seat_view(state, seat) -> SeatView`` and ``progress(state) -> PodProgress``
    What one seat may see (its current pack and its pool, R85) and what everyone may see (pick
    counts and queue lengths, never a card id).
``replay(config, seed, picks) -> PodState``
    The state from the seed and the ``(seat, card)`` picks in log order: the save format.
``sealed_pools(set_code, slots, seed, players, boosters=6) -> list[list[str]]``
    R81: each player's pool of six boosters.

Pure: no discord, sqlite, PIL or asyncio. States are frozen dataclasses that round-trip through
``engines.core.codec``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from engines.core import ConfigError, IllegalAction, InvalidAction

from .boosters import BoosterError, BoosterSet, SlotTable, open_boosters
from .source import draft_source

MIN_SEATS, MAX_SEATS = 4, 8
MAX_PACKS = 6


# --------------------------------------------------------------------------------------------
# errors: every message is a sentence shown to the player as it is


class DraftError(IllegalAction):
    """A pick the rules refuse; ``str(error)`` is meant for the player."""


class NoPackWaiting(DraftError):
    def __init__(
        self, message: str = "You have no pack to pick from right now: wait for the next one."
    ) -> None:
        super().__init__(message)


class NotInPack(DraftError):
    def __init__(self, message: str = "That card is not in the pack you hold.") -> None:
        super().__init__(message)


class StalePick(DraftError):
    def __init__(self, message: str = "That pick was already made: here is your next pack.") -> None:
        super().__init__(message)


# --------------------------------------------------------------------------------------------
# values


@dataclass(frozen=True)
class PodConfig:
    seats: int
    packs: int = 3
    set_code: str = "LC"
    slots: str = "13C 4U 1R7M1"

    def __post_init__(self) -> None:
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise ConfigError(f"A draft pod has {MIN_SEATS} to {MAX_SEATS} seats, not {self.seats}.")
        if not 1 <= self.packs <= MAX_PACKS:
            raise ConfigError(f"Each drafter opens 1 to {MAX_PACKS} packs, not {self.packs}.")
        try:
            SlotTable.parse(self.slots)
        except BoosterError as exc:
            raise ConfigError(f"Bad booster layout: {exc}.") from exc


@dataclass(frozen=True)
class Pack:
    id: int
    round: int
    opener: int
    cards: tuple[str, ...]


_REF_RE = re.compile(r"^s(\d+)r(\d+)p(\d+)$")


@dataclass(frozen=True)
class PickRef:
    seat: int
    round: int
    pick_no: int

    def text(self) -> str:
        return f"s{self.seat}r{self.round}p{self.pick_no}"

    @classmethod
    def parse(cls, text: str) -> PickRef:
        m = _REF_RE.match(text.strip())
        if not m:
            raise InvalidAction("That pick button is not valid any more.")
        return cls(int(m.group(1)), int(m.group(2)), int(m.group(3)))


@dataclass(frozen=True)
class PodState:
    config: PodConfig
    seed: int
    round: int
    unopened: tuple[tuple[tuple[str, ...], ...], ...]
    queues: tuple[tuple[Pack, ...], ...]
    pools: tuple[tuple[str, ...], ...]
    picks_made: tuple[int, ...]
    pack_size: int = 18


@dataclass(frozen=True)
class SeatProgress:
    seat: int
    picks_made: int
    """Picks made in the current round."""
    waiting: int
    """Packs in the seat's queue (0: waiting for a pack to be passed to it)."""


@dataclass(frozen=True)
class PodProgress:
    """Public: what the pod's channel shows. Holds no card id."""

    round: int
    rounds: int
    picks_per_round: int
    done: bool
    seats: tuple[SeatProgress, ...]


@dataclass(frozen=True)
class SeatView:
    """What one seat may see (R85): its current pack, how many packs wait behind it, its pool."""

    seat: int
    round: int
    pick_no: int | None
    """1-based pick number within the round of the pick it now has, or None without a pack."""
    ref: PickRef | None
    pack_id: int | None
    pack: tuple[str, ...]
    """The cards of the oldest pack in the seat's queue (empty when it has none)."""
    queued: int
    """Packs in the seat's queue, the current one included."""
    pool: tuple[str, ...]
    progress: PodProgress


# --------------------------------------------------------------------------------------------
# the pod


@lru_cache(maxsize=16)
def booster_set(set_code: str, slots: str) -> BoosterSet:
    """The set's ``BoosterSet`` with the slot table ``slots`` (cached); ``ConfigError`` if unusable."""
    try:
        return draft_source().booster_set(set_code, SlotTable.parse(slots))
    except BoosterError as exc:
        raise ConfigError(f"Cannot open boosters of set {set_code}: {exc}.") from exc


def new_pod(config: PodConfig, seed: int) -> PodState:
    """Opens every seat's first booster (round 1)."""
    boosters = open_boosters(booster_set(config.set_code, config.slots), seed, config.seats * config.packs)
    per_seat = [tuple(boosters[s * config.packs : (s + 1) * config.packs]) for s in range(config.seats)]
    size = len(boosters[0])
    state = PodState(
        config=config,
        seed=seed,
        round=0,
        unopened=tuple(per_seat),
        queues=tuple(() for _ in range(config.seats)),
        pools=tuple(() for _ in range(config.seats)),
        picks_made=tuple(0 for _ in range(config.seats)),
        pack_size=size,
    )
    return _open_round(state)


def _open_round(state: PodState) -> PodState:
    cfg = state.config
    r = state.round + 1
    if r > cfg.packs:
        return replace(state, round=r, picks_made=tuple(0 for _ in range(cfg.seats)))
    queues = tuple(
        (Pack(id=s * cfg.packs + (r - 1), round=r, opener=s, cards=state.unopened[s][0]),)
        for s in range(cfg.seats)
    )
    return replace(
        state,
        round=r,
        unopened=tuple(u[1:] for u in state.unopened),
        queues=queues,
        picks_made=tuple(0 for _ in range(cfg.seats)),
    )


def direction(round: int) -> int:
    """+1 (pass left, R82) in odd rounds (1, 3), -1 (pass right) in even ones (R83)."""
    return 1 if round % 2 == 1 else -1


def pass_target(config: PodConfig, seat: int, round: int) -> int:
    return (seat + direction(round)) % config.seats


def pass_source(config: PodConfig, seat: int, round: int) -> int:
    """The seat that passes packs to ``seat`` in ``round``."""
    return (seat - direction(round)) % config.seats


def is_done(state: PodState) -> bool:
    return state.round > state.config.packs


def _check_seat(state: PodState, seat: int) -> None:
    if not 0 <= seat < state.config.seats:
        raise DraftError(f"There is no seat {seat} in this pod.")


def current_pack(state: PodState, seat: int) -> Pack | None:
    _check_seat(state, seat)
    q = state.queues[seat]
    return q[0] if q else None


def current_ref(state: PodState, seat: int) -> PickRef | None:
    _check_seat(state, seat)
    if not state.queues[seat]:
        return None
    return PickRef(seat, state.round, state.picks_made[seat] + 1)


def waiting_seats(state: PodState) -> frozenset[int]:
    return frozenset(s for s, q in enumerate(state.queues) if q)


def pick(state: PodState, seat: int, card: str, expect: PickRef | None = None) -> PodState:
    """``seat`` takes ``card`` from its current pack (R84); see the module docstring."""
    _check_seat(state, seat)
    ref = current_ref(state, seat)
    if expect is not None and expect != ref:
        if ref is None:
            raise StalePick("That pick was already made; your next pack has not reached you yet.")
        raise StalePick()
    if is_done(state):
        raise NoPackWaiting("The draft is over: there are no packs left to pick from.")
    queue = state.queues[seat]
    if not queue:
        raise NoPackWaiting()
    pack = queue[0]
    if card not in pack.cards:
        raise NotInPack()
    i = pack.cards.index(card)
    rest = pack.cards[:i] + pack.cards[i + 1 :]
    queues = list(state.queues)
    queues[seat] = queue[1:]
    if rest:
        to = pass_target(state.config, seat, state.round)
        queues[to] = (*queues[to], replace(pack, cards=rest))
    pools = list(state.pools)
    pools[seat] = (*pools[seat], card)
    made = list(state.picks_made)
    made[seat] += 1
    new = replace(state, queues=tuple(queues), pools=tuple(pools), picks_made=tuple(made))
    if not any(queues):
        new = _open_round(new)
    return new


def progress(state: PodState) -> PodProgress:
    return PodProgress(
        round=min(state.round, state.config.packs),
        rounds=state.config.packs,
        picks_per_round=state.pack_size,
        done=is_done(state),
        seats=tuple(
            SeatProgress(seat=s, picks_made=state.picks_made[s], waiting=len(state.queues[s]))
            for s in range(state.config.seats)
        ),
    )


def seat_view(state: PodState, seat: int) -> SeatView:
    pack = current_pack(state, seat)
    ref = current_ref(state, seat)
    return SeatView(
        seat=seat,
        round=min(state.round, state.config.packs),
        pick_no=ref.pick_no if ref else None,
        ref=ref,
        pack_id=pack.id if pack else None,
        pack=pack.cards if pack else (),
        queued=len(state.queues[seat]),
        pool=state.pools[seat],
        progress=progress(state),
    )


def replay(config: PodConfig, seed: int, picks: Iterable[tuple[int, str]]) -> PodState:
    state = new_pod(config, seed)
    for seat, card in picks:
        state = pick(state, seat, card)
    return state


def sealed_pools(
    config_set_code: str, slots: str, seed: int, players: int, boosters: int = 6
) -> list[list[str]]:
    """R81: ``boosters`` packs per player (108 cards with the default layout), player by player."""
    if players < 1:
        raise ConfigError("A sealed event needs at least one player.")
    if boosters < 1:
        raise ConfigError("Each player opens at least one booster.")
    packs = open_boosters(booster_set(config_set_code, slots), seed, players * boosters)
    return [[c for p in packs[i * boosters : (i + 1) * boosters] for c in p] for i in range(players)]


__all__ = [
    "DraftError",
    "NoPackWaiting",
    "NotInPack",
    "Pack",
    "PickRef",
    "PodConfig",
    "PodProgress",
    "PodState",
    "SeatProgress",
    "SeatView",
    "StalePick",
    "booster_set",
    "current_pack",
    "current_ref",
    "direction",
    "is_done",
    "new_pod",
    "pass_source",
    "pass_target",
    "pick",
    "progress",
    "replay",
    "sealed_pools",
    "seat_view",
    "waiting_seats",
]
