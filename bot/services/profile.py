"""What /profile adds to the counts of games: per game the rating on this server and its trend,
the decks the player brings most, and their latest matches on this server (as /history shows them).

Ratings and matches are per server (a profile asked for in a DM shows neither); the favourite
decks count every match the player brought a deck to, on any server, as those are their decks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.db.history import HistoryStore
from bot.db.ratings import RatingStore
from bot.services.history import DeckNames, entry_line, favourite_decks, game_title
from bot.services.markdown import escape_markdown
from bot.services.ratings import PROVISIONAL_GAMES, TREND_GAMES, Skill, display, provisional
from bot.text import clip

if TYPE_CHECKING:
    from bot.db import Database

FIELD_LIMIT = 1024
"""Discord's limit for an embed field's value."""
RECENT = 5
"""Latest matches on a profile."""


@dataclass
class ProfileExtra:
    ratings: dict[str, str] = field(default_factory=dict)
    """Per game: the rating line ('Rating **1144** (provisional) · +144 over the last 3 games')."""
    fields: list[tuple[str, str]] = field(default_factory=list)
    """Further embed fields (name, value): favourite decks, recent matches."""


def _games(n: int) -> str:
    return "1 game" if n == 1 else f"{n} games"


async def profile_fields(db: Database, user_id: int, guild_id: int | None) -> ProfileExtra:
    extra = ProfileExtra()
    history = HistoryStore(db)
    if guild_id is not None:
        ratings = RatingStore(db)
        for game, row in (await ratings.player(guild_id, user_id)).items():
            now = display(Skill(row.mu, row.sigma))
            line = f"Rating on this server: **{now}**"
            if provisional(row.games):
                line += f" (provisional: {_games(row.games)} rated of {PROVISIONAL_GAMES})"
            latest = await ratings.latest_changes(guild_id, game, user_id, TREND_GAMES)
            if latest:
                first = latest[-1]
                change = now - display(Skill(first.mu_before, first.sigma_before))
                over = "the last game" if len(latest) == 1 else f"the last {len(latest)} games"
                line += f" · trend {change:+d} over {over}"
            extra.ratings[game] = line
    used = await history.decks_used(user_id, None)
    if used:
        names = await DeckNames.of(db, user_id, list(used))
        lines = []
        for game, decks in sorted(favourite_decks(used, names).items()):
            listed = ", ".join(f"{escape_markdown(d.name)} ({_games(d.games)})" for d in decks)
            lines.append(f"{game_title(game)}: {listed}")
        extra.fields.append(("Favourite decks", clip("\n".join(lines), FIELD_LIMIT)))
    if guild_id is not None:
        recent = await history.page(user_id, guild_id, None, RECENT)
        if recent:
            lines = [entry_line(e) for e in recent]
            while len("\n".join(lines)) > FIELD_LIMIT and len(lines) > 1:
                lines.pop()
            extra.fields.append(("Recent matches on this server", clip("\n".join(lines), FIELD_LIMIT)))
    return extra
