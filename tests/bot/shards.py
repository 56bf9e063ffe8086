"""Several discord.py bots in one event loop sharing one simcord Discord, each owning some shards.

A sharded deployment runs several bot processes against the same Discord: each process
identifies with its own ``shard_ids`` and Discord sends it only the events of those shards
(a guild's events go to shard ``(guild_id >> 22) % shard_count``, DMs to shard 0), while
REST calls from any process act on the one shared state. simcord wraps one bot per
``Env`` and allows one ``Env`` per loop, so the other processes are attached to the first
env's backend here, the way ``simcord._runtime._attach_bot`` attaches the env's own bot:
a fake HTTP client on the same backend, a ``ShardRouter`` for the bot's shards appended to
the backend's subscribers, login, READY and GUILD_CREATE for its shards only.

Everything an attached bot does runs as the env's bot work (``env._bot_scope()``), so
``env.settle()`` and every actor verb (``member.slash``, ``user.click`` ...) wait for it,
its timers follow the virtual clock (``env.advance_time``) and its exceptions land in
``env.errors``. On top of that each attached bot's tasks and timers are remembered, so one
bot can be taken away (:func:`detach`) while the others carry on.

Usage::

    env = simcord.Env(bot_a, shard_count=2)   # bot_a: shard_ids=[0]
    await env.start()
    b = await attach_second(env, bot_b)       # bot_b: shard_ids=[1], same shard_count
    ...                                       # drive the env as usual
    await detach(b, crash=True)               # process B dies; A carries on
    await detach_all(env)                     # before env.shutdown()
    await env.shutdown()

All the bots are the one application (one bot user), as a sharded bot's processes are.

Limits (simcord's settlement knows only ``env.bot``):

* an attached bot's ``Client.wait_for`` and ``View.wait()`` are not recognised as parked
  waits, so a settle times out while one is pending (views' expiry timers and
  ``discord.ext.tasks`` loops are recognised for every bot);
* ``env.restart_bot()`` cancels the tasks of every bot (the env tracks one pool of bot
  work): restart a process by detaching its bot and attaching a new one instead;
* the discord.py objects the handles build (``channel.history()``, ``member.member``,
  ``guild.me``) come from the env's own bot's cache, which lacks other shards' guilds.
"""

from __future__ import annotations

import asyncio
import contextvars
import weakref
from collections.abc import Callable, Coroutine, Generator, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
from simcord import Env, _dpy_internals
from simcord.backend import serializers
from simcord.backend.errors import SetupError
from simcord.gateway import ShardRouter
from simcord.http import FakeHTTPClient
from simcord.intents import missing_privileged_intents

_TOKEN = "simcord.fake.token"
_T = TypeVar("_T")

#: The attached bot whose work is running: set while its gateway feed runs and while it logs
#: in or closes, and inherited by every task and callback created from there (a task copies
#: the context it was created in), which is how a bot's work is told from another's.
_OWNER: contextvars.ContextVar[Attached | None] = contextvars.ContextVar("shards_owner", default=None)

#: The attached bots of each env, in attach order.
_ATTACHED: weakref.WeakKeyDictionary[Env, list[Attached]] = weakref.WeakKeyDictionary()


@dataclass(eq=False)
class Attached:
    """One more bot process on an env's Discord, owning ``shard_ids`` of ``shard_count``."""

    env: Env
    bot: discord.AutoShardedClient
    router: ShardRouter
    #: The bot's subscriber on ``env.backend.subscribers`` (its gateway connection).
    feed: Callable[[str, Mapping[str, Any]], None] = lambda event, payload: None
    #: Every task created in the bot's work (weakly: finished ones go away).
    tasks: weakref.WeakSet[asyncio.Task[Any]] = field(default_factory=weakref.WeakSet)
    detached: bool = False

    @property
    def shard_ids(self) -> tuple[int, ...]:
        return self.router.shard_ids

    def pending_tasks(self) -> list[asyncio.Task[Any]]:
        return [task for task in self.tasks if not task.done()]


@contextmanager
def _working_for(attached: Attached) -> Iterator[None]:
    """Run as ``attached``'s bot work: tracked by the env and remembered as this bot's."""
    with attached.env._bot_scope():
        token = _OWNER.set(attached)
        try:
            yield
        finally:
            _OWNER.reset(token)


class _OwnerTaskFactory:
    """The loop's task factory while bots are attached: notes which attached bot made a task.

    Python 3.11 gives no access to a task's context afterwards, so ownership is read when
    the task is created (from ``context=`` when given, else the creating context)."""

    def __init__(self, previous: Any) -> None:
        self.previous = previous

    def __call__(
        self,
        loop: asyncio.AbstractEventLoop,
        coro: Generator[Any, None, _T] | Coroutine[Any, Any, _T],
        /,
        **kwargs: Any,
    ) -> asyncio.Future[_T]:
        context = kwargs.get("context")
        owner = context.get(_OWNER) if context is not None else _OWNER.get()
        task: asyncio.Future[_T]
        if self.previous is not None:
            task = self.previous(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        if owner is not None and isinstance(task, asyncio.Task):
            owner.tasks.add(task)
        return task


def _unowned_emit(env: Env) -> None:
    """Deliver every gateway event outside any attached bot's ownership.

    Events are emitted synchronously inside the REST call that caused them, so without this
    the env's own bot would handle an event caused by bot B inside B's context, and the tasks
    it starts would be counted as B's. Each attached bot's feed then claims its own events."""
    backend: Any = env.backend
    if getattr(backend, "_shards_unowned_emit", False):
        return
    emit = backend.emit

    def unowned_emit(event: str, payload: Mapping[str, Any]) -> None:
        token = _OWNER.set(None)
        try:
            emit(event, payload)
        finally:
            _OWNER.reset(token)

    backend.emit = unowned_emit
    backend._shards_unowned_emit = True


def _capture_errors(env: Env, bot: discord.Client) -> None:
    """Route ``bot``'s handler errors into ``env.errors`` with simcord's own hooks (which read
    ``env.bot``, so it is pointed at ``bot`` for the synchronous call)."""
    main = env.bot
    env.bot = bot
    try:
        env._capture_errors()
    finally:
        env.bot = main


def _shard_ids(env: Env, bot: discord.Client) -> tuple[int, ...]:
    if not isinstance(bot, discord.AutoShardedClient):
        raise SetupError("attach_second takes a discord.AutoShardedClient (or commands.AutoShardedBot)")
    count = env._shard_count
    if bot.shard_count not in (None, count):
        raise SetupError(f"the bot has shard_count={bot.shard_count}, the env {count}")
    if not bot.shard_ids:
        raise SetupError("give the bot its shard_ids: attach_second never gives a bot every shard")
    wanted = tuple(bot.shard_ids)
    taken = set(env._shard_ids) | {s for a in _ATTACHED.get(env, []) for s in a.shard_ids}
    if len(set(wanted)) != len(wanted) or any(
        isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < count for s in wanted
    ):
        raise SetupError(f"shard_ids must be unique integers between 0 and {count - 1}")
    if taken & set(wanted):
        raise SetupError(f"shards {sorted(taken & set(wanted))} already belong to another bot")
    return wanted


async def attach_second(env: Env, bot: discord.AutoShardedClient) -> Attached:
    """Connect ``bot`` to ``env``'s Discord for its ``shard_ids``, log it in, give it READY and
    GUILD_CREATE for its shards' guilds, and settle. Call it from the test (not from bot work),
    after ``env.start()``; call it again for a third bot. The shards must not belong to the
    env's bot or another attached bot, and ``bot.shard_count`` must be the env's (or None)."""
    if not env._started or env._loop is None:
        raise SetupError("start the env before attaching another bot")
    shard_ids = _shard_ids(env, bot)
    loop = env._loop
    env._begin_operation("attach_second")
    try:
        access = env.approved_intents is None or env.approved_intents.message_content
        _dpy_internals.install_http(bot, FakeHTTPClient(env.backend, loop, message_content_access=access))
        _dpy_internals.set_guild_ready_timeout(bot, 0.0)
        state = _dpy_internals.get_state(bot)
        env._message_states.add(state)
        state.shard_count = env._shard_count
        state.shard_ids = list(shard_ids)
        router = ShardRouter(env.backend, state, bot.dispatch, env._shard_count, shard_ids)
        attached = Attached(env, bot, router)

        def feed(event: str, payload: Mapping[str, Any]) -> None:
            with _working_for(attached):
                router.feed(event, payload)

        attached.feed = feed
        _ATTACHED.setdefault(env, []).append(attached)
        if not isinstance(loop.get_task_factory(), _OwnerTaskFactory):
            loop.set_task_factory(_OwnerTaskFactory(loop.get_task_factory()))
        _unowned_emit(env)
        env.backend.subscribers.append(feed)
        try:
            _capture_errors(env, bot)
            if env.approved_intents is not None and missing_privileged_intents(
                bot.intents, env.approved_intents
            ):
                raise discord.PrivilegedIntentsRequired(shard_id=shard_ids[0])
            with _working_for(attached):
                await bot.login(_TOKEN)
                bot.shard_count = env._shard_count
                _dpy_internals.install_shards(bot, router.shards)
                for shard_id in shard_ids:
                    router.identify(shard_id)
                for guild in list(env.backend.guilds.values()):
                    # To this bot only (router.feed drops other shards' guilds); backend.emit
                    # would send the env's bot its guilds a second time.
                    router.feed("GUILD_CREATE", serializers.guild_create_payload(env.backend, guild))
            await env._settle_internal()
        except BaseException:
            await _kill(attached)
            raise
        return attached
    finally:
        env._end_operation()


async def detach(attached: Attached, *, crash: bool) -> None:
    """Take the bot off the env's Discord; the env and its other bots carry on.

    Either way its subscriber is removed first, so no gateway event (interaction, message,
    guild change) reaches it any more — its shards' events go nowhere, as on Discord while
    a shard is down — and at the end its shard adapters are dropped (``bot.shards`` is empty).

    ``crash=False`` is a clean stop: ``await bot.close()`` runs (the bot's own ``close()``
    override included, as bot work the env waits for), the env settles, and any of the
    bot's tasks still pending are then cancelled as a process exit would.

    ``crash=True`` is a SIGKILL: the bot's own shutdown does not run (no ``close()``, no
    ``on_shard_disconnect``; ``bot.is_closed()`` stays False). Every task the bot started
    (handlers, their children, ``tasks.loop``s, views' timeouts, from its login on) is
    cancelled at the await where it is, and every timer or callback it scheduled
    (``loop.call_later``, sleeps) is cancelled, so none of its code runs later, even after
    ``env.advance_time``. Unlike a real SIGKILL, cancellation runs what the coroutines in
    flight run when cancelled: their ``except CancelledError`` / ``finally`` / ``async with``
    exits, a ``tasks.loop``'s ``after_loop`` (Python cannot drop a coroutine without them);
    a test that must show a write did not happen should crash the bot before the write
    starts. Work the bot handed to a
    thread (``run_in_executor``, aiosqlite's worker) cannot be stopped: its awaiting task is
    cancelled but the thread finishes. Resources stay as they are: an open ``bot.db``
    (aiosqlite or asyncpg connection, its transaction, locks or leases it holds) is left
    open for the caller to close, or to keep to show what a dead process leaves behind.
    """
    if attached.detached:
        return
    env = attached.env
    env._begin_operation("detach")
    try:
        _disconnect(attached)
        if not crash:
            with _working_for(attached):
                await attached.bot.close()
            if env._started:
                await env._settle_internal()
    finally:
        try:
            await _kill(attached)  # also when close() failed: the process is gone either way
        finally:
            env._end_operation()


async def detach_all(env: Env, *, crash: bool = False) -> None:
    """Detach every bot attached to ``env`` (last attached first); call it before
    ``env.shutdown()``, which knows only the env's own bot."""
    for attached in reversed(list(_ATTACHED.get(env, []))):
        await detach(attached, crash=crash)


def _disconnect(attached: Attached) -> None:
    """No more gateway events for the bot."""
    with suppress(ValueError):
        attached.env.backend.subscribers.remove(attached.feed)
    for websocket in attached.router.websockets.values():
        websocket.open = False


async def _kill(attached: Attached) -> None:
    """Stop every task, timer and callback of the bot, drop its gateway, forget it."""
    env = attached.env
    attached.detached = True
    _disconnect(attached)
    current = asyncio.current_task()
    for _ in range(100):  # a cancelled coroutine may start more work while it unwinds
        pending = [task for task in attached.pending_tasks() if task is not current]
        if not pending:
            break
        for executor in env._work.executors.values():
            if executor.owner in pending and executor.caller is not None:
                executor.caller.cancel()
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in pending:
            if not task.cancelled() and (error := task.exception()) is not None:
                env._record_error(error)
    else:
        raise RuntimeError(f"the bot's tasks keep starting new ones: {attached.pending_tasks()}")
    for record in list(env._work.callbacks):
        handle = record.handle
        context = getattr(handle, "_context", None)
        if handle is not None and context is not None and context.get(_OWNER) is attached:
            handle.cancel()
            if record.real_handle is not None:
                record.real_handle.cancel()
            env._work.callbacks.remove(record)
    _dpy_internals.clear_shards(attached.bot)
    remaining = _ATTACHED.get(env, [])
    if attached in remaining:
        remaining.remove(attached)
    if not remaining and env._loop is not None:
        factory = env._loop.get_task_factory()
        if isinstance(factory, _OwnerTaskFactory):
            env._loop.set_task_factory(factory.previous)
