"""Match options, set-up (digest section 1) and explicit positions for scenario files.

Options (``MatchConfig.options``, stored with the match and its log):

* ``decks``: one list of card ids per seat: one Hero (``H..``) and the Main Deck (``decks.py``);
  default: the first two starter decks.
* ``hero_decks``: one list per seat, the Hero Deck (up to 10); default: the starter's Hero Deck
  when the deck is a starter, else none.
* ``first`` (seat): who takes the first turn; default a coin flip (M3).
* ``chooser`` (seat): the loser of the last game chooses who goes first (M3).
* ``end_of_time`` (bool, default false): F3's optional variant, the player with more Life wins
  when natural movement would pass the end of the track.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.core import ConfigError, Event, MatchConfig, Rng, seat_label
from engines.core.evolve import evolve

from . import resolve
from .board import HAND_SIZE, START_LIFE, TRACK_END, draw
from .cards import card, card_ids
from .decks import check_deck, check_hero_deck, hero_deck_for, split, starter_decks
from .state import ChronomagiaState, Job, Perm, Seat

OPTIONS = ("decks", "hero_decks", "first", "chooser", "end_of_time")
POSITION_KEYS = (
    "active",
    "first",
    "turn",
    "time",
    "step",
    "start_turn",
    "collected",
    "meditated",
    "hero_used",
    "seats",
)
SEAT_KEYS = (
    "hero",
    "life",
    "counters",
    "armor",
    "hand",
    "deck",
    "pool",
    "hero_deck",
    "graveyard",
    "field",
    "shadows",
    "redealt",
)
PERM_KEYS = ("card", "id", "tapped", "sick", "entered", "trapped_until", "counters", "epoch")


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


def read_options(cfg: MatchConfig) -> tuple[list[list[str]], list[list[str]], int | None, int | None, bool]:
    """(decks, hero decks, first, chooser, end of time) checked; ``ConfigError`` in words."""
    unknown = sorted(set(cfg.options) - set(OPTIONS))
    if unknown:
        raise ConfigError(f"Chronomagia has no option {unknown[0]!r}. Options are: {', '.join(OPTIONS)}.")
    if cfg.players != 2:
        raise ConfigError(f"Chronomagia is played by 2 players, not {cfg.players}.")
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
    raw_hd = cfg.opt("hero_decks", None)
    hero_decks = [hero_deck_for(d) for d in decks] if raw_hd is None else _lists(raw_hd, "hero_decks")
    for i, hd in enumerate(hero_decks):
        problem = check_hero_deck(decks[i], hd)
        if problem:
            raise ConfigError(f"{seat_label(i)}'s Hero Deck is not legal: {problem}")
    first = cfg.opt("first", None)
    chooser = cfg.opt("chooser", None)
    end = cfg.opt("end_of_time", False)
    if not isinstance(end, bool):
        raise ConfigError("end_of_time must be true or false.")
    return (
        decks,
        hero_decks,
        None if first is None else _seat_number(first, "first"),
        None if chooser is None else _seat_number(chooser, "chooser"),
        end,
    )


def setup(cfg: MatchConfig, seed: int) -> ChronomagiaState:
    """M1-M6: Heroes in the Throne, 30 Life, the marker at 1, a random first player (or the
    chooser's choice), shuffled decks, five cards each, then the Redeal."""
    decks, hero_decks, first, chooser, end = read_options(cfg)
    rng = Rng.from_seed(seed)
    card_of: list[str] = []
    seats: list[Seat] = []
    for deck, hd in zip(decks, hero_decks, strict=True):
        hero, main = split(deck)
        h = len(card_of)
        card_of.append(hero)
        # Object ids are dealt after the shuffle, so an id tells nothing about its card.
        shuffled = rng.shuffled(main)
        ids = tuple(range(len(card_of), len(card_of) + len(shuffled)))
        card_of.extend(shuffled)
        hd_ids = tuple(range(len(card_of), len(card_of) + len(hd)))
        card_of.extend(rng.shuffled(hd))
        seats.append(Seat(hero=h, life=START_LIFE, deck=ids, hero_deck=hd_ids))
    s = ChronomagiaState(card_of=tuple(card_of), seats=tuple(seats), end_of_time=end, rng=rng.state)
    if first is None and chooser is not None:
        return evolve(s, step="choose", chooser=chooser)
    if first is None:
        rng = Rng(s.rng)
        first = rng.below(2)
        s = evolve(s, rng=rng.state)
    return deal(s, first, [])


def deal(s: ChronomagiaState, first: int, events: list[Event]) -> ChronomagiaState:
    """Five cards each, then the Redeal (M4, M6)."""
    s = evolve(s, first=first, active=first, chooser=-1, step="redeal")
    events.append(Event(f"{seat_label(first)} will take the first turn."))
    for p in (0, 1):
        s = draw(s, p, HAND_SIZE, events)
    return s


# ------------------------------------------------------------------------------ positions


def _ids(raw: Any, where: str) -> list[str]:
    if isinstance(raw, str) or not isinstance(raw, list):
        raise ConfigError(f"position: {where} must be a list of card ids.")
    out = []
    for c in raw:
        cid = str(c.get("card") if isinstance(c, Mapping) else c).strip().upper()
        if cid not in card_ids():
            raise ConfigError(f"position: {where}: {c!r} is not a Chronomagia card.")
        out.append(cid)
    return out


def _number(raw: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not lo <= raw <= hi:
        raise ConfigError(f"position: {where} must be a whole number from {lo} to {hi}.")
    return raw


def _flag(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise ConfigError(f"position: {where} must be true or false.")
    return raw


class _Ids:
    """Object ids for a position: ``id = 41`` on a permanent or Shadow is kept, every other card
    gets the next free number from 0 (docs/scenarios.md)."""

    def __init__(self, data: Sequence[Mapping[str, Any]]) -> None:
        self.card_of: dict[int, str] = {}
        self.reserved: set[int] = set()
        for sd in data:
            for key in ("field", "shadows"):
                for entry in sd.get(key, []) if isinstance(sd, Mapping) else []:
                    if isinstance(entry, Mapping) and "id" in entry:
                        i = _number(entry["id"], f"{key} id", 0, 9999)
                        if i in self.reserved:
                            raise ConfigError(f"position: the id {i} is used twice.")
                        self.reserved.add(i)
        self.next = 0

    def take(self, cid: str, explicit: int | None = None) -> int:
        if explicit is None:
            while self.next in self.reserved or self.next in self.card_of:
                self.next += 1
            explicit = self.next
        self.card_of[explicit] = cid
        return explicit

    def tuple(self) -> tuple[str, ...]:
        top = max(self.card_of, default=-1)
        return tuple(self.card_of.get(i, "") for i in range(top + 1))


def _position_seat(data: Mapping[str, Any], i: int, ids: _Ids, turn: int, redeal: bool) -> Seat:
    where = f"seat {i}"
    unknown = sorted(set(data) - set(SEAT_KEYS))
    if unknown:
        raise ConfigError(
            f"position: {where}: unknown keys {unknown}; known keys are {', '.join(SEAT_KEYS)}."
        )
    (hero_id,) = _ids([data.get("hero", "H01")], f"{where} hero")
    if card(hero_id).kind != "hero":
        raise ConfigError(f"position: {where} hero must be a Hero card.")
    hero = ids.take(hero_id)

    def objs(key: str) -> tuple[int, ...]:
        cids = _ids(data.get(key, []), f"{where} {key}")
        if any(card(c).kind in ("hero", "token") for c in cids):
            raise ConfigError(f"position: {where} {key}: Heroes and tokens are not cards of a deck.")
        return tuple(ids.take(c) for c in cids)

    hand, deck, pool, hd, gy = objs("hand"), objs("deck"), objs("pool"), objs("hero_deck"), objs("graveyard")
    field: list[Perm] = []
    raw_field = data.get("field", [])
    if not isinstance(raw_field, list):
        raise ConfigError(f"position: {where} field must be a list of tables.")
    kinds_seen: set[str] = set()
    for entry in raw_field:
        if not isinstance(entry, Mapping) or set(entry) - set(PERM_KEYS):
            raise ConfigError(f"position: {where} field: each is a table of {', '.join(PERM_KEYS)}.")
        (cid,) = _ids([entry.get("card")], f"{where} field")
        c = card(cid)
        if c.kind == "hero":
            raise ConfigError(f"position: {where} field: a Hero is not a permanent (M63).")
        if c.kind in ("location", "phenomenon"):
            if c.kind in kinds_seen:
                raise ConfigError(f"position: {where} field: at most one {c.kind.capitalize()} (M35, M36).")
            kinds_seen.add(c.kind)
        obj = ids.take(cid, entry.get("id"))
        sick = _flag(entry.get("sick", False), f"{where} field {cid} sick")
        entered = _number(
            entry.get("entered", turn if sick else max(0, turn - 1)), f"{where} field {cid} entered", 0, 999
        )
        field.append(
            Perm(
                obj,
                tapped=_flag(entry.get("tapped", False), f"{where} field {cid} tapped"),
                entered=entered,
                trapped_until=_number(
                    entry.get("trapped_until", 0), f"{where} field {cid} trapped_until", 0, 999
                ),
                counters=_number(entry.get("counters", c.lives), f"{where} field {cid} counters", 0, 99),
                epoch=_number(entry.get("epoch", 0), f"{where} field {cid} epoch", 0, 3),
            )
        )
    shadows: list[int] = []
    for entry in data.get("shadows", []):
        (cid,) = _ids([entry], f"{where} shadows")
        if card(cid).kind != "shadow":
            raise ConfigError(f"position: {where} shadows: {card(cid).name} is not a Shadow (F20).")
        shadows.append(ids.take(cid, entry.get("id") if isinstance(entry, Mapping) else None))
    return Seat(
        hero=hero,
        life=_number(data.get("life", START_LIFE), f"{where} life", -99, 999),
        counters=_number(data.get("counters", 0), f"{where} counters", 0, 99),
        armor=_number(data.get("armor", 0), f"{where} armor", 0, 99),
        deck=deck,
        hand=hand,
        pool=pool,
        hero_deck=hd,
        graveyard=gy,
        field=tuple(field),
        shadows=tuple(shadows),
        redealt=_flag(data.get("redealt", not redeal), f"{where} redealt"),
    )


def position(cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> ChronomagiaState:
    """An explicit start (docs/scenarios.md): cards not named are not in the game. The position
    opens in ``step`` (default "main") of ``active``'s turn ``turn``; with ``start_turn = true``
    the engine first runs that turn's start and Upkeep (natural movement, untap, start triggers,
    draw, base resources, Life Loss), as if the previous turn had just ended."""
    _, _, _, _, end = read_options(
        MatchConfig(cfg.players, {k: v for k, v in cfg.options.items() if k != "decks"})
    )
    unknown = sorted(set(data) - set(POSITION_KEYS))
    if unknown:
        raise ConfigError(f"position: unknown keys {unknown}; known keys are {', '.join(POSITION_KEYS)}.")
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise ConfigError("position: seats must list 2 seats, seat 0 first.")
    step = data.get("step", "main")
    if step not in ("main", "meditation", "redeal"):
        raise ConfigError("position: step must be main, meditation or redeal.")
    turn = _number(data.get("turn", 0 if step == "redeal" else 3), "turn", 0 if step == "redeal" else 1, 999)
    active = _seat_number(data.get("active", 0), "position: active")
    first = _seat_number(data.get("first", active if turn % 2 else 1 - active), "position: first")
    time = _number(data.get("time", 1), "time", 1, TRACK_END)
    ids = _Ids(raw_seats)
    seats = [_position_seat(sd, i, ids, turn, step == "redeal") for i, sd in enumerate(raw_seats)]
    collected = data.get("collected", [])
    if not isinstance(collected, list) or not all(isinstance(c, str) for c in collected):
        raise ConfigError("position: collected must be a list of resource names.")
    s = ChronomagiaState(
        card_of=ids.tuple(),
        seats=tuple(seats),
        time=time,
        turn=turn,
        active=active,
        first=first,
        step=step,
        collected=tuple(collected),
        meditated=_flag(data.get("meditated", False), "meditated"),
        hero_used=_flag(data.get("hero_used", False), "hero_used"),
        end_of_time=end,
        rng=Rng.from_seed(seed).state,
    )
    if _flag(data.get("start_turn", False), "start_turn"):
        s = evolve(s, turn=turn - 1, active=1 - active, step="end", jobs=(Job("next", active),))
        s = resolve.run(s, [])
    return s
