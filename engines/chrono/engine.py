"""The Epochs Chrono rules engine (digest rules E1-E25).

A turn is a short sequence of single-card actions (``play:H5`` ..., then ``end``) rather than one
"move" action listing every card, so each step has a small legal list that fits Discord buttons.
To keep clicks low the engine ends a turn by itself once something was placed and nothing more
fits, and it skips by itself a player who can neither play nor draw (E18): there is no choice to
make in either case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engines.core import (
    ConfigError,
    Event,
    GameOver,
    IllegalAction,
    MatchConfig,
    NotYourTurn,
    Outcome,
    PlayerId,
    Rng,
    Transition,
    seat_label,
)
from engines.core.evolve import evolve

from .carddata import EPOCHS, card_data, roman
from .state import (
    ALL_SUITS,
    CODE_INFO,
    ChronoAction,
    ChronoState,
    Concede,
    Draw,
    End,
    Play,
    card_key,
    card_name,
    decode_action,
)
from .view import ChronoView, SeatView

START_EPOCH = 5
"""E2/D1: the game starts from the epoch-V column."""
OPENING_EPOCHS = (4, 5, 6)
"""E21/E22: only these epochs may enter the game on the first move."""
OPTIONS = ("suits", "copies_per_cell", "dealer", "missing", "hand_size")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _span(row: Sequence[int]) -> tuple[int, int]:
    """(first, last) filled epoch of a row, 1-based; an empty row "spans" the start epoch."""
    lo = hi = 0
    for i, n in enumerate(row, 1):
        if n:
            hi = i
            if not lo:
                lo = i
    return (lo, hi) if lo else (START_EPOCH, START_EPOCH)


def _spans(piles: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple(_span(row) for row in piles)


def _sorted_hand(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_key))


def _remove_one(hand: tuple[str, ...], code: str) -> tuple[str, ...]:
    i = hand.index(code)
    return hand[:i] + hand[i + 1 :]


def _next_active(hands: Sequence[Sequence[str]], after: int) -> int:
    n = len(hands)
    for k in range(1, n + 1):
        seat = (after + k) % n
        if hands[seat]:
            return seat
    raise AssertionError("no seat holds cards")  # the game ends before this can happen


def _fits(s: ChronoState, code: str, spans: dict[int, tuple[int, int]]) -> bool:
    """E10-E15 (and E22 in the opening) for one code, whoever holds it; ``spans`` memoises the
    rows' spans for the caller (only rows a code would extend need one)."""
    row, epoch = CODE_INFO[code]
    if row >= len(s.suits):
        return False
    if s.phase == "opening" and epoch not in OPENING_EPOCHS:
        return False
    if s.piles[row][epoch - 1] > 0:
        return True
    if row in s.rows_extended:
        return False
    span = spans.get(row)
    if span is None:
        span = spans[row] = _span(s.piles[row])
    return epoch == span[0] - 1 or epoch == span[1] + 1


def playable_codes(s: ChronoState, hand: Sequence[str]) -> tuple[str, ...]:
    """Distinct codes of ``hand`` that E10 (and E22 in the opening) allows right now, sorted."""
    if s.must_play is not None:
        return (s.must_play,) if s.must_play in hand else ()
    spans: dict[int, tuple[int, int]] = {}
    return tuple(code for code in sorted(set(hand), key=card_key) if _fits(s, code, spans))


def has_playable(s: ChronoState, hand: Sequence[str]) -> bool:
    """``bool(playable_codes(s, hand))``, stopping at the first card that fits (a move asks this
    two or three times, the list only when it is shown)."""
    if s.must_play is not None:
        return s.must_play in hand
    spans: dict[int, tuple[int, int]] = {}
    return any(_fits(s, code, spans) for code in hand)


def can_play(s: ChronoState, hand: Sequence[str], code: str) -> bool:
    """``code in playable_codes(s, hand)`` for one code."""
    if s.must_play is not None:
        return code == s.must_play and code in hand
    return code in hand and _fits(s, code, {})


def is_extension(s: ChronoState, code: str) -> bool:
    row, epoch = CODE_INFO[code]
    return s.piles[row][epoch - 1] == 0


class ChronoEngine:
    name: ClassVar[str] = "chrono"
    title: ClassVar[str] = "Epochs Chrono"
    version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    state_type: ClassVar[type[Any]] = ChronoState

    # ------------------------------------------------------------------ set-up

    def _options(self, cfg: MatchConfig) -> tuple[tuple[str, ...], int, tuple[str, ...], int]:
        unknown = sorted(set(cfg.options) - set(OPTIONS))
        if unknown:
            raise ConfigError(
                f"Epochs Chrono has no option {unknown[0]!r}. Options are: {', '.join(OPTIONS)}."
            )
        if not (self.min_players <= cfg.players <= self.max_players):
            raise ConfigError(f"Epochs Chrono is played by 2 to 10 players, not {cfg.players}.")
        nsuits = cfg.opt("suits", 3)
        if nsuits not in (3, 4) or isinstance(nsuits, bool):
            raise ConfigError("Epochs Chrono is played with 3 suits (decks #1+2) or 4 suits (decks #1+2+3).")
        suits = ALL_SUITS[:nsuits]
        copies = cfg.opt("copies_per_cell", 3)
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 20:
            raise ConfigError("copies_per_cell must be a whole number from 1 to 20.")
        hand_size = cfg.opt("hand_size", 5)
        if not isinstance(hand_size, int) or isinstance(hand_size, bool) or not 1 <= hand_size <= 20:
            raise ConfigError("hand_size must be a whole number from 1 to 20.")
        raw_missing = cfg.opt("missing", [])
        if isinstance(raw_missing, str) or not isinstance(raw_missing, Sequence):
            raise ConfigError("missing must be a list of card codes such as ['H3'].")
        missing = []
        for code in raw_missing:
            c = str(code).strip().upper()
            if c not in CODE_INFO or CODE_INFO[c][0] >= nsuits:
                raise ConfigError(f"{code!r} is not a card of this set, so it cannot be missing.")
            if CODE_INFO[c][1] == START_EPOCH:
                raise ConfigError("The epoch-V cards start the matrix, so none may be missing.")
            missing.append(c)
        return suits, copies, _sorted_hand(sorted(set(missing))), hand_size

    def _card_set(self, suits: Sequence[str], copies: int, missing: Sequence[str]) -> list[str]:
        return [
            f"{suit}{epoch}"
            for suit in suits
            for epoch in range(1, EPOCHS + 1)
            if f"{suit}{epoch}" not in missing
            for _ in range(copies)
        ]

    def setup(self, cfg: MatchConfig, seed: int) -> ChronoState:
        suits, copies, missing, hand_size = self._options(cfg)
        n = cfg.players
        rng = Rng.from_seed(seed)
        dealer = cfg.opt("dealer", None)
        if dealer is None:
            dealer = rng.below(n)  # E1
        elif not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise ConfigError(f"dealer must be a seat number from 0 to {n - 1}.")
        cards = self._card_set(suits, copies, missing)
        for suit in suits:  # E2, D11: the V column comes out of the set before shuffling
            cards.remove(f"{suit}{START_EPOCH}")
        if hand_size * n > len(cards):  # E4
            raise ConfigError(
                f"Not enough cards: {n} players need {hand_size * n} cards but this set has only "
                f"{len(cards)} after the epoch-V column is laid out. Use more copies or fewer players."
            )
        deck = rng.shuffled(cards)  # E3
        return self._deal(
            suits, copies, missing, hand_size, n, dealer, deck, rng.state, current=None, phase=None
        )

    def _deal(
        self,
        suits: tuple[str, ...],
        copies: int,
        missing: tuple[str, ...],
        hand_size: int,
        n: int,
        dealer: int,
        deck: Sequence[str],
        rng_state: int,
        *,
        current: int | None,
        phase: str | None,
    ) -> ChronoState:
        """E3: deal one card at a time from the dealer's left; then E21 picks the opener."""
        hands: list[list[str]] = [[] for _ in range(n)]
        pos = 0
        for _ in range(hand_size):
            for k in range(1, n + 1):
                hands[(dealer + k) % n].append(deck[pos])
                pos += 1
        piles = tuple(tuple(1 if e == START_EPOCH else 0 for e in range(1, EPOCHS + 1)) for _ in suits)
        return self._start(
            suits,
            copies,
            missing,
            hand_size,
            dealer,
            tuple(_sorted_hand(h) for h in hands),
            tuple(deck[pos:]),
            piles,
            (),
            rng_state,
            current=current,
            phase=phase,
        )

    def _start(
        self,
        suits: tuple[str, ...],
        copies: int,
        missing: tuple[str, ...],
        hand_size: int,
        dealer: int,
        hands: tuple[tuple[str, ...], ...],
        deck: tuple[str, ...],
        piles: tuple[tuple[int, ...], ...],
        out: tuple[int, ...],
        rng_state: int,
        *,
        current: int | None,
        phase: str | None,
        turn: int = 1,
    ) -> ChronoState:
        n = len(hands)
        s = ChronoState(
            players=n,
            suits=suits,
            copies=copies,
            missing=missing,
            hand_size=hand_size,
            dealer=dealer,
            hands=hands,
            deck=deck,
            piles=piles,
            current=None,
            phase=phase or ("opening" if current is None else "play"),
            turn=turn,
            rows_extended=(),
            placed_this_turn=0,
            must_play=None,
            out_order=out,
            empty_skips=0,
            ranking=None,
            losers=(),
            reason="",
            rng=rng_state,
        )
        if current is None:
            # E21: the first player from the dealer's left holding an IV/V/VI card opens;
            # if nobody does, the dealer's left starts the draw-until-someone-enters loop.
            first = _next_active(hands, dealer)
            current = first
            for k in range(n):
                seat = (first + k) % n
                if hands[seat] and has_playable(s, hands[seat]):
                    current = seat
                    break
        return self._settle(evolve(s, current=current), [])

    def position(self, cfg: MatchConfig, seed: int, data: Mapping[str, Any]) -> ChronoState:
        """An explicit start for scenario files; the format is documented in docs/scenarios.md."""
        from .position import build_position

        return build_position(self, cfg, seed, data)

    # --------------------------------------------------------------- queries

    def current_players(self, s: ChronoState) -> frozenset[PlayerId]:
        return frozenset() if s.current is None else frozenset({PlayerId(s.current)})

    def legal_actions(self, s: ChronoState, p: PlayerId) -> Sequence[ChronoAction]:
        if s.current is None or p != s.current:
            return []
        codes = playable_codes(s, s.hands[p])
        actions: list[ChronoAction] = [Play(c) for c in codes]
        if s.must_play is None:
            if s.placed_this_turn > 0:
                actions.append(End())
            elif not codes and s.deck:
                actions.append(Draw())
        return actions

    def outcome(self, s: ChronoState) -> Outcome | None:
        if s.ranking is None:
            return None
        return Outcome(ranking=s.ranking, reason=s.reason)

    def decode_action(self, action_id: str) -> ChronoAction:
        return decode_action(action_id)

    def turn_marker(self, s: ChronoState) -> int:
        """A new board image per turn, not per card (used by bot.simulate)."""
        return s.turn

    def view(self, s: ChronoState, viewer: PlayerId | None) -> ChronoView:
        data = card_data()
        losers = set(s.losers)
        seats = tuple(
            SeatView(
                seat=i,
                hand_count=len(s.hands[i]),
                out_place=s.out_order.index(i) + 1 if i in s.out_order else None,
                lost=i in losers,
            )
            for i in range(s.players)
        )
        mine = viewer is not None and viewer == s.current
        hand = s.hands[viewer] if viewer is not None else ()
        return ChronoView(
            viewer=None if viewer is None else int(viewer),
            suits=s.suits,
            suit_names=tuple(data.suit(k).name for k in s.suits),
            epochs=EPOCHS,
            piles=s.piles,
            spans=_spans(s.piles),
            seats=seats,
            deck_count=len(s.deck),
            current=s.current,
            phase=s.phase,
            turn=s.turn,
            dealer=s.dealer,
            rows_extended=s.rows_extended,
            placed_this_turn=s.placed_this_turn,
            must_play=s.must_play if mine else None,
            hand=hand,
            playable=playable_codes(s, hand) if mine else (),
            ranking=s.ranking,
        )

    def resample_hidden(self, s: ChronoState, viewer: PlayerId | None, rng: Rng) -> ChronoState:
        """The same game with every card hidden from ``viewer`` re-dealt (for leak tests and the
        ``hard`` search). The pool is sorted before the shuffle, so the result depends only on what
        the viewer knows and on ``rng``."""
        keep = s.must_play if s.current is not None and s.current != viewer else None
        pool: list[str] = list(s.deck)
        for i, h in enumerate(s.hands):
            if i != viewer:
                pool.extend(h)
        if keep is not None:
            pool.remove(keep)
        pool.sort()
        rng.shuffle(pool)
        hands = []
        for i, h in enumerate(s.hands):
            if i == viewer:
                hands.append(h)
                continue
            take = len(h) - (1 if keep is not None and i == s.current else 0)
            new = pool[:take]
            del pool[:take]
            if keep is not None and i == s.current:
                new.append(keep)
            hands.append(_sorted_hand(new))
        return evolve(s, hands=tuple(hands), deck=tuple(pool))

    # ---------------------------------------------------------------- moves

    def apply(self, s: ChronoState, p: PlayerId, a: ChronoAction) -> Transition[ChronoState]:
        if s.current is None:
            raise GameOver()
        if isinstance(a, Concede):
            return self._concede(s, p)
        if p != s.current:
            raise NotYourTurn(f"It's not your turn: it is {seat_label(s.current)}'s turn.")
        if isinstance(a, Play):
            return self._play(s, p, a.code)
        if isinstance(a, Draw):
            return self._draw(s, p)
        if isinstance(a, End):
            return self._end(s, p)
        raise IllegalAction("That is not an Epochs Chrono move.")

    def _refuse_play(self, s: ChronoState, p: int, code: str) -> None:
        """Raise the most helpful reason ``code`` cannot be played now (E10-E15, E22)."""
        row, epoch = CODE_INFO[code]
        name = card_name(code)
        if row >= len(s.suits):
            raise IllegalAction(f"This game is played without the {card_data().suit('N').name} suit.")
        if s.must_play is not None and code != s.must_play:
            raise IllegalAction(f"You drew {card_name(s.must_play)}, which fits, so you must play it now.")
        if code not in s.hands[p]:
            raise IllegalAction(f"You don't hold {name}.")
        if s.phase == "opening" and epoch not in OPENING_EPOCHS:
            raise IllegalAction("The first move of the game may only use cards of epochs IV, V or VI.")
        suit = card_data().suit(ALL_SUITS[row]).name
        lo, hi = _spans(s.piles)[row]
        if row in s.rows_extended:
            raise IllegalAction(
                f"The {suit} row already got a new epoch this turn, so {name} can't be added "
                "until a later turn."
            )
        edges = " or ".join(roman(e) for e in (lo - 1, hi + 1) if 1 <= e <= EPOCHS)
        span = roman(lo) if lo == hi else f"{roman(lo)}-{roman(hi)}"
        raise IllegalAction(
            f"{name} would leave a gap: the {suit} row spans {span}, so it can only grow at {edges}."
        )

    def _play(self, s: ChronoState, p: int, code: str) -> Transition[ChronoState]:
        hand = s.hands[p]
        if not can_play(s, hand, code):
            self._refuse_play(s, p, code)
        row, epoch = CODE_INFO[code]
        extends = s.piles[row][epoch - 1] == 0
        row_piles = list(s.piles[row])
        row_piles[epoch - 1] += 1
        piles = (*s.piles[:row], tuple(row_piles), *s.piles[row + 1 :])
        new_hand = _remove_one(hand, code)
        hands = (*s.hands[:p], new_hand, *s.hands[p + 1 :])
        who = seat_label(p)
        name = card_name(code)
        if extends:
            lo, hi = _spans(piles)[row]
            suit = card_data().suit(ALL_SUITS[row]).name
            text = f"{who} plays {name} (new cell; {suit} now spans {roman(lo)}-{roman(hi)})"
        else:
            text = f"{who} plays {name} (stacks, pile {row_piles[epoch - 1]})"
        events = [Event(text)]
        s = evolve(
            s,
            hands=hands,
            piles=piles,
            rows_extended=(*s.rows_extended, row) if extends else s.rows_extended,
            placed_this_turn=s.placed_this_turn + 1,
            must_play=None,
            empty_skips=0,
        )
        if not new_hand:  # E20
            s = evolve(s, out_order=(*s.out_order, p))
            place = len(s.out_order)
            events.append(Event(f"{who} is out in {_ordinal(place)} place"))
            active = [i for i, h in enumerate(hands) if h]
            if len(active) == 1:  # E23
                return Transition(self._finish_last(s, active[0], events), tuple(events))
            return Transition(self._next_turn(s, events), tuple(events))
        if not has_playable(s, new_hand):
            return Transition(self._next_turn(s, events), tuple(events))
        return Transition(s, tuple(events))

    def _draw(self, s: ChronoState, p: int) -> Transition[ChronoState]:
        if s.must_play is not None:
            raise IllegalAction(f"You must play {card_name(s.must_play)}, the card you drew.")
        if s.placed_this_turn > 0:
            raise IllegalAction("You have already placed cards this turn; you can't draw now.")
        if has_playable(s, s.hands[p]):
            raise IllegalAction("You hold a card you can play, so you must play instead of drawing.")
        if not s.deck:  # never reached: _settle skips such turns at once (E18)
            raise IllegalAction("The deck is empty.")
        card, deck = s.deck[0], s.deck[1:]
        hands = (*s.hands[:p], _sorted_hand((*s.hands[p], card)), *s.hands[p + 1 :])
        s = evolve(s, hands=hands, deck=deck, empty_skips=0)
        who = seat_label(p)
        if has_playable(s, (card,)):
            events = [Event(f"{who} draws a card and must play it")]
            return Transition(evolve(s, must_play=card), tuple(events))
        events = [Event(f"{who} draws a card and skips")]
        return Transition(self._next_turn(s, events), tuple(events))

    def _end(self, s: ChronoState, p: int) -> Transition[ChronoState]:
        if s.must_play is not None:
            raise IllegalAction(f"You must play {card_name(s.must_play)}, the card you drew.")
        if s.placed_this_turn == 0:
            if has_playable(s, s.hands[p]):
                raise IllegalAction("You hold a card you can play, so you must place at least one.")
            raise IllegalAction("You can't play anything, so you must draw a card.")
        n = s.placed_this_turn
        events = [Event(f"{seat_label(p)} ends the turn ({n} card{'s' if n != 1 else ''} placed)")]
        return Transition(self._next_turn(s, events), tuple(events))

    # ------------------------------------------------------------ turn flow

    def _next_turn(self, s: ChronoState, events: list[Event]) -> ChronoState:
        assert s.current is not None
        phase = "play" if s.phase == "opening" and s.placed_this_turn > 0 else s.phase
        s = evolve(
            s,
            current=_next_active(s.hands, s.current),
            turn=s.turn + 1,
            rows_extended=(),
            placed_this_turn=0,
            must_play=None,
            phase=phase,
        )
        return self._settle(s, events)

    def _settle(self, s: ChronoState, events: list[Event]) -> ChronoState:
        """Skip, without asking, players who can neither play nor draw (E18); detect E24."""
        while s.current is not None and not s.deck:
            p = s.current
            if has_playable(s, s.hands[p]):
                return s
            who = seat_label(p)
            events.append(Event(f"{who} cannot play and the deck is empty, so {who} skips"))
            skips = s.empty_skips + 1
            active = [i for i, h in enumerate(s.hands) if h]
            if skips >= len(active):
                return self._deadlock(evolve(s, empty_skips=skips), active, events)
            s = evolve(s, empty_skips=skips, current=_next_active(s.hands, p), turn=s.turn + 1)
        return s

    def _finish_last(self, s: ChronoState, loser: int, events: list[Event]) -> ChronoState:
        ranking = (*tuple((i,) for i in s.out_order), (loser,))
        reason = f"{seat_label(loser)} is the last player holding cards and loses"
        events.append(Event(reason))
        return evolve(
            s,
            current=None,
            phase="over",
            rows_extended=(),
            placed_this_turn=0,
            must_play=None,
            ranking=ranking,
            losers=(loser,),
            reason=reason,
        )

    def _concede(self, s: ChronoState, p: int) -> Transition[ChronoState]:
        """C11: the conceder is last; seats already out keep their places; the rest share the
        places in between. The game ends for everyone (a seat left empty would stall the others)."""
        if not 0 <= p < s.players:
            raise IllegalAction(f"There is no seat {seat_label(p)} in this game.")
        if p in s.out_order:
            raise IllegalAction("You are already out of the game: there is nothing to concede.")
        others = tuple(i for i in range(s.players) if i != p and i not in s.out_order)
        ranking = (*tuple((i,) for i in s.out_order), *((others,) if others else ()), (p,))
        reason = f"{seat_label(p)} concedes"
        event = Event(f"{reason}.")
        state = evolve(
            s,
            current=None,
            phase="over",
            rows_extended=(),
            placed_this_turn=0,
            must_play=None,
            ranking=ranking,
            losers=(p,),
            reason=reason,
        )
        return Transition(state, (event,))

    def _deadlock(self, s: ChronoState, active: list[int], events: list[Event]) -> ChronoState:
        """E24/D9: nobody can ever play again; the most cards lose, fewer cards rank higher."""
        counts = sorted({len(s.hands[i]) for i in active})
        groups = tuple(tuple(i for i in active if len(s.hands[i]) == c) for c in counts)
        losers = groups[-1]
        names = " and ".join(seat_label(i) for i in losers)
        most = counts[-1]
        verb = "holds" if len(losers) == 1 else "hold"
        reason = (
            f"Deadlock: the deck is empty and nobody can play. {names} {verb} the most cards "
            f"({most}) and {'loses' if len(losers) == 1 else 'lose'}"
        )
        events.append(Event(reason))
        return evolve(
            s,
            current=None,
            phase="over",
            ranking=tuple((i,) for i in s.out_order) + groups,
            losers=losers,
            reason=reason,
        )
