"""Board and hand images drawn in worker processes, so drawing never holds the event loop's GIL.

Pillow's drawing holds the GIL: drawn in threads, a few dozen images a second kept the loop's
thread from running (clicks waited for it), and two threads never drew at once. A
``ProcessPoolExecutor`` of ``CARDHOST_RENDER_WORKERS`` processes (default: the core count) draws
and encodes instead; the loop pickles the view (a few hundred bytes) and receives the PNG bytes.

- One pool per process and worker count, made once (a bot test makes many bots in one process:
  they share it). Workers fork from a fork server that imported every renderer once (not from
  the bot, whose threads may hold locks), so a replaced worker is warm at once.
- Until the first worker has started (about a second, once per process), images are drawn in a
  thread as before, so the first board never waits for the pool.
- A worker that dies (killed, out of memory, a crash in native code) breaks the executor: the
  pool is replaced by a fresh one and the image drawn again there, once. Should that fail too,
  the image is drawn in a thread: it still arrives.
- A renderer that a worker cannot import (a game added to the packages' paths at run time, as the
  adding-a-game test does) or pickle is drawn in a thread; so is every image when the setting is 0.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

log = logging.getLogger(__name__)

Draw = Callable[..., Any]
"""``(*args, **kwargs) -> PIL.Image``: a board or hand renderer."""


def _preload() -> list[str]:
    """Modules the fork server imports once, for every worker forked from it: the declared games'
    engines (their views arrive pickled) and renderers. ``__main__`` stays first, as in
    multiprocessing's default, so a worker does not import the main script again."""
    from engines.games import GAMES

    return ["__main__", "render.common", *(f"engines.{g}" for g in GAMES), *(f"render.{g}" for g in GAMES)]


def _warm() -> int:
    """A worker's first job: ignore Ctrl-C (the bot shuts the pool down) and register every game's
    renderers (imported already by the fork server). Returns the worker's pid."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        from engines.core import load_all
        from engines.games import GAMES
        from render import board_renderer, hand_renderer

        load_all()
        for game in GAMES:
            board_renderer(game)
            hand_renderer(game)
    except Exception:  # a renderer that fails to import fails its own images, not the worker
        log.exception("render worker warm-up failed")
    return os.getpid()


def _draw_png(payload: bytes) -> bytes | None:
    """In a worker: unpickle ``(draw, args, kwargs)``, draw and encode. None when this process
    cannot import the renderer or its view's classes (drawn in the bot's process instead)."""
    from render.common import to_png

    try:
        draw, args, kwargs = pickle.loads(payload)
    except Exception:
        return None
    return to_png(draw(*args, **kwargs))


def _warmed(executor: _Executor, done: Future[int]) -> None:
    if not done.cancelled() and done.exception() is None:
        executor.warm = True


def draw_png_here(draw: Draw, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bytes:
    """Draw and encode in this process (a thread's work)."""
    from render.common import to_png

    return to_png(draw(*args, **kwargs))


class _Executor(ProcessPoolExecutor):
    warm = False
    """Set (from the executor's own thread, without a lock) when a worker finished its warm-up."""


class RenderPool:
    """Draws images in ``workers`` processes (0: in threads of this process)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: _Executor | None = None
        self._lock = threading.Lock()
        self._here: set[tuple[str, str]] = set()
        """Renderers (module, name) the workers could not import or pickle: drawn in a thread."""
        self.replaced = 0
        """How many times a broken pool was replaced (a worker died)."""

    # ------------------------------------------------------------------ the executor

    def start(self) -> None:
        """Make the pool and start its workers now (their warm-up runs in the background)."""
        if self.workers > 0:
            self.executor()

    @property
    def ready(self) -> bool:
        """A worker of the current pool has started (until then images are drawn in threads)."""
        executor = self._executor
        return executor is not None and executor.warm

    def executor(self) -> _Executor:
        """The current pool, made (and its workers started) on first use."""
        # Processes start outside any context of the caller's: the offline Discord of the tests
        # freezes time.monotonic inside the bot's tasks, and multiprocessing polls a new process
        # with a deadline on that clock (it would poll forever).
        return contextvars.Context().run(self._executor_now)

    def _executor_now(self) -> _Executor:
        with self._lock:
            executor = self._executor
            if executor is None:
                methods = multiprocessing.get_all_start_methods()
                context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
                if "forkserver" in methods:
                    context.set_forkserver_preload(_preload())  # only before the server's first start
                executor = self._executor = _Executor(self.workers, mp_context=context)
            else:
                return executor
        # Outside the lock: submitting starts a process, and the callbacks run on the pool's thread.
        for _ in range(self.workers):  # one job per worker: each submission starts one process
            executor.submit(_warm).add_done_callback(partial(_warmed, executor))
        return executor

    def worker_pids(self) -> list[int]:
        """The worker processes running now (for tests and benches)."""
        processes = getattr(self._executor, "_processes", None) or {}
        return [p.pid for p in processes.values() if p.pid is not None and p.is_alive()]

    def _replace(self, broken: _Executor) -> None:
        with self._lock:
            if self._executor is not broken:
                return  # another image saw the same crash and replaced the pool already
            self._executor = None
            self.replaced += 1
        log.warning(
            "a render worker died; the render pool is replaced", extra={"ctx": {"replaced": self.replaced}}
        )
        broken.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    # ------------------------------------------------------------------ drawing

    async def png(self, draw: Draw, *args: Any, **kwargs: Any) -> bytes:
        """``to_png(draw(*args, **kwargs))``, drawn in a worker process when one can."""
        key = (getattr(draw, "__module__", ""), getattr(draw, "__qualname__", ""))
        if self.workers > 0 and key not in self._here and self.executor().warm:
            try:
                payload = pickle.dumps((draw, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # a lambda or a local class: only this process can draw it
                self._here.add(key)
            else:
                data = await self._in_worker(payload)
                if isinstance(data, bytes):
                    return data
                if data is _NOT_THERE:
                    self._here.add(key)
        return await asyncio.to_thread(draw_png_here, draw, args, kwargs)

    async def _in_worker(self, payload: bytes) -> bytes | object:
        """The image from a worker; after a crash once more from a fresh pool. ``_NOT_THERE`` when
        the workers cannot import the renderer, ``_BROKEN`` when the fresh pool broke too."""
        loop = asyncio.get_running_loop()
        for _attempt in (1, 2):
            executor = self.executor()
            try:
                result: bytes | None = await loop.run_in_executor(executor, _draw_png, payload)
            except BrokenProcessPool:
                self._replace(executor)
                continue
            return _NOT_THERE if result is None else result
        log.warning("the render pool broke twice for one image; it is drawn in the bot's process")
        return _BROKEN


_NOT_THERE = object()
"""A worker could not unpickle the renderer or its arguments."""
_BROKEN = object()
"""The pool broke for an image, and its replacement broke too."""


_POOLS: dict[int, RenderPool] = {}
_POOLS_LOCK = threading.Lock()


def render_pool(workers: int | None) -> RenderPool:
    """The process's pool of ``workers`` processes (None: the core count), made once."""
    count = (os.cpu_count() or 1) if workers is None else max(0, workers)
    with _POOLS_LOCK:
        pool = _POOLS.get(count)
        if pool is None:
            pool = _POOLS[count] = RenderPool(count)
        return pool
