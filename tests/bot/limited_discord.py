"""A Discord that says no: simcord with Discord's rate limits, faults and a request recorder.

simcord answers every REST call at once and never refuses one; real Discord allows a bot token
about 50 requests a second in all (its shards and processes together; interaction callbacks and
interaction-token webhooks are not counted) and about 5 message writes per 5 seconds per
channel, answers over-limit calls with a 429, and now and then with a 5xx or not at all (issue
#33 item 3). This module puts that Discord between the bot and simcord's backend:

* **recorder**: every REST request (each attempt discord.py makes) as a :class:`Request`:
  method, route template (``"PATCH /channels/{channel_id}/messages/{message_id}"``), channel
  id, whether it counts against the global limit, the virtual time (simcord's clock, which is
  what the bot's ``loop.time()`` reads) and the status it got;
* **limits**: the global limit per token (a sliding window of one second) and per-route
  buckets (a fixed window, as Discord's are): message writes (POST/PATCH/DELETE of
  ``/channels/{id}/messages[/{id}]``) share one bucket per channel, ``channel_writes`` per
  ``channel_window`` seconds; every other bot route has a generous ``route_limit`` per second.
  An over-limit call gets Discord's 429: the JSON body ``{"message", "retry_after", "global"}``
  and the headers ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket/Scope`` (``Scope:
  global`` and ``X-RateLimit-Global`` for the global one) and ``Retry-After``; every accepted
  call carries the bucket headers too, as Discord's do;
* **faults**: 5xx answers, timeouts (``aiohttp.ServerTimeoutError``, an ``asyncio.TimeoutError``,
  raised where aiohttp raises it, before or after the request took effect) and latency, at
  chosen rates from a seeded random.

The bot meets all of it as in production because discord.py's own code handles it: simcord
replaces ``HTTPClient.request`` (and the webhook adapter interactions answer through) with a
direct call into its backend, so here the real ``discord.http.HTTPClient.request`` (and
``AsyncWebhookAdapter.request``) run again, against a fake aiohttp session that answers from
the backend. Their bucket bookkeeping, the pre-emptive wait when a bucket's ``Remaining`` is 0,
the global lock, sleeping ``retry_after`` and retrying (5 tries), ``discord.RateLimited`` past a
``max_ratelimit_timeout``, the 500/502/504 backoff and ``DiscordServerError`` /
``HTTPException`` on the last try are discord.py's, not a copy. Their sleeps are timers of the
bot, so they follow simcord's virtual clock (``env.advance_time`` jumps them; a settle waits
for short ones in real time, then moves the clock).

Time is virtual: the bot's waits (discord.py's sleeps and bucket waits) are parked by a settle
and pass when the test advances simcord's clock (``env.advance_time``: the players' think time).

Use the ``limited_discord`` fixture (Discord's documented limits, no faults) and
``limited_discord.configure(global_rate=..., channel_writes=..., server_errors=0.1, ...)``;
outside pytest (the bench), ``with limit(env, Limits(...)) as discord_: ...``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import json as _json
import math
import random
import weakref
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter
from multidict import CIMultiDict, CIMultiDictProxy
from simcord import _dpy_internals, _settlement
from simcord import env as _simcord_env
from simcord.backend.errors import BackendError
from simcord.http import FakeHTTPClient, FakeWebhookAdapter, router
from simcord.http.client import _path_of

# --------------------------------------------------------------------------------------------
# what is asked of the Discord


@dataclass(frozen=True)
class Limits:
    """The limits and faults of the Discord; ``None`` turns a limit off."""

    global_rate: float | None = 50.0
    """Requests per second one token may make, all its bots together (interaction callbacks
    and interaction-token webhooks excluded). Below 1, one request per ``1/global_rate`` s."""
    channel_writes: int | None = 5
    """Message writes (create, edit, delete) per channel per ``channel_window`` seconds."""
    channel_window: float = 5.0
    route_limit: int | None = 50
    """Every other bot route: requests per second per route and top-level resource."""
    server_errors: float = 0.0
    """Fraction of requests answered with a 5xx (one of ``server_error_statuses``)."""
    server_error_statuses: tuple[int, ...] = (500, 502, 503, 504)
    timeouts: float = 0.0
    """Fraction of requests that time out (aiohttp's ``ServerTimeoutError``)."""
    timeouts_applied: float = 0.5
    """Of those, the fraction that reached Discord and took effect before the answer was lost."""
    timeout_after: float = 0.0
    """Seconds (virtual) a timed-out request hangs before aiohttp gives up."""
    latency: float | tuple[float, float] = 0.0
    """Seconds (virtual) each request travels: a constant or a uniform range."""
    faults_on_interactions: bool = False
    """Inject faults and latency into interaction callbacks and followups as well."""
    seed: int = 0
    record_only: bool = False
    """Only record (the bench): simcord answers as ever, no limits, no faults, no latency."""


GLOBAL_WINDOW = 1.0
"""Discord's global limit is requests per second."""
_VIA = "1.1 google"
"""Discord's answers come through Google's front end; discord.py takes a 429 without ``Via``
for a Cloudflare ban and does not retry it."""


@dataclass(frozen=True)
class Request:
    """One request that reached (or was on its way to) Discord: one attempt of a discord.py call."""

    method: str
    route: str
    """Method and path template, e.g. ``"POST /channels/{channel_id}/messages"``."""
    path: str
    channel_id: int | None
    global_bound: bool
    """Counts against the token's global limit (not an interaction callback or followup)."""
    at: float
    """simcord's virtual clock (the bot's ``loop.time()``) when it arrived."""
    status: int
    """The HTTP status answered; 0 when the answer never came (a timeout)."""
    fault: str | None = None
    """``"5xx"``, ``"timeout"`` or ``"timeout-applied"`` when a fault was injected."""
    attempt: int = 1
    call: int = 0
    """Which discord.py call this attempt belongs to (retries share it)."""


# --------------------------------------------------------------------------------------------
# the limits


@dataclass
class _Window:
    """A fixed-window bucket, as Discord's per-route buckets are."""

    limit: int
    length: float
    started: float = -1e18
    used: int = 0

    def roll(self, now: float) -> None:
        if now >= self.started + self.length:
            self.started, self.used = now, 0

    def reset_after(self, now: float) -> float:
        return max(0.0, self.started + self.length - now)


@dataclass
class _TokenState:
    sent: deque[float] = field(default_factory=deque)
    """Accepted global-bound requests in the last ``GLOBAL_WINDOW``."""
    buckets: dict[tuple[str, str], _Window] = field(default_factory=dict)


def _is_message_write(method: str, template: str) -> bool:
    return method in ("POST", "PATCH", "DELETE") and template in (
        "/channels/{channel_id}/messages",
        "/channels/{channel_id}/messages/{message_id}",
        "/channels/{channel_id}/messages/bulk-delete",
    )


def _bucket_hash(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()[:32]


# --------------------------------------------------------------------------------------------
# the fake aiohttp session discord.py's own request code talks to


class _Response:
    """Just the aiohttp response discord.py reads: status, reason, headers, text()."""

    def __init__(self, status: int, body: Any, headers: dict[str, str], *, is_json: bool) -> None:
        self.status = status
        self.reason = {429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway"}.get(
            status, "OK" if status < 300 else "Error"
        )
        all_headers = {"Via": _VIA, **headers}
        if is_json:
            all_headers["Content-Type"] = "application/json"
        self.headers = CIMultiDictProxy(CIMultiDict(all_headers))
        # A 2xx body is handed over as simcord built it (discord.py returns a body without a
        # JSON content type as is); an error body is JSON text, as Discord sends it.
        self._body = _json.dumps(body) if is_json else body

    async def text(self, encoding: str | None = None) -> Any:
        return self._body


@dataclass
class _Call:
    """One discord.py call in flight: what simcord needs to answer it, whichever attempt."""

    discord_: LimitedDiscord
    method: str
    template: str
    path: str
    channel_id: int | None
    global_bound: bool
    interaction: bool
    token: str
    json: Any
    params: Any
    files: list[Any]
    reason: str | None
    message_content_access: bool
    major: str
    number: int
    attempts: int = 0


_CALL: contextvars.ContextVar[_Call | None] = contextvars.ContextVar("limited_discord_call", default=None)


class _Attempt:
    def __init__(self, call: _Call) -> None:
        self.call = call

    async def __aenter__(self) -> _Response:
        return await self.call.discord_._attempt(self.call)

    async def __aexit__(self, *exc: Any) -> None:
        return None


class _Session:
    """Stands where discord.py's aiohttp ``ClientSession`` stands; answers the call in flight."""

    def request(self, method: str, url: str, **kwargs: Any) -> _Attempt:
        call = _CALL.get()
        assert call is not None, "a request outside a limited_discord call"
        return _Attempt(call)


_SESSION = _Session()


# --------------------------------------------------------------------------------------------
# the Discord


class LimitedDiscord:
    """The limits, faults and record of one simcord backend (one Discord)."""

    def __init__(self, backend: Any, limits: Limits) -> None:
        self.backend = backend
        self.limits = limits
        self.requests: list[Request] = []
        self._rng = random.Random(limits.seed)
        self._tokens: dict[str, _TokenState] = {}
        self._calls = 0

    # -- settings

    def configure(self, **changes: Any) -> LimitedDiscord:
        """Change limits or fault rates from now on (``Limits`` field names); a new ``seed``
        restarts the random."""
        self.limits = replace(self.limits, **changes)
        if "seed" in changes:
            self._rng = random.Random(self.limits.seed)
        return self

    # -- what was recorded

    def mark(self) -> int:
        """A position in the record, for :meth:`since`."""
        return len(self.requests)

    def since(self, mark: int) -> list[Request]:
        return self.requests[mark:]

    def by_route(self, requests: list[Request] | None = None, *, global_only: bool = False) -> Counter[str]:
        """Requests by route template (global-bound ones only if asked)."""
        rows = self.requests if requests is None else requests
        return Counter(r.route for r in rows if r.global_bound or not global_only)

    def global_bound(self, requests: list[Request] | None = None) -> int:
        """How many requests counted against the global limit."""
        rows = self.requests if requests is None else requests
        return sum(1 for r in rows if r.global_bound)

    def rejected(self, requests: list[Request] | None = None) -> list[Request]:
        """The requests answered 429."""
        rows = self.requests if requests is None else requests
        return [r for r in rows if r.status == 429]

    def faults(self, requests: list[Request] | None = None) -> Counter[str]:
        rows = self.requests if requests is None else requests
        return Counter(r.fault for r in rows if r.fault)

    # -- answering

    def _now(self) -> float:
        return float(self.backend.clock.elapsed)

    def _epoch(self) -> float:
        return float(self.backend.clock.now().timestamp())

    def _record(self, call: _Call, status: int, fault: str | None = None) -> None:
        self.requests.append(
            Request(
                call.method,
                f"{call.method} {call.template}",
                call.path,
                call.channel_id,
                call.global_bound,
                self._now(),
                status,
                fault,
                call.attempts,
                call.number,
            )
        )

    def _bucket_of(self, call: _Call) -> tuple[str, str, int, float] | None:
        """(bucket name, resource key, limit, window) of a bot call, or None if unlimited."""
        lim = self.limits
        if _is_message_write(call.method, call.template):
            if lim.channel_writes is None:
                return None
            return ("channel message writes", str(call.channel_id), lim.channel_writes, lim.channel_window)
        if lim.route_limit is None:
            return None
        return (f"{call.method} {call.template}", call.major, lim.route_limit, 1.0)

    def _limited(self, call: _Call, now: float) -> tuple[dict[str, str], _Response | None]:
        """The bucket headers of a bot call, and the 429 if it is over a limit (the global
        limit first, as Discord checks it first). An accepted call is counted."""
        lim = self.limits
        state = self._tokens.setdefault(call.token, _TokenState())
        if call.global_bound and lim.global_rate is not None:
            per_window = max(1, int(lim.global_rate * GLOBAL_WINDOW))
            length = GLOBAL_WINDOW if lim.global_rate >= 1 else 1.0 / lim.global_rate
            while state.sent and state.sent[0] <= now - length:
                state.sent.popleft()
            if len(state.sent) >= per_window:
                retry = round(max(0.001, state.sent[0] + length - now), 3)
                body = {"message": "You are being rate limited.", "retry_after": retry, "global": True}
                headers = {
                    "Retry-After": str(max(1, int(-(-retry // 1)))),
                    "X-RateLimit-Global": "true",
                    "X-RateLimit-Scope": "global",
                }
                return {}, _Response(429, body, headers, is_json=True)
        headers: dict[str, str] = {}
        spec = self._bucket_of(call)
        if spec is not None:
            name, resource, limit, length = spec
            window = state.buckets.setdefault((name, resource), _Window(limit, length))
            window.limit, window.length = limit, length
            window.roll(now)
            reset_after = window.reset_after(now)
            headers = {
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": str(max(0, limit - window.used - 1)),
                "X-RateLimit-Reset": f"{self._epoch() + reset_after:.3f}",
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Bucket": _bucket_hash(name),
            }
            if window.used >= limit:
                retry = round(max(0.001, reset_after), 3)
                body = {"message": "You are being rate limited.", "retry_after": retry, "global": False}
                headers.update(
                    {
                        "X-RateLimit-Remaining": "0",
                        "X-RateLimit-Scope": "user",
                        "Retry-After": str(max(1, int(-(-retry // 1)))),
                    }
                )
                return headers, _Response(429, body, headers, is_json=True)
            window.used += 1
        if call.global_bound and lim.global_rate is not None:
            state.sent.append(now)
        return headers, None

    def _dispatch(self, call: _Call) -> tuple[int, Any, bool]:
        try:
            result = router.dispatch(
                self.backend,
                call.method,
                call.path,
                json=call.json,
                params=call.params,
                files=call.files,
                reason=call.reason,
                message_content_access=call.message_content_access,
            )
        except (router.RouteNotImplemented, router.UnsupportedField):
            raise  # simcord's parity gaps stay loud
        except BackendError as exc:
            return exc.status, exc.to_json(), True
        return (200 if result is not None else 204), result, False

    async def _attempt(self, call: _Call) -> _Response:
        """One attempt of a call reaching Discord: latency, faults, limits, then simcord."""
        lim = self.limits
        call.attempts += 1
        faulty = not call.interaction or lim.faults_on_interactions
        if faulty and lim.latency:
            low, high = lim.latency if isinstance(lim.latency, tuple) else (lim.latency, lim.latency)
            await asyncio.sleep(self._rng.uniform(low, high))
        roll = self._rng.random() if faulty else 1.0
        if roll < lim.timeouts and faulty:
            applied = self._rng.random() < lim.timeouts_applied
            if lim.timeout_after:
                await asyncio.sleep(lim.timeout_after)
            if applied:
                if not call.interaction:
                    _headers, refused = self._limited(call, self._now())
                    if refused is None:
                        self._dispatch(call)
                else:
                    self._dispatch(call)
            self._record(call, 0, "timeout-applied" if applied else "timeout")
            raise aiohttp.ServerTimeoutError("Timeout on reading data from socket")
        headers: dict[str, str] = {}
        if not call.interaction:
            headers, refused = self._limited(call, self._now())
            if refused is not None:
                self._record(call, 429)
                return refused
        if faulty and roll < lim.timeouts + lim.server_errors:
            status = self._rng.choice(lim.server_error_statuses)
            self._record(call, status, "5xx")
            if status == 500:
                return _Response(
                    status, {"message": "500: Internal Server Error", "code": 0}, {}, is_json=True
                )
            page = f"<html><head><title>{status}</title></head><body>error code: {status}</body></html>"
            return _Response(status, page, {"Content-Type": "text/html"}, is_json=False)
        status, body, is_error = self._dispatch(call)
        self._record(call, status)
        return _Response(status, body, headers, is_json=is_error)


# --------------------------------------------------------------------------------------------
# plugging it into simcord's transports

_ACTIVE: dict[int, LimitedDiscord] = {}
_ORIGINAL_REQUEST = FakeHTTPClient.request
_ORIGINAL_WEBHOOK_REQUEST = FakeWebhookAdapter.request
_ORIGINAL_INSTALL_HTTP = _dpy_internals.install_http


def _call_for(
    discord_: LimitedDiscord,
    route: Any,
    *,
    interaction: bool,
    token: str,
    json: Any,
    params: Any,
    files: list[Any],
    reason: str | None,
    message_content_access: bool,
) -> _Call:
    template = str(route.path)
    if interaction:
        # Interaction callbacks and interaction-token webhooks are outside the global limit;
        # a webhook route authorised by the bot token (no token in the path) is not.
        global_bound = route.webhook_token is None and not template.startswith("/interactions/")
    else:
        global_bound = True
    channel = getattr(route, "channel_id", None)
    discord_._calls += 1
    major = ":".join(
        str(k)
        for k in (channel, getattr(route, "guild_id", None), route.webhook_id, route.webhook_token)
        if k is not None
    )
    return _Call(
        discord_,
        route.method,
        template,
        _path_of(route.url),
        int(channel) if channel is not None else None,
        global_bound,
        interaction,
        token,
        json,
        params,
        files,
        reason,
        message_content_access,
        major,
        discord_._calls,
    )


async def _limited_request(
    self: FakeHTTPClient, route: Any, *, files: Any | None = None, form: Any | None = None, **kwargs: Any
) -> Any:
    discord_ = _ACTIVE.get(id(self.backend))
    if discord_ is None:
        return await _ORIGINAL_REQUEST(self, route, files=files, form=form, **kwargs)
    json = kwargs.get("json")
    file_list = list(files or [])
    if form is not None:
        payload, file_list = router.parse_form(list(form), file_list)
        if payload is not None:
            json = payload
    call = _call_for(
        discord_,
        route,
        interaction=False,
        token=str(self.token),
        json=json,
        params=kwargs.get("params"),
        files=file_list,
        reason=kwargs.get("reason"),
        message_content_access=self.message_content_access,
    )
    if discord_.limits.record_only:
        call.attempts = 1
        try:
            result = await _ORIGINAL_REQUEST(self, route, files=files, form=form, **kwargs)
        except discord.HTTPException as exc:
            discord_._record(call, exc.status)
            raise
        discord_._record(call, 200 if result is not None else 204)
        return result
    self._HTTPClient__session = _SESSION  # type: ignore[attr-defined]
    if not isinstance(self._global_over, asyncio.Event):  # set by the real static_login only
        self._global_over = asyncio.Event()
        self._global_over.set()
    token = _CALL.set(call)
    try:
        return await HTTPClient.request(self, route, files=files, form=form, **kwargs)
    finally:
        _CALL.reset(token)


async def _limited_webhook_request(
    self: FakeWebhookAdapter,
    route: Any,
    session: Any,
    *,
    payload: dict[str, Any] | None = None,
    multipart: list[dict[str, Any]] | None = None,
    files: Any | None = None,
    params: dict[str, Any] | None = None,
    **kwargs: Any,
) -> Any:
    discord_ = _ACTIVE.get(id(self.backend))
    if discord_ is None:
        return await _ORIGINAL_WEBHOOK_REQUEST(
            self, route, session, payload=payload, multipart=multipart, files=files, params=params, **kwargs
        )
    json: Any = payload
    file_list = list(files or [])
    if multipart:
        parsed, file_list = router.parse_form(multipart, file_list)
        if parsed is not None:
            json = parsed
    call = _call_for(
        discord_,
        route,
        interaction=True,
        token=str(kwargs.get("auth_token") or ""),
        json=json,
        params=params,
        files=file_list,
        reason=kwargs.get("reason"),
        message_content_access=self.message_content_access,
    )
    lim = discord_.limits
    if lim.record_only or (not call.global_bound and not lim.faults_on_interactions):
        call.attempts = 1
        try:
            result = await _ORIGINAL_WEBHOOK_REQUEST(
                self,
                route,
                session,
                payload=payload,
                multipart=multipart,
                files=files,
                params=params,
                **kwargs,
            )
        except discord.HTTPException as exc:
            discord_._record(call, exc.status)
            raise
        discord_._record(call, 200 if result is not None else 204)
        return result
    if "_locks" not in self.__dict__:
        self._locks = weakref.WeakValueDictionary()  # type: ignore[attr-defined]
    token = _CALL.set(call)
    try:
        return await AsyncWebhookAdapter.request(
            self,  # type: ignore[arg-type]
            route,
            _SESSION,  # type: ignore[arg-type]
            payload=payload,
            multipart=multipart,
            files=files,
            params=params,
            reason=kwargs.get("reason"),
            auth_token=kwargs.get("auth_token"),
        )
    finally:
        _CALL.reset(token)


def _install_http_keeping_settings(client: discord.Client, http: Any) -> None:
    """simcord swaps the bot's ``HTTPClient`` for its fake one and the bot's
    ``max_ratelimit_timeout`` went with it; carry it over, so the limited Discord meets the
    bot's discord.py as configured."""
    old = getattr(client, "http", None)
    if isinstance(old, HTTPClient) and old is not http:
        http.max_ratelimit_timeout = old.max_ratelimit_timeout
    _ORIGINAL_INSTALL_HTTP(client, http)


# Installed for the whole test session when this module is imported: it changes nothing until
# a backend is limited (``_ACTIVE``), and keeps the bot's max_ratelimit_timeout in any case.
FakeHTTPClient.request = _limited_request  # type: ignore[method-assign]
FakeWebhookAdapter.request = _limited_webhook_request  # type: ignore[method-assign]
_dpy_internals.install_http = _install_http_keeping_settings


_ORIGINAL_SLEEP_WAITER = _settlement._is_virtual_sleep_waiter


def _timer_waiter(state: Any, waiter: Any, deadline: float) -> bool:
    """A wait for a virtual timer beyond the deadline: ``asyncio.sleep`` (simcord's own test),
    or discord.py's bucket wait ``asyncio.wait([future], timeout=)``, whose timer calls
    ``_release_waiter``."""
    if _ORIGINAL_SLEEP_WAITER(state, waiter, deadline):
        return True
    if waiter is None or waiter.done():
        return False
    for record in state.work.callbacks:
        handle = record.handle
        if record.when is None or handle is None or handle.cancelled():
            continue
        if _settlement._callback_fire_time(state, record) <= deadline:
            continue
        callback = _dpy_internals._original_callback(getattr(handle, "_callback", None))
        if getattr(callback, "__name__", "") == "_release_waiter" and any(
            arg is waiter for arg in getattr(handle, "_args", ())
        ):
            return True
    return False


def _waits_on_a_primitive(task: asyncio.Task[Any]) -> bool:
    """The task waits for another task to let it go: an ``asyncio`` lock, event, condition,
    semaphore or queue (its innermost coroutine is in asyncio/locks.py or asyncio/queues.py)."""
    coro: Any = task.get_coro()
    inner = None
    while coro is not None and getattr(coro, "cr_frame", None) is not None:
        inner, coro = coro, getattr(coro, "cr_await", None)
    if inner is None:
        return False
    filename = inner.cr_frame.f_code.co_filename.replace("\\", "/")
    return filename.endswith(("asyncio/locks.py", "asyncio/queues.py"))


def _quiet(state: Any, task: asyncio.Task[Any], deadline: float) -> bool:
    """Nothing the bot runs can move without virtual time: every pending task waits for a
    virtual timer, a recognised wait, another task, or a lock or queue some such task holds,
    and no thread or process works for it."""
    if state.work.executors:
        return False
    for other in _settlement._owned_tasks(state):
        waiter = getattr(other, "_fut_waiter", None)
        if waiter is None or waiter.done():
            return False  # runnable
        if isinstance(waiter, asyncio.Task) or _settlement._recognized_wait(state, other, waiter):
            continue
        if _settlement._dpy_internals.composed_tasks(other, waiter):
            continue
        if _timer_waiter(state, waiter, deadline) or _waits_on_a_primitive(other):
            continue
        return False  # a wait for something outside (a database thread, say)
    return True


def _is_virtual_timed_waiter(state: Any, waiter: Any, deadline: float) -> bool:
    """simcord parks a task asleep on a virtual timer; here also (a) discord.py's bucket wait
    and (b) a task waiting on a lock (or event, queue...) while the whole bot is quiet, e.g. a
    click's handler waiting for the match lock that a board write holds while discord.py sleeps
    out a 429: only virtual time lets the holder go on. Otherwise a settle could not tell these
    from a hang and would time out."""
    if _timer_waiter(state, waiter, deadline):
        return True
    if waiter is None or waiter.done():
        return False
    task = next(
        (t for t in _settlement._owned_tasks(state) if getattr(t, "_fut_waiter", None) is waiter), None
    )
    return task is not None and _waits_on_a_primitive(task) and _quiet(state, task, deadline)


_ORIGINAL_FIRE_TIME = _settlement._callback_fire_time


def _virtual_fire_time(state: Any, record: Any) -> float:
    """A timer not yet due fires only when virtual time reaches it (``env.advance_time``): a
    settle (after a click, say) returns while the bot waits out a 429 or a backoff, instead of
    waiting for it in real time. The player's think time, advanced by the test, lets it pass."""
    fire = _ORIGINAL_FIRE_TIME(state, record)
    return fire if fire == -math.inf else math.inf


_ORIGINAL_WAKES = _simcord_env._wakes_recognized_wait


def _only_virtual(state: Any, record: Any) -> bool:
    """simcord also arms each timer of the bot in real time, as a fallback that advances the
    virtual clock to it; under ``virtual_waits`` every timer belongs to the virtual clock alone
    (as simcord's own recognised waits do), so nothing moves time behind the test's back."""
    return True


@contextlib.contextmanager
def limit(env: Any, limits: Limits | None = None, *, virtual_waits: bool = True) -> Iterator[LimitedDiscord]:
    """Put the limited Discord between every bot of ``env`` (its own and any attached to its
    backend) and simcord, for the ``with`` block. With ``virtual_waits`` the bot's timers
    (discord.py's sleeps on 429s and 5xx, its bucket waits) wait for ``env.advance_time`` only:
    a settle leaves them parked rather than sleeping them out in real time."""
    backend = env.backend
    if id(backend) in _ACTIVE:
        raise RuntimeError("this simcord env is limited already")
    discord_ = LimitedDiscord(backend, limits or Limits())
    _ACTIVE[id(backend)] = discord_
    _settlement._is_virtual_sleep_waiter = _is_virtual_timed_waiter
    if virtual_waits:
        _settlement._callback_fire_time = _virtual_fire_time
        _simcord_env._wakes_recognized_wait = _only_virtual  # type: ignore[attr-defined]
    try:
        yield discord_
    finally:
        _ACTIVE.pop(id(backend), None)
        if not _ACTIVE:
            _settlement._is_virtual_sleep_waiter = _ORIGINAL_SLEEP_WAITER
            _settlement._callback_fire_time = _ORIGINAL_FIRE_TIME
            _simcord_env._wakes_recognized_wait = _ORIGINAL_WAKES  # type: ignore[attr-defined]


@pytest.fixture
def limited_discord(simcord_env: Any) -> Iterator[LimitedDiscord]:
    """The test's simcord env behind Discord's documented limits (50 requests a second per
    token, 5 message writes per 5 s per channel), no faults yet: ``configure`` it."""
    with limit(simcord_env) as discord_:
        yield discord_
