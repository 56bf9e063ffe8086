"""Match options, set-up (AL1-AL5) and explicit positions for scenario files.

Options (``MatchConfig.options``, stored with the match and its log):

* ``decks``: one list of card ids per seat, the Element Deck and the Magnum Opus Deck together
  (``engines.alchemy.decks``); default: the first two starter decks.
* ``damage_scoring`` (bool, default false): a Battle's winner scores its damage rounded down
  instead of 1 point (AL10).
* ``alignment_override`` (str, default ""): the name of a designer alignment table of
  ``cards/rules.toml`` replacing AL24's cells it lists (C13).
* ``first`` (seat number): who takes the first turn; default drawn at random (AL3, C2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import ConfigError, MatchConfig, Rng
from engines.core.evolve import evolve

from .alignment import override_names
from .cards import card, card_ids, rules
from .decks import check_deck, split, starter_decks
from .state import AlchemyState, Seat, Tally
from .turns import start_turn

OPTIONS = ("decks", "damage_scoring", "alignment_override", "first")
POSITION_KEYS = ("current", "first", "turn", "seats")
SEAT_KEYS = (
    "hand",
    "deck",
    "store",
    "recharge",
    "exhausted",
    "ap",
    "points",
    "opus",
    "opus_revealed",
    "set_aside",
    "seen",
    "tally",
)


def _seat_number(raw: Any, what: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw not in (0, 1):
        raise ConfigError(f"{what} must be a seat number, 0 or 1.")
    return raw


def options(cfg: MatchConfig) -> tuple[bool, str, int | None]:
    """(damage_scoring, alignment_override, first) checked; ConfigError in words."""
    unknown = sorted(set(cfg.options) - set(OPTIONS))
    if unknown:
        raise ConfigError(f"Alchemy has no option {unknown[0]!r}. Options are: {', '.join(OPTIONS)}.")
    if cfg.players != 2:
        raise ConfigError(f"Alchemy is played by 2 players, not {cfg.players} (C1).")
    damage = cfg.opt("damage_scoring", False)
    if not isinstance(damage, bool):
        raise ConfigError("damage_scoring must be true or false.")
    override = cfg.opt("alignment_override", "") or ""
    if not isinstance(override, str) or (override and override not in override_names()):
        known = ", ".join(override_names())
        raise ConfigError(f"alignment_override must be empty or one of: {known}.")
    first = cfg.opt("first", None)
    return damage, override, None if first is None else _seat_number(first, "first")


def decks_option(cfg: MatchConfig) -> list[list[str]]:
    raw = cfg.opt("decks", None)
    if raw is None:
        starters = list(starter_decks().values())
        return [starters[0], starters[1]]
    if isinstance(raw, str) or not isinstance(raw, Sequence) or len(raw) != 2:
        raise ConfigError("decks must be two lists of card ids, one per seat.")
    out = []
    for i, deck in enumerate(raw):
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise ConfigError(f"decks: seat {i}'s deck must be a list of card ids.")
        ids = [str(c).strip().upper() for c in deck]
        problem = check_deck(ids)
        if problem:
            raise ConfigError(f"P{i + 1}'s deck is not legal: {problem}")
        out.append(ids)
    return out


def _blank_state(
    card_of: tuple[str, ...], seats: tuple[Seat, ...], damage: bool, override: str, rng: Rng
) -> AlchemyState:
    return AlchemyState(
        card_of=card_of,
        seats=seats,
        seen=(),
        current=0,
        first=0,
        turn=1,
        mode="main",
        battle=None,
        last_battle=None,
        marked=(),
        damage_scoring=damage,
        alignment_override=override,
        ranking=None,
        reason="",
        rng=rng.state,
    )


def setup(cfg: MatchConfig, seed: int) -> AlchemyState:
    damage, override, first = options(cfg)
    decks = decks_option(cfg)
    rng = Rng.from_seed(seed)
    r = rules()
    card_of: list[str] = []
    seats = []
    for deck in decks:
        main, opus = split(deck)
        ids = list(range(len(card_of), len(card_of) + len(main)))
        card_of.extend(main)
        mo = list(range(len(card_of), len(card_of) + len(opus)))
        card_of.extend(opus)
        shuffled = rng.shuffled(ids)  # AL1
        pick = mo[rng.below(len(mo))]  # AL2: picked at random by the opponent, face down
        hand, rest = shuffled[: r.hand_size], shuffled[r.hand_size :]  # AL4
        seats.append(
            Seat(
                deck=tuple(rest),
                hand=tuple(hand),
                store=(),
                recharge=(),
                exhausted=(),
                opus=pick,
                opus_revealed=False,
                set_aside=tuple(o for o in mo if o != pick),
                ap=0,
                points=0,
                primed2=0,
                tally=Tally(),
            )
        )
    if first is None:
        first = rng.below(2)  # AL3, C2
    s = _blank_state(tuple(card_of), tuple(seats), damage, override, rng)
    s = evolve(s, first=first, current=first)
    return start_turn(s, first, [])  # AL5


# ------------------------------------------------------------------------------ positions


def _ids(raw: Any, where: str) -> list[str]:
    if isinstance(raw, str) or not isinstance(raw, list):
        raise ConfigError(f"position: {where} must be a list of card ids.")
    out = []
    for c in raw:
        cid = str(c).strip().upper()
        if cid not in card_ids():
            raise ConfigError(f"position: {where}: {c!r} is not an Alchemy card.")
        out.append(cid)
    return out


def _number(raw: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise ConfigError(f"position: {where} must be a whole number from {lo} to {hi}.")
    return raw


def _position_seat(data: Mapping[str, Any], i: int, card_of: list[str], seen: list[int]) -> Seat:
    where = f"seat {i}"
    unknown = sorted(set(data) - set(SEAT_KEYS))
    if unknown:
        raise ConfigError(
            f"position: {where}: unknown keys {unknown}; known keys are {', '.join(SEAT_KEYS)}."
        )
    r = rules()
    zones: dict[str, tuple[int, ...]] = {}
    held: list[str] = []
    for zone in ("deck", "hand", "store", "recharge", "exhausted"):
        cids = _ids(data.get(zone, []), f"{where} {zone}")
        if any(c.startswith("MO") for c in cids):
            raise ConfigError(f"position: {where} {zone}: Magnum Opus cards belong in opus or set_aside.")
        start = len(card_of)
        card_of.extend(cids)
        zones[zone] = tuple(range(start, len(card_of)))
        held.extend(cids)
        if zone in ("recharge", "exhausted"):
            seen.extend(zones[zone])
    if len(zones["store"]) > r.store_size:
        raise ConfigError(f"position: {where} store holds at most {r.store_size} cards.")
    for cid, n in Counter(held).items():
        limit = r.max_element_copies if card(cid).kind == "element" else r.max_process_copies
        if n > limit:
            raise ConfigError(
                f"position: {where} has {n} copies of {card(cid).name}; a deck holds at most {limit}."
            )
    opus: int | None = None
    raw_opus = data.get("opus")
    if raw_opus is not None:
        (cid,) = _ids([raw_opus], f"{where} opus")
        if not cid.startswith("MO"):
            raise ConfigError(f"position: {where} opus must be a Magnum Opus card.")
        card_of.append(cid)
        opus = len(card_of) - 1
    aside = _ids(data.get("set_aside", []), f"{where} set_aside")
    if any(not c.startswith("MO") for c in aside):
        raise ConfigError(f"position: {where} set_aside holds Magnum Opus cards only.")
    start = len(card_of)
    card_of.extend(aside)
    revealed = data.get("opus_revealed", False)
    if not isinstance(revealed, bool) or (revealed and opus is None):
        raise ConfigError(f"position: {where} opus_revealed must be true or false (and needs an opus).")
    if revealed and opus is not None:
        seen.append(opus)
    pool = [*zones["hand"], *zones["store"]]
    for cid in _ids(data.get("seen", []), f"{where} seen"):
        o = next((x for x in pool if card_of[x] == cid and x not in seen), None)
        if o is None:
            raise ConfigError(f"position: {where} seen: no unseen {cid} in hand or Store.")
        seen.append(o)
    tally_raw = data.get("tally", {})
    fields = Tally.__dataclass_fields__
    if not isinstance(tally_raw, Mapping) or set(tally_raw) - set(fields):
        raise ConfigError(f"position: {where} tally takes only {', '.join(fields)}.")
    tally = Tally(**{k: _number(v, f"{where} tally {k}", 0, 10_000) for k, v in tally_raw.items()})
    return Seat(
        deck=zones["deck"],
        hand=zones["hand"],
        store=zones["store"],
        recharge=zones["recharge"],
        exhausted=zones["exhausted"],
        opus=opus,
        opus_revealed=revealed,
        set_aside=tuple(range(start, len(card_of))),
        ap=_number(data.get("ap", 0), f"{where} ap", 0, r.ap_cap),
        points=_number(data.get("points", 0), f"{where} points", 0, r.target - 1),
        primed2=0,
        tally=tally,
    )


def position(cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> AlchemyState:
    """An explicit start (docs/scenarios.md): cards not named are not in the match at all. The
    current player is in the action phase with the AP given (no start-of-turn step is run)."""
    damage, override, _first = options(cfg)
    unknown = sorted(set(data) - set(POSITION_KEYS))
    if unknown:
        raise ConfigError(f"position: unknown keys {unknown}; known keys are {', '.join(POSITION_KEYS)}.")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise ConfigError("position: seats must list 2 seats, seat 0 first.")
    card_of: list[str] = []
    seen: list[int] = []
    seats = tuple(_position_seat(sd, i, card_of, seen) for i, sd in enumerate(raw_seats))
    current = _seat_number(data.get("current", 0), "position: current")
    first = _seat_number(data.get("first", current), "position: first")
    turn = _number(data.get("turn", 1), "position: turn", 1, rules().turn_limit)
    s = _blank_state(tuple(card_of), seats, damage, override, Rng.from_seed(seed))
    return evolve(s, seen=tuple(sorted(set(seen))), current=current, first=first, turn=turn)
