"""The web app: create_app() (the WSGI entry for gunicorn), its engine, and safe defaults.

Safe by default: a request must name the server itself in its Host header (DNS rebinding gets
400), a cross-site POST gets 403, a body over 2 MiB gets 413, every response carries a strict
Content-Security-Policy, and no traceback reaches a page (a Czech message does; the log keeps
the traceback). PDF builds are CPU-bound: they run in a pool of worker processes, at most one
per core, so a whole-compendium build never holds the server's GIL while a preview is drawn.
"""

from __future__ import annotations

import importlib.util
import logging
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from cards.model import Spell
from cards.service import DeckCounter, DeckPdf, DeckSummary, PrintSettings, SpellFile

MAX_BODY = 2 * 1024 * 1024  # bytes: a homebrew file of the user's and a deck fit well within
LOOPBACK = ("127.0.0.1", "localhost", "::1")
HOSTS_VARIABLE = "CARDS_HOSTS"  # extra host names a shared instance answers to, comma-separated
WORKER_NICENESS = 10  # the build workers yield the cores to the server's own threads
IN_PROCESS_FITS = 24  # spells fitted in the server itself; more go to the build pool
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
MESSAGES = {
    400: "Požadavek nelze zpracovat: server nezná tento název hostitele nebo chybí údaje.",
    403: "Odesláno z cizí stránky: požadavek odmítnut.",
    404: "Stránka nenalezena.",
    405: "Tato adresa tento druh požadavku nepřijímá.",
    413: "Požadavek je příliš velký (nejvýše 2 MiB).",
    500: "Na serveru se něco pokazilo; zkuste to prosím znovu. Podrobnosti jsou v záznamu serveru.",
}
log = logging.getLogger("cards.web")


# --- work done in the pool's processes --------------------------------------------------------


def _warm_worker() -> None:
    """Import the pipeline and load the default layout once per worker process.

    Workers run at a lower priority: a build is background work, and the server process that
    draws previews and answers the page must get a core when it asks for one.
    """
    from cards.build import build_pdf  # noqa: F401

    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice on Windows; the builds then share equally
        pass
    from cards.service import load_layout

    load_layout("poker")


def _build_in_worker(spells, settings, title: str, index: bool) -> DeckPdf:
    from cards.service import build_deck

    return build_deck(spells, settings, title=title, index=index, jobs=1)  # one core a build


def _parts_in_worker(spells, layout: str, continue_on_back: bool) -> list[int]:
    from cards.service import part_counts

    return part_counts(spells, layout, continue_on_back)


class BuildPool:
    """Worker processes for CPU-bound work: at most `workers` jobs at a time, the rest wait.

    A job runs to its end even when the client that asked has gone; only its result is lost.
    """

    def __init__(self, workers: int | None = None):
        self.workers = max(1, workers or os.cpu_count() or 1)
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def submit(self, function, *args) -> Future:
        """Start a job (a function of this module and picklable arguments)."""
        with self._lock:
            if self._executor is None:
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_warm_worker
                )
            return self._executor.submit(function, *args)

    def shutdown(self) -> None:
        """Stop the workers (after the jobs running now)."""
        with self._lock:
            if self._executor is not None:
                self._executor.shutdown(wait=True, cancel_futures=True)
                self._executor = None


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
        """Count the parts of spells not counted yet: a few here, many in the pool."""
        missing = list(dict.fromkeys(s for s in spells if not self.counter.known(s, layout, cob)))
        if len(missing) <= IN_PROCESS_FITS or self.pool is None:
            for spell in missing:
                self.counter.parts(spell, layout, cob)
            return
        chunks = [missing[n :: self.pool.workers] for n in range(self.pool.workers)]
        jobs = [self.pool.submit(_parts_in_worker, chunk, layout, cob) for chunk in chunks]
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
        """Build a deck's PDF in the pool (in this process without one)."""
        if self.pool is None:
            return _build_in_worker(spells, settings, title, index)
        return self.pool.submit(_build_in_worker, tuple(spells), settings, title, index).result()

    def preview(self, spell: Spell, **options) -> bytes:
        """A spell's preview PNG, drawn in this process (a few at a time)."""
        from cards.service import preview_png

        with self._previews:
            return preview_png(spell, counter=self.counter, **options)

    def warm(self, layout: str = "poker") -> None:
        """Count the compendium's cards in the background, so the first list is quick."""

        def run():
            try:
                self._know(self.base, layout, False)
            except Exception:  # a warm-up that fails only leaves the counts to be made later
                log.exception("counting the compendium's cards failed")

        threading.Thread(target=run, name="cards-warm", daemon=True).start()


# --- the app ------------------------------------------------------------------------------------


def allowed_hosts(host: str = "127.0.0.1", port: int | None = None) -> frozenset[str]:
    """The Host header values the server answers to: its loopback names and `host`.

    With a port, each name also with ":port"; CARDS_HOSTS adds names of a shared instance.
    A wildcard address (0.0.0.0, ::) adds the machine's own name and addresses.
    """
    import socket

    names = {*LOOPBACK, host}
    names |= {n.strip() for n in os.environ.get(HOSTS_VARIABLE, "").split(",") if n.strip()}
    if host in ("0.0.0.0", "::", ""):
        machine = socket.gethostname()
        names.add(machine)
        try:
            names |= set(socket.gethostbyname_ex(machine)[2])
        except OSError:
            pass
    names.discard("")
    shown = {f"[{n}]" if ":" in n else n for n in names}
    hosts = {n.lower() for n in shown}
    if port is not None:
        hosts = {f"{n}:{port}" for n in hosts} | (hosts if port == 80 else set())
    else:
        hosts |= {f"{n}:*" for n in hosts}
    return frozenset(hosts)


def _host_allowed(header: str, hosts: frozenset[str]) -> bool:
    header = header.strip().lower()
    if header in hosts:
        return True
    name = header.rsplit(":", 1)[0] if header.rsplit(":", 1)[-1].isdigit() else header
    return f"{name}:*" in hosts


def _cross_site() -> bool:
    """Tell a POST sent by another site's page (Sec-Fetch-Site, or an Origin not our own)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    if origin is None:
        return False  # not a browser's cross-site request (curl, a script)
    scheme, _, rest = origin.partition("://")
    if not rest or scheme not in ("http", "https"):
        return True  # "null" and other opaque origins
    return rest.rstrip("/").lower() != request.host.lower()


def create_app(config: dict | None = None) -> Flask:
    """Make the app: the page, the JSON API and the safety checks.

    config (optional): SPELLS (the compendium; default the embedded one), HOST and PORT (the
    server's own address, for the Host check; default loopback, any port), BUILD_WORKERS
    (processes for PDF builds; default one per core, 0 builds in the request's thread), WARM
    (count the compendium's cards in the background at start; default True).
    """
    from cards.source.library import load_spells
    from cards.web.api import api

    app = Flask(__name__, static_folder=None)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.config.update(config or {})
    workers = app.config.get("BUILD_WORKERS")
    pool = None if workers == 0 else BuildPool(workers)
    spells = app.config.get("SPELLS") or load_spells()
    app.extensions["cards"] = Engine(spells, pool)
    app.config["ALLOWED_HOSTS"] = allowed_hosts(
        app.config.get("HOST", "127.0.0.1"), app.config.get("PORT")
    )

    @app.before_request
    def check_request():
        if not _host_allowed(request.headers.get("Host", ""), app.config["ALLOWED_HOSTS"]):
            return _error(400, "Neznámý název hostitele v požadavku (ochrana proti DNS rebinding).")
        if request.method not in ("GET", "HEAD", "OPTIONS") and _cross_site():
            return _error(403)
        length = request.content_length
        if length is not None and length > MAX_BODY:
            return _error(413)
        return None

    @app.after_request
    def secure_headers(response: Response) -> Response:
        headers = response.headers
        headers["Content-Security-Policy"] = CSP
        headers["Referrer-Policy"] = "same-origin"
        headers["X-Content-Type-Options"] = "nosniff"
        headers["X-Frame-Options"] = "DENY"
        headers["Cross-Origin-Opener-Policy"] = "same-origin"
        headers["Cross-Origin-Resource-Policy"] = "same-origin"
        return response

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        return _error(error.code or 500)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        from cards.errors import CardsError

        if isinstance(error, CardsError):
            log.info("refused: %s", error)
            return _error(400, f"Nelze splnit: {error}")
        log.exception("unexpected error in %s %s", request.method, request.path)
        return _error(500)

    app.register_blueprint(api)
    if importlib.util.find_spec("cards.web.pages") is not None:
        from cards.web.pages import pages

        app.register_blueprint(pages)
    if app.config.get("WARM", True):
        app.extensions["cards"].warm()
    return app


def _error(status: int, message: str | None = None):
    """An error response in Czech: JSON under /api/, plain text elsewhere."""
    text = message or MESSAGES.get(status, MESSAGES[500])
    if request.path.startswith("/api/"):
        return jsonify({"error": text}), status
    return Response(text + "\n", status=status, mimetype="text/plain")


def listen(host: str, port: int):
    """Return a TCP socket listening on host:port; raise OSError (socket.gaierror) if it cannot.

    The tool binds the socket itself rather than leave it to werkzeug, which prints the system's
    English and exits, and which takes a host "unix://FILE" as a Unix socket to make at FILE,
    deleting what is there: a host here is a name or an IP address, nothing else.
    """
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET  # as werkzeug reads it
    try:
        address = socket.getaddrinfo(host, port, family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    except UnicodeError:  # a label of a name empty or over 63 characters: no name at all
        raise socket.gaierror(socket.EAI_NONAME, host) from None
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address[0][4])
        listening.listen(128)
    except BaseException:
        listening.close()
        raise
    return listening


def serve(host: str, port: int, *, open_browser: bool = True, announce=print) -> None:
    """Run the app on host:port (0: a free port) until Ctrl-C; announce the address first.

    A threaded server: previews and the page are answered while builds run in the pool.
    """
    import webbrowser

    from werkzeug.serving import make_server

    from cards.errors import CardsError
    from cards.messages import os_reason, say

    try:  # before the app starts its pool of processes, which an error would leave behind
        listening = listen(host, port)
    except OSError as error:
        reason = os_reason(error)
        raise CardsError(say("cannot_listen", host=host, port=port, reason=reason)) from None
    app = create_app({"HOST": host})
    with listening:  # werkzeug takes a copy of the socket
        server = make_server(host, port, app, threaded=True, fd=listening.fileno())
    bound = server.socket.getsockname()[1]
    app.config["ALLOWED_HOSTS"] = allowed_hosts(host, bound)
    shown = f"[{host}]" if ":" in host else host
    if host in ("0.0.0.0", "::"):
        shown = "127.0.0.1"
    url = f"http://{shown}:{bound}/"
    announce(url)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        pool = app.extensions["cards"].pool
        if pool is not None:
            pool.shutdown()
