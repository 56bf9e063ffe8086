"""Settings from the environment and ``.env``, validated once at start-up.

A missing or malformed value stops the bot with one readable line per problem instead of a
traceback deep inside discord.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

if TYPE_CHECKING:
    from bot.db.url import DatabaseUrl


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(default=None, alias="DISCORD_TOKEN")
    db_path: Path = Field(default=Path("cardhost.sqlite3"), alias="CARDHOST_DB")
    database_url: str | None = Field(default=None, alias="CARDHOST_DATABASE_URL")
    """``sqlite:///path`` or ``postgresql://user:password@host/db``; unset = the CARDHOST_DB file."""
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    log_format: Literal["text", "json"] = Field(default="text", alias="CARDHOST_LOG_FORMAT")
    """``text``: ``key=value`` lines; ``json``: one JSON object per line (bot/log.py)."""
    health_port: int | None = Field(default=None, ge=0, le=65_535, alias="CARDHOST_HEALTH_PORT")
    """Serve ``GET /healthz`` on 127.0.0.1 at this port (bot/health.py); None (empty) = off, 0 = any."""
    turn_seconds: int = Field(default=90, ge=10, le=86_400, alias="CARDHOST_TURN_SECONDS")
    reserve_seconds: int = Field(default=180, ge=0, le=86_400, alias="CARDHOST_RESERVE_SECONDS")
    warn_seconds: int = Field(default=20, ge=0, le=3_600, alias="CARDHOST_WARN_SECONDS")
    response_seconds: int = Field(default=30, ge=5, le=3_600, alias="CARDHOST_RESPONSE_SECONDS")
    ai_hard_seconds: float = Field(default=3.0, ge=0.05, le=30.0, alias="CARDHOST_AI_HARD_SECONDS")
    """A cap on a ``hard`` AI seat's thinking per move; it normally stops sooner, at its game's
    rounds (``GameSpec.search.rounds``, about a second's worth): the cap is for a busy machine."""
    snapshot_every: int = Field(default=50, ge=1, le=10_000, alias="CARDHOST_SNAPSHOT_EVERY")
    render_workers: int | None = Field(default=None, ge=0, le=64, alias="CARDHOST_RENDER_WORKERS")
    """Processes drawing board and hand images; None (empty) = the core count, 0 = threads."""
    live_matches: int = Field(default=4096, ge=16, le=1_000_000, alias="CARDHOST_LIVE_MATCHES")
    """Matches kept in memory at once; past it the idlest reload from the database on their next move."""
    full_gc_every: int = Field(default=100, ge=1, le=100_000, alias="CARDHOST_FULL_GC_EVERY")
    """A full garbage collection at most every N middle-generation ones (CPython: 10); see gcpolicy."""
    shards: str | None = Field(default=None, alias="CARDHOST_SHARDS")
    """The shards this process runs, as ``0-3`` or ``0,2,5`` (needs CARDHOST_SHARD_COUNT); unset =
    all of them. A process running some of them shares a PostgreSQL database with the others."""
    shard_count: int | None = Field(default=None, ge=1, le=65_536, alias="CARDHOST_SHARD_COUNT")
    """How many shards the bot has in all; unset = one unsharded connection."""
    clock_poll_seconds: float = Field(default=10.0, ge=0.5, le=3_600, alias="CARDHOST_CLOCK_POLL_SECONDS")
    """With several processes: how often each looks for a clock another process left to run out."""
    discord_global_rate: float = Field(default=45.0, gt=0, le=10_000, alias="CARDHOST_DISCORD_GLOBAL_RATE")
    """Requests per second the whole bot token may spend, all processes together (Discord allows
    50; interaction callbacks and followups are not counted). The sender (bot/sender) paces to it."""
    discord_rate_share: float = Field(default=1.0, gt=0, le=1.0, alias="CARDHOST_DISCORD_RATE_SHARE")
    """This process's fraction of CARDHOST_DISCORD_GLOBAL_RATE (e.g. 0.25 for one of four processes)."""
    discord_channel_writes: int = Field(default=5, ge=1, le=1_000, alias="CARDHOST_DISCORD_CHANNEL_WRITES")
    """Message writes per 5 seconds per channel (a game thread, a player's DM) the sender allows itself."""
    discord_api_base: str | None = Field(default=None, alias="CARDHOST_DISCORD_API_BASE")
    """An HTTP rate-limit proxy in front of Discord (nirn-proxy, twilight-http-proxy), as its base URL
    ``http://127.0.0.1:8080/api/v10``: discord.py's REST calls go there instead of Discord's own
    ``https://discord.com/api/v10``, so processes sharing the token share the proxy's one budget.
    Unset = straight to Discord. Applied by ``bot.client`` before the bot logs in."""
    sandbox_port: int = Field(default=8765, ge=0, le=65_535, alias="CARDHOST_SANDBOX_PORT")
    sandbox_users: str = Field(default="alice,bob,carol,dave", alias="CARDHOST_SANDBOX_USERS")

    @field_validator("discord_token", mode="before")
    @classmethod
    def _blank_token_is_none(cls, v: object) -> object:
        if isinstance(v, str) and not v.strip():
            return None
        return v

    @field_validator("dev_guild_id", "render_workers", "health_port", "shards", "shard_count", mode="before")
    @classmethod
    def _blank_guild_is_none(cls, v: object) -> object:
        if isinstance(v, str) and not v.strip():
            return None
        return v

    @field_validator("discord_api_base")
    @classmethod
    def _api_base_url(cls, v: str | None) -> str | None:
        return api_base(v) if v is not None else None

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, v: str | None) -> str | None:
        if v is None or not v.strip():
            return None
        from bot.db.url import DatabaseUrl

        DatabaseUrl.parse(v)  # BadDatabaseUrl (a ValueError) becomes one readable settings line
        return v.strip()

    @field_validator("shards")
    @classmethod
    def _shard_list(cls, v: str | None) -> str | None:
        if v is not None:
            parse_shards(v)
        return v

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = self.shard_ids
        if ids is not None:
            if self.shard_count is None:
                raise ValueError("CARDHOST_SHARDS needs CARDHOST_SHARD_COUNT, the number of shards in all")
            if max(ids) >= self.shard_count:
                raise ValueError(
                    f"shard {max(ids)} does not exist: with CARDHOST_SHARD_COUNT={self.shard_count} "
                    f"the shards are 0-{self.shard_count - 1}"
                )
            if self.shares_database and self.database.backend != "postgresql":
                raise ValueError(
                    "a process running some of the shards shares its database with the others: "
                    "set CARDHOST_DATABASE_URL=postgresql://... (SQLite serves one process)"
                )
        return self

    @field_validator("log_format", mode="before")
    @classmethod
    def _format_any_case(cls, v: object) -> object:
        return (v.strip().lower() or "text") if isinstance(v, str) else v

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, v: str) -> str:
        level = v.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return level

    @property
    def database(self) -> DatabaseUrl:
        """Where the data lives: CARDHOST_DATABASE_URL when set, else the CARDHOST_DB file."""
        from bot.db.url import DatabaseUrl

        if self.database_url:
            return DatabaseUrl.parse(self.database_url)
        return DatabaseUrl.sqlite(self.db_path)

    @property
    def shard_ids(self) -> list[int] | None:
        """The shards this process runs; None: all of them (or no sharding)."""
        return parse_shards(self.shards) if self.shards else None

    @property
    def shares_database(self) -> bool:
        """Other processes run the other shards on the same database (docs/deploy.md)."""
        ids = self.shard_ids
        return ids is not None and self.shard_count is not None and len(ids) < self.shard_count

    def turn_clock(self, game: str) -> tuple[float, float]:
        """(seconds per turn, reserve seconds) a match of ``game`` starts with: the game's declared
        clock (``GameSpec.clock``: a Spirit Tactics turn is longer than an Alchemy one), except
        where the server sets ``CARDHOST_TURN_SECONDS`` or ``CARDHOST_RESERVE_SECONDS``, which
        then hold for every game. ``/play turn_seconds:`` still sets one match's turn."""
        from engines.games import game_spec

        declared = game_spec(game).clock
        chosen = self.model_fields_set
        turn = self.turn_seconds if "turn_seconds" in chosen else declared.turn_seconds
        reserve = self.reserve_seconds if "reserve_seconds" in chosen else declared.reserve_seconds
        return float(turn), float(reserve)

    @property
    def sandbox_user_names(self) -> list[str]:
        names = [n.strip() for n in self.sandbox_users.split(",") if n.strip()]
        return names or ["alice", "bob", "carol"]


def parse_shards(text: str) -> list[int]:
    """``0-3``, ``0,2,5`` or ``0-3,8`` -> the sorted shard ids; ValueError in words otherwise."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"{part!r} is not a shard or a range of shards (write 0-3 or 0,2,5)")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"the range {part!r} runs backwards (write {last}-{first})")
        ids.update(range(first, last + 1))
    return sorted(ids)


API_VERSION = 10
"""The version of Discord's REST API that discord.py 2 speaks (its ``Route.BASE``)."""


def api_base(text: str) -> str | None:
    """A rate-limit proxy's base URL, checked: ``http(s)://host[:port][/prefix]/api/v10`` (a
    trailing slash is dropped: discord.py appends ``/channels/...`` to it); blank = None. A URL of
    another shape or API version is a ValueError in words, so the bot stops at start-up instead
    of sending every request to a path the proxy does not serve."""
    text = text.strip().rstrip("/")
    if not text:
        return None
    url = urlsplit(text)
    try:
        url.port  # noqa: B018 (urlsplit checks the port only when asked)
    except ValueError:
        raise ValueError(f"{url.netloc!r} does not end in a port number from 0 to 65535") from None
    version = re.fullmatch(r"(?:/[^/?#]+)*/api/v(\d+)", url.path)
    if url.scheme not in ("http", "https") or not url.hostname or url.query or url.fragment or not version:
        raise ValueError(
            f"must be the proxy's http:// or https:// URL ending in /api/v{API_VERSION}, "
            f"e.g. http://127.0.0.1:8080/api/v{API_VERSION}"
        )
    if int(version[1]) != API_VERSION:
        raise ValueError(
            f"discord.py speaks version {API_VERSION} of Discord's API: "
            f"end the URL in /api/v{API_VERSION}, not /api/v{version[1]}"
        )
    return text


class SettingsError(Exception):
    pass


def load_settings(**overrides: Any) -> Settings:
    # Any: pydantic validates and converts each value (a CLI or test may pass "30" for a number).
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            name = ".".join(str(x) for x in err["loc"]) or "settings"
            # a URL's password; a check of several settings gets them all (the token too) as input
            secret = name == "CARDHOST_DATABASE_URL" or not err["loc"]
            got = "" if secret else f" (got {err.get('input')!r})"
            lines.append(f"  {name}: {err['msg']}{got}")
        raise SettingsError("cardhost cannot start, fix these settings:\n" + "\n".join(lines)) from None
