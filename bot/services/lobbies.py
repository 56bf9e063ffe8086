"""Lobbies: seats to fill before a game, stored so they survive restarts (issue #33 item 5: no Discord here).

The service takes ids and returns what changed: a :class:`LobbyChange` (the lobby as stored now,
with its version, a counter of its changes) or, for Start, a :class:`Started` (the match, created
in the same transaction that claimed the lobby). What the lobby's message shows, and writing it
through the sender, is ``bot/surfaces/lobby.py``; reading the clicks is ``bot/cogs/play.py``.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from bot.ids import parse_row_id
from bot.services.seating import Seating, arrange, unbalanced
from engines.core import CardhostError, get_engine
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.db import Database
    from bot.db.lobbies import LobbyRow, LobbySeatRow
    from bot.services.codexes import Codex
    from bot.settings import Settings

log = logging.getLogger(__name__)


class LobbyError(CardhostError):
    pass


MAX_OPEN_LOBBIES = 3
"""Open lobbies one player may host at once: each holds a message, seats and a row, and a fourth
is more likely a script than a host."""

TABLE_KEYS = ("max_players", "turn_seconds", "codex", "best_of", "ai_level", "teams", "dealt")
"""Lobby options that stay with the table (seat count, clock, each player's deck and team, the
starter dealt to each seat nobody chose a deck for): the rest are the engine's rules options."""

OPS = ("join", "leave", "ai", "start", "cancel")
"""What a lobby button asks (besides ``t0``..``t5``, join a team, and ``deck``)."""


def seat_key(seat: LobbySeatRow) -> str:
    """A seat's key in the lobby's stored choices: its player's id, or an AI seat's name ("AI 1":
    AI seats are numbered as they are added and never removed, so the name stays theirs)."""
    return str(seat.user_id) if seat.user_id is not None else f"ai:{seat.display_name}"


def _team_choices(lobby: LobbyRow) -> list[int | None]:
    """The team each seat's player chose (None: an AI seat, or no choice yet), by position."""
    chosen: dict[str, int] = lobby.options.get("teams", {})
    return [chosen.get(str(s.user_id)) if s.user_id is not None else None for s in lobby.seats]


def seat_order(lobby: LobbyRow, seating: Seating) -> list[list[LobbySeatRow]]:
    """The lobby's seats per team as the match will seat them (the engine reads teams from the
    seat order: team after team)."""
    return [[lobby.seats[p] for p in team] for team in arrange(seating, _team_choices(lobby))]


def seat_decks(lobby: LobbyRow, seating: Seating, ordered: list[LobbySeatRow]) -> list[str]:
    """The deck label each seat brings, in match order: the player's choice, else the starter dealt
    to the seat when it was taken (``LobbyService`` deals them, so a seat's deck does not change
    when others join or choose: issue #34 item 12), else (a lobby stored before seats were dealt)
    a starter of the variant's kind nobody chose, seat after seat round them (so that a table of
    four Star Lords meets four different Star Lords when it can)."""
    from bot.services.codexes import default_seat_decks

    chosen: dict[str, str] = lobby.options.get("codex", {})
    dealt: dict[str, str] = lobby.options.get("dealt", {})
    mine = [
        (chosen.get(str(s.user_id)) if s.user_id is not None else None) or dealt.get(seat_key(s))
        for s in ordered
    ]
    every = default_seat_decks(seating, len(seating.starters()))
    free = [label for label in every if label not in mine] or every
    out: list[str] = []
    for label in mine:
        if label is None:
            label = free[sum(1 for x in out if x in free and x not in mine) % len(free)]
        out.append(label)
    return out


@dataclass(frozen=True)
class LobbyChange:
    """A lobby as stored after a change, and the change's version (the lobby's message shows the
    newest; an older one is never written after it)."""

    lobby: LobbyRow
    version: int
    newcomer: bool = False
    """A player took a seat they did not have (the DM greeting is for them)."""


@dataclass(frozen=True)
class Started:
    """Start claimed the lobby and created its match; the thread is opened by ``launch``."""

    change: LobbyChange
    live: Any
    turn_seconds: float
    note: str = ""


@dataclass(frozen=True)
class Duel:
    """A duel against the AI, created: the player's deck label and the AI's."""

    live: Any
    label: str
    ai_label: str


@dataclass(frozen=True)
class DeckMenu:
    """What "Choose my deck" offers a seated player: (value, label, description) per deck."""

    lobby: LobbyRow
    seating: Seating
    options: list[tuple[str, str, str]]
    current: str | None


class CreatesMatches(Protocol):
    """Where a lobby's match is created (``bot.services.series.SeriesService``: a single game or
    a series' first); typed here so that this module imports no service that holds the bot."""

    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[tuple[int | None, str, bool]],
        *,
        best_of: int = ...,
        guild_id: int | None,
        channel_id: int | None,
        host_id: int | None,
        turn_seconds: float,
        sides: Sequence[Sequence[str]] | None = ...,
        ai_level: str | None = ...,
    ) -> Any: ...


class EvictsMatches(Protocol):
    """Forgets a live match (``bot.services.matches.MatchService``), as after a failed start."""

    def evict(self, match_id: int) -> None: ...


SeatingFor = Callable[[str, Mapping[str, Any]], Seating | None]
"""``(game, options) -> Seating | None``: the lobby a variant needs (a game's ``TableSpec.seating``,
``bot.presenters.seating_for``, given at construction: the game tables sit above the services)."""

Launch = Callable[..., Awaitable[None]]
"""Opens a started match's thread under a message and deals the first board and hands
(``bot.surfaces.lobby.launch``, given at construction: it talks to Discord)."""


class LobbyService:
    """Lobbies by id: seats, teams, decks, the version of each lobby's changes, and the start."""

    def __init__(
        self,
        db: Database,
        series: CreatesMatches,
        matches: EvictsMatches,
        settings: Settings,
        launch: Launch,
        seating_for: SeatingFor,
    ) -> None:
        self.db = db
        self.series = series
        self.matches = matches
        self.settings = settings
        self._launch = launch
        self._seating_for = seating_for
        self._versions: dict[int, int] = {}
        self._counter = itertools.count(1)

    @property
    def store(self) -> Any:
        return self.db.lobbies

    def seating_of(self, lobby: LobbyRow) -> Seating | None:
        """The variant's seating when the lobby is one of a duel game's bigger tables (Afrika's Star
        Lords, Allied Kingdoms, Galactic Overlord); None for an ordinary lobby."""
        return self._seating_for(lobby.game, lobby.options)

    # ------------------------------------------------------------------ versions

    async def changed(self, lobby_id: int, *, newcomer: bool = False) -> LobbyChange:
        """The lobby after a change: a new version first, then the stored row, so the newest
        version always reads every change made before it (two joins at once: the later version
        shows both)."""
        version = self._versions[lobby_id] = next(self._counter)
        return LobbyChange(await self.store.get(lobby_id), version, newcomer)

    # ------------------------------------------------------------------ opening

    async def create(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        game: str,
        options: dict[str, Any],
    ) -> LobbyChange:
        """A lobby with its host seated; its message is recorded with :meth:`set_message`."""
        engine = get_engine(game)
        if await self.store.open_count(user_id) >= MAX_OPEN_LOBBIES:
            raise LobbyError(
                f"You already host {MAX_OPEN_LOBBIES} open lobbies: start or cancel one of them first."
            )
        lobby_id = await self.store.create(guild_id, channel_id, user_id, game, options)
        await self.store.add_seat(lobby_id, user_id, name)
        await self._settle(lobby_id)
        log.info("lobby created", extra={"ctx": {"lobby": lobby_id, "game": engine.name}})
        return await self.changed(lobby_id, newcomer=True)

    async def set_message(self, lobby_id: int, message_id: int) -> None:
        await self.store.set_message(lobby_id, message_id)

    async def challenge(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        game: str,
        deck: str | None,
        opponent_id: int,
        opponent_is_bot: bool,
        turn_seconds: float,
        options: dict[str, Any] | None = None,
        best_of: int = 1,
    ) -> LobbyChange:
        """A two-seat lobby: the host's Codex is checked now, the opponent joins with a starter Codex."""
        from bot.services.codexes import resolve_codex

        if opponent_id == user_id or opponent_is_bot:
            raise LobbyError("Challenge another player, or leave out the opponent to play the AI.")
        label = (await resolve_codex(self.db, user_id, game, deck)).label
        return await self.create(
            guild_id,
            channel_id,
            user_id,
            name,
            game,
            {
                **(options or {}),
                "max_players": 2,
                "turn_seconds": turn_seconds,
                "codex": {str(user_id): label},
                **({"best_of": best_of} if best_of > 1 else {}),
            },
        )

    async def duel(
        self,
        guild_id: int | None,
        channel_id: int | None,
        user_id: int,
        name: str,
        game: str,
        deck: str | None,
        turn_seconds: float,
        options: dict[str, Any] | None = None,
        best_of: int = 1,
        ai_level: str | None = None,
    ) -> Duel:
        """A duel against the AI, created at once: the player's deck against a starter deck."""
        from bot.services.codexes import ai_codex, resolve_codex

        mine = await resolve_codex(self.db, user_id, game, deck)
        theirs = ai_codex(game, mine.label)
        deck_option = game_spec(game).deck_option or "decks"
        live = await self.series.create(
            game,
            {**(options or {}), deck_option: [mine.cards, theirs.cards]},
            [(user_id, name, False), (None, "AI", True)],
            best_of=best_of,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=user_id,
            turn_seconds=turn_seconds,
            sides=[mine.side, theirs.side],
            ai_level=ai_level,
        )
        return Duel(live, mine.label, theirs.label)

    async def launch(
        self, live: Any, message: Any, turn_seconds: float, note: str = "", *, greeted: bool = False
    ) -> None:
        """Open the match's thread under ``message`` and deal the first board and hands (the
        launcher given at construction; pods start their matches through it too)."""
        await self._launch(live, message, turn_seconds, note, greeted=greeted)

    # ------------------------------------------------------------------ the buttons

    async def act(
        self, lobby_id: int, user_id: int, name: str, op: str, *, moderator: bool = False
    ) -> LobbyChange | Started:
        """A lobby button (``join``, ``leave``, ``ai``, ``start``, ``cancel``, ``t<n>``) by the
        user; refusals are raised as errors whose text is for the clicker."""
        from bot.db.errors import LobbyClosed

        lobby = await self.store.get(lobby_id)
        if not lobby.is_open:
            raise LobbyClosed(lobby_id, lobby.status)
        engine = get_engine(lobby.game)
        seating = self.seating_of(lobby)
        default_max = seating.max_players if seating is not None else engine.max_players
        max_seats = int(lobby.options.get("max_players", default_max))
        is_host = user_id == lobby.host_id
        if op.startswith("t"):
            new = await self._join_team(lobby, seating, int(op[1:]), user_id, name, max_seats)
            await self._settle(lobby_id)
            return await self.changed(lobby_id, newcomer=new)
        if op == "join":
            await self.store.add_seat(lobby_id, user_id, name, max_seats=max_seats)
            await self._settle(lobby_id)
            return await self.changed(lobby_id, newcomer=True)
        if op == "leave":
            if is_host:
                raise LobbyError("You're the host: use Cancel to close the lobby.")
            if not await self.store.remove_seat(lobby_id, user_id=user_id):
                raise LobbyError("You're not in this lobby.")
            await self._forget_choices(lobby, user_id)
        elif op == "ai":
            if not is_host:
                raise LobbyError("Only the host can add AI players.")
            ai_count = sum(1 for s in lobby.seats if s.is_ai)
            await self.store.add_seat(lobby_id, None, f"AI {ai_count + 1}", is_ai=True, max_seats=max_seats)
            await self._settle(lobby_id)
        elif op == "cancel":
            if not (is_host or moderator):
                raise LobbyError("Only the host or a moderator can cancel this lobby.")
            await self.store.set_status(lobby_id, "cancelled")
        elif op == "start":
            if not is_host:
                raise LobbyError("Only the host can start the game.")
            if seating is not None:
                return await self._start_variant(lobby, seating)
            if len(lobby.seats) < engine.min_players:
                raise LobbyError(
                    f"{engine.title} needs at least {engine.min_players} players: "
                    "wait for someone to join, or add an AI."
                )
            return await self._start(lobby)
        else:
            raise LobbyError("This lobby has no such button: use the buttons of its newest message.")
        return await self.changed(lobby_id)

    # ------------------------------------------------------------------ a variant's teams and decks

    async def _join_team(
        self, lobby: LobbyRow, seating: Seating | None, team: int, user_id: int, name: str, max_seats: int
    ) -> bool:
        """Seat the user in team ``team``, or move them there when seated; True when they were not
        seated before (the DM greeting is for newcomers)."""
        if seating is None or not 0 <= team < len(seating.teams):
            raise LobbyError("This lobby has no such team: use the buttons of its newest message.")
        team_name = seating.teams[team].name
        chosen: dict[str, int] = dict(lobby.options.get("teams", {}))
        mine = str(user_id)
        if lobby.seat_of(user_id) is not None and chosen.get(mine) == team:
            raise LobbyError(f"You're already in this lobby, with {team_name}.")
        others = sum(1 for uid, t in chosen.items() if t == team and uid != mine)
        if others >= seating.max_team(team, max_seats):
            raise LobbyError(f"{team_name[:1].upper()}{team_name[1:]} is full: join another team.")
        new = lobby.seat_of(user_id) is None
        if new:
            await self.store.add_seat(lobby.id, user_id, name, max_seats=max_seats)
        chosen[mine] = team
        await self.store.update_options(lobby.id, {"teams": chosen})
        return new

    async def _settle(self, lobby_id: int) -> None:
        """What the lobby shows a newly taken seat is kept (issue #34 item 12): a person seated
        without choosing a team (the host, at first) is placed at once in the team with the most
        room and stays there (players who join later no longer push them into another); and every seat nobody chose a
        deck for is dealt the starter it shows now, which no later join or choice changes. AI
        seats keep no team: they fill the rooms the people leave, at Start."""
        lobby = await self.store.get(lobby_id)
        seating = self.seating_of(lobby)
        if seating is None:
            return
        changes: dict[str, Any] = {}
        if seating.teams:
            chosen: dict[str, int] = dict(lobby.options.get("teams", {}))
            caps = seating.capacities(int(lobby.options.get("max_players", seating.max_players)))
            for seat in lobby.seats:
                if seat.user_id is not None and str(seat.user_id) not in chosen:
                    # the team with the most room at the full table (the first on a tie)
                    room = [cap - sum(1 for t in chosen.values() if t == i) for i, cap in enumerate(caps)]
                    chosen[str(seat.user_id)] = max(range(len(caps)), key=lambda i: (room[i], -i))
            if chosen != lobby.options.get("teams", {}):
                changes["teams"] = chosen
        dealt: dict[str, str] = dict(lobby.options.get("dealt", {}))
        picked: dict[str, str] = lobby.options.get("codex", {})
        shown_decks = seat_decks(lobby, seating, list(lobby.seats))
        for seat, label in zip(lobby.seats, shown_decks, strict=True):
            key = seat_key(seat)
            if key not in dealt and (seat.user_id is None or str(seat.user_id) not in picked):
                dealt[key] = label
        if dealt != lobby.options.get("dealt", {}):
            changes["dealt"] = dealt
        if changes:
            await self.store.update_options(lobby_id, changes)

    async def _forget_choices(self, lobby: LobbyRow, user_id: int) -> None:
        """A player who left takes their team and deck choices along."""
        key = str(user_id)
        changes = {
            name: {k: v for k, v in lobby.options[name].items() if k != key}
            for name in ("teams", "codex", "dealt")
            if isinstance(lobby.options.get(name), dict) and key in lobby.options[name]
        }
        if changes and self.seating_of(lobby) is not None:
            await self.store.update_options(lobby.id, changes)

    async def deck_menu(self, lobby_id: int, user_id: int) -> DeckMenu:
        """The "Choose my deck" menu's choices: the variant's starters and the player's saved decks."""
        from bot.db.errors import LobbyClosed
        from bot.services.codexes import STARTER_PREFIX

        lobby = await self.store.get(lobby_id)
        if not lobby.is_open:
            raise LobbyClosed(lobby_id, lobby.status)
        seating = self.seating_of(lobby)
        if seating is None:
            raise LobbyError(f"This lobby's decks are chosen with /play {lobby.game} deck:, not here.")
        if lobby.seat_of(user_id) is None:
            raise LobbyError("Join the lobby first, then choose the deck you bring.")
        options = [
            (f"s:{label}", f"{STARTER_PREFIX}{label}", f"a {seating.title} starter")
            for label in seating.starters()
        ]
        for row in await self.db.decks.list(user_id, lobby.game):
            options.append((f"d:{row.id}", row.name, f"your deck: {row.format}, {row.card_count} cards"))
        return DeckMenu(lobby, seating, options, lobby.options.get("codex", {}).get(str(user_id)))

    async def choose_deck(self, lobby_id: int, user_id: int, value: str) -> tuple[str, LobbyChange]:
        """A deck chosen in the menu: kept when it is legal for the variant, else refused in a
        sentence (the seat keeps the deck it had). Returns its label and the lobby's change."""
        from bot.db.errors import LobbyClosed
        from bot.services.codexes import seat_starter, stored_seat_codex

        lobby = await self.store.get(lobby_id)
        if not lobby.is_open:
            raise LobbyClosed(lobby_id, lobby.status)
        seating = self.seating_of(lobby)
        if seating is None or lobby.seat_of(user_id) is None:
            raise LobbyError("Join the lobby first, then choose the deck you bring.")
        kind, _, rest = value.partition(":")
        if kind == "s" and (found := seat_starter(seating, rest)) is not None:
            label = found.label
        elif kind == "d" and (deck_id := parse_row_id(rest)) is not None:
            stored = await self.db.decks.get(user_id, deck_id)
            if stored.row.game != lobby.game:
                raise LobbyError(f"Your deck {stored.row.name!r} is for another game: choose another.")
            label = stored_seat_codex(seating, stored).label
        else:
            raise LobbyError("I don't know that deck: choose one from the menu.")
        chosen = dict(lobby.options.get("codex", {}))
        chosen[str(user_id)] = label
        await self.store.update_options(lobby_id, {"codex": chosen})
        return label, await self.changed(lobby_id)

    # ------------------------------------------------------------------ starting

    async def _start_variant(self, lobby: LobbyRow, seating: Seating) -> Started:
        """Start a variant's table: its seats team after team, each with its deck checked again
        (a saved deck may have changed since it was chosen), refused in a sentence when a team is
        short or a deck can't be played (the lobby stays open, nothing lost)."""
        from bot.services.codexes import seat_codex

        if len(lobby.seats) < seating.min_players:
            raise LobbyError(
                f"{seating.title} needs at least {seating.min_players} players: "
                "wait for someone to join, or add an AI."
            )
        teams = seat_order(lobby, seating)
        if seating.teams:
            problem = unbalanced(seating, [[s.position for s in t] for t in teams])
            if problem:
                raise LobbyError(problem)
        ordered = [s for team in teams for s in team]
        codexes: list[Codex] = []
        for seat, label in zip(ordered, seat_decks(lobby, seating, ordered), strict=True):
            whose = f"{seat.display_name}'s"
            try:
                codexes.append(
                    await seat_codex(self.db, seat.user_id or 0, lobby.game, seating, label, whose)
                )
            except CardhostError as exc:
                raise LobbyError(f"{exc} They can choose another with **Choose my deck**.") from exc
        options = {k: v for k, v in lobby.options.items() if k not in TABLE_KEYS}
        options.update(seating.options)
        options[game_spec(lobby.game).deck_option or "decks"] = [c.cards for c in codexes]
        if seating.leader_option:
            options[seating.leader_option] = [c.leader for c in codexes]
        seats = [(s.user_id, s.display_name, s.is_ai) for s in ordered]
        note = ""
        if seating.teams:
            note = " · ".join(
                f"{team.name[:1].upper()}{team.name[1:]}: {' & '.join(s.display_name for s in members)}"
                for team, members in zip(seating.teams, teams, strict=True)
            )
        return await self._open_match(lobby, options, seats, None, f"{seating.title}. {note}".strip())

    async def _start(self, lobby: LobbyRow) -> Started:
        options = {k: v for k, v in lobby.options.items() if k not in TABLE_KEYS}
        seats = [(s.user_id, s.display_name, s.is_ai) for s in lobby.seats]
        deck_option = game_spec(lobby.game).deck_option
        sides = None
        if "codex" in lobby.options and deck_option:
            codexes = await self._lobby_codexes(lobby)
            options[deck_option] = [c.cards for c in codexes]
            sides = [c.side for c in codexes]
        return await self._open_match(lobby, options, seats, sides)

    async def _open_match(
        self,
        lobby: LobbyRow,
        options: dict[str, Any],
        seats: list[tuple[int | None, str, bool]],
        sides: list[list[str]] | None,
        note: str = "",
    ) -> Started:
        turn_seconds = float(lobby.options.get("turn_seconds", self.settings.turn_clock(lobby.game)[0]))
        live = None
        try:
            # Claiming the lobby and creating its match are one transaction: when a second Start or
            # a Cancel got there first, set_status raises LobbyClosed and the match is rolled back
            # (and forgotten below), instead of staying active with no thread.
            async with self.db.transaction():
                live = await self.series.create(
                    lobby.game,
                    options,
                    seats,
                    best_of=int(lobby.options.get("best_of", 1)),
                    guild_id=lobby.guild_id,
                    channel_id=lobby.channel_id,
                    host_id=lobby.host_id,
                    turn_seconds=turn_seconds,
                    sides=sides,
                    ai_level=lobby.options.get("ai_level"),
                )
                await self.store.set_status(lobby.id, "started", live.id)
        except BaseException:
            if live is not None:
                self.matches.evict(live.id)
            raise
        return Started(await self.changed(lobby.id), live, turn_seconds, note)

    async def _lobby_codexes(self, lobby: LobbyRow) -> list[Codex]:
        from bot.services.codexes import ai_codex, resolve_codex

        chosen: dict[str, str] = lobby.options.get("codex", {})
        codexes: list[Codex] = []
        for seat in lobby.seats:
            name = chosen.get(str(seat.user_id)) if seat.user_id is not None else None
            if name is None:
                codexes.append(ai_codex(lobby.game, codexes[0].label if codexes else ""))
            else:
                codexes.append(await resolve_codex(self.db, seat.user_id or 0, lobby.game, name))
        return codexes
