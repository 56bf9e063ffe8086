"""Matches of several games (best of 1, 3 or 5): the games, the score, the step between games.

A series is created instead of a single match when a duel, a challenge or a pod pairing is
played as best of 3 or 5. Each game is an ordinary match (its own log, board and clock) in the
same thread. When one ends (``MatchService.finish_listeners``) the series records it; if nobody
has the wins needed, players with a side deck get a panel to swap cards (``bot/surfaces/series.py``, its buttons
in ``bot/ui/series.py``)
until everyone is Ready or the deadline passes, and the next game starts with the loser of the
last one choosing who goes first (the game's ``SeriesRules.chooser_option``; a draw: the
engine's own toss). Everything is stored (``bot/db/series.py``), so ``restore()`` resumes a
series after a restart: between games (deadline re-armed, panels sent if they never went out)
or during a game (the match restores itself; a game that ended while the bot was down is
recorded then).

A ``/game end`` of one game ends the series without a result; a concession loses that game only.

The service is Discord-free (docs/architecture.md): it takes ids and returns what changed, and has
the series' thread and side-deck panels shown through ``SeriesNotices`` (``bot/surfaces/series.py``),
given at construction in ``bot/client.py`` with the stores and services it uses.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.db.series import SeriesRow, SeriesSeat, SeriesStore
from bot.services import side_swaps
from bot.services.clock import TAKEOVER_GRACE, now
from bot.services.deadlines import DeadlineQueue
from bot.services.shared import SERIES_SPACE, SharedLock, lock_in
from bot.text import clip
from engines.core import CardhostError, ConfigError
from engines.core.words import plural
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.db import Database
    from bot.services.matches import LiveMatch, MatchService

AI_LEVEL_KEY = "ai_level"
"""The AI seats' level among a series' stored options (not an engine option)."""

log = logging.getLogger(__name__)

SIDEBOARD_SECONDS = 180.0
"""How long the between-games step lasts; then the next game starts with the decks as they are."""


class SeriesError(CardhostError):
    pass


def score_text(names: Sequence[str], wins: Sequence[int]) -> str:
    """'alice leads 1-0', 'tied 1-1', or every seat's wins for more than two seats."""
    if len(wins) == 2:
        a, b = wins
        if a == b:
            return f"tied {a}-{b}"
        lead = 0 if a > b else 1
        return f"{names[lead]} leads {max(a, b)}-{min(a, b)}"
    return ", ".join(f"{n} {w}" for n, w in zip(names, wins, strict=True))


def game_title(series: SeriesRow, game_no: int) -> str:
    """'Game 2 of best of 3'; a game past ``best_of`` (drawn games replayed, Spirit Tactics S2)
    says why there is one: 'Game 4 of the best of 3 (a drawn game does not count)'."""
    if game_no <= series.best_of:
        return f"Game {game_no} of best of {series.best_of}"
    return f"Game {game_no} of the best of {series.best_of} (a drawn game does not count)"


def _names(series: SeriesRow) -> list[str]:
    return [s.name for s in series.seats]


def card_namer(game: str) -> Callable[[str], str]:
    """A card id's name in ``game`` (the id itself for a card the pool does not know)."""
    spec = game_spec(game)
    cards = spec.deck_pool().cards if spec.deck_pool else {}

    def name_of(cid: str) -> str:
        info = cards.get(cid)
        return info.name if info is not None else cid

    return name_of


def swappable(series: SeriesRow, seat: int) -> list[str]:
    """The seat's main-deck cards that may leave it (not those the game keeps in, S2)."""
    keeps = game_spec(series.game).series.keeps
    return [c for c in series.decks[seat]["main"] if keeps is None or not keeps(c)]


def panel_text(series: SeriesRow, seat: int, game_no: int, note: str = "", *, closed: bool = False) -> str:
    """The words of a seat's side-deck panel before game ``game_no``: the score, the deck and side
    deck sizes, what to do (or that the seat is ready), and ``note`` (what the last click did)."""
    deck = series.decks[seat]
    spec = game_spec(series.game)
    word = spec.deck_word
    keeps = spec.series.keeps
    kept = [c for c in deck["main"] if keeps is not None and keeps(c)]
    also = f" and {side_swaps.names(kept, card_namer(series.game))}" if kept else ""
    where = f"<#{series.thread_id}>" if series.thread_id else f"best of {series.best_of}"
    lines = [
        f"**{spec.title}** · {where} · **{game_title(series, game_no)}** "
        f"— {score_text(_names(series), series.wins)}.",
        f"Your {word}: **{len(deck['main']) - len(kept)}** cards{also} · side deck: **{len(deck['side'])}** cards.",
    ]
    if closed:
        pass
    elif seat in series.ready:
        lines.append("✅ You're ready. The next game starts when everyone is.")
    else:
        lines.append(
            f"Swap cards between your {word} and your side deck: choose a card to take out or to put "
            "in. When it cannot move on its own (a full side deck, a deck at its smallest or largest), "
            "choose the card to swap it with next: the two move together, checked as a whole. "
            "Click **Ready** when you're done"
            + (f"; the game starts <t:{int(series.deadline)}:R> anyway." if series.deadline else ".")
        )
    if note:
        lines.append(note)
    return clip("\n".join(lines))


def panel_open(series: SeriesRow, seat: int) -> bool:
    """Whether the seat's panel still has its selects and Ready (the step runs, not ready yet)."""
    return series.status == "sideboarding" and seat not in series.ready


class SeriesNotices(Protocol):
    """What the series has shown on Discord (``bot/surfaces/series.py``)."""

    async def say(
        self, series: SeriesRow, text: str, *, thread_id: int | None = None, ping: Iterable[int | None] = ()
    ) -> None:
        """A line in the series' thread (``thread_id``: another one); ``ping``: whom it calls."""

    async def show_panel(self, series: SeriesRow, seat: int, game_no: int) -> None:
        """The seat's side-deck panel as the series stands, in the player's DMs."""

    async def close_panels(self, series: SeriesRow, game_no: int, note: str) -> None:
        """The step's DM panels lose their buttons and say ``note``."""

    def clicked(self, series: SeriesRow, seat: int, message_id: int | None, fingerprint: Hashable) -> None:
        """A click edited the panel it is on (``message_id``) through its own interaction to
        content of ``fingerprint``: a DM panel's later writes build on it."""


class Reports(Protocol):
    """The match table (``bot.services.table``): shows what a new game's first moves did."""

    def after_report(self, report: Any) -> Awaitable[None]: ...


class Clocks(Protocol):
    def configure(self, match_id: int, turn_seconds: float, reserve_seconds: float) -> None: ...


@dataclass(frozen=True)
class Swapped:
    """What a click on a side-deck select did: the series as it is now, the seat, the panel's
    ``note``; with ``held`` cards (``held_dir`` "out" or "in"), the pick waits for its exchange
    and ``explain`` says why, to the player alone."""

    series: SeriesRow
    seat: int
    note: str
    held_dir: str = ""
    held: tuple[str, ...] = ()
    explain: str = ""


@dataclass(frozen=True)
class Readied:
    series: SeriesRow
    seat: int
    game_no: int
    everyone: bool


CanHold = Callable[[int, int, str, tuple[str, ...]], bool]
"""(series, game, direction, cards) -> whether the panel can hold those cards for an exchange
(its buttons carry them: ``bot.ui.series.can_hold``)."""


class SeriesService:
    def __init__(
        self,
        store: SeriesStore,
        db: Database,
        matches: MatchService,
        *,
        clocks: Clocks,
        table: Reports,
        reserve_seconds: Callable[[str], float],
        notices: SeriesNotices,
    ) -> None:
        self.store = store
        self.db = db
        self.matches = matches
        self.clocks = clocks
        self.table = table
        self.reserve_seconds = reserve_seconds
        """(game) -> the reserve each game of a series starts with (``Settings.turn_clock``)."""
        self.notices = notices
        self.finish_listeners: list[Callable[[SeriesRow], Awaitable[None]]] = []
        """Called once when a series is over (``status`` finished or aborted, ``winner`` the seat
        that won it or None), e.g. so a pod records the pairing's result."""
        self._locks: dict[int, SharedLock] = {}
        self._timers = DeadlineQueue("series-deadlines", now)
        """Between-games deadlines by series; the test Discord's virtual time alone ends its waits
        (``bot/services/deadlines.py``)."""
        self._tasks: set[asyncio.Task[Any]] = set()
        matches.finish_listeners.append(self.on_match_finished)

    def _lock(self, series_id: int) -> SharedLock:
        """The series' lock; with several processes also held in the database (a series is read
        anew from its rows under it, nothing of it is cached)."""
        return lock_in(self._locks, self.db, self.matches.shared, SERIES_SPACE, series_id)

    def _spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> None:
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)

        def done(t: asyncio.Task[Any]) -> None:
            self._tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                log.error("series task failed", exc_info=t.exception(), extra={"ctx": {"task": name}})

        task.add_done_callback(done)

    def cancel_all(self) -> None:
        """At shutdown: no timer of this process may fire into the next one's database."""
        self._timers.close()

    # ------------------------------------------------------------------ starting

    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[tuple[int | None, str, bool]],
        *,
        best_of: int = 1,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int | None,
        turn_seconds: float,
        sides: Sequence[Sequence[str]] | None = None,
        fmt: str | None = None,
        ai_level: str | None = None,
    ) -> LiveMatch:
        """The first game's match; with ``best_of`` > 1 also the series it opens. ``sides``: each
        seat's side deck (only for games whose rules have one); ``fmt``: the deck format swaps
        are checked against (default: the match's ``format`` option, else constructed)."""
        create = self.matches.create
        spec = game_spec(game)
        if spec.series.side_option and sides and spec.series.side_option not in options:
            options = {**options, spec.series.side_option: [list(side) for side in sides]}
        if best_of == 1:
            return await create(
                game,
                options,
                seats,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                ai_level=ai_level,
            )
        if best_of not in spec.series.best_of:
            allowed = ", ".join(str(n) for n in spec.series.best_of)
            raise ConfigError(f"{spec.title} can be played as best of {allowed}, not best of {best_of}.")
        deck_key, chooser_key = spec.deck_option, spec.series.chooser_option
        mains = options.get(deck_key) if deck_key else None
        decks = [
            {
                "main": list(mains[i]) if mains else [],
                "side": list(sides[i]) if sides and spec.series.sideboard else [],
            }
            for i in range(len(seats))
        ]
        side_key = spec.series.side_option
        rest = {k: v for k, v in options.items() if k not in (deck_key, chooser_key, side_key)}
        if ai_level:
            rest[AI_LEVEL_KEY] = ai_level  # kept with the series, taken out before each game's setup
        live = await create(
            game, options, seats, guild_id=guild_id, channel_id=channel_id, host_id=host_id, ai_level=ai_level
        )
        await self.store.create(
            game=game,
            best_of=best_of,
            fmt=fmt or str(options.get("format", "constructed")),
            seats=[SeriesSeat(u, n, ai) for u, n, ai in seats],
            options=rest,
            decks=decks,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            turn_seconds=turn_seconds,
            first_match_id=live.id,
        )
        return live

    async def on_launch(self, live: LiveMatch) -> None:
        """Game 1 opened its thread: say it is a series."""
        found = await self.store.of_match(live.id)
        if found is None:
            return
        series, game = found
        await self.notices.say(
            series,
            f"🏆 **Best of {series.best_of}**: the first to {series.needed} game wins takes the match. "
            f"**Game {game.game_no}** begins.",
            thread_id=live.thread_id,
        )

    async def status_line(self, match_id: int) -> str:
        """For ``/game status``: the series score, or '' for a single match."""
        found = await self.store.of_match(match_id)
        if found is None:
            return ""
        series, game = found
        score = score_text(_names(series), series.wins)
        if series.status == "finished":
            who = "a draw" if series.winner is None else f"won by {series.seats[series.winner].name}"
            return f"Best of {series.best_of}: over, {who} ({score})."
        if series.status == "aborted":
            return f"Best of {series.best_of}: ended without a result ({score})."
        if series.status == "sideboarding":
            return f"Best of {series.best_of}: between games, {score}; game {game.game_no + 1} is next."
        return f"Best of {series.best_of}: game {game.game_no}, {score}."

    # ------------------------------------------------------------------ a game ends

    async def on_match_finished(self, live: LiveMatch) -> None:
        # Runs while the match's lock is held: the work goes to a task.
        found = await self.store.of_match(live.id)
        if found is None or found[1].status != "playing":
            return
        series, game = found
        self._spawn(
            self._game_over(series.id, game.game_no, live.id, live.thread_id), f"series-{series.id}-game-over"
        )

    async def _game_over(self, series_id: int, game_no: int, match_id: int, thread_id: int | None) -> None:
        start_now = False
        async with self._lock(series_id):
            series = await self.store.get(series_id)
            if series is None or not series.is_open:
                return
            names = _names(series)
            match = await self.db.matches.get(match_id)
            if match.status == "aborted":
                if await self.store.record_game(
                    series_id,
                    game_no,
                    game_status="aborted",
                    game_winner=None,
                    wins=series.wins,
                    status="aborted",
                    thread_id=thread_id,
                ):
                    await self.notices.say(
                        series,
                        f"🛑 Game {game_no} was ended without a result, so the best of {series.best_of} "
                        f"ends here ({score_text(names, series.wins)}).",
                        thread_id=thread_id,
                    )
                    await self._notify(series_id)
                return
            ranking = (match.outcome or {}).get("ranking") or []
            first = ranking[0] if ranking else []
            winner = first[0] if len(first) == 1 else None
            loser = ranking[-1][0] if winner is not None and len(ranking[-1]) == 1 else None
            wins = list(series.wins)
            if winner is not None:
                wins[winner] += 1
            replayed = game_spec(series.game).series.draws_replayed
            result = (
                f"Game {game_no} goes to **{names[winner]}**"
                if winner is not None
                else f"Game {game_no} is a draw and does not count: another game is played"
                if replayed
                else f"Game {game_no} is a draw"
            )
            if max(wins) >= series.needed or (game_no >= series.best_of and not replayed):
                top = max(wins)
                leaders = [i for i, w in enumerate(wins) if w == top]
                champion = leaders[0] if len(leaders) == 1 else None
                if not await self.store.record_game(
                    series_id,
                    game_no,
                    game_status="won" if winner is not None else "draw",
                    game_winner=winner,
                    wins=wins,
                    status="finished",
                    winner=champion,
                    thread_id=thread_id,
                ):
                    return
                score = "-".join(str(w) for w in sorted(wins, reverse=True))
                end = (
                    f"🏆 **{names[champion]}** wins the best of {series.best_of}, {score}."
                    if champion is not None
                    else f"🤝 The best of {series.best_of} ends in a draw, {score}."
                )
                await self.notices.say(series, f"{result}. {end}", thread_id=thread_id)
                await self._notify(series_id)
                return
            ready = [i for i, s in enumerate(series.seats) if not s.human or not series.decks[i]["side"]]
            deadline = now() + SIDEBOARD_SECONDS
            if not await self.store.record_game(
                series_id,
                game_no,
                game_status="won" if winner is not None else "draw",
                game_winner=winner,
                wins=wins,
                status="sideboarding",
                chooser=loser,
                ready=ready,
                deadline=deadline,
                thread_id=thread_id,
            ):
                return
            series = await self.store.get(series_id)
            assert series is not None
            await self.notices.say(
                series,
                f"{result} ({score_text(names, wins)})."
                if winner is None and replayed
                else f"{result}: {score_text(names, wins)}.",
            )
            if len(ready) == len(series.seats):
                start_now = True
            else:
                waiting = [i for i in range(len(series.seats)) if i not in ready]
                who = " ".join(f"<@{series.seats[i].user_id}>" for i in waiting)
                await self.notices.say(
                    series,
                    f"🗂 {who}: you may swap cards with your side deck (the panel is in your DMs). "
                    f"Game {game_no + 1} starts when everyone is **Ready**, or <t:{int(deadline)}:R> "
                    "with the decks as they are.",
                    ping=[series.seats[i].user_id for i in waiting],
                )
                self._arm(series_id, deadline)
                for seat in waiting:
                    await self.notices.show_panel(series, seat, game_no + 1)
        if start_now:
            await self._start_next(series_id)

    async def _notify(self, series_id: int) -> None:
        self._cancel_timer(series_id)
        series = await self.store.get(series_id)
        assert series is not None
        for listener in list(self.finish_listeners):
            try:
                await listener(series)
            except Exception:
                log.exception("series finish listener failed", extra={"ctx": {"series": series_id}})

    # ------------------------------------------------------------------ the next game

    async def _next_game_no(self, series_id: int) -> int:
        return len(await self.store.games(series_id)) + 1

    async def _start_next(self, series_id: int, *, deadline: float | None = None, note: str = "") -> None:
        """The next game, unless it started already; ``deadline``: only if it is still the
        series' (a stale timer, or another process's, does nothing); ``note`` is said first."""
        async with self._lock(series_id):
            series = await self.store.get(series_id)
            if series is None or series.status != "sideboarding":
                return
            if deadline is not None and series.deadline != deadline:
                return
            if note:
                await self.notices.say(series, note)
            self._cancel_timer(series_id)
            game_no = await self._next_game_no(series_id)
            spec = game_spec(series.game)
            options = dict(series.options)
            ai_level = options.pop(AI_LEVEL_KEY, None)
            if spec.deck_option and any(d["main"] for d in series.decks):
                options[spec.deck_option] = [list(d["main"]) for d in series.decks]
            if spec.series.side_option:
                options[spec.series.side_option] = [list(d["side"]) for d in series.decks]
            if spec.series.chooser_option and series.chooser is not None:
                options[spec.series.chooser_option] = series.chooser
            live = await self.matches.create(
                series.game,
                options,
                [(s.user_id, s.name, s.is_ai) for s in series.seats],
                guild_id=series.guild_id,
                channel_id=series.channel_id,
                host_id=series.host_id,
                ai_level=ai_level,
            )
            if not await self.store.start_game(series_id, game_no, live.id):
                return
            live.thread_id = series.thread_id
            await self.db.matches.set_thread(live.id, series.thread_id)
            self.clocks.configure(live.id, series.turn_seconds, self.reserve_seconds(series.game))
            names = _names(series)
            first = (
                f"{names[series.chooser]} lost the last game and chooses who goes first."
                if series.chooser is not None
                else "The last game was a draw: a coin toss decides who chooses who goes first."
            )
            await self.notices.say(
                series,
                f"🎴 **{game_title(series, game_no)}** — {score_text(names, series.wins)}. {first}",
            )
            await self.notices.close_panels(series, game_no, f"Game {game_no} has started in the thread.")
        log.info(
            "series game started", extra={"ctx": {"series": series_id, "game": game_no, "match": live.id}}
        )
        report = await self.matches.run_ai_seats(live)
        report.turn_changed = report.new_turn = True
        await self.table.after_report(report)

    def _arm(self, series_id: int, deadline: float) -> None:
        async def fire() -> None:
            self._fire(series_id, deadline)

        self._timers.schedule(series_id, deadline, fire)

    def _cancel_timer(self, series_id: int) -> None:
        self._timers.cancel(series_id)

    def _fire(self, series_id: int, deadline: float) -> None:
        self._timers.cancel(series_id)
        self._spawn(self._deadline(series_id, deadline), f"series-{series_id}-deadline")

    async def _deadline(self, series_id: int, deadline: float) -> None:
        await self._start_next(
            series_id,
            deadline=deadline,
            note="⏰ Time's up between games: the next game starts with the decks as they are.",
        )

    async def take_over_overdue(self) -> int:
        """Start the next game of each series whose time between games ran out more than
        ``TAKEOVER_GRACE`` ago (the process that armed the timer is gone); ``_start_next`` checks
        under the series' lock, so the game starts once. Returns how many."""
        t = now()
        overdue = [
            s
            for s in await self.store.open_series()
            if s.status == "sideboarding"
            and s.deadline is not None
            and s.deadline < t - TAKEOVER_GRACE
            and not (s.id in self._locks and self._locks[s.id].locked())
        ]
        for series in overdue:
            assert series.deadline is not None
            self._cancel_timer(series.id)
            self._fire(series.id, series.deadline)
        return len(overdue)

    async def end_between_games(self, match_id: int, reason: str) -> bool:
        """``/game end`` after a game, before the next: the series ends without a result."""
        found = await self.store.of_match(match_id)
        if found is None or found[0].status != "sideboarding":
            return False
        series_id = found[0].id
        async with self._lock(series_id):
            if not await self.store.abort(series_id):
                return False
            series = await self.store.get(series_id)
            assert series is not None
            await self.notices.say(
                series,
                f"🛑 The best of {series.best_of} was ended ({reason}) without a result "
                f"({score_text(_names(series), series.wins)}).",
            )
            await self.notices.close_panels(
                series, await self._next_game_no(series_id), "The match was ended."
            )
            await self._notify(series_id)
        return True

    # ------------------------------------------------------------------ restart

    async def restore(self) -> int:
        """Resume every open series: re-arm between-games deadlines (one that passed fires at once),
        send panels that never went out, and record games that ended while the bot was down."""
        count = 0
        for series in await self.store.open_series():
            count += 1
            if series.status == "sideboarding":
                self._arm(series.id, series.deadline if series.deadline is not None else now())
                game_no = await self._next_game_no(series.id)
                for seat, s in enumerate(series.seats):
                    if s.human and seat not in series.ready and seat not in series.panels:
                        await self.notices.show_panel(series, seat, game_no)
                continue
            games = await self.store.games(series.id)
            last = games[-1]
            if last.status == "playing":
                match = await self.db.matches.get(last.match_id)
                if match.status != "active":
                    self._spawn(
                        self._game_over(series.id, last.game_no, last.match_id, match.thread_id),
                        f"series-{series.id}-game-over",
                    )
        return count

    # ------------------------------------------------------------------ clicks

    async def seat_in_step(self, user_id: int, series_id: int, game_no: int) -> tuple[SeriesRow, int]:
        """The series and the seat of ``user_id`` while the step before game ``game_no`` runs; a
        refusal in words otherwise (a panel of another step, or of someone else's series)."""
        series = await self.store.get(series_id)
        if series is None:
            raise SeriesError("This match no longer exists.")
        seat = series.seat_of(user_id)
        if seat is None:
            raise SeriesError("You're not playing in this match.")
        if series.status != "sideboarding" or await self._next_game_no(series_id) != game_no:
            raise SeriesError(
                f"The side-deck step before game {game_no} is over: this panel no longer works."
            )
        return series, seat

    async def swap(
        self,
        user_id: int,
        series_id: int,
        game_no: int,
        direction: str,
        values: list[str],
        held: Sequence[str] = (),
        *,
        can_hold: CanHold,
    ) -> Swapped:
        """Cards chosen in the ``direction`` select, swapped with the cards ``held`` from the other
        side (if any) and judged as a whole (B9). A pick that cannot move on its own is held
        instead, while the other side has cards to swap with it (and the panel can hold it)."""
        hold: tuple[str, ...] = ()
        async with self._lock(series_id):
            series, seat = await self.seat_in_step(user_id, series_id, game_no)
            if seat in series.ready:
                raise SeriesError("You're ready already: your deck is locked for the next game.")
            spec = game_spec(series.game)
            word = spec.deck_word
            main, side = series.decks[seat]["main"], series.decks[seat]["side"]
            swap = side_swaps.Swap.of(direction, values, held)
            if side_swaps.missing(swap, main, side):
                raise SeriesError("That card is no longer there: the panel shows your deck as it is now.")
            keeps = spec.series.keeps
            if keeps is not None and any(keeps(c) for c in swap.out):
                raise SeriesError(f"That card stays in your {word} for the whole match.")
            new_main, new_side = side_swaps.apply(swap, main, side)
            problem = side_swaps.problem(spec, series.format, new_main, new_side)
            other = side if direction == "out" else [c for c in main if keeps is None or not keeps(c)]
            if problem and not held and other and can_hold(series_id, game_no, direction, tuple(values)):
                hold = tuple(values)
            elif problem:
                raise SeriesError(f"That swap would make your {word} illegal: {problem}")
            else:
                await self.store.set_deck(series_id, seat, {"main": new_main, "side": new_side})
                fresh = await self.store.get(series_id)
                assert fresh is not None
                series = fresh
        name_of = card_namer(series.game)
        chosen = side_swaps.names(values, name_of)
        if hold:
            if direction == "out":
                alone = f"Taking {chosen} out on its own would make your {word} illegal: {problem}"
                ask = "Now choose what to put in from your side deck in exchange"
                note = f"Taking out **{chosen}**: choose what to put in from your side deck in exchange."
            else:
                alone = f"Putting {chosen} in on its own would make your {word} illegal: {problem}"
                ask = f"Now choose what to take out of your {word} in exchange"
                note = f"Putting in **{chosen}**: choose what to take out of your {word} in exchange."
            explain = f"{alone} {ask}: the two are swapped together and checked as a whole (or **Cancel the swap**)."
            return Swapped(series, seat, note, direction, hold, explain)
        if swap.out and swap.into:
            outs, ins = side_swaps.names(swap.out, name_of), side_swaps.names(swap.into, name_of)
            note = f"Swapped: {outs} out of your {word}, {ins} in."
        elif direction == "in":
            note = f"{plural(len(values), 'card')} put into your {word}."
        else:
            note = f"{plural(len(values), 'card')} moved to your side deck."
        return Swapped(series, seat, note)

    async def ready(self, user_id: int, series_id: int, game_no: int) -> Readied:
        """The seat of ``user_id`` is ready for game ``game_no`` (its deck locked); ``everyone``
        when it was the last. :meth:`after_ready` then moves the series on."""
        async with self._lock(series_id):
            _, seat = await self.seat_in_step(user_id, series_id, game_no)
            ready = await self.store.set_ready(series_id, seat)
            if ready is None:
                raise SeriesError("You're ready already: the next game starts when everyone is.")
            fresh = await self.store.get(series_id)
            assert fresh is not None
        return Readied(fresh, seat, game_no, len(ready) == len(fresh.seats))

    async def after_ready(self, readied: Readied) -> None:
        """The next game when everyone is ready, else a line in the thread saying who is."""
        if readied.everyone:
            await self._start_next(readied.series.id)
        else:
            series = readied.series
            await self.notices.say(
                series, f"✅ {series.seats[readied.seat].name} is ready for game {readied.game_no}."
            )
