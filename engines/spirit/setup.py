"""Match options, set-up (digest section 1) and explicit positions for scenario files.

Options (``MatchConfig.options``, stored with the match and its log):

* ``decks``: one list of card ids per seat: exactly one Commander (``C..``) and the 30-50 cards of
  the Deck (``engines.spirit.decks``); default: the first two starter decks.
* ``sides``: one list of card ids per seat, the Side Deck (up to 10, S3); default none. It takes no
  part in a Duel; the board shows its count.
* ``first`` (seat number): who takes the first turn; default a coin flip (setup step 2).
* ``chooser`` (seat number): in later Duels of a Match the loser of the previous Duel chooses who
  goes first (B6): the Duel opens with that seat's choice (``first`` / ``second``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import ConfigError, Event, MatchConfig, Rng, seat_label
from engines.core.evolve import evolve

from . import grid
from .cards import card, card_ids, rules
from .decks import check_deck, check_side, split, starter_decks
from .piles import draw
from .state import Choice, Commander, Seat, SpiritState, Unit
from .turns import start_turn

OPTIONS = ("decks", "sides", "first", "chooser")
POSITION_KEYS = (
    "current",
    "first",
    "turn",
    "phase",
    "seats",
    "called",
    "concealed",
    "gathers",
    "reloaded",
)
SEAT_KEYS = (
    "commander",
    "resilience",
    "commander_essence",
    "hand",
    "deck",
    "reload",
    "graveyard",
    "side",
    "units",
)
UNIT_KEYS = ("card", "zone", "face_up", "damage", "essence", "concealed_turn", "attacks")


def _seat_number(raw: Any, what: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw not in (0, 1):
        raise ConfigError(f"{what} must be a seat number, 0 or 1.")
    return raw


def _lists(raw: Any, what: str) -> list[list[str]]:
    if isinstance(raw, str) or not isinstance(raw, Sequence) or len(raw) != 2:
        raise ConfigError(f"{what} must be two lists of card ids, one per seat.")
    out = []
    for i, deck in enumerate(raw):
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise ConfigError(f"{what}: seat {i}'s list must be a list of card ids.")
        out.append([str(c).strip().upper() for c in deck])
    return out


def read_options(cfg: MatchConfig) -> tuple[list[list[str]], list[list[str]], int | None, int | None]:
    """(decks, sides, first, chooser) checked; ``ConfigError`` in words."""
    unknown = sorted(set(cfg.options) - set(OPTIONS))
    if unknown:
        raise ConfigError(f"Spirit Tactics has no option {unknown[0]!r}. Options are: {', '.join(OPTIONS)}.")
    if cfg.players != 2:
        raise ConfigError(f"Chronicle: Spirit Tactics is played by 2 players, not {cfg.players}.")
    raw = cfg.opt("decks", None)
    if raw is None:
        starters = list(starter_decks().values())
        decks = [starters[0], starters[1]]
    else:
        decks = _lists(raw, "decks")
        for i, deck in enumerate(decks):
            problem = check_deck(deck)
            if problem:
                raise ConfigError(f"{seat_label(i)}'s deck is not legal: {problem}")
    raw_sides = cfg.opt("sides", None)
    sides = [[], []] if raw_sides is None else _lists(raw_sides, "sides")
    for i, side in enumerate(sides):
        problem = check_side(decks[i], side)
        if problem:
            raise ConfigError(f"{seat_label(i)}'s Side Deck is not legal: {problem}")
    first = cfg.opt("first", None)
    chooser = cfg.opt("chooser", None)
    return (
        decks,
        sides,
        None if first is None else _seat_number(first, "first"),
        None if chooser is None else _seat_number(chooser, "chooser"),
    )


def _blank(card_of: list[str], seats: list[Seat], rng: Rng) -> SpiritState:
    return SpiritState(
        card_of=tuple(card_of),
        seats=tuple(seats),
        board=(None,) * grid.ZONES,
        turn=1,
        current=0,
        first=-1,
        phase="start",
        mode="open",
        rng=rng.state,
    )


def setup(cfg: MatchConfig, seed: int) -> SpiritState:
    decks, sides, first, chooser = read_options(cfg)
    rng = Rng.from_seed(seed)
    card_of: list[str] = []
    seats: list[Seat] = []
    for deck, side in zip(decks, sides, strict=True):
        commander, main = split(deck)
        cmd = len(card_of)
        card_of.append(commander)
        ids = list(range(len(card_of), len(card_of) + len(main)))
        card_of.extend(main)
        side_ids = tuple(range(len(card_of), len(card_of) + len(side)))
        card_of.extend(side)
        seats.append(Seat(Commander(cmd), rng.shuffled(ids), (), (), (), side_ids))  # setup step 1
    s = _blank(card_of, seats, rng)
    events: list[Event] = []
    if first is None and chooser is not None:
        return evolve(s, mode="choose", chooser=chooser, choice=Choice("first", chooser))
    if first is None:
        rng = Rng(s.rng)
        first = rng.below(2)  # setup step 2: a coin flip
        s = evolve(s, rng=rng.state)
    return begin(s, first, events)


def begin(s: SpiritState, first: int, events: list[Event]) -> SpiritState:
    """Setup steps 3-4: Commanders face up, six cards each, then the first turn."""
    for p in (0, 1):
        s = draw(s, p, rules().hand_size, events)
    s = evolve(s, first=first, chooser=-1)
    return start_turn(s, first, events)


# ------------------------------------------------------------------------------ positions


def _ids(raw: Any, where: str) -> list[str]:
    if isinstance(raw, str) or not isinstance(raw, list):
        raise ConfigError(f"position: {where} must be a list of card ids.")
    out = []
    for c in raw:
        cid = str(c).strip().upper()
        if cid not in card_ids():
            raise ConfigError(f"position: {where}: {c!r} is not a Spirit Tactics card.")
        out.append(cid)
    return out


def _number(raw: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise ConfigError(f"position: {where} must be a whole number from {lo} to {hi}.")
    return raw


def _position_seat(
    data: Mapping[str, Any], i: int, card_of: list[str], board: list[Unit | None], turn: int
) -> Seat:
    where = f"seat {i}"
    unknown = sorted(set(data) - set(SEAT_KEYS))
    if unknown:
        raise ConfigError(
            f"position: {where}: unknown keys {unknown}; known keys are {', '.join(SEAT_KEYS)}."
        )
    (cmd_id,) = _ids([data.get("commander", "C01")], f"{where} commander")
    if card(cmd_id).kind != "commander":
        raise ConfigError(f"position: {where} commander must be a Commander card.")
    cmd_obj = len(card_of)
    card_of.append(cmd_id)

    def objs(key: str) -> tuple[int, ...]:
        cids = _ids(data.get(key, []), f"{where} {key}")
        if any(card(c).kind == "commander" for c in cids):
            raise ConfigError(f"position: {where} {key}: a Commander is not part of the deck.")
        start = len(card_of)
        card_of.extend(cids)
        return tuple(range(start, len(card_of)))

    essence = objs("commander_essence")
    if any(card(card_of[o]).kind != "essence" for o in essence):
        raise ConfigError(f"position: {where} commander_essence holds Essence cards only.")
    printed = card(cmd_id).resilience
    r = _number(data.get("resilience", printed), f"{where} resilience", 1, printed)
    hand, deck, reload, gy, side = objs("hand"), objs("deck"), objs("reload"), objs("graveyard"), objs("side")
    units = data.get("units", [])
    if not isinstance(units, list):
        raise ConfigError(f"position: {where} units must be a list of tables.")
    for u in units:
        if not isinstance(u, Mapping) or set(u) - set(UNIT_KEYS):
            raise ConfigError(f"position: {where} units: each is a table of {', '.join(UNIT_KEYS)}.")
        (cid,) = _ids([u.get("card")], f"{where} unit")
        if card(cid).kind != "spirit":
            raise ConfigError(f"position: {where} unit {cid} is not a Spirit.")
        z = grid.parse(str(u.get("zone", "")))
        if z is None or grid.owner_of(z) != i or board[z] is not None:
            raise ConfigError(
                f"position: {where} unit {cid}: zone must be an empty zone of seat {i} (a1-f2 / a3-f4)."
            )
        obj = len(card_of)
        card_of.append(cid)
        ess = _ids(u.get("essence", []), f"{where} unit {cid} essence")
        if any(card(c).kind != "essence" for c in ess):
            raise ConfigError(f"position: {where} unit {cid} essence holds Essence cards only.")
        start = len(card_of)
        card_of.extend(ess)
        face_up = u.get("face_up", True)
        if not isinstance(face_up, bool):
            raise ConfigError(f"position: {where} unit {cid}: face_up must be true or false.")
        board[z] = Unit(
            obj=obj,
            owner=i,
            face_up=face_up,
            damage=_number(u.get("damage", 0), f"{where} unit {cid} damage", 0, card(cid).resilience - 1),
            essence=tuple(range(start, len(card_of))) if face_up else (),
            attacks=_number(u.get("attacks", 0), f"{where} unit {cid} attacks", 0, 5),
            concealed_turn=0
            if face_up
            else _number(
                u.get("concealed_turn", max(1, turn - 1)), f"{where} unit {cid} concealed_turn", 1, turn
            ),
        )
    return Seat(Commander(cmd_obj, printed - r, essence), deck, hand, reload, gy, side)


def position(cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> SpiritState:
    """An explicit start (docs/scenarios.md): cards not named are not in the Duel at all. The
    position opens in an open gamestate of ``phase`` (default "main") for ``current``."""
    read_options(MatchConfig(cfg.players, {k: v for k, v in cfg.options.items() if k != "decks"}))
    unknown = sorted(set(data) - set(POSITION_KEYS))
    if unknown:
        raise ConfigError(f"position: unknown keys {unknown}; known keys are {', '.join(POSITION_KEYS)}.")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise ConfigError("position: seats must list 2 seats, seat 0 first.")
    turn = _number(data.get("turn", 3), "turn", 1, rules().turn_limit)
    card_of: list[str] = []
    board: list[Unit | None] = [None] * grid.ZONES
    seats = [_position_seat(sd, i, card_of, board, turn) for i, sd in enumerate(raw_seats)]
    current = _seat_number(data.get("current", 0), "position: current")
    first = _seat_number(data.get("first", current if turn % 2 else 1 - current), "position: first")
    phase = data.get("phase", "main")
    if phase not in ("reload", "calm", "main", "combat", "submain", "end"):
        raise ConfigError("position: phase must be reload, calm, main, combat, submain or end.")
    flags = {}
    for key in ("called", "concealed", "reloaded"):
        v = data.get(key, False)
        if not isinstance(v, bool):
            raise ConfigError(f"position: {key} must be true or false.")
        flags[key] = v
    s = _blank(card_of, seats, Rng.from_seed(seed))
    return evolve(
        s,
        board=tuple(board),
        turn=turn,
        current=current,
        first=first,
        phase=phase,
        mode="open",
        gathers=_number(data.get("gathers", 0), "gathers", 0, rules().gathers),
        **flags,
    )
