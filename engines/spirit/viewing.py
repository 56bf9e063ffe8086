"""Building a ``SpiritView`` for one viewer, and re-dealing what that viewer cannot see
(``resample_hidden``, for the leak checks).

Both work from one definition of "hidden from the viewer": the opponent's hand, deck and Side
Deck, the opponent's Concealed Spirits (on the Battleground and being Concealed on the Sequence),
the opponent's Commander until the starting player is decided (setup steps 1-3), and the order of
the viewer's own deck. The view never reads those cards, and the resampler deals
exactly those anew (within one seat), so a view that changed when they are re-dealt would be a leak.
"""

from __future__ import annotations

from engines.core import Rng
from engines.core.evolve import evolve

from . import grid
from .actions import PHASES
from .board import cdef, commander_r, keywords, resilience, strength, unit_words, zone_of
from .cards import card, card_ids, rules
from .combat import attack_kind, can_attack_from
from .sequence import link_ability
from .state import Link, SpiritState, Unit
from .view import ChoiceView, CommanderView, LimitsView, LinkView, SeatView, SpiritView, UnitView, ZoneView


def acting(s: SpiritState) -> int | None:
    if s.mode == "over":
        return None
    if s.mode == "choose":
        assert s.choice is not None
        return s.choice.seat
    if s.mode == "sequence":
        return s.priority
    return s.current


def _unit_view(s: SpiritState, z: int, u: Unit, viewer: int | None) -> UnitView:
    c = cdef(s, u.obj)
    mine = viewer == u.owner
    shown = u.face_up or mine
    left = 0
    if u.face_up and u.owner == s.current and s.phase in ("main", "combat") and can_attack_from(s, z):
        kind = attack_kind(s, z)
        if kind:
            plain = u.attacks - (1 if u.twin_used else 0)
            left = max(0, 1 + u.bonus - plain) + (
                1 if "Twinstrike" in keywords(s, z) and not u.twin_used else 0
            )
    return UnitView(
        owner=u.owner,
        card=c.id if shown else None,
        face_up=u.face_up,
        strength=strength(s, z),
        base_strength=c.strength if shown else 0,
        resilience=resilience(s, u),
        base_resilience=c.resilience if shown else 0,
        essence=tuple(s.card_of[o] for o in u.essence),
        keywords=tuple(sorted(keywords(s, z))),
        attacks_used=u.attacks,
        attacks_left=left,
        can_flip=mine and not u.face_up and u.concealed_turn < s.turn,
        concealed_this_turn=not u.face_up and u.concealed_turn == s.turn,
    )


def _zone_view(s: SpiritState, z: int, viewer: int | None, reserved: set[int]) -> ZoneView:
    u = s.board[z]
    return ZoneView(
        name=grid.label(z),
        seat=grid.owner_of(z),
        row="front" if grid.is_front(z) else "back",
        col=grid.col_of(z) + 1,
        unit=None if u is None else _unit_view(s, z, u, viewer),
        reserved=z in reserved,
    )


def commanders_face_up(s: SpiritState) -> bool:
    """Both Commanders are turned face up once the starting player is decided (setup step 3); in a
    later Duel of a Match they stay face down while the loser of the last one chooses (B6)."""
    return s.first >= 0


def _commander_view(s: SpiritState, p: int, viewer: int | None) -> CommanderView:
    cmd = s.seats[p].commander
    face_up = commanders_face_up(s)
    shown = face_up or viewer == p
    return CommanderView(
        card=s.card_of[cmd.obj] if shown else None,
        face_up=face_up,
        resilience=commander_r(s, p) if shown else None,
        base_resilience=cdef(s, cmd.obj).resilience if shown else None,
        essence=tuple(s.card_of[o] for o in cmd.essence),
    )


def _seat_view(s: SpiritState, p: int, viewer: int | None) -> SeatView:
    st = s.seats[p]
    return SeatView(
        seat=p,
        commander=_commander_view(s, p, viewer),
        hand_count=len(st.hand),
        deck_count=len(st.deck),
        reload=tuple(s.card_of[o] for o in st.reload),
        graveyard=tuple(s.card_of[o] for o in st.graveyard),
        side_count=len(st.side),
        spirits=sum(1 for z in grid.own_zones(p) if s.board[z] is not None),
    )


_KIND_WORDS = {"arcana": "Arcana", "reflex": "Reflex"}


def _link_text(s: SpiritState, link: Link, card_shown: bool) -> tuple[str, str, tuple[str, ...]]:
    """(text, source, targets) of a link in words; nothing about a hidden card."""
    name = cdef(s, link.obj).name if link.obj >= 0 and card_shown else "a Spirit"
    targets: tuple[str, ...] = ()
    if link.target >= 0:
        z = zone_of(s, link.target)
        targets = (grid.label(z),) if z >= 0 else ("(gone)",)
    if link.zone >= 0:
        targets = (*targets, grid.label(link.zone))
    source = grid.label(link.at) if link.at >= 0 else ""
    if link.kind == "phase":
        words = {"reload": "Reload, then draw", "next": "End the turn"}
        return words.get(link.phase, f"Go to the {link.phase} phase".replace("submain", "Sub-Main")), "", ()
    if link.kind in ("call", "conceal"):
        verb = "Call" if link.kind == "call" else "Conceal"
        return f"{verb} {name} to {grid.label(link.at)}", source, (grid.label(link.at),)
    if link.kind == "flip":
        return f"Flip the Spirit at {grid.label(link.at)}", source, ()
    if link.kind == "gather":
        onto = targets[0] if targets else "Commander"
        return f"Gather {name} onto {onto}", "", (onto,)
    if link.kind == "attack":
        t = "the Commander (Direct Attack)" if link.target < 0 else (targets[0] if targets else "?")
        rewind = " (Rewind)" if link.rewind else ""
        return f"{name} ({source}) attacks {t}{rewind}", source, targets or ("Commander",)
    ability = link_ability(s, link)
    if ability is None or not card_shown:
        return f"{name}: an ability", source, targets
    if link.kind in _KIND_WORDS:
        return f"{name}: {ability.effect_text}", "", targets
    who = name if link.at >= 0 or link.kind == "trigger" else f"{name} (Commander)"
    src = source or ("Commander" if cdef(s, link.obj).kind == "commander" else "")
    return f"{who}: {ability.effect_text}", src, targets


def _link_view(s: SpiritState, i: int, link: Link, viewer: int | None, hidden: set[int]) -> LinkView:
    shown = link.obj not in hidden
    text, source, targets = _link_text(s, link, shown)
    kind = link.kind
    card_id: str | None = s.card_of[link.obj] if link.obj >= 0 and shown else None
    return LinkView(
        index=i + 1,
        seat=link.seat,
        kind=kind,
        card=card_id,
        source=source,
        ability=link.n if kind == "ability" else 0,
        text=text,
        targets=targets,
        paid=tuple(s.card_of[o] for o in link.paid),
        negated=link.negated,
    )


def _choice_view(s: SpiritState, hidden: set[int]) -> ChoiceView | None:
    ch = s.choice
    if ch is None:
        return None
    card_id = s.card_of[ch.obj] if ch.obj >= 0 and ch.obj not in hidden else None
    name = cdef(s, ch.obj).name if card_id is not None else "a Spirit"
    if ch.kind == "first":
        text = "Choose who takes the first turn (the loser of the last Duel chooses, B6)."
    elif ch.kind == "rewind":
        z = zone_of(s, ch.obj)
        who = unit_words(s, z) if z >= 0 else "the attacker"
        text = f"Rewind: choose a new target for {who}, or cancel the attack (B15)."
    elif ch.kind == "target":
        text = f"Designate the targets of {name}'s triggered ability."
    else:
        text = f"Unending: choose the empty zone {name} returns to (B22)."
    return ChoiceView(kind=ch.kind, seat=ch.seat, text=text, card=card_id)


def build_view(s: SpiritState, viewer: int | None) -> SpiritView:
    r = rules()
    reserved = {lk.at for lk in s.seq if lk.kind in ("call", "conceal")}
    over = s.mode == "over"
    hidden = {o for group in hidden_groups(s, viewer, every=True) for o in group}
    return SpiritView(
        viewer=viewer,
        turn=s.turn,
        current=None if over or s.first < 0 else s.current,
        first=None if s.first < 0 else s.first,
        phase=s.phase if s.phase in PHASES or s.phase in ("start", "over") else "start",
        mode=s.mode,
        acting=acting(s),
        priority=s.priority if s.mode == "sequence" else None,
        zones=tuple(_zone_view(s, z, viewer, reserved) for z in range(grid.ZONES)),
        seats=tuple(_seat_view(s, p, viewer) for p in (0, 1)),
        sequence=tuple(_link_view(s, i, lk, viewer, hidden) for i, lk in enumerate(s.seq)),
        last_sequence=tuple(_link_view(s, i, lk, viewer, hidden) for i, lk in enumerate(s.last_seq)),
        choice=_choice_view(s, hidden),
        limits=LimitsView(
            called=s.called,
            concealed=s.concealed,
            gathers=s.gathers,
            gather_limit=r.gathers,
            reloaded=s.reloaded,
        ),
        hand=tuple(s.card_of[o] for o in s.seats[viewer].hand) if viewer is not None else (),
        side=tuple(s.card_of[o] for o in s.seats[viewer].side) if viewer is not None else (),
        turn_limit=r.turn_limit,
        ranking=s.ranking,
        reason=s.reason,
    )


def hidden_groups(s: SpiritState, viewer: int | None, every: bool = False) -> list[list[int]]:
    """Groups of objects whose cards ``viewer`` cannot tell apart: any dealing of the same cards
    within a group is the same game as far as the viewer knows (``every``: single-card groups
    too, for "is this object hidden")."""
    groups: list[list[int]] = []
    for p, st in enumerate(s.seats):
        if p == viewer:
            groups.append(list(st.deck))
            continue
        concealed = [u.obj for u in s.board if u is not None and u.owner == p and not u.face_up]
        limbo = [lk.obj for lk in s.seq if lk.kind == "conceal" and lk.seat == p]
        groups.append([*st.deck, *st.hand, *st.side, *concealed, *limbo])
        if not commanders_face_up(s):
            groups.append([st.commander.obj])  # face down until the first player is chosen
    return [g for g in groups if len(g) > (0 if every else 1)]


def resample_hidden(s: SpiritState, viewer: int | None, rng: Rng) -> SpiritState:
    """Deal the cards of every hidden group anew. The cards are sorted before the shuffle, so the
    result depends only on what the viewer knows and on ``rng``: the AI plays on such a world."""
    card_of = list(s.card_of)
    for group in hidden_groups(s, viewer):
        cards = sorted(card_of[o] for o in group)
        rng.shuffle(cards)
        for o, c in zip(group, cards, strict=True):
            card_of[o] = c
    if not commanders_face_up(s):
        # A face-down Commander is alone in its group: it is dealt anew from every Commander.
        commanders = sorted(c for c in card_ids() if card(c).kind == "commander")
        for p, st in enumerate(s.seats):
            if p != viewer:
                card_of[st.commander.obj] = rng.choice(commanders)
    return evolve(s, card_of=tuple(card_of))
