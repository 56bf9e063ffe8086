"""The Spirit Tactics AI seat: a heuristic player that knows the grid.

It reads only what its seat may see: every look-ahead runs on ``resample_hidden`` of the state
(the opponent's hand, deck and Concealed Spirits dealt anew), so it never peeks. Every move is one
of ``legal_actions``.

* Positioning: attackers go to the Front Row in a column whose opposing column is empty (a
  Direct Attack lane, B3) or facing Spirits they can Defeat; Longshot and support Spirits go to
  the Back Row, in the columns where an opposing Front-Row Spirit would otherwise have a lane
  (a Back-Row Spirit cannot be attacked but closes the column).
* Conceal: a Snare Spirit is Concealed in the Front Row, where an attack will spring it; a second
  Spirit is Concealed when the Call is spent, and flipped on a later turn.
* Essence: Gathered onto the Commander when its Affinity can use it (it pays for spells and for
  Spirits of its Affinity), else onto the Spirit whose abilities need that type.
* Combat: attacking is free (the defender never strikes back, S33), so every Spirit attacks, the
  best target first: a Direct Attack, then a Defeat with Runoff, then the biggest chip.
* Spells, Charged Abilities and responses: each candidate is tried on a resampled copy, the
  Sequence is played out with both players passing, and the result is scored; it is played only
  when it beats doing nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

from engines.core import IllegalAction, PlayerId, Rng

from . import grid
from .actions import (
    Attack,
    Call,
    Cancel,
    Cast,
    Conceal,
    EndTurn,
    First,
    Flip,
    Gather,
    Go,
    Pass,
    Place,
    Reload,
    SpiritAction,
    Use,
)
from .board import cdef, column_empty, commander_r, keywords, opponent, resilience, strength
from .cards import CardDef, card
from .state import SpiritState, Unit

KW_VALUE = {
    "Aegis": 150,
    "Ravage": 250,
    "Dauntless": 300,
    "Invigorate": 150,
    "Rejuvenate": 250,
    "Longshot": 150,
    "Snare": 100,
    "Twinstrike": 300,
    "Unending": 250,
}
A = TypeVar("A")
MAX_TRIES = 10
"""Candidates simulated per decision (spells, abilities, responses)."""


def card_value(c: CardDef) -> float:
    """What a Spirit is worth on the Battleground, about its S plus part of its R."""
    return c.strength + 0.6 * c.resilience + sum(KW_VALUE[k] for k in c.keywords) + 120 * len(c.abilities)


def _unit_value(s: SpiritState, z: int, me: int) -> float:
    u = s.board[z]
    assert u is not None
    if not u.face_up and u.owner != me:
        return 900.0  # an unknown Concealed Spirit
    c = cdef(s, u.obj)
    if not u.face_up:
        return 0.8 * card_value(c)
    r = max(0, resilience(s, u))
    return (
        _lasting_strength(s, z, u)
        + 0.6 * r
        + sum(KW_VALUE.get(k, 0) for k in keywords(s, z))
        + 120 * len(u.essence)
    )


def _lasting_strength(s: SpiritState, z: int, u: Unit) -> float:
    """S as it matters: a change "until end of turn" counts only for the turn player's Spirits
    before its attacks are over (it is gone before the other player's next Combat Phase)."""
    power = strength(s, z)
    if u.s_mod and not (u.owner == s.current and s.phase in ("calm", "main", "combat")):
        power = max(0, power - u.s_mod)
    return power


def evaluate(s: SpiritState, p: int) -> float:
    """How good ``s`` is for ``p`` (higher is better)."""
    if s.ranking is not None:
        if len(s.ranking) == 1:
            return 0.0
        return 1e7 if p in s.ranking[0] else -1e7
    o = opponent(p)
    score = 1.6 * (commander_r(s, p) - commander_r(s, o))
    for z, u in enumerate(s.board):
        if u is None:
            continue
        v = _unit_value(s, z, p)
        score += v if u.owner == p else -v
        if u.face_up and grid.is_front(z):
            enemy = opponent(u.owner)
            if column_empty(s, enemy, grid.col_of(z)):
                lane = 0.5 * _lasting_strength(s, z, u)
                score += lane if u.owner == p else -lane
    score += 220 * (len(s.seats[p].hand) - len(s.seats[o].hand))
    score += 90 * (len(s.seats[p].commander.essence) - len(s.seats[o].commander.essence))
    return score


# ------------------------------------------------------------------------------ look-ahead


def _settle(engine: Any, s: SpiritState, limit: int = 60) -> SpiritState:
    """Play the Sequence out: everyone passes, forced choices take their first option."""
    for _ in range(limit):
        if s.ranking is not None or (s.mode == "open" and not s.seq):
            return s
        (q,) = engine.current_players(s)
        legal = engine.legal_actions(s, q)
        a = Pass() if s.mode == "sequence" else legal[0]
        s = engine.apply(s, q, a).state
    return s


def _try(engine: Any, s: SpiritState, p: int, a: SpiritAction) -> float | None:
    try:
        after = engine.apply(s, PlayerId(p), a).state
    except IllegalAction:
        return None
    return evaluate(_settle(engine, after), p)


def _best_simulated(
    engine: Any, s: SpiritState, p: int, candidates: Sequence[SpiritAction], rng: Rng
) -> tuple[float, SpiritAction | None]:
    """(gain over passing/doing nothing, best action) among ``candidates``."""
    if not candidates:
        return 0.0, None
    world = engine.resample_hidden(s, PlayerId(p), rng)
    base_state = (
        _settle(engine, engine.apply(world, PlayerId(p), Pass()).state) if world.mode == "sequence" else world
    )
    base = evaluate(base_state, p)
    best: tuple[float, SpiritAction | None] = (0.0, None)
    seen: set[tuple[str, tuple[int, ...]]] = set()
    tried = 0
    for a in candidates:
        key = (a.to_id().split("$")[0], ())
        if key in seen:
            continue
        seen.add(key)
        tried += 1
        if tried > MAX_TRIES:
            break
        v = _try(engine, world, p, a)
        if v is not None and v - base > best[0]:
            best = (v - base, a)
    return best


# ------------------------------------------------------------------------------ placement


def _lane_threat(s: SpiritState, p: int, col: int) -> int:
    """S of the opposing face-up Front-Row Spirit facing column ``col`` while ``p``'s column is
    empty: the Direct Attack a Spirit placed in that column would stop."""
    o = opponent(p)
    u = s.board[grid.front(o, col)]
    if u is None or not u.face_up or not column_empty(s, p, col):
        return 0
    return strength(s, grid.front(o, col))


def _biggest_attacker(s: SpiritState, p: int) -> int:
    o = opponent(p)
    return max((strength(s, grid.front(o, c)) for c in range(grid.COLS)), default=0)


def _zone_score(s: SpiritState, p: int, c: CardDef, z: int, face_up: bool) -> float:
    """How good zone ``z`` is for Spirit ``c`` of ``p``: attack lanes it opens, opposing lanes it
    closes, the risk of being attacked in the Front Row, the reach of its Indicator."""
    o = opponent(p)
    col = grid.col_of(z)
    front = grid.is_front(z)
    longshot = "Longshot" in c.keywords
    snare = "Snare" in c.keywords and not face_up
    score = 1.0 * _lane_threat(s, p, col)  # closing a lane stops a Direct Attack every turn
    if front:
        if column_empty(s, o, col):
            score += 1.2 * c.strength  # a Direct Attack lane of our own
        else:
            score += 0.4 * c.strength
        if snare:
            score += 500  # attacked face down, its Snare springs
        elif _biggest_attacker(s, p) >= c.resilience:
            score -= 0.5 * card_value(c)  # it will be attacked and Defeated
        if c.strength < 500 and not snare:
            score -= 300
    else:
        if longshot:
            score += 0.6 * c.strength
        elif c.strength >= 700 and not snare:
            score -= 0.6 * c.strength  # an attacker wasted in the Back Row
    if c.indicator:
        covered = grid.in_range(z, p, c.indicator)
        score += 40 * sum(1 for x in covered if s.board[x] is not None)
    score -= 5 * abs(col - 2.5)
    return score


def _place_choice(s: SpiritState, p: int, options: Sequence[Call | Conceal]) -> Call | Conceal | None:
    """The best Call or Conceal: Snare Spirits are kept for Concealing, the rest Called."""
    best: tuple[float, Call | Conceal | None] = (-1e9, None)
    for a in options:
        c = card(a.card)
        face_up = isinstance(a, Call)
        v = card_value(c) + _zone_score(s, p, c, a.zone, face_up)
        if "Snare" in c.keywords:
            v += -400 if face_up else 300
        if v > best[0]:
            best = (v, a)
    return best[1]


def _gather_choice(s: SpiritState, p: int, options: Sequence[Gather]) -> Gather | None:
    cmd = cdef(s, s.seats[p].commander.obj)
    best: tuple[float, Gather | None] = (0.0, None)
    for a in options:
        etype = card(a.card).essence
        if a.onto is None:
            uses = any(t in (etype, 0) for ab in cmd.abilities for t in ab.cost)
            v = (
                300.0
                if cmd.affinity == card(a.card).name.removesuffix(" Essence")
                else (150.0 if uses else 60.0)
            )
        else:
            u = s.board[a.onto]
            assert u is not None
            c = cdef(s, u.obj)
            need = sum(1 for ab in c.abilities for t in ab.cost if t in (etype, 0))
            v = 200.0 * min(need, 2) - 40 * len(u.essence) if need else 0.0
        if v > best[0]:
            best = (v, a)
    return best[1]


# ------------------------------------------------------------------------------ combat


def _attack_gain(s: SpiritState, p: int, a: Attack) -> float:
    power = strength(s, a.attacker)
    if grid.is_back(a.attacker):
        power = max(0, power - 100)
    if a.target is None:
        return 1.6 * power + 200
    t = s.board[a.target]
    assert t is not None
    if not t.face_up:
        return 0.5 * power + 250
    r = resilience(s, t)
    kws = keywords(s, a.target)
    value = _unit_value(s, a.target, p)
    if "Dauntless" in kws:
        return 0.4 * min(power, max(0, r - 1))
    if power >= r:
        return value + 1.6 * (power - r) + 300
    return 0.5 * power


def _best_attack(s: SpiritState, p: int, options: Sequence[Attack]) -> Attack | None:
    best: tuple[float, Attack | None] = (0.0, None)
    for a in options:
        g = _attack_gain(s, p, a)
        if g > best[0]:
            best = (g, a)
    return best[1]


# ------------------------------------------------------------------------------ the policy


def _of(legal: Sequence[SpiritAction], kind: type[A]) -> list[A]:
    return [a for a in legal if isinstance(a, kind)]


def _choose(engine: Any, s: SpiritState, p: int, legal: Sequence[SpiritAction], rng: Rng) -> SpiritAction:
    ch = s.choice
    assert ch is not None
    if ch.kind == "first":
        return First(True)
    if ch.kind == "rewind":
        return _best_attack(s, p, _of(legal, Attack)) or Cancel()
    if ch.kind == "target":
        _gain, a = _best_simulated(engine, s, p, legal, rng)
        return a if a is not None else legal[0]
    places = _of(legal, Place)
    c = cdef(s, ch.obj)
    return max(places, key=lambda a: _zone_score(s, p, c, a.zone, True))


def _respond(engine: Any, s: SpiritState, p: int, legal: Sequence[SpiritAction], rng: Rng) -> SpiritAction:
    top = s.seq[-1]
    if top.seat == p:
        return Pass()  # our own link: let it resolve
    quick = [a for a in legal if not isinstance(a, Pass)]
    if top.kind == "phase" and not any(isinstance(a, Cast) for a in quick):
        return Pass()
    gain, a = _best_simulated(engine, s, p, quick, rng)
    return a if a is not None and gain > 150 else Pass()


def _main_placement(s: SpiritState, p: int, legal: Sequence[SpiritAction]) -> SpiritAction | None:
    """The Main Phase moves that need no look-ahead: a Call, a Gather, a Flip, a Conceal."""
    calls = _of(legal, Call)
    if calls:
        a = _place_choice(s, p, calls)
        if a is not None:
            return a
    gather = _gather_choice(s, p, _of(legal, Gather))
    if gather is not None:
        return gather
    flips = _of(legal, Flip)
    if flips:
        return flips[0]
    conceals = _of(legal, Conceal)
    if conceals and (s.called or not calls):
        a = _place_choice(s, p, conceals)
        if a is not None:
            return a
    return None


def _main(
    engine: Any, s: SpiritState, p: int, legal: Sequence[SpiritAction], rng: Rng
) -> SpiritAction | None:
    placed = _main_placement(s, p, legal)
    if placed is not None:
        return placed
    spells = [a for a in legal if isinstance(a, Cast | Use)]
    gain, best = _best_simulated(engine, s, p, spells, rng)
    if best is not None and gain > 120:
        return best
    return None


def spirit_policy(engine: Any, s: SpiritState, p: PlayerId, rng: Rng) -> SpiritAction:
    """The AI's move for seat ``p``: one of ``engine.legal_actions(s, p)``."""
    seat = int(p)
    legal: list[SpiritAction] = list(engine.legal_actions(s, p))
    if len(legal) == 1:
        return legal[0]
    if s.mode == "choose":
        return _choose(engine, s, seat, legal, rng)
    if s.mode == "sequence":
        return _respond(engine, s, seat, legal, rng)
    if s.phase == "reload":
        st = s.seats[seat]
        if not st.deck or (len(st.deck) <= 2 and len(st.reload) >= 8):
            return Reload()
        return Go("draw")
    if s.phase in ("main", "submain"):
        a = _main(engine, s, seat, legal, rng)
        if a is not None:
            return a
        return Go("combat") if Go("combat") in legal else Go("end")
    if s.phase == "combat":
        attack = _best_attack(s, seat, _of(legal, Attack))
        if attack is not None:
            return attack
        return Go("submain")
    if s.phase == "calm":
        return Go("main")
    return EndTurn() if EndTurn() in legal else legal[0]


def worth(s: SpiritState, p: int) -> float:
    """``evaluate`` squashed into [0, 1] for the ``hard`` AI's playouts cut short (a lead of 2,500,
    a Commander hit or two, is worth about 0.73)."""
    score = evaluate(s, p)
    if abs(score) >= 1e7:
        return 1.0 if score > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-score / 2500.0))
