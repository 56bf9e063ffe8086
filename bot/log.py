"""Structured logging: one line per event, ``key=value`` pairs after the message.

Loggers receive context through ``extra={"ctx": {...}}``; the formatter appends it, so a line such
as ``ERROR cardhost.errors interaction failed shard=- match=12 command=play user=42`` is greppable.

Two fields are stamped on every line by ``ContextFilter`` without the caller passing them:
``shard`` (the shard ids this process runs, ``-`` when it is not sharded: with several processes
on one database, which one wrote the line) and ``match`` (the match being handled, when one is).
The match comes from a ``contextvars`` context set where a match's click, clock or AI turn is
handled (``log_context(match=...)``, or the ``match_logged`` decorator on those entry points), so
the repositories, the renderers and discord.py's own lines under them carry it too, and tasks
started from there inherit it. ``CARDHOST_LOG_FORMAT=json`` writes the same fields as one JSON
object per line instead, for a log collector.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from datetime import UTC, datetime
from types import MappingProxyType, TracebackType
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_NOTHING: Mapping[str, Any] = MappingProxyType({})
_CONTEXT: contextvars.ContextVar[Mapping[str, Any]] = contextvars.ContextVar(
    "cardhost_log_context", default=_NOTHING
)
_SHARDS = "-"


def set_shards(ids: Iterable[int] | None) -> None:
    """The shard ids this process runs (None or empty: not sharded), stamped on every line."""
    global _SHARDS
    shards = sorted(set(ids or ()))
    if not shards:
        _SHARDS = "-"
    elif shards == list(range(shards[0], shards[-1] + 1)) and len(shards) > 2:
        _SHARDS = f"{shards[0]}-{shards[-1]}"
    else:
        _SHARDS = ",".join(str(s) for s in shards)


def shard_ids_of(client: Any) -> list[int] | None:
    """A discord.py client's shards: ``shard_ids`` (AutoShardedClient), else ``shard_id``."""
    ids = getattr(client, "shard_ids", None)
    if ids:
        return sorted(int(i) for i in ids)
    one = getattr(client, "shard_id", None)
    return None if one is None else [int(one)]


def current_context() -> dict[str, Any]:
    """The fields the next log line gets from the context (``shard`` included)."""
    return {"shard": _SHARDS, **_CONTEXT.get()}


class log_context:
    """Add fields to every log line inside the block (``with`` or ``async with``); a field given
    as None is removed (e.g. a background task that must not carry the match that started it)."""

    __slots__ = ("_fields", "_token")

    def __init__(self, **fields: Any) -> None:
        self._fields = fields
        self._token: contextvars.Token[Mapping[str, Any]] | None = None

    def __enter__(self) -> log_context:
        merged = {**_CONTEXT.get(), **self._fields}
        self._token = _CONTEXT.set({k: v for k, v in merged.items() if v is not None})
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._token is not None:
            _CONTEXT.reset(self._token)
            self._token = None

    async def __aenter__(self) -> log_context:
        return self.__enter__()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.__exit__(exc_type, exc, tb)


def _match_getter(fn: Callable[..., Any]) -> Callable[[tuple[Any, ...], dict[str, Any]], Any]:
    """How to find the match id among ``fn``'s arguments: ``match_id``, ``live.id`` or
    ``report.match.id`` (the names the services use), by position or by keyword."""
    names = list(inspect.signature(fn).parameters)
    for name, path in (("match_id", ()), ("live", ("id",)), ("report", ("match", "id"))):
        if name in names:
            return functools.partial(_find_match, names.index(name), name, path)
    raise TypeError(f"{fn.__qualname__} has no match_id, live or report argument to log")


def _find_match(
    index: int, name: str, path: tuple[str, ...], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Any:
    value = args[index] if index < len(args) else kwargs.get(name)
    for attr in path:
        value = getattr(value, attr, None)
    return value


def match_logged(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Run the coroutine method with ``match=<its match id>`` on every log line under it."""
    getter = _match_getter(fn)

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        match = getter(args, kwargs)
        current = _CONTEXT.get()
        if match is None or current.get("match") == match:  # e.g. the click's handler, then submit
            return await fn(*args, **kwargs)
        token = _CONTEXT.set({**current, "match": match})
        try:
            return await fn(*args, **kwargs)
        finally:
            _CONTEXT.reset(token)

    return wrapper


class ContextFilter(logging.Filter):
    """Stamps each record with ``shard`` and the context's fields (``match``...), as
    ``record.shard`` and ``record.log_context``; installed on the handler, so every logger's
    lines (discord.py's too) get them."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.shard = _SHARDS
        record.log_context = _CONTEXT.get()
        return True


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    """shard, the context's fields, then the line's own ``ctx`` (which wins on a clash)."""
    fields: dict[str, Any] = {}
    if hasattr(record, "shard"):
        fields["shard"] = record.shard
    fields.update(getattr(record, "log_context", None) or {})
    fields.update(getattr(record, "ctx", None) or {})
    return fields


class KeyValueFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        base = super().format(record)
        ctx = _fields(record)
        if ctx:
            pairs = " ".join(
                f"{k}={v!r}" if isinstance(v, str) and " " in v else f"{k}={v}" for k, v in ctx.items()
            )
            head, sep, tail = base.partition("\n")
            return f"{head} {pairs}{sep}{tail}"
        return base


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (ISO 8601, UTC), level, logger, message, the fields, and the
    traceback."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in _fields(record).items():
            entry.setdefault(key, value)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def setup_logging(level: str = "INFO", fmt: str = "text") -> None:
    """Every line to stderr, ``key=value`` text or (``fmt="json"``) JSON, with shard and match."""
    handler = logging.StreamHandler()
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(KeyValueFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("discord").setLevel(max(logging.getLevelName(level), logging.INFO))
