"""The build pool of a server: worker processes with bounded waits, time limits and cancelling.

A job runs in a worker process of its own kind (spawned, never forked from a threaded server).
Everything about a job is bounded: at most `workers` run at once and at most `queue` wait (more
are refused with PoolBusy at once), a job runs at most `time_limit` seconds, and a job whose
caller says it is no longer wanted (its client disconnected) is stopped. A job is stopped by
ending its worker, which is replaced; a worker that dies on its own (the OOM killer, a native
crash) fails only its own job (WorkerDied) and is replaced too.

No worker outlives the server: each watches its parent and exits within a second of the
parent's end, whatever ended it (SIGTERM, SIGKILL, gunicorn's timeout). A pool made before a
fork (gunicorn --preload) is left to the parent: the child starts workers of its own.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
import weakref
from collections.abc import Callable

from cards.errors import CardsError

PARENT_CHECK = 0.5  # seconds between a worker's looks at its parent
POLL = 0.1  # seconds between a waiting job's looks at its worker and its client
STOP_WAIT = 2.0  # seconds a worker gets to exit before it is killed
WORKER_NICENESS = 10  # the build workers yield the cores to the server's own threads


class PoolError(CardsError):
    """A job the pool could not finish: the server answers 503 (try again).

    Raised without a text: the server says each kind in Czech (cards/messages/server.py).
    """


class PoolBusy(PoolError):
    """Every worker is busy and the queue of waiting jobs is full."""


class WorkerDied(PoolError):
    """The worker running the job ended without an answer (killed, crashed)."""


class JobTimedOut(PoolError):
    """The job ran past the pool's time limit and was stopped."""


class JobCancelled(PoolError):
    """The job's caller no longer wanted it (its client went away); it was stopped."""


class PoolClosed(PoolError):
    """The pool was shut down (the server is stopping) before the job could finish."""


# --- the worker's side ------------------------------------------------------------------------


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent is gone (reparented to init or a subreaper)."""
    while True:
        if os.getppid() != parent:
            os._exit(0)
        time.sleep(PARENT_CHECK)


def _worker_main(connection, parent: int, warm: Callable[[], None] | None) -> None:
    """Run jobs sent over `connection` until it closes or the parent ends."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's: it stops us
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice on Windows; the builds then share equally
        pass
    if warm is not None:
        try:
            warm()
        except Exception:  # a warm-up that fails leaves the work to the first job
            pass
    while True:
        try:
            function, args = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer = ("ok", function(*args))
        except BaseException as error:  # noqa: BLE001 - every failure goes back to the caller
            answer = ("error", error)
        try:
            connection.send(answer)
        except OSError:  # the server's end is closed: it has stopped, or stopped this job
            return
        except Exception as error:  # an unpicklable answer: say so instead
            try:
                connection.send(("error", RuntimeError(f"unpicklable answer: {error!r}")))
            except OSError:
                return


# --- the server's side ------------------------------------------------------------------------


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, context, warm):
        here, there = context.Pipe()
        self.connection = here
        self.process = context.Process(
            target=_worker_main, args=(there, os.getpid(), warm), daemon=True, name="cards-build"
        )
        self.process.start()
        there.close()
        self._stopped = False
        self._stop_lock = threading.Lock()

    def stop(self, *, kill: bool = False) -> None:
        """End the process: close its pipe and wait, or kill it at once (a stopped job)."""
        with self._stop_lock:
            if self._stopped:
                return
            self._stopped = True
        if kill:
            self.process.kill()
        self.connection.close()
        self.process.join(STOP_WAIT)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(STOP_WAIT)
        self.process.close()


class BuildPool:
    """Worker processes for CPU-bound work, every job bounded (see the module's docstring).

    workers: jobs that run at once (default one per core); queue: jobs that may wait for a
    worker (default 32 per worker); time_limit: seconds a job may run (None: no limit).
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        queue: int | None = None,
        time_limit: float | None = 600.0,
        warm: Callable[[], None] | None = None,
    ):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self.queue = self.workers * 32 if queue is None else max(0, queue)
        self.time_limit = time_limit
        self._warm = warm
        self._context = multiprocessing.get_context("spawn")
        self._reset()
        _POOLS.add(self)

    def _reset(self) -> None:
        """Start with no workers (at creation, and in a forked child, whose are the parent's)."""
        self._pid = os.getpid()
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._slots = threading.Semaphore(self.workers)
        self._big = threading.Semaphore(max(1, self.workers - 1))
        self._taken = 0  # jobs running or waiting
        self._closed = False

    @property
    def closed(self) -> bool:
        """Whether the pool was shut down (the server is stopping)."""
        return self._closed

    def pids(self) -> list[int]:
        """The process ids of the workers alive now (idle and busy)."""
        with self._lock:
            return [w.process.pid for w in (*self._idle, *self._busy) if w.process.is_alive()]

    def busy_pids(self) -> list[int]:
        """The process ids of the workers running a job now."""
        with self._lock:
            return [w.process.pid for w in self._busy]

    def run(self, function, *args, cancelled: Callable[[], bool] | None = None, big=False):
        """Run function(*args) in a worker and return its result (or raise its error).

        A `big` job (a whole compendium) may take all workers but one: small jobs (a few
        spells) then never wait behind big ones. Raise PoolBusy when the queue is full,
        WorkerDied, JobTimedOut, or JobCancelled when `cancelled()` turns true while the job
        waits or runs.
        """
        if self._pid != os.getpid():
            self._reset()
        with self._lock:
            if self._closed:
                raise PoolClosed()
            if self._taken >= self.workers + self.queue:
                raise PoolBusy()
            self._taken += 1
        lanes = (self._big, self._slots) if big else (self._slots,)
        held = []
        try:
            for lane in lanes:
                while not lane.acquire(timeout=POLL):
                    if cancelled is not None and cancelled():
                        raise JobCancelled()
                held.append(lane)
            return self._run(function, args, cancelled)
        finally:
            for lane in reversed(held):
                lane.release()
            with self._lock:
                self._taken -= 1

    def _take(self) -> _Worker:
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if worker.process.is_alive():
                    self._busy.add(worker)
                    return worker
                worker.stop()
        worker = _Worker(self._context, self._warm)
        with self._lock:
            closed = self._closed
            if not closed:
                self._busy.add(worker)
        if closed:  # shut down while it started: it must not outlive the pool
            worker.stop(kill=True)
            raise PoolClosed()
        return worker

    def _give_back(self, worker: _Worker, *, healthy: bool, kill: bool = False) -> None:
        with self._lock:
            self._busy.discard(worker)
            if healthy and not self._closed:
                self._idle.append(worker)
                return
        worker.stop(kill=kill)

    def _run(self, function, args, cancelled):
        worker = self._take()
        started = time.monotonic()
        try:
            worker.connection.send((function, args))
        except OSError:
            self._give_back(worker, healthy=False, kill=True)
            raise WorkerDied() from None
        while True:
            try:
                ready = worker.connection.poll(POLL)
            except (OSError, EOFError):
                ready = False
            if ready:
                try:
                    outcome, value = worker.connection.recv()
                except (EOFError, OSError):
                    self._give_back(worker, healthy=False, kill=True)
                    if self._closed:
                        raise PoolClosed() from None
                    raise WorkerDied() from None
                self._give_back(worker, healthy=True)
                if outcome == "error":
                    raise value
                return value
            if not worker.process.is_alive():
                self._give_back(worker, healthy=False)
                if self._closed:
                    raise PoolClosed()
                raise WorkerDied()
            if self.time_limit is not None and time.monotonic() - started > self.time_limit:
                self._give_back(worker, healthy=False, kill=True)
                raise JobTimedOut()
            if cancelled is not None and cancelled():
                self._give_back(worker, healthy=False, kill=True)
                raise JobCancelled()

    def shutdown(self) -> None:
        """Stop every worker (a running job is killed) and refuse new jobs."""
        if self._pid != os.getpid():  # a forked child: the workers are the parent's
            self._reset()
        with self._lock:
            self._closed = True
            workers = [*self._idle, *self._busy]
            self._idle, self._busy = [], set()
        for worker in workers:
            worker.stop(kill=True)


_POOLS: weakref.WeakSet[BuildPool] = weakref.WeakSet()


def _after_fork_in_child() -> None:
    """A forked child (gunicorn --preload) owns none of its parent's workers, nor its locks."""
    for pool in list(_POOLS):
        pool._reset()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
