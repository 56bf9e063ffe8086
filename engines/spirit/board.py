"""The Battleground: reading Spirits (S, R and keywords with every modifier, range, columns) and
the moves every rule shares (placing, removing, Defeating, flipping) with their state checks.

Every function takes and returns a whole state (states are immutable) and appends public events
to ``events``. Triggers a move causes are queued in ``SpiritState.pending`` (S28); a Commander at
0 R ends the Duel through ``check_commanders`` (S1, S2).
"""

from __future__ import annotations

from engines.core import Event, Rng, seat_label
from engines.core.evolve import evolve

from . import grid
from .cards import CardDef, card, rules
from .state import Commander, Pending, Seat, SpiritState, Unit


def cdef(s: SpiritState, obj: int) -> CardDef:
    return card(s.card_of[obj])


def opponent(p: int) -> int:
    return 1 - p


def name_of(s: SpiritState, obj: int) -> str:
    return cdef(s, obj).name


def unit_words(s: SpiritState, z: int) -> str:
    """ "Cinder Wolf (C2)", or "the Concealed Spirit at C2"."""
    u = s.board[z]
    assert u is not None
    if not u.face_up:
        return f"the Concealed Spirit at {grid.label(z)}"
    return f"{name_of(s, u.obj)} ({grid.label(z)})"


def zone_of(s: SpiritState, obj: int) -> int:
    """The zone holding Spirit object ``obj``, or -1 when it is not on the Battleground."""
    for z, u in enumerate(s.board):
        if u is not None and u.obj == obj:
            return z
    return -1


def spirit_count(s: SpiritState) -> int:
    """Spirits on the whole Battleground, face up and Concealed (S34 step 2)."""
    return sum(1 for u in s.board if u is not None)


def seat_spirits(s: SpiritState, p: int) -> list[int]:
    return [z for z in grid.own_zones(p) if s.board[z] is not None]


def empty_zones(s: SpiritState, p: int) -> list[int]:
    """``p``'s empty zones that no Call or Conceal on the Sequence has reserved (B24)."""
    reserved = {lk.at for lk in s.seq if lk.kind in ("call", "conceal")}
    return [z for z in grid.own_zones(p) if s.board[z] is None and z not in reserved]


def set_unit(s: SpiritState, z: int, u: Unit | None) -> SpiritState:
    board = list(s.board)
    board[z] = u
    return evolve(s, board=tuple(board))


def set_seat(s: SpiritState, p: int, seat: Seat) -> SpiritState:
    seats = list(s.seats)
    seats[p] = seat
    return evolve(s, seats=tuple(seats))


def seat_of_obj(s: SpiritState, obj: int) -> int:
    """The owner of a card object: the seat whose cards it was dealt among."""
    return 0 if obj < s.seats[1].commander.obj else 1


# ------------------------------------------------------------------------------ reading


def _aura_mods(s: SpiritState, z: int, owner: int) -> tuple[int, frozenset[str]]:
    """S change and keywords that face-up Spirits' auras give the Spirit at ``z`` (its Indicator)."""
    bonus = 0
    kws: set[str] = set()
    for az, au in enumerate(s.board):
        if au is None or not au.face_up or az == z:
            continue
        c = cdef(s, au.obj)
        if not c.auras or z not in grid.in_range(az, au.owner, c.indicator):
            continue
        for op, amount, keyword, who in c.auras:
            mine = au.owner == owner
            if (who == "allies" and not mine) or (who == "foes" and mine):
                continue
            if op == "empower":
                bonus += amount
            elif op == "sap":
                bonus -= amount
            else:
                kws.add(keyword)
    return bonus, frozenset(kws)


def keywords(s: SpiritState, z: int) -> frozenset[str]:
    """Printed, granted and aura keywords of the Spirit at ``z``; none while Concealed (S11)."""
    u = s.board[z]
    if u is None or not u.face_up:
        return frozenset()
    _, aura = _aura_mods(s, z, u.owner)
    return frozenset(cdef(s, u.obj).keywords) | frozenset(u.granted) | aura


def strength(s: SpiritState, z: int) -> int:
    """Current S with every modifier, never below 0; 0 while Concealed."""
    u = s.board[z]
    if u is None or not u.face_up:
        return 0
    bonus, _ = _aura_mods(s, z, u.owner)
    return max(0, cdef(s, u.obj).strength + u.s_mod + bonus)


def resilience(s: SpiritState, u: Unit) -> int:
    """Current R: printed R minus damage (plus bonuses). A Concealed Spirit has none (0)."""
    if not u.face_up:
        return 0
    return cdef(s, u.obj).resilience - u.damage


def commander_r(s: SpiritState, p: int) -> int:
    cmd = s.seats[p].commander
    return cdef(s, cmd.obj).resilience - cmd.damage


def reach(s: SpiritState, source_zone: int, owner: int, obj: int) -> frozenset[int]:
    """The zones a Spirit's Indicator covers from ``source_zone``."""
    return grid.in_range(source_zone, owner, cdef(s, obj).indicator)


def column_empty(s: SpiritState, defender: int, col: int) -> bool:
    """No Spirit, face up or face down, in the defender's two zones of ``col`` (B3)."""
    return all(s.board[z] is None for z in grid.column_zones(defender, col))


# ------------------------------------------------------------------------------ moving cards


def queue(s: SpiritState, p: Pending) -> SpiritState:
    return evolve(s, pending=(*s.pending, p))


def _queue_triggers(s: SpiritState, obj: int, owner: int, z: int, when: str) -> SpiritState:
    for i, t in enumerate(cdef(s, obj).triggers):
        if t.when == when:
            s = queue(s, Pending(owner, obj, i, z))
    return s


def queue_ally_call(s: SpiritState, p: int) -> SpiritState:
    """ "When you Call a Spirit" triggers of ``p``'s face-up Spirits (the one Called included)."""
    for z in seat_spirits(s, p):
        u = s.board[z]
        assert u is not None
        if u.face_up:
            s = _queue_triggers(s, u.obj, p, z, "ally_call")
    return s


def queue_phase_triggers(s: SpiritState, p: int, when: str) -> SpiritState:
    """ "calm" / "end" triggers of the turn player's face-up Spirits."""
    for z in seat_spirits(s, p):
        u = s.board[z]
        assert u is not None
        if u.face_up:
            s = _queue_triggers(s, u.obj, p, z, when)
    return s


def place(s: SpiritState, z: int, obj: int, owner: int, face_up: bool, events: list[Event]) -> SpiritState:
    """Put Spirit ``obj`` into empty zone ``z`` (a Call, a Conceal, an Unending return)."""
    u = Unit(obj=obj, owner=owner, face_up=face_up, concealed_turn=0 if face_up else s.turn)
    s = set_unit(s, z, u)
    return renowned_check(s, owner, events) if face_up else s


def remove(s: SpiritState, z: int, dest: str, events: list[Event], rng: Rng | None = None) -> SpiritState:
    """Take the Spirit at ``z`` off the Battleground to its owner's ``dest``: "graveyard",
    "hand", "deck" (shuffled in, S55) or "reload". Its damage is cleared and its Essence goes to
    the Reload pile (S19, B12)."""
    u = s.board[z]
    assert u is not None
    s = set_unit(s, z, None)
    st = s.seats[u.owner]
    reload = (*st.reload, *u.essence)
    if dest == "graveyard":
        st = Seat(st.commander, st.deck, st.hand, reload, (*st.graveyard, u.obj), st.side)
    elif dest == "hand":
        st = Seat(st.commander, st.deck, (*st.hand, u.obj), reload, st.graveyard, st.side)
    elif dest == "reload":
        st = Seat(st.commander, st.deck, st.hand, (*reload, u.obj), st.graveyard, st.side)
    else:
        assert rng is not None
        deck = list(st.deck)
        deck.insert(rng.below(len(deck) + 1), u.obj)
        st = Seat(st.commander, tuple(deck), st.hand, reload, st.graveyard, st.side)
    return set_seat(s, u.owner, st)


def defeat(s: SpiritState, z: int, events: list[Event]) -> SpiritState:
    """The Spirit at ``z`` is Defeated (S18): to the Graveyard; its "when Defeated" triggers and
    Unending (B22) are noted if it was face up."""
    u = s.board[z]
    assert u is not None
    words = unit_words(s, z)
    events.append(Event(f"{words} is Defeated."))
    if u.face_up:
        s = _queue_triggers(s, u.obj, u.owner, z, "defeat")
        if "Unending" in keywords(s, z):
            s = evolve(s, unending=(*s.unending, u.obj))
    return remove(s, z, "graveyard", events)


def flip_up(s: SpiritState, z: int, events: list[Event]) -> SpiritState:
    """Turn the Concealed Spirit at ``z`` face up: its Snare triggers (KW7, S16), and Renowned is
    checked at once (S52). Damage starts from nothing (it had none while face down, S19)."""
    u = s.board[z]
    assert u is not None and not u.face_up
    s = set_unit(s, z, Unit(u.obj, u.owner, True, 0, u.essence, u.s_mod, u.granted, u.attacks, u.bonus))
    events.append(Event(f"The Spirit at {grid.label(z)} is flipped face up: {name_of(s, u.obj)}."))
    s = _queue_triggers(s, u.obj, u.owner, z, "flip")
    return renowned_check(s, u.owner, events)


def veil(s: SpiritState, z: int, events: list[Event]) -> SpiritState:
    """Turn the Spirit at ``z`` face down: damage cleared, Essence to the Reload pile (S19)."""
    u = s.board[z]
    assert u is not None and u.face_up
    st = s.seats[u.owner]
    s = set_seat(
        s, u.owner, Seat(st.commander, st.deck, st.hand, (*st.reload, *u.essence), st.graveyard, st.side)
    )
    events.append(Event(f"{unit_words(s, z)} is turned face down."))
    return set_unit(s, z, Unit(u.obj, u.owner, False, concealed_turn=s.turn, attacks=u.attacks))


def renowned_check(s: SpiritState, p: int, events: list[Event]) -> SpiritState:
    """Two face-up Renowned Spirits of one name on ``p``'s Battleground both go to the Graveyard
    at once (S52, B26). This is not a Defeat."""
    seen: dict[str, list[int]] = {}
    for z in seat_spirits(s, p):
        u = s.board[z]
        assert u is not None
        c = cdef(s, u.obj)
        if u.face_up and c.renowned:
            seen.setdefault(c.id, []).append(z)
    for cid, zones in seen.items():
        if len(zones) > 1:
            events.append(
                Event(
                    f"Two face-up {card(cid).name} on {seat_label(p)}'s Battleground: both go to the Graveyard (S52)."
                )
            )
            for z in zones:
                s = remove(s, z, "graveyard", events)
    return s


def damage_commander(s: SpiritState, p: int, amount: int) -> SpiritState:
    cmd = s.seats[p].commander
    st = s.seats[p]
    return set_seat(
        s,
        p,
        Seat(
            Commander(cmd.obj, cmd.damage + amount, cmd.essence),
            st.deck,
            st.hand,
            st.reload,
            st.graveyard,
            st.side,
        ),
    )


def mend_commander(s: SpiritState, p: int, amount: int) -> tuple[SpiritState, int]:
    """Restore up to ``amount`` R, never above the printed R (B21); returns the R gained."""
    cmd = s.seats[p].commander
    gained = min(amount, max(0, cmd.damage))
    st = s.seats[p]
    new = Commander(cmd.obj, cmd.damage - gained, cmd.essence)
    return set_seat(s, p, Seat(new, st.deck, st.hand, st.reload, st.graveyard, st.side)), gained


def check_board(s: SpiritState, events: list[Event]) -> SpiritState:
    """State checks after a link resolves: face-up Spirits at 0 R or less are Defeated (S18), then
    the Commanders (S1)."""
    return check_commanders(check_spirits(s, events), events)


def check_spirits(s: SpiritState, events: list[Event]) -> SpiritState:
    """Face-up Spirits at 0 R or less are Defeated (S18): checked after every effect."""
    while True:
        for z, u in enumerate(s.board):
            if u is not None and u.face_up and resilience(s, u) <= 0:
                s = defeat(s, z, events)
                break
        else:
            break
    return s


def check_commanders(s: SpiritState, events: list[Event]) -> SpiritState:
    """A Commander at 0 R or less loses the Duel; both at once is a draw (S1, S2, B8)."""
    if s.ranking is not None:
        return s
    down = [p for p in (0, 1) if commander_r(s, p) <= 0]
    if not down:
        return s
    if len(down) == 2:
        events.append(Event("Both Commanders fall at once: the Duel is a draw (S2)."))
        return finish(s, ((0, 1),), "both Commanders fell at once")
    loser = down[0]
    events.append(
        Event(f"{seat_label(loser)}'s Commander falls. {seat_label(opponent(loser))} wins the Duel.")
    )
    return finish(s, ((opponent(loser),), (loser,)), "Commander defeated")


def finish(s: SpiritState, ranking: tuple[tuple[int, ...], ...], reason: str) -> SpiritState:
    return evolve(s, ranking=ranking, reason=reason, mode="over", phase="over", choice=None, priority=-1)


def turn_limit() -> int:
    return rules().turn_limit
