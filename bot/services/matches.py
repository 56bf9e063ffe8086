"""MatchService: the only path from a click to a changed match.

submit = per-match lock -> load (cache, else snapshot + later actions) -> check seat, sequence and
turn -> decode -> apply -> append to the log (the seq is the primary key, so a stale or double click
fails cleanly) -> let AI seats play -> report what happened. Nothing here knows Discord: the table
service turns a ``MoveReport`` into messages.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.db import Database
from bot.db.errors import MoveNotSaved, StaleAction, StorageError
from bot.db.matches import SeatInfo
from bot.i18n import known
from bot.log import match_logged
from bot.services.shared import MATCH_SPACE, SharedLock
from engines.core import (
    CONCEDE,
    CardhostError,
    ConfigError,
    Engine,
    Event,
    GameOver,
    IllegalAction,
    MatchConfig,
    NotYourTurn,
    Outcome,
    PlayerId,
    Rng,
    choose_action,
    get_engine,
)
from engines.core.game import GameSpec
from engines.core.levels import LEVELS, level_policy
from engines.games import game_spec

log = logging.getLogger(__name__)

MAX_LIVE_MATCHES = 256
"""Matches held in memory at once (~50 KiB each) by a service made without a bound; an idle one
past this reloads on its next click. The bot sets ``max_live`` from ``CARDHOST_LIVE_MATCHES``."""
JOINED = "|"
"""Joins moves one menu option stands for ("atk:12|at:P2": attack with it, at that player)."""
MAX_AI_CHAIN = 5_000
"""AI seats playing in a row; far above any real turn, it only guards against an engine bug."""


_UNSET: Any = object()


def _made_for(acted: list[tuple[int, str, bool]], seat: int) -> set[tuple[int, str]]:
    """The moves the bot made for ``seat`` since its own last move (a lone phase move taken for it,
    the passes of its own link's window): a joined value that lists one of them goes on past it."""
    out: set[tuple[int, str]] = set()
    for who, action_id, by_bot in reversed(acted):
        if who == seat and not by_bot:
            break
        if who == seat:
            out.add((who, action_id))
    return out


def _seat_decks(game: str, options: dict[str, Any]) -> list[list[str]] | None:
    """The card ids each seat brings, from the game's deck option (None: no decks given), so the
    match's ``match_decks`` rows (card statistics) are written with the match."""
    try:
        key = game_spec(game).deck_option
    except ConfigError:  # an engine registered without a declaration (tests)
        return None
    decks = options.get(key) if key else None
    if not isinstance(decks, list) or not all(isinstance(d, list | tuple) for d in decks):
        return None
    return [[str(c) for c in d] for d in decks]


class NotInGame(CardhostError):
    def __init__(self) -> None:
        super().__init__("You're not playing in this game.")


@dataclass
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    consecutive_timeouts: int = 0
    dm_channel_id: int | None = None
    dm_message_id: int | None = None
    dm_failed: bool = False
    stops: frozenset[str] = frozenset()
    """Steps where this player wants to be asked even when they could only pass."""
    ai_level: str | None = None
    """The level of an AI seat (``engines.core.levels``); None, and every taken-over seat: normal."""
    language: str = "en"
    """The player's ``/settings language`` (``bot.i18n``): their DM panel speaks it when the game can."""

    @property
    def human(self) -> bool:
        return not self.is_ai and self.user_id is not None

    @property
    def taken_over(self) -> bool:
        """A player's seat the AI plays after their timeouts (they may take it back)."""
        return self.is_ai and self.user_id is not None


@dataclass
class LiveMatch:
    id: int
    game: str
    engine: Engine[Any, Any, Any]
    cfg: MatchConfig
    seed: int
    state: Any
    seq: int
    """Number of actions in the log; the next action gets seq + 1."""
    seats: list[Seat]
    status: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_id: int | None
    board_message_id: int | None = None
    log_lines: deque[str] = field(default_factory=lambda: deque(maxlen=40))
    lock: SharedLock = field(default_factory=SharedLock)
    """Held while the match changes; across processes too when they share the database."""
    _memo: list[Any] = field(default_factory=lambda: [_UNSET, None, _UNSET], repr=False, compare=False)
    """[state, current players, outcome] of the state they were computed for."""
    autopilot: dict[int, Any] = field(default_factory=dict)
    """Seats whose turn clock ran out, each with the turn (``turn_marker``) the AI plays for them:
    every decision of theirs in that turn is the AI's, and the next turn is theirs again."""
    spec: GameSpec[Any, Any, Any] = field(init=False, repr=False, compare=False)
    """The game's declaration, found once when the match is built: every move reads it from here
    (autoplay, the AI, which card a move played) instead of looking the game up by name."""

    def __post_init__(self) -> None:
        self.spec = game_spec(self.game)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> Seat | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s
        return None

    @property
    def current(self) -> frozenset[int]:
        # States are immutable and replaced by each move: remember the answer for this one.
        memo = self._memo
        if memo[0] is not self.state:
            memo = self._memo = [self.state, None, _UNSET]
        if memo[1] is None:
            memo[1] = frozenset(int(p) for p in self.engine.current_players(self.state))
        current: frozenset[int] = memo[1]
        return current

    @property
    def outcome(self) -> Outcome | None:
        memo = self._memo
        if memo[0] is not self.state:
            memo = self._memo = [self.state, None, _UNSET]
        if memo[2] is _UNSET:
            memo[2] = self.engine.outcome(self.state)
        result: Outcome | None = memo[2]
        return result

    @property
    def active(self) -> bool:
        return self.status == "active"

    def turn_marker(self) -> Any:
        """What changes when a new turn begins (the engine's marker, else who must act)."""
        return self.engine.turn_marker(self.state)

    def turn_key(self) -> Any:
        return (self.turn_marker(), self.current)

    def autopiloted(self, seat: int) -> bool:
        """Whether the AI plays ``seat`` now because its time ran out earlier in this turn (an
        entry of a turn that has passed is dropped: the player decides again)."""
        if seat not in self.autopilot:
            return False
        if self.autopilot[seat] != self.turn_marker():
            del self.autopilot[seat]
            return False
        return True


@dataclass
class MoveReport:
    match: LiveMatch
    events: list[Event]
    turn_changed: bool
    """Someone else must act now (or a new turn began): the clock restarts."""
    finished: bool
    acted: list[tuple[int, str, bool]]
    """(seat, action id, by_ai) in order."""
    new_turn: bool = False
    """A new turn began: the board is posted anew (and the player mentioned) instead of edited."""


def _seat_from_row(row: Any) -> Seat:
    return Seat(
        seat=row.seat,
        user_id=row.user_id,
        name=row.display_name,
        is_ai=bool(row.is_ai),
        consecutive_timeouts=row.consecutive_timeouts,
        dm_channel_id=row.dm_channel_id,
        dm_message_id=row.dm_message_id,
        dm_failed=bool(row.dm_failed),
        ai_level=row.ai_level,
    )


class MatchService:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.seed_source: Callable[[], int] = lambda: random.SystemRandom().randrange(1 << 62)
        """Where new matches get their seed; tests replace it to make games reproducible."""
        self.hard_seconds = 3.0
        """The cap on a ``hard`` AI seat's thinking per move (``CARDHOST_AI_HARD_SECONDS``); it
        normally stops at its game's rounds (``GameSpec.search.rounds``) well before."""
        self.max_live = MAX_LIVE_MATCHES
        """How many matches stay in memory (``_cache``); a bot with more live matches than this
        reloads each of them from the database at every move (snapshot + replay)."""
        self._cache: OrderedDict[int, LiveMatch] = OrderedDict()
        """Matches in memory, least recently used first. A finished match leaves when its end has
        been announced (``TableService.announce_end``) and is not kept when loaded again; beyond
        ``max_live`` the idlest unlocked ones leave too. Everything is in the database: a
        match that left is loaded again on its next click, as after a restart."""
        self._load_locks: dict[int, asyncio.Lock] = {}
        self.shared = False
        """Other processes share the database (``cardhost --shards``): a match's lock is taken in
        the database too, and the cached match is brought up to date with it under that lock."""
        self.changed_elsewhere: list[Callable[[int], None]] = []
        """Called with a match's id when its lock found moves (or DM panels) another process made:
        what this process remembers having shown of it is out of date."""
        self.finish_listeners: list[Callable[[LiveMatch], Awaitable[None]]] = []
        """Called after a match is stored as finished or aborted (``live.status`` says which), e.g.
        so a draft pod can record the result of one of its pairings. A listener may run while the
        match's lock is held: it must not wait for that match; start longer work as a task."""

    # ------------------------------------------------------------------ loading

    async def get(self, match_id: int) -> LiveMatch:
        live = self._cache.get(match_id)
        if live is not None:
            self._cache.move_to_end(match_id)
            return live
        lock = self._load_locks.setdefault(match_id, asyncio.Lock())
        try:
            async with lock:
                live = self._cache.get(match_id)
                if live is None:
                    live = await self._load(match_id)
                    if live.active:
                        self._remember(live)  # a finished match is only read: it is not kept
        finally:
            # Whoever waited on this lock finds the match cached; a forged id's lock goes too.
            if self._load_locks.get(match_id) is lock and not lock.locked():
                del self._load_locks[match_id]
        return live

    def _remember(self, live: LiveMatch) -> None:
        """Cache ``live``; past the bound, the least recently used matches nobody is playing in
        right now (their lock is free) leave memory."""
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        for match_id in list(self._cache):
            if len(self._cache) <= self.max_live:
                break
            if match_id != live.id and not self._cache[match_id].lock.locked():
                del self._cache[match_id]

    async def _load(self, match_id: int) -> LiveMatch:
        loaded = await self.db.matches.load(match_id)
        m = loaded.match
        engine = get_engine(m.game)
        state, next_seq = self.db.matches.restore_state(loaded, engine)
        cfg = loaded.match_config
        seats = [_seat_from_row(r) for r in loaded.seats]
        await self._load_stops(m.game, seats)
        return self._bind(
            LiveMatch(
                id=m.id,
                game=m.game,
                engine=engine,
                cfg=cfg,
                seed=m.seed,
                state=state,
                seq=next_seq - 1,
                seats=seats,
                status=m.status,
                guild_id=m.guild_id,
                channel_id=m.channel_id,
                thread_id=m.thread_id,
                host_id=m.host_id,
                board_message_id=m.board_message_id,
            )
        )

    def _bind(self, live: LiveMatch) -> LiveMatch:
        if self.shared:
            live.lock.bind(self.db, MATCH_SPACE, live.id, lambda: self._refresh(live))
        return live

    async def _refresh(self, live: LiveMatch) -> None:
        """Bring ``live`` up to the stored match (its lock is held here and in the database): play
        the moves other processes stored since, and take their seat, status and message changes."""
        head = await self.db.matches.head(live.id, live.seq)
        actions = head.actions
        changed = bool(actions)
        if head.last_seq < live.seq or (actions and actions[0].seq != live.seq + 1):
            fresh = await self._load(live.id)  # not a continuation of what is cached: start over
            live.state, live.seq, live.log_lines = fresh.state, fresh.seq, fresh.log_lines
            changed = True
        else:
            for a in actions:
                transition = live.engine.apply(
                    live.state, PlayerId(a.seat), live.engine.decode_action(a.action_id)
                )
                live.state, live.seq = transition.state, a.seq
                live.log_lines.extend(ev.text for ev in transition.events)
        m = head.match
        live.status, live.thread_id, live.board_message_id = m.status, m.thread_id, m.board_message_id
        for seat, row in zip(live.seats, head.seats, strict=True):
            changed = changed or (seat.dm_message_id, seat.dm_failed) != (row.dm_message_id, row.dm_failed)
            seat.is_ai, seat.ai_level = bool(row.is_ai), row.ai_level
            seat.consecutive_timeouts = row.consecutive_timeouts
            seat.dm_channel_id, seat.dm_message_id = row.dm_channel_id, row.dm_message_id
            seat.dm_failed = bool(row.dm_failed)
            if seat.user_id is not None:
                settings = head.settings.get(seat.user_id, {})
                seat.stops = frozenset(settings.get("stops", {}).get(live.game, ()))
                seat.language = known(settings.get("language"))
        if changed:
            for listener in self.changed_elsewhere:
                listener(live.id)

    async def _load_stops(self, game: str, seats: list[Seat]) -> None:
        for seat in seats:
            if seat.user_id is not None:
                settings = await self.db.players.get_settings(seat.user_id)
                seat.stops = frozenset(settings.get("stops", {}).get(game, ()))
                seat.language = known(settings.get("language"))

    def set_stops(self, user_id: int, game: str, stops: frozenset[str]) -> None:
        """Apply changed stops to the player's running matches of that game."""
        for live in self._cache.values():
            if live.game == game:
                for seat in live.seats:
                    if seat.user_id == user_id:
                        seat.stops = stops

    def set_language(self, user_id: int, lang: str) -> None:
        """Apply a changed ``/settings language`` to the player's running matches."""
        for live in self._cache.values():
            for seat in live.seats:
                if seat.user_id == user_id:
                    seat.language = known(lang)

    async def current(self, match_id: int) -> LiveMatch:
        """The match to show (a hand, a page of moves, a status): with several processes, brought
        up to the stored log first, since another process may have made the last moves."""
        live = await self.get(match_id)
        await live.lock.catch_up()
        return live

    def busy(self, match_id: int) -> bool:
        """A task of this process holds the match's lock (or waits for another process's)."""
        live = self._cache.get(match_id)
        return live is not None and live.lock.locked()

    def evict(self, match_id: int) -> None:
        """The match leaves memory (it is loaded again from the database if it is asked for)."""
        self._cache.pop(match_id, None)

    async def active_match_ids(self) -> list[int]:
        return [m.id for m in await self.db.matches.active_matches()]

    # ------------------------------------------------------------------ creating

    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[tuple[int | None, str, bool]],
        *,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int | None,
        seed: int | None = None,
        ai_level: str | None = None,
    ) -> LiveMatch:
        """A new match; ``ai_level`` is the level of its AI seats (None: normal)."""
        if ai_level not in (None, *LEVELS):
            raise ConfigError(f"There is no AI level {ai_level!r}: choose {', '.join(LEVELS)}.")
        level = None if ai_level == "normal" else ai_level
        engine = get_engine(game)
        seed = self.seed_source() if seed is None else seed
        cfg = MatchConfig(players=len(seats), options=dict(options))
        state = engine.setup(cfg, seed)
        match_id = await self.db.matches.create_match(
            game=game,
            engine_version=engine.version,
            config=dict(options),
            seed=seed,
            seats=[
                SeatInfo(user_id=u, display_name=n, is_ai=ai, ai_level=level if ai and u is None else None)
                for u, n, ai in seats
            ],
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            decks=_seat_decks(game, options),
        )
        live_seats = [
            Seat(i, u, n, ai, ai_level=level if ai and u is None else None)
            for i, (u, n, ai) in enumerate(seats)
        ]
        await self._load_stops(game, live_seats)
        live = self._bind(
            LiveMatch(
                id=match_id,
                game=game,
                engine=engine,
                cfg=cfg,
                seed=seed,
                state=state,
                seq=0,
                seats=live_seats,
                status="active",
                guild_id=guild_id,
                channel_id=channel_id,
                thread_id=None,
                host_id=host_id,
            )
        )
        self._remember(live)
        return live

    # ------------------------------------------------------------------ moves

    async def _append(self, live: LiveMatch, seat: int, action_id: str, by_ai: bool) -> list[Event]:
        action = live.engine.decode_action(action_id)
        transition = live.engine.apply(live.state, PlayerId(seat), action)
        seq = live.seq + 1
        played = live.spec.played_card
        await self.db.matches.append_action(
            live.id,
            seq,
            seat,
            action_id,
            by_ai=by_ai,
            state_after=transition.state,
            card=played(live.state, transition.state, seat) if played else None,
        )
        live.state = transition.state
        live.seq = seq
        if log.isEnabledFor(logging.DEBUG):  # the match and shard come from the log context
            log.debug(
                "move stored", extra={"ctx": {"seq": seq, "seat": seat, "action": action_id, "ai": by_ai}}
            )
        for ev in transition.events:
            live.log_lines.append(ev.text)
        return list(transition.events)

    async def _append_own(self, live: LiveMatch, seat: int, action_id: str) -> list[Event]:
        """A player's own move. ``_append`` changes memory only after the row is stored, so when
        storage fails nothing changed anywhere: the player is told so (``MoveNotSaved``, a sentence)
        and can click again, instead of the error escaping the handler unanswered."""
        try:
            return await self._append(live, seat, action_id, by_ai=False)
        except StorageError as exc:
            log.error(
                "move not saved",
                exc_info=exc,
                extra={"ctx": {"match": live.id, "seq": live.seq + 1, "seat": seat, "action": action_id}},
            )
            raise MoveNotSaved(live.id) from exc

    def check_can_act(self, live: LiveMatch, user_id: int, expected_seq: int | None) -> Seat:
        if not live.active or live.outcome is not None:
            raise GameOver()
        seat = live.seat_of(user_id)
        if seat is None:
            raise NotInGame()
        if expected_seq is not None and expected_seq != live.seq:
            raise StaleAction(live.id, expected_seq, live.seq)
        if seat.seat not in live.current:
            raise NotYourTurn()
        if seat.is_ai:
            raise IllegalAction("The AI is playing your seat for the rest of this game.")
        if live.autopiloted(seat.seat):
            raise IllegalAction(
                "Your time ran out: the AI plays the rest of this turn, and the next is yours."
            )
        return seat

    @match_logged
    async def submit(
        self, match_id: int, user_id: int, action_id: str, expected_seq: int | None
    ) -> MoveReport:
        live = await self.get(match_id)
        async with live.lock:
            seat = self.check_can_act(live, user_id, expected_seq)
            before = live.turn_key()
            events = await self._append_own(live, seat.seat, action_id)
            acted = [(seat.seat, action_id, False)]
            if seat.consecutive_timeouts:
                await self._saved_after_move(live, self.db.matches.reset_timeouts(live.id, seat.seat))
                seat.consecutive_timeouts = 0  # after the row: memory follows the database
            events += await self._run_ai(live, acted)
            return await self._report(live, events, before, acted)

    @match_logged
    async def submit_many(
        self, match_id: int, user_id: int, action_ids: list[str], expected_seq: int, finish: str | None
    ) -> MoveReport:
        """Several moves chosen in one gesture, played in order while each is still legal (a choice
        the engine asks in between, like a target with several options, stops the batch), then
        ``finish`` if it is legal by then. One chosen value may join moves that belong together
        with ``JOINED`` ("atk:12|at:P2"); a later one of them that the bot already made for the
        player (a forced choice) is not asked twice."""
        live = await self.get(match_id)
        async with live.lock:
            seat = self.check_can_act(live, user_id, expected_seq)
            before = live.turn_key()
            events: list[Event] = []
            acted: list[tuple[int, str, bool]] = []
            for value in [*action_ids, *([finish] if finish else [])]:
                if not await self._play_joined(live, seat.seat, value.split(JOINED), events, acted):
                    break
            if not acted:
                raise IllegalAction("None of those moves can be made now.")
            return await self._report(live, events, before, acted)

    async def _play_joined(
        self,
        live: LiveMatch,
        seat: int,
        moves: list[str],
        events: list[Event],
        acted: list[tuple[int, str, bool]],
    ) -> bool:
        """Play one chosen value's moves; False when the batch must stop here."""
        for i, action_id in enumerate(moves):
            if seat not in live.current or live.outcome is not None:
                return False
            legal = {a.to_id() for a in live.engine.legal_actions(live.state, PlayerId(seat))}
            if action_id not in legal:
                if i > 0 and (seat, action_id) in _made_for(acted, seat):
                    continue  # the bot made this forced choice for the player already
                return False
            try:
                events += await self._append_own(live, seat, action_id)
            except MoveNotSaved:
                if not acted:
                    raise
                return False  # the moves before it are saved: show them
            acted.append((seat, action_id, False))
            events += await self._run_ai(live, acted)
        return True

    @match_logged
    async def play_for(self, live: LiveMatch, seat: int) -> MoveReport:
        """The AI plays for ``seat`` (a timed-out human) for the rest of this turn: every decision
        of the seat until the turn marker changes, the other seats' automatic moves in between (an
        opponent's response in a Spirit Tactics Sequence is not the end of the turn). A person
        answering in between stops the chain; when they have, ``_run_ai`` carries on for the seat.
        The caller holds the lock."""
        before = live.turn_key()
        live.autopilot[seat] = live.turn_marker()
        acted: list[tuple[int, str, bool]] = []
        events = await self._run_ai(live, acted)
        return await self._report(live, events, before, acted)

    @match_logged
    async def pass_for(self, live: LiveMatch, seat: int, action_id: str) -> MoveReport:
        """Pass for a player whose response prompt ran out; caller holds the lock."""
        before = live.turn_key()
        events = await self._append(live, seat, action_id, by_ai=True)
        acted = [(seat, action_id, True)]
        events += await self._run_ai(live, acted)
        return await self._report(live, events, before, acted)

    @match_logged
    async def run_ai_seats(self, live: LiveMatch) -> MoveReport:
        """Let AI seats act if they are to move (after start, or after a seat was handed to the AI)."""
        async with live.lock:
            before = live.turn_key()
            acted: list[tuple[int, str, bool]] = []
            events = await self._run_ai(live, acted)
            return await self._report(live, events, before, acted)

    async def _automatic_move(self, live: LiveMatch) -> tuple[int, str] | None:
        """The next move nobody needs to be asked for: an AI seat's, or a forced pass (auto-pass)."""
        spec = live.spec
        autoplay = spec.autoplay
        for seat in sorted(live.current):
            s = live.seats[seat]
            if s.is_ai or live.autopiloted(seat):
                rng = Rng.from_seed(live.seed ^ (live.seq * 0x9E3779B1))
                if s.ai_level in (None, "normal") or s.user_id is not None:
                    return seat, choose_action(live.engine, live.state, PlayerId(seat), rng).to_id()
                policy = level_policy(spec, s.ai_level, self.hard_seconds)
                if s.ai_level == "hard":
                    # A search thinks for a second: in a thread, so other matches' clicks are
                    # answered meanwhile (the match's lock is held, its log stays in order).
                    action = await asyncio.to_thread(policy, live.engine, live.state, PlayerId(seat), rng)
                else:
                    action = policy(live.engine, live.state, PlayerId(seat), rng)
                return seat, action.to_id()
            action_id = autoplay.auto_action(live.engine, live.state, seat, s.stops)
            if action_id is not None:
                return seat, action_id
        return None

    async def _run_ai(self, live: LiveMatch, acted: list[tuple[int, str, bool]]) -> list[Event]:
        events: list[Event] = []
        for _ in range(MAX_AI_CHAIN):
            if live.outcome is not None:
                break
            move = await self._automatic_move(live)
            if move is None:
                break
            seat, action_id = move
            try:
                events += await self._append(live, seat, action_id, by_ai=True)
            except StorageError as exc:
                # The moves before this one are stored; this one is not, in memory either. The
                # chain stops here and the table shows what was saved.
                log.error(
                    "automatic move not saved",
                    exc_info=exc,
                    extra={"ctx": {"match": live.id, "seq": live.seq + 1, "seat": seat, "action": action_id}},
                )
                break
            acted.append((seat, action_id, True))
        return events

    async def _saved_after_move(self, live: LiveMatch, write: Awaitable[Any]) -> bool:
        """A write that follows a stored move; a storage failure is logged, not raised, because
        the move itself is saved and the player must see it. False when the write failed."""
        try:
            await write
        except StorageError as exc:
            log.error("write after a move failed", exc_info=exc, extra={"ctx": {"match": live.id}})
            return False
        return True

    async def _report(
        self, live: LiveMatch, events: list[Event], before: Any, acted: list[tuple[int, str, bool]]
    ) -> MoveReport:
        outcome = live.outcome
        finished = False
        if outcome is not None and live.active:
            await self._saved_after_move(live, self._finish(live, outcome))
            finished = not live.active
        after = live.turn_key()
        return MoveReport(live, events, after != before, finished, acted, new_turn=after[0] != before[0])

    # ------------------------------------------------------------------ ending

    async def _finish(self, live: LiveMatch, outcome: Outcome) -> None:
        reason = outcome.reason
        # finish() drops the clock row in the same statement batch.
        await self.db.matches.finish(
            live.id, "finished", {"ranking": outcome.ranking, "reason": reason}, reason
        )
        live.status = "finished"  # after the row, so a failed write leaves memory as stored
        seats = [SeatInfo(s.user_id, s.name, s.is_ai) for s in live.seats]
        await self.db.players.record_results(live.id, live.game, outcome, seats)
        await self._notify_finished(live)

    async def _notify_finished(self, live: LiveMatch) -> None:
        for listener in list(self.finish_listeners):
            try:
                await listener(live)
            except Exception:
                log.exception("finish listener failed", extra={"ctx": {"match": live.id}})

    @match_logged
    async def concede(self, match_id: int, user_id: int) -> MoveReport:
        """The player's concession is a move in the log (``CONCEDE``), accepted on anyone's turn;
        the engine says what it means (the game ends, or in a game of several the seat leaves and
        the others play on)."""
        live = await self.get(match_id)
        async with live.lock:
            if not live.active or live.outcome is not None:
                raise GameOver()
            seat = live.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            before = live.turn_key()
            events = await self._append_own(live, seat.seat, CONCEDE)
            acted = [(seat.seat, CONCEDE, False)]
            events += await self._run_ai(live, acted)
            return await self._report(live, events, before, acted)

    @match_logged
    async def end(self, match_id: int, reason: str) -> LiveMatch:
        live = await self.get(match_id)
        async with live.lock:
            if not live.active:
                raise GameOver()
            live.status = "aborted"
            await self.db.matches.finish(live.id, "aborted", None, reason)
            await self.db.matches.delete_clock(live.id)
            live.log_lines.append(reason)
        await self._notify_finished(live)
        return live

    async def hand_over_to_ai(self, live: LiveMatch, seat: int) -> None:
        live.seats[seat].is_ai = True
        await self.db.matches.set_seat_ai(live.id, seat, live.seq)

    @match_logged
    async def reclaim(self, match_id: int, user_id: int) -> LiveMatch:
        """The player takes their seat back from the AI that played it after their timeouts; they
        are asked from the next decision on (the AI's moves so far stand)."""
        live = await self.get(match_id)
        async with live.lock:
            seat = live.seat_of(user_id)
            if seat is None:
                raise NotInGame()
            if not live.active or live.outcome is not None:
                raise GameOver()
            if not seat.is_ai:
                raise CardhostError("Your seat is yours already: nobody plays it for you.")
            await self.db.matches.set_seat_human(live.id, seat.seat)
            seat.is_ai = False
            seat.consecutive_timeouts = 0
        return live
