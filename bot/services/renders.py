"""Board and hand images drawn in worker processes, so drawing never holds the event loop's GIL.

Pillow's drawing holds the GIL: drawn in threads, a few dozen images a second kept the loop's
thread from running (clicks waited for it), and two threads never drew at once. Worker processes
(``CARDHOST_RENDER_WORKERS``, default the core count) draw and encode instead; the loop pickles
the view (a few hundred bytes) and reads back the PNG.

- The loop talks to each worker over two pipes and reads results when they are ready (the loop's
  own reader callbacks): no helper thread. ``concurrent.futures.ProcessPoolExecutor`` was the
  first version; its two threads per pool (feeding jobs, collecting results) cost about 0.6 ms of
  the bot's GIL per image, and each job's hand-over between them stalled the loop's thread on the
  GIL for milliseconds under load (bench/capacity.py; bench/README.md).
- One pool per process and worker count, made once (a bot test makes many bots in one process:
  they share it). Workers fork from a fork server that imported every game's engine and renderers
  once (the modules the bot's game registry names, ``Preload``; not from the bot, whose threads
  may hold locks), so a replacement worker is warm at once.
- Until the first worker has started (about a second, once per process), images are drawn in a
  thread as before, so the first board never waits for the pool.
- A worker that dies (killed, out of memory, a crash in native code) is replaced and its image
  drawn again once, by the new worker. Should that fail too, the image is drawn in a thread: it
  still arrives.
- A renderer that a worker cannot import (a game added to the packages' paths at run time, as the
  adding-a-game test does) or pickle is drawn in a thread; so is every image when the setting is 0.
- The pool is used from one event loop at a time (a test's loop, then the next test's); a worker
  whose job belonged to a loop that has closed since is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import multiprocessing
import os
import pickle
import signal
import struct
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger(__name__)

Draw = Callable[..., Any]
"""``(*args, **kwargs) -> PIL.Image``: a board or hand renderer."""

_FRAME = struct.Struct("!Q")
"""A result on a worker's result pipe: its length, then the pickled ``(kind, value)``."""
_PIPE_BYTES = 1 << 20
"""Result pipes are widened to this (Linux) so a worker writes a whole PNG without waiting."""
IN_FLIGHT = 2
"""Jobs handed to one worker at once: the next one waits in its pipe while it draws, so it never
idles until the loop gets round to reading a result and sending more."""


class WorkerDied(Exception):
    """The worker drawing an image exited before answering."""


Preload = Callable[[], Iterable[str]]
"""The modules a pool's fork server imports ahead, asked for when its first worker starts: the
declared games' engines (their views arrive pickled) and renderers, as the bot's game registry
holds them (``bot/surfaces/table.py``; the registry sits above the services)."""


def _no_games() -> Iterable[str]:
    return ()


def _preload(games: Iterable[str]) -> list[str]:
    """Modules the fork server imports once, for every worker forked from it: this module, the
    drawing helpers and ``games`` (each once). ``__main__`` stays first, as in multiprocessing's
    default, so a worker does not import the main script again. A module the server cannot import
    (a game added to the packages' paths at run time) is skipped by it, and drawn in a thread."""
    return list(dict.fromkeys(["__main__", "bot.services.renders", "render.common", *games]))


def _warm() -> None:
    """A worker's start: load every declared game (imported by the fork server). A job names its
    renderer itself (pickled by reference), so there is nothing to look up by a game's name."""
    try:
        from engines.core import load_all

        load_all()
    except Exception:  # a game that fails to load fails its own images, not the worker
        log.exception("render worker warm-up failed")


def _draw_png(payload: bytes) -> bytes | None:
    """Unpickle ``(draw, args, kwargs)``, draw and encode. None when this process cannot import
    the renderer or its view's classes (drawn in the bot's process instead)."""
    from render.common import to_png

    try:
        draw, args, kwargs = pickle.loads(payload)
    except Exception:
        return None
    return to_png(draw(*args, **kwargs))


def _send_frame(fd: int, kind: str, value: Any) -> None:
    try:
        data = pickle.dumps((kind, value), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # an exception that does not pickle: its words do
        data = pickle.dumps(("error", RuntimeError(repr(value))), protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(_FRAME.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def _worker_main(requests: Connection, results: Connection) -> None:
    """A worker process: say it is ready, then draw each job read from ``requests`` and write
    the result to ``results``, until the bot closes its end (or dies)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the bot's to handle
    _warm()
    fd = results.fileno()
    _send_frame(fd, "ready", os.getpid())
    while True:
        try:
            payload = requests.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            _send_frame(fd, "ok", _draw_png(payload))
        except Exception as exc:  # the renderer's error is the caller's, as in a thread
            _send_frame(fd, "error", exc)


def draw_png_here(draw: Draw, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bytes:
    """Draw and encode in this process (a thread's work)."""
    from render.common import to_png

    return to_png(draw(*args, **kwargs))


@dataclass
class _Job:
    payload: bytes
    future: asyncio.Future[bytes | None]
    loop: asyncio.AbstractEventLoop


@dataclass(eq=False)
class _Worker:
    process: Any
    requests: Connection
    results: Connection
    ready: bool = False
    jobs: deque[_Job] = field(default_factory=deque)
    """Sent and not answered yet, oldest first (a worker answers in order)."""
    buffer: bytearray = field(default_factory=bytearray)

    @property
    def fd(self) -> int:
        return self.results.fileno()


class RenderPool:
    """Draws images in ``workers`` processes (0: in threads of this process)."""

    def __init__(self, workers: int, preload: Preload = _no_games) -> None:
        self.workers = workers
        self.preload = preload
        """The games' modules the fork server imports ahead (``Preload``)."""
        self._pool: list[_Worker] = []
        self._queue: deque[_Job] = deque()
        self._lock = threading.Lock()
        self._here: set[tuple[str, str]] = set()
        """Renderers (module, name) the workers could not import or pickle: drawn in a thread."""
        self.replaced = 0
        """How many workers died and were replaced."""

    # ------------------------------------------------------------------ the processes

    def start(self) -> None:
        """Start the workers now (their warm-up runs in the background)."""
        with self._lock:
            while len(self._pool) < self.workers:
                self._pool.append(self._spawn())

    def _spawn(self) -> _Worker:
        # In a context of its own: the offline Discord of the tests freezes time.monotonic inside
        # the bot's tasks, and multiprocessing polls a starting process against that clock.
        return contextvars.Context().run(self._spawn_now)

    def _spawn_now(self) -> _Worker:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        if "forkserver" in methods:
            context.set_forkserver_preload(_preload(self.preload()))  # only before the server's first start
        req_r, req_w = context.Pipe(duplex=False)
        res_r, res_w = context.Pipe(duplex=False)
        process = context.Process(  # type: ignore[attr-defined]  # every concrete context has it
            target=_worker_main, args=(req_r, res_w), daemon=True, name="cardhost-render"
        )
        process.start()
        req_r.close()
        res_w.close()
        os.set_blocking(res_r.fileno(), False)
        with contextlib.suppress(AttributeError, OSError):  # Linux only; a narrower pipe works too
            import fcntl

            fcntl.fcntl(res_r.fileno(), fcntl.F_SETPIPE_SZ, _PIPE_BYTES)
        return _Worker(process, req_w, res_r)

    @property
    def ready(self) -> bool:
        """A worker has started (until then images are drawn in threads)."""
        for worker in list(self._pool):
            if not worker.ready and not worker.jobs:
                self._read(worker)  # its first frame says it is ready
        return any(w.ready for w in self._pool)

    def worker_pids(self) -> list[int]:
        """The worker processes running now (for tests and benches)."""
        return [w.process.pid for w in self._pool if w.process.is_alive()]

    def shutdown(self) -> None:
        """Stop the workers (closing their job pipe ends them) and fail what they were drawing."""
        with self._lock:
            pool, self._pool = self._pool, []
        for worker in pool:
            self._close(worker, WorkerDied("the render pool was shut down"))
        for worker in pool:
            worker.process.join(timeout=5)
            if worker.process.is_alive():
                worker.process.kill()

    def _close(self, worker: _Worker, error: Exception) -> None:
        jobs, worker.jobs = worker.jobs, deque()
        if jobs and not jobs[0].loop.is_closed():
            jobs[0].loop.remove_reader(worker.fd)
        for job in jobs:
            if not job.future.done() and not job.loop.is_closed():
                job.future.set_exception(error)
        worker.requests.close()
        worker.results.close()

    def _died(self, worker: _Worker) -> None:
        """The worker is gone: its jobs fail (each is retried by its caller), a new one starts."""
        with self._lock:
            if worker not in self._pool:
                return
            self._pool.remove(worker)
            self.replaced += 1
        log.warning(
            "a render worker died; a new one replaces it",
            extra={"ctx": {"pid": worker.process.pid, "replaced": self.replaced}},
        )
        self._close(worker, WorkerDied(f"render worker {worker.process.pid} died"))
        with contextlib.suppress(Exception):
            worker.process.kill()
            worker.process.join(timeout=1)
        with self._lock:
            self._pool.append(self._spawn())

    # ------------------------------------------------------------------ jobs

    def _dispatch(self) -> None:
        """Hand queued jobs to the least busy workers, up to ``IN_FLIGHT`` each."""
        for stale in list(self._pool):
            if any(job.loop.is_closed() for job in stale.jobs):
                self._died(stale)  # an answer would never be read: start afresh
        while self._queue and self._pool:
            worker = min(self._pool, key=lambda w: len(w.jobs))
            if len(worker.jobs) >= IN_FLIGHT:
                return
            job = self._queue.popleft()
            if job.future.done() or job.loop.is_closed():  # cancelled, or its test ended
                continue
            try:
                worker.requests.send_bytes(job.payload)
            except OSError:
                self._queue.appendleft(job)
                self._died(worker)
                continue
            worker.jobs.append(job)
            if len(worker.jobs) == 1:
                job.loop.add_reader(worker.fd, self._read, worker)

    def _read(self, worker: _Worker) -> None:
        """Read what the worker wrote (the loop calls this when its pipe is readable)."""
        try:
            while True:
                chunk = os.read(worker.fd, _PIPE_BYTES)
                if not chunk:
                    self._died(worker)
                    self._dispatch()
                    return
                worker.buffer += chunk
        except BlockingIOError:
            pass
        except OSError:
            self._died(worker)
            self._dispatch()
            return
        buffer = worker.buffer
        while len(buffer) >= _FRAME.size:
            (size,) = _FRAME.unpack_from(buffer)
            if len(buffer) < _FRAME.size + size:
                return
            kind, value = pickle.loads(buffer[_FRAME.size : _FRAME.size + size])
            del buffer[: _FRAME.size + size]
            if kind == "ready":
                worker.ready = True
                continue
            if not worker.jobs:
                continue
            job = worker.jobs.popleft()
            if not worker.jobs:
                job.loop.remove_reader(worker.fd)
            if not job.future.done():
                if kind == "ok":
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)
            self._dispatch()

    # ------------------------------------------------------------------ drawing

    async def png(self, draw: Draw, *args: Any, **kwargs: Any) -> bytes:
        """``to_png(draw(*args, **kwargs))``, drawn in a worker process when one can."""
        key = (getattr(draw, "__module__", ""), getattr(draw, "__qualname__", ""))
        if self.workers > 0 and key not in self._here and self.ready:
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
        """The image from a worker; when that worker dies, once more from its replacement.
        ``_NOT_THERE`` when workers cannot import the renderer, ``_BROKEN`` when both died."""
        loop = asyncio.get_running_loop()
        for _attempt in (1, 2):
            job = _Job(payload, loop.create_future(), loop)
            self._queue.append(job)
            self._dispatch()
            try:
                result = await job.future
            except WorkerDied:
                continue
            return _NOT_THERE if result is None else result
        log.warning("two render workers died drawing one image; it is drawn in the bot's process")
        return _BROKEN


_NOT_THERE = object()
"""A worker could not unpickle the renderer or its arguments."""
_BROKEN = object()
"""The worker drawing an image died, and so did the one that drew it again."""


_POOLS: dict[int, RenderPool] = {}
_POOLS_LOCK = threading.Lock()


def render_pool(workers: int | None, preload: Preload = _no_games) -> RenderPool:
    """The process's pool of ``workers`` processes (None: the core count), made once (with the
    ``preload`` of the first caller: the fork server is the process's, started once)."""
    count = (os.cpu_count() or 1) if workers is None else max(0, workers)
    with _POOLS_LOCK:
        pool = _POOLS.get(count)
        if pool is None:
            pool = _POOLS[count] = RenderPool(count, preload)
        return pool
