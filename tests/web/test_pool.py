"""The build pool (cards/web/pool.py): jobs in worker processes, each one bounded."""

from __future__ import annotations

import operator
import threading
import time

import pytest

from cards.web.pool import BuildPool, JobCancelled, JobTimedOut, PoolBusy, PoolClosed
from tests.support.processes import wait_gone


@pytest.fixture(scope="module")
def pool():
    """One worker, a queue of none, a job may run two seconds."""
    pool = BuildPool(1, queue=0, time_limit=2.0)
    yield pool
    pool.shutdown()


def test_a_job_returns_its_result_and_the_worker_serves_the_next(pool):
    """pow(2, 10) comes back; the second job runs in the same worker process."""
    assert pool.run(pow, 2, 10) == 1024
    first = pool.pids()
    assert pool.run(divmod, 7, 2) == (3, 1)
    assert pool.pids() == first and len(first) == 1


def test_a_jobs_error_is_raised_to_the_caller_and_the_worker_stays(pool):
    """1 / 0 in the worker is a ZeroDivisionError here; the worker serves the next job."""
    pool.run(pow, 1, 1)
    before = pool.pids()
    with pytest.raises(ZeroDivisionError):
        pool.run(operator.truediv, 1, 0)
    assert pool.run(pow, 3, 2) == 9
    assert pool.pids() == before


def test_a_job_past_the_time_limit_is_stopped_with_its_worker(pool):
    """time.sleep(30) under a two-second limit: JobTimedOut, its process ends, a new worker
    takes the next job."""
    pool.run(pow, 1, 1)
    (worker,) = pool.pids()
    started = time.monotonic()
    with pytest.raises(JobTimedOut):
        pool.run(time.sleep, 30)
    assert time.monotonic() - started < 10
    assert wait_gone({worker}, 5) == set()
    assert pool.run(pow, 2, 3) == 8 and pool.pids() != [worker]


def test_a_cancelled_job_ends_at_once_with_its_worker(pool):
    """cancelled() turning true while the job runs: JobCancelled, the worker is stopped."""
    pool.run(pow, 1, 1)
    (worker,) = pool.pids()
    deadline = time.monotonic() + 0.3
    with pytest.raises(JobCancelled):
        pool.run(time.sleep, 30, cancelled=lambda: time.monotonic() > deadline)
    assert wait_gone({worker}, 5) == set()


def test_a_job_past_the_queue_is_refused_while_the_worker_is_busy(pool):
    """One worker, no queue: a second job while the first runs is PoolBusy, not a wait;
    the first one ends as it would have."""
    pool.run(pow, 1, 1)  # the worker is up before the clock of the busy job starts
    outcome = []

    def busy():
        outcome.append(pool.run(time.sleep, 0.5))

    running = threading.Thread(target=busy)
    running.start()
    try:
        deadline = time.monotonic() + 5
        while not pool.busy_pids() and time.monotonic() < deadline:
            time.sleep(0.02)
        with pytest.raises(PoolBusy):
            pool.run(pow, 2, 2)
    finally:
        running.join()
    assert outcome == [None]
    assert pool.run(pow, 2, 2) == 4


def test_a_shut_down_pool_has_no_worker_and_refuses_jobs():
    """shutdown() stops the workers; a job after it is PoolClosed."""
    pool = BuildPool(1)
    pool.run(pow, 1, 1)
    workers = set(pool.pids())
    pool.shutdown()
    assert pool.closed and wait_gone(workers, 5) == set()
    with pytest.raises(PoolClosed):
        pool.run(pow, 1, 1)
