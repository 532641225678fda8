"""The web app's engine: the compendium, its labels, card counts, and builds in the pool.

One Engine per server process (`create_app` makes it): what every view shares. A build or a
count of many spells runs in the pool's processes (cards/web/pool.py), bounded in time and
cancelled when its client leaves; the compendium's counts are made once, in the background.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor

from flask import has_request_context, request
from werkzeug.exceptions import HTTPException

from cards.messages import say
from cards.model import Spell
from cards.service import DeckCounter, DeckPdf, DeckSummary, PrintSettings, SpellFile
from cards.web.pool import (
    BuildPool,
    JobCancelled,
    JobTimedOut,
    PoolBusy,
    PoolClosed,
    PoolError,
    WorkerDied,
)

BIG_BUILD = 60  # spells: a larger build leaves at least one worker free for small ones
RETRY_AFTER = 10  # seconds a client told 503 is asked to wait
IN_PROCESS_FITS = 24  # spells fitted in the server itself; more go to the build pool
IN_PROCESS_PREVIEW = 10_000  # characters: a longer spell's preview is drawn in the pool
log = logging.getLogger("cards.web")


# --- work done in the pool's processes --------------------------------------------------------


def warm_worker() -> None:
    """Import the pipeline and load the default layout once per worker process."""
    from cards.build import build_pdf  # noqa: F401
    from cards.service import load_layout

    load_layout("poker")


def _build_in_worker(spells, settings, title: str, index: bool) -> DeckPdf:
    from cards.service import build_deck

    return build_deck(spells, settings, title=title, index=index, jobs=1)  # one core a build


def _preview_in_worker(spell, options: dict) -> bytes:
    from cards.service import preview_png

    return preview_png(spell, **options)


def _parts_in_worker(spells, layout: str, continue_on_back: bool) -> list[int]:
    from cards.service import part_counts

    return part_counts(spells, layout, continue_on_back)


class Unavailable(HTTPException):
    """503: the builds are busy, or one could not finish; the client may try again."""

    code = 503

    def __init__(self, message: str, retry_after: int = RETRY_AFTER):
        super().__init__(message)
        self.retry_after = retry_after

    def get_headers(self, environ=None, scope=None):
        return [*super().get_headers(environ, scope), ("Retry-After", str(self.retry_after))]


def client_watch() -> Callable[[], bool]:
    """Return a function telling whether the request in hand's client closed its connection.

    It peeks at the connection (werkzeug's or gunicorn's socket): readable with nothing to
    read is a closed one. Behind a proxy, the proxy closes it when its client goes.
    """
    import select
    import socket

    sock = request.environ.get("werkzeug.socket") or request.environ.get("gunicorn.socket")
    if sock is None:
        return lambda: False

    def gone() -> bool:
        try:
            readable, _, _ = select.select([sock], [], [], 0)
            return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    return gone


def _in_pool(pool: BuildPool, watch: Callable[[], bool] | None, function, *args, big=False):
    """Run a job in the pool for a request: 503 when the pool cannot finish it."""
    try:
        return pool.run(function, *args, cancelled=watch, big=big)
    except PoolBusy:
        log.warning("builds busy: a job refused")
        raise Unavailable(say("server_busy")) from None
    except JobTimedOut:
        log.warning("a build ran past %s s: stopped", pool.time_limit)
        raise Unavailable(say("server_too_long", seconds=f"{pool.time_limit:g}")) from None
    except PoolClosed:
        raise Unavailable(say("server_stopping")) from None
    except JobCancelled:
        log.info("client gone: its job stopped")
        raise Unavailable(say("server_cancelled")) from None
    except WorkerDied:
        log.error("a build worker died during its job; replaced")
        raise Unavailable(say("server_worker_died")) from None


class Engine:
    """What the views share in one process: the compendium, its labels, counts and builds.

    Nothing here belongs to a user: the browser's own spells come with each request and are
    parsed again (the last few files are remembered by content).
    """

    MAX_FILES = 16

    def __init__(self, base: Sequence[Spell], pool: BuildPool | None):
        from cards.service import spell_labels

        self.base = tuple(base)
        self.labels = spell_labels(self.base)
        self.counter = DeckCounter()
        self.pool = pool
        self._with_files: OrderedDict = OrderedDict()
        self._counting: dict[tuple, threading.Event] = {}  # spells being counted, by a thread
        self._lock = threading.Lock()
        self._previews = threading.Semaphore(max(2, (os.cpu_count() or 1) * 2))

    def spells(self, files: tuple[SpellFile, ...] = ()) -> tuple[tuple[Spell, ...], dict]:
        """The compendium with the browser's own spells, and every spell's label."""
        from cards.service import spell_labels, spells_with

        if not files:
            return self.base, self.labels
        with self._lock:
            found = self._with_files.get(files)
        if found is None:
            every = spells_with(self.base, files)
            found = (every, spell_labels(every))
            with self._lock:
                self._with_files[files] = found
                while len(self._with_files) > self.MAX_FILES:
                    self._with_files.popitem(last=False)
        return found

    def _know(self, spells: Iterable[Spell], layout: str, cob: bool) -> None:
        """Count the parts of spells not counted yet, each once in the process.

        A spell another thread is counting already (the warm-up, a request at the same
        time) is waited for, not counted again; what that thread could not count (its worker
        lost, the server stopping) is counted here afterwards.
        """
        wanted = list(dict.fromkeys(s for s in spells if not self.counter.known(s, layout, cob)))
        if not wanted:
            return
        done, others = threading.Event(), set()
        with self._lock:
            mine = []
            for spell in wanted:
                other = self._counting.get((layout, cob, spell))
                if other is None:
                    mine.append(spell)
                    self._counting[(layout, cob, spell)] = done
                else:
                    others.add(other)
        try:
            self._count(mine, layout, cob)
        finally:
            with self._lock:
                for spell in mine:
                    del self._counting[(layout, cob, spell)]
            done.set()
        for other in others:
            other.wait()
        if others:
            self._know(wanted, layout, cob)  # what the others left, if anything

    def _count(self, missing: list[Spell], layout: str, cob: bool) -> None:
        """Count the parts of these spells: a few here, many in the pool."""
        if not missing:
            return
        if len(missing) <= IN_PROCESS_FITS or self.pool is None:
            for spell in missing:
                self.counter.parts(spell, layout, cob)
            return
        chunks = [missing[n :: self.pool.workers] for n in range(self.pool.workers)]
        chunks = [chunk for chunk in chunks if chunk]
        if has_request_context():
            run = functools.partial(_in_pool, self.pool, client_watch())
        else:  # the warm-up: no client, and its PoolError is its own to take
            run = functools.partial(self.pool.run, big=True)
        with ThreadPoolExecutor(len(chunks)) as threads:
            jobs = [threads.submit(run, _parts_in_worker, chunk, layout, cob) for chunk in chunks]
            for chunk, job in zip(chunks, jobs, strict=True):
                self.counter.remember(chunk, job.result(), layout, cob)

    def card_counts(self, spells: Sequence[Spell], layout: str, cob: bool) -> list[int]:
        """How many cards each spell takes in the layout."""
        self._know(spells, layout, cob)
        return [self.counter.cards(spell, layout, cob) for spell in spells]

    def count(self, spells: Sequence[Spell], settings: PrintSettings) -> DeckSummary:
        """A deck's spells, cards and sheets, without a PDF."""
        self._know(spells, settings.fit_layout, settings.continue_on_back)
        return self.counter.count(spells, settings)

    def pdf(self, spells, settings: PrintSettings, *, title: str, index: bool) -> DeckPdf:
        """Build a deck's PDF in the pool (in this process without one); 413 over MAX_CARDS."""
        from cards.web.api import within_card_bound

        within_card_bound(spells, settings)
        if self.pool is None:
            return _build_in_worker(spells, settings, title, index)
        job = (_build_in_worker, tuple(spells), settings, title, index)
        big = len(spells) > BIG_BUILD  # in the lane that leaves a worker to small builds
        return _in_pool(self.pool, client_watch(), *job, big=big)

    def preview(self, spell: Spell, **options) -> bytes:
        """A spell's preview PNG: drawn in this process (a few at a time), a long one in the pool.

        A spell longer than IN_PROCESS_PREVIEW characters (none of the compendium's) is fitted
        in a build process, so a few long homebrew spells cannot take every preview slot.
        """
        from cards.service import preview_png
        from cards.source.library import spell_text_size

        if self.pool is not None and spell_text_size(spell) > IN_PROCESS_PREVIEW:
            return _in_pool(self.pool, client_watch(), _preview_in_worker, spell, options)
        with self._previews:
            return preview_png(spell, counter=self.counter, **options)

    def warm(self, layout: str = "poker") -> None:
        """Count the compendium's cards in the background, so the first list is quick."""

        def run():
            try:
                self._know(self.base, layout, False)
            except PoolError as error:  # the server stopping, or a worker lost: counted later
                log.info("counting the compendium's cards stopped: %r", error)
            except Exception:  # a warm-up that fails only leaves the counts to be made later
                if self.pool is not None and self.pool.closed:  # stopping: threads refused
                    log.info("counting the compendium's cards stopped with the server")
                    return
                log.exception("counting the compendium's cards failed")

        threading.Thread(target=run, name="cards-warm", daemon=True).start()
