"""Lobbies: a message with Join / Leave / Add AI / Start / Cancel, stored so it survives restarts."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.utils import escape_markdown

from bot.db.errors import AlreadySeated, LobbyClosed, LobbyFull
from bot.ids import parse_row_id
from bot.mentions import pinging
from bot.presenters import table_spec
from bot.presenters.seating import Seating, arrange, unbalanced
from bot.services.dms import greet_by_dm
from bot.text import ai_seat, player_count
from bot.ui.components import lobby_deck_view, lobby_view
from engines.core import CardhostError, get_engine
from engines.games import game_spec

if TYPE_CHECKING:
    from bot.client import CardhostBot
    from bot.db.lobbies import LobbyRow, LobbySeatRow
    from bot.services.codexes import Codex

log = logging.getLogger(__name__)

DM_HELP = (
    "I couldn't send you a direct message. Your hand is private, so I send it by DM: open the server's "
    "menu → **Privacy Settings** → turn on **Direct Messages**, then I can DM you. Until then, use the "
    "**Show my hand** button in the game thread: only you will see it."
)


class LobbyError(CardhostError):
    pass


MAX_OPEN_LOBBIES = 3
"""Open lobbies one player may host at once: each holds a message, seats and a row, and a fourth
is more likely a script than a host."""


def _is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_messages or perms.manage_guild))


TABLE_KEYS = ("max_players", "turn_seconds", "codex", "best_of", "ai_level", "teams")
"""Lobby options that stay with the table (seat count, clock, each player's deck and team): the
rest are the engine's rules options."""


def seating_of(lobby: LobbyRow) -> Seating | None:
    """The variant's seating when the lobby is one of a duel game's bigger tables (Afrika's Star
    Lords, Allied Kingdoms, Galactic Overlord); None for an ordinary lobby."""
    table = table_spec(lobby.game)
    return table.seating(lobby.options) if table.seating is not None else None


def _team_choices(lobby: LobbyRow) -> list[int | None]:
    """The team each seat's player chose (None: an AI seat, or no choice yet), by position."""
    chosen: dict[str, int] = lobby.options.get("teams", {})
    return [chosen.get(str(s.user_id)) if s.user_id is not None else None for s in lobby.seats]


def seat_order(lobby: LobbyRow, seating: Seating) -> list[list[LobbySeatRow]]:
    """The lobby's seats per team as the match will seat them (the engine reads teams from the
    seat order: team after team)."""
    return [[lobby.seats[p] for p in team] for team in arrange(seating, _team_choices(lobby))]


def seat_decks(lobby: LobbyRow, seating: Seating, ordered: list[LobbySeatRow]) -> list[str]:
    """The deck label each seat brings, in match order: the player's choice, else a starter of the
    variant's kind nobody chose, seat after seat round them (so that a table of four Star Lords
    meets four different Star Lords when it can)."""
    from bot.services.codexes import default_seat_decks

    chosen: dict[str, str] = lobby.options.get("codex", {})
    mine = [chosen.get(str(s.user_id)) if s.user_id is not None else None for s in ordered]
    every = default_seat_decks(seating, len(seating.starters()))
    free = [label for label in every if label not in mine] or every
    out: list[str] = []
    for label in mine:
        if label is None:
            label = free[sum(1 for x in out if x in free and x not in mine) % len(free)]
        out.append(label)
    return out


def deck_lines(lobby: LobbyRow) -> list[str]:
    """Who brings which deck, in words ("<@id> brings Starter: Savanna Wilds"), the players who
    chose first in seat order: the table option ``codex`` (user id -> deck label) of every game
    played with decks, read out instead of shown as the stored dict. A mention in an embed names
    the player as the server shows them and never pings; a deck's name is the player's own text,
    so its markdown is escaped."""
    chosen = lobby.options.get("codex")
    if not isinstance(chosen, dict):
        return []
    seated = [str(s.user_id) for s in lobby.seats if s.user_id is not None]
    order = [k for k in seated if k in chosen] + [k for k in chosen if k not in seated]
    return [f"<@{k}> brings {escape_markdown(str(chosen[k]))}" for k in order if k.isascii() and k.isdigit()]


def greeting(live: Any, turn_seconds: float, reserve_seconds: int, note: str = "") -> str:
    """The words a game starts with: who sits where, where the hand comes, the clock; ``note``: a
    line on the table (a variant and its teams). Written on the message the game's thread opens
    under (the reply to /play, or the lobby message), through the interaction that started it,
    so the thread's first global-bound message is the board (issue #33 item 2)."""
    players = ", ".join(ai_seat(s.name) if s.is_ai else f"<@{s.user_id}>" for s in live.seats)
    return (
        f"🎴 **{live.engine.title}** #{live.id} begins! Players in seat order: {players}.\n"
        + (f"{note}\n" if note else "")
        + "Your hand comes by DM; if DMs are closed, click **Show my hand** on the board. "
        f"Turn clock: {int(turn_seconds)} s per turn plus a {reserve_seconds} s reserve."
    )


class LobbyService:
    def __init__(self, bot: CardhostBot) -> None:
        self.bot = bot

    @property
    def store(self) -> Any:
        return self.bot.db.lobbies

    def embed(self, lobby: LobbyRow) -> discord.Embed:
        seating = seating_of(lobby)
        if seating is not None:
            return self._variant_embed(lobby, seating)
        engine = get_engine(lobby.game)
        max_seats = int(lobby.options.get("max_players", engine.max_players))
        status = {"open": "Open", "started": "Started", "cancelled": "Cancelled"}[lobby.status]
        embed = discord.Embed(
            title=f"{engine.title} — lobby #{lobby.id}",
            description=f"Host: <@{lobby.host_id}> · {status} · {len(lobby.seats)}/{max_seats} seats",
            colour=discord.Colour.blurple() if lobby.is_open else discord.Colour.dark_grey(),
        )
        seats = [
            f"{s.position + 1}. {ai_seat(s.display_name) if s.is_ai else s.display_name}{' ★' if s.user_id == lobby.host_id else ''}"
            for s in lobby.seats
        ]
        embed.add_field(name="Players", value="\n".join(seats) or "nobody yet", inline=False)
        opts = deck_lines(lobby) + [
            f"{k.replace('_', ' ')}: {v}"
            for k, v in sorted(lobby.options.items())
            if k not in ("max_players", "codex")
        ]
        if opts:
            embed.add_field(name="Options", value="\n".join(opts), inline=False)
        if lobby.is_open:
            embed.set_footer(text=f"{player_count(engine.min_players, max_seats)}. The host starts the game.")
        elif lobby.match_id:
            embed.set_footer(text=f"Game #{lobby.match_id} is on: see its thread.")
        return embed

    def _variant_embed(self, lobby: LobbyRow, seating: Seating) -> discord.Embed:
        """A variant's lobby: the variant, each team (or the players of a free-for-all) in the order
        the match will seat them, and the deck each seat brings."""
        engine = get_engine(lobby.game)
        max_seats = int(lobby.options.get("max_players", seating.max_players))
        status = {"open": "Open", "started": "Started", "cancelled": "Cancelled"}[lobby.status]
        embed = discord.Embed(
            title=f"{engine.title}: {seating.title} — lobby #{lobby.id}",
            description=f"Host: <@{lobby.host_id}> · {status} · {len(lobby.seats)}/{max_seats} seats",
            colour=discord.Colour.blurple() if lobby.is_open else discord.Colour.dark_grey(),
        )
        teams = seat_order(lobby, seating)
        ordered = [s for team in teams for s in team]
        decks = iter(seat_decks(lobby, seating, ordered))
        n = 0
        titles = [t.name for t in seating.teams] or ["Players"]
        for title, members in zip(titles, teams, strict=True):
            lines = []
            for s in members:
                n += 1
                who = ai_seat(s.display_name) if s.is_ai else s.display_name
                host = " ★" if s.user_id == lobby.host_id else ""
                lines.append(f"{n}. {who}{host} · {next(decks)}")
            embed.add_field(
                name=title[:1].upper() + title[1:], value="\n".join(lines) or "nobody yet", inline=False
            )
        opts = [
            f"{k.replace('_', ' ')}: {'yes' if v is True else 'no' if v is False else v}"
            for k, v in sorted(lobby.options.items())
            if k not in (*TABLE_KEYS, "variant")
        ]
        if opts:
            embed.add_field(name="Options", value="\n".join(opts), inline=False)
        if lobby.is_open:
            teams_note = (
                " AI seats and players who chose no team are placed at Start." if seating.teams else ""
            )
            embed.set_footer(
                text=f"{player_count(seating.min_players, max_seats)}. Each seat brings a starter "
                f"unless its player chooses another with Choose my deck.{teams_note} "
                "The host starts the game."
            )
        elif lobby.match_id:
            embed.set_footer(text=f"Game #{lobby.match_id} is on: see its thread.")
        return embed

    def view(self, lobby: LobbyRow) -> discord.ui.View:
        seating = seating_of(lobby)
        if seating is None:
            return lobby_view(lobby.id)
        return lobby_view(lobby.id, [t.join for t in seating.teams], decks=True)

    async def create(self, interaction: discord.Interaction, game: str, options: dict[str, Any]) -> None:
        engine = get_engine(game)
        assert interaction.channel_id is not None
        if await self.store.open_count(interaction.user.id) >= MAX_OPEN_LOBBIES:
            raise LobbyError(
                f"You already host {MAX_OPEN_LOBBIES} open lobbies: start or cancel one of them first."
            )
        lobby_id = await self.store.create(
            interaction.guild_id, interaction.channel_id, interaction.user.id, game, options
        )
        await self.store.add_seat(lobby_id, interaction.user.id, interaction.user.display_name)
        lobby = await self.store.get(lobby_id)
        await interaction.response.send_message(embed=self.embed(lobby), view=self.view(lobby))
        msg = await interaction.original_response()
        await self.store.set_message(lobby_id, msg.id)
        log.info("lobby created", extra={"ctx": {"lobby": lobby_id, "game": engine.name}})
        await self._check_dm(interaction)

    async def _check_dm(self, interaction: discord.Interaction) -> bool:
        return await greet_by_dm(
            interaction, "You're in a cardhost lobby. When the game starts I'll send your hand here.", DM_HELP
        )

    async def on_button(self, interaction: discord.Interaction, lobby_id: int, op: str) -> None:
        if op == "deck":
            await self.deck_menu(interaction, lobby_id)
            return
        await interaction.response.defer()
        try:
            lobby = await self.store.get(lobby_id)
            if not lobby.is_open:
                raise LobbyClosed(lobby_id, lobby.status)
            engine = get_engine(lobby.game)
            seating = seating_of(lobby)
            default_max = seating.max_players if seating is not None else engine.max_players
            max_seats = int(lobby.options.get("max_players", default_max))
            user = interaction.user
            is_host = user.id == lobby.host_id
            if op.startswith("t"):
                if await self._join_team(lobby, seating, int(op[1:]), user, max_seats):
                    await self._check_dm(interaction)
                await self._refresh(interaction, lobby_id)
                return
            if op == "join":
                await self.store.add_seat(lobby_id, user.id, user.display_name, max_seats=max_seats)
                await self._refresh(interaction, lobby_id)
                await self._check_dm(interaction)
                return
            if op == "leave":
                if is_host:
                    raise LobbyError("You're the host: use Cancel to close the lobby.")
                if not await self.store.remove_seat(lobby_id, user_id=user.id):
                    raise LobbyError("You're not in this lobby.")
                await self._forget_choices(lobby, user.id)
            elif op == "ai":
                if not is_host:
                    raise LobbyError("Only the host can add AI players.")
                ai_count = sum(1 for s in lobby.seats if s.is_ai)
                await self.store.add_seat(
                    lobby_id, None, f"AI {ai_count + 1}", is_ai=True, max_seats=max_seats
                )
            elif op == "cancel":
                if not (is_host or _is_moderator(interaction)):
                    raise LobbyError("Only the host or a moderator can cancel this lobby.")
                await self.store.set_status(lobby_id, "cancelled")
            elif op == "start":
                if not is_host:
                    raise LobbyError("Only the host can start the game.")
                if seating is not None:
                    await self.start_variant(interaction, lobby, seating)
                    return
                if len(lobby.seats) < engine.min_players:
                    raise LobbyError(
                        f"{engine.title} needs at least {engine.min_players} players: "
                        "wait for someone to join, or add an AI."
                    )
                await self.start(interaction, lobby)
                return
            await self._refresh(interaction, lobby_id)
        except (AlreadySeated, LobbyFull, LobbyClosed, CardhostError) as exc:
            await interaction.followup.send(str(exc), ephemeral=True)

    async def _refresh(self, interaction: discord.Interaction, lobby_id: int) -> None:
        lobby = await self.store.get(lobby_id)
        await interaction.edit_original_response(
            embed=self.embed(lobby), view=self.view(lobby) if lobby.is_open else None
        )

    # ------------------------------------------------------------------ a variant's teams and decks

    async def _join_team(
        self, lobby: LobbyRow, seating: Seating | None, team: int, user: Any, max_seats: int
    ) -> bool:
        """Seat ``user`` in team ``team``, or move them there when seated; True when they were not
        seated before (the DM greeting is for newcomers)."""
        if seating is None or not 0 <= team < len(seating.teams):
            raise LobbyError("This lobby has no such team: use the buttons of its newest message.")
        name = seating.teams[team].name
        chosen: dict[str, int] = dict(lobby.options.get("teams", {}))
        mine = str(user.id)
        if lobby.seat_of(user.id) is not None and chosen.get(mine) == team:
            raise LobbyError(f"You're already in this lobby, with {name}.")
        others = sum(1 for uid, t in chosen.items() if t == team and uid != mine)
        if others >= seating.max_team(team, max_seats):
            raise LobbyError(f"{name[:1].upper()}{name[1:]} is full: join another team.")
        new = lobby.seat_of(user.id) is None
        if new:
            await self.store.add_seat(lobby.id, user.id, user.display_name, max_seats=max_seats)
        chosen[mine] = team
        await self.store.update_options(lobby.id, {"teams": chosen})
        return new

    async def _forget_choices(self, lobby: LobbyRow, user_id: int) -> None:
        """A player who left takes their team and deck choices along."""
        key = str(user_id)
        changes = {
            name: {k: v for k, v in lobby.options[name].items() if k != key}
            for name in ("teams", "codex")
            if isinstance(lobby.options.get(name), dict) and key in lobby.options[name]
        }
        if changes and seating_of(lobby) is not None:
            await self.store.update_options(lobby.id, changes)

    async def deck_menu(self, interaction: discord.Interaction, lobby_id: int) -> None:
        """The "Choose my deck" menu: the variant's starters and the player's saved decks, to them alone."""
        from bot.services.codexes import STARTER_PREFIX

        await interaction.response.defer(ephemeral=True, thinking=True)
        lobby = await self.store.get(lobby_id)
        if not lobby.is_open:
            raise LobbyClosed(lobby_id, lobby.status)
        seating = seating_of(lobby)
        if seating is None:
            raise LobbyError("This lobby's decks are chosen with /play deck:, not here.")
        if lobby.seat_of(interaction.user.id) is None:
            raise LobbyError("Join the lobby first, then choose the deck you bring.")
        options = [
            (f"s:{label}", f"{STARTER_PREFIX}{label}", f"a {seating.title} starter")
            for label in seating.starters()
        ]
        for row in await self.bot.db.decks.list(interaction.user.id, lobby.game):
            options.append((f"d:{row.id}", row.name, f"your deck: {row.format}, {row.card_count} cards"))
        current = lobby.options.get("codex", {}).get(str(interaction.user.id))
        now = f"You bring **{current}**." if current else "You bring a starter unless you choose."
        more = " (the first 25 are listed)" if len(options) > 25 else ""
        await interaction.followup.send(
            f"Lobby #{lobby.id}, {seating.title}: choose your deck{more}. {now} "
            f"{seating.title} is played with a {seating.format_title}.",
            view=lobby_deck_view(lobby.id, options),
            ephemeral=True,
        )

    async def on_deck(self, interaction: discord.Interaction, lobby_id: int, value: str) -> None:
        """A deck chosen in the menu: kept when it is legal for the variant, else refused in a
        sentence (the seat keeps the deck it had)."""
        from bot.services.codexes import seat_starter, stored_seat_codex

        await interaction.response.defer()
        lobby = await self.store.get(lobby_id)
        if not lobby.is_open:
            raise LobbyClosed(lobby_id, lobby.status)
        seating = seating_of(lobby)
        user_id = interaction.user.id
        if seating is None or lobby.seat_of(user_id) is None:
            raise LobbyError("Join the lobby first, then choose the deck you bring.")
        kind, _, rest = value.partition(":")
        if kind == "s" and (found := seat_starter(seating, rest)) is not None:
            label = found.label
        elif kind == "d" and (deck_id := parse_row_id(rest)) is not None:
            stored = await self.bot.db.decks.get(user_id, deck_id)
            if stored.row.game != lobby.game:
                raise LobbyError(f"Your deck {stored.row.name!r} is for another game: choose another.")
            label = stored_seat_codex(seating, stored).label
        else:
            raise LobbyError("I don't know that deck: choose one from the menu.")
        chosen = dict(lobby.options.get("codex", {}))
        chosen[str(user_id)] = label
        await self.store.update_options(lobby_id, {"codex": chosen})
        await interaction.followup.send(f"You bring **{label}** to lobby #{lobby_id}.", ephemeral=True)
        await self._refresh_message(lobby_id)

    async def _refresh_message(self, lobby_id: int) -> None:
        """The lobby's own message, after a change made from another message (the deck menu)."""
        lobby = await self.store.get(lobby_id)
        if lobby.message_id is None:
            return
        channel = self.bot.get_partial_messageable(lobby.channel_id)
        await channel.get_partial_message(lobby.message_id).edit(
            embed=self.embed(lobby), view=self.view(lobby) if lobby.is_open else None
        )

    async def start_variant(
        self, interaction: discord.Interaction, lobby: LobbyRow, seating: Seating
    ) -> None:
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
                    await seat_codex(self.bot, seat.user_id or 0, lobby.game, seating, label, whose)
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
        await self._open_match(interaction, lobby, options, seats, None, f"{seating.title}. {note}".strip())

    # ------------------------------------------------------------------ starting

    async def start(self, interaction: discord.Interaction, lobby: LobbyRow) -> None:
        options = {k: v for k, v in lobby.options.items() if k not in TABLE_KEYS}
        seats = [(s.user_id, s.display_name, s.is_ai) for s in lobby.seats]
        deck_option = game_spec(lobby.game).deck_option
        sides = None
        if "codex" in lobby.options and deck_option:
            codexes = await self._lobby_codexes(lobby)
            options[deck_option] = [c.cards for c in codexes]
            sides = [c.side for c in codexes]
        await self._open_match(interaction, lobby, options, seats, sides)

    async def _open_match(
        self,
        interaction: discord.Interaction,
        lobby: LobbyRow,
        options: dict[str, Any],
        seats: list[tuple[int | None, str, bool]],
        sides: list[list[str]] | None,
        note: str = "",
    ) -> None:
        turn_seconds = float(lobby.options.get("turn_seconds", self.bot.settings.turn_seconds))
        live = None
        try:
            # Claiming the lobby and creating its match are one transaction: when a second Start or
            # a Cancel got there first, set_status raises LobbyClosed and the match is rolled back
            # (and forgotten below), instead of staying active with no thread.
            async with self.bot.db.transaction():
                live = await self.bot.series.create(
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
                self.bot.matches.evict(live.id)
            raise
        lobby = await self.store.get(lobby.id)
        # The greeting rides on the lobby message the Start click edits (through the interaction,
        # not global-bound): the thread opens under it and shows it at its top.
        await interaction.edit_original_response(
            content=greeting(live, turn_seconds, self.bot.settings.reserve_seconds, note),
            embed=self.embed(lobby),
            view=None,
        )
        message = await interaction.original_response()
        await self.launch(live, message, turn_seconds, greeted=True)

    async def _lobby_codexes(self, lobby: LobbyRow) -> list[Codex]:
        from bot.services.codexes import ai_codex, resolve_codex

        chosen: dict[str, str] = lobby.options.get("codex", {})
        codexes: list[Codex] = []
        for seat in lobby.seats:
            name = chosen.get(str(seat.user_id)) if seat.user_id is not None else None
            if name is None:
                codexes.append(ai_codex(lobby.game, codexes[0].label if codexes else ""))
            else:
                codexes.append(await resolve_codex(self.bot, seat.user_id or 0, lobby.game, name))
        return codexes

    async def start_duel(
        self,
        interaction: discord.Interaction,
        game: str,
        deck: str | None,
        turn_seconds: float,
        options: dict[str, Any] | None = None,
        best_of: int = 1,
        ai_level: str | None = None,
    ) -> None:
        """A duel against the AI, started at once: the player's deck against a starter deck."""
        from bot.services.codexes import ai_codex, resolve_codex

        user = interaction.user
        await interaction.response.defer(thinking=True)
        mine = await resolve_codex(self.bot, user.id, game, deck)
        theirs = ai_codex(game, mine.label)
        label, ai_label = mine.label, theirs.label
        deck_option = game_spec(game).deck_option or "decks"
        live = await self.bot.series.create(
            game,
            {**(options or {}), deck_option: [mine.cards, theirs.cards]},
            [(user.id, user.display_name, False), (None, "AI", True)],
            best_of=best_of,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host_id=user.id,
            turn_seconds=turn_seconds,
            sides=[mine.side, theirs.side],
            ai_level=ai_level,
        )
        level = f", {ai_level}" if ai_level and ai_level != "normal" else ""
        message = await interaction.followup.send(
            f"⚔️ **{live.engine.title}**: {user.mention} ({label}) vs the AI ({ai_label}{level}). "
            "The game thread is below.\n" + greeting(live, turn_seconds, self.bot.settings.reserve_seconds),
            wait=True,
            allowed_mentions=pinging([user.id]),
        )
        await self.launch(live, message, turn_seconds, greeted=True)

    async def challenge(
        self,
        interaction: discord.Interaction,
        game: str,
        deck: str | None,
        opponent: discord.abc.User,
        turn_seconds: float,
        options: dict[str, Any] | None = None,
        best_of: int = 1,
    ) -> None:
        """A two-seat lobby: the host's Codex is checked now, the opponent joins with a starter Codex."""
        from bot.services.codexes import resolve_codex

        if opponent.id == interaction.user.id or opponent.bot:
            raise LobbyError("Challenge another player, or leave out the opponent to play the AI.")
        label = (await resolve_codex(self.bot, interaction.user.id, game, deck)).label
        await self.create(
            interaction,
            game,
            {
                **(options or {}),
                "max_players": 2,
                "turn_seconds": turn_seconds,
                "codex": {str(interaction.user.id): label},
                **({"best_of": best_of} if best_of > 1 else {}),
            },
        )
        await interaction.followup.send(
            f"{opponent.mention}, {interaction.user.mention} challenges you to {get_engine(game).title}: click **Join**.",
            allowed_mentions=pinging([opponent.id, interaction.user.id]),
        )

    async def launch(
        self,
        live: Any,
        message: discord.Message,
        turn_seconds: float,
        note: str = "",
        *,
        greeted: bool = False,
    ) -> None:
        """Open the thread under ``message``, greet the players and deal the first board and hands.
        ``greeted``: ``message`` carries the greeting already (written through the interaction that
        started the game, and shown at the thread's top), so the thread gets no message of its own
        for it; else it is posted in the thread, with ``note`` (a pod's match)."""
        bot = self.bot
        channel = self.bot.get_channel(message.channel.id) or await self.bot.fetch_channel(message.channel.id)
        if not isinstance(channel, discord.TextChannel):
            raise CardhostError("A game's thread opens under its lobby: start games in a text channel.")
        thread = await channel.create_thread(
            name=f"{live.engine.title} #{live.id}"[:100], message=message, auto_archive_duration=1440
        )
        live.thread_id = thread.id
        await bot.db.matches.set_thread(live.id, thread.id)
        bot.clocks.configure(live.id, turn_seconds, float(bot.settings.reserve_seconds))
        if not greeted:
            await thread.send(
                greeting(live, turn_seconds, bot.settings.reserve_seconds, note),
                allowed_mentions=pinging(s.user_id for s in live.seats if not s.is_ai),
            )
        log.info("match started", extra={"ctx": {"match": live.id, "game": live.game}})
        await bot.series.on_launch(live)
        report = await bot.matches.run_ai_seats(live)
        report.turn_changed = report.new_turn = True
        await bot.table.after_report(report)
