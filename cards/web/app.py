"""The web app: create_app() (the WSGI entry for gunicorn), its safe defaults, and `serve`.

Safe by default: a request must name the server itself in its Host header (DNS rebinding gets
400), a cross-site POST gets 403, a body over 2 MiB gets 413, every response carries a strict
Content-Security-Policy, and no traceback reaches a page (a Czech message does; the log keeps
the traceback). The work is the engine's (cards/web/engine.py): PDF builds are CPU-bound and run
in a pool of worker processes, so a whole-compendium build never holds the server's GIL.
"""

from __future__ import annotations

import functools
import importlib.util
import io
import ipaddress
import logging
import os
import threading

from flask import Flask, Response, jsonify, make_response, request
from werkzeug.exceptions import HTTPException

from cards.inputs import MAX_DECK_SPELLS
from cards.messages import say
from cards.web.engine import Engine, Unavailable, warm_worker
from cards.web.pool import (
    BuildPool,
)

MAX_BODY = 2 * 1024 * 1024  # bytes: a homebrew file of the user's and a deck fit well within
MAX_FORM_PARTS = MAX_DECK_SPELLS + 100  # a part per spell of the largest deck, and the options
LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")  # a server listening on every address of the machine
HOSTS_VARIABLE = "CARDS_HOSTS"  # extra host names a shared instance answers to, comma-separated
MAX_CARDS = 2000  # physical cards one request may build: the whole compendium takes 492-1,026
BUILD_TIME_LIMIT = 600.0  # seconds one build may run (the whole compendium takes about 60)
REQUEST_TIMEOUT = 30  # seconds `cards serve` waits for a slow client's next bytes
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
MESSAGES = {
    400: "Požadavek nelze zpracovat: server nezná tento název hostitele nebo chybí údaje.",
    403: "Odesláno z cizí stránky: požadavek odmítnut.",
    404: "Stránka nenalezena.",
    503: "Server je právě vytížen; zkuste to prosím znovu za chvíli.",
    405: "Tato adresa tento druh požadavku nepřijímá.",
    413: "Požadavek je příliš velký (nejvýše 2 MiB).",
    500: "Na serveru se něco pokazilo; zkuste to prosím znovu. Podrobnosti jsou v záznamu serveru.",
}
log = logging.getLogger("cards.web")


# --- the app ------------------------------------------------------------------------------------


def allowed_hosts(host: str = "127.0.0.1", port: int | None = None) -> frozenset[str]:
    """The Host header values the server answers to: its loopback names and `host`.

    With a port, each name also with ":port"; else "name:*" (any port). CARDS_HOSTS adds the
    names of a shared instance, comma-separated: "kouzla.example.org" (any port),
    "kouzla.example.org:8000" (that port only), "2001:db8::5" or "[2001:db8::5]:8000".
    A wildcard address (0.0.0.0, ::) adds the machine's name; the address a client reached
    it at is checked per request (see `_host_allowed`).
    """
    import socket

    names = {*LOOPBACK, host}
    if host in WILDCARDS:
        names.add(socket.gethostname())
    names.discard("")
    shown = {(f"[{n}]" if ":" in n else n).lower() for n in names}
    if port is not None:
        hosts = {f"{n}:{port}" for n in shown} | (shown if port == 80 else set())
    else:
        hosts = shown | {f"{n}:*" for n in shown}
    for entry in os.environ.get(HOSTS_VARIABLE, "").split(","):
        hosts |= _configured_host(entry.strip().lower())
    return frozenset(hosts)


def _configured_host(entry: str) -> set[str]:
    """The Host values one CARDS_HOSTS entry allows (none for an empty entry)."""
    if not entry:
        return set()
    if entry.startswith("["):  # [IPv6] or [IPv6]:port
        literal, _, rest = entry.partition("]")
        name = literal + "]"
        if rest.startswith(":") and rest[1:].isdigit():
            return {f"{name}:{int(rest[1:])}"}
        return {name, f"{name}:*"}
    if entry.count(":") == 1:  # name:port
        name, _, port = entry.partition(":")
        if port.isdigit():
            return {f"{name}:{int(port)}"}
        return set()
    if ":" in entry:  # a bare IPv6 literal
        entry = f"[{entry}]"
    return {entry, f"{entry}:*"}


def _split_host(header: str) -> tuple[str, str | None]:
    """A Host header's name (IPv6 in brackets) and port (None without one)."""
    if header.startswith("["):
        name, _, rest = header.partition("]")
        return name + "]", rest[1:] if rest.startswith(":") else None
    name, colon, port = header.rpartition(":")
    return (name, port) if colon and port.isdigit() else (header, None)


def _host_allowed(header: str, hosts: frozenset[str], local: str | None = None) -> bool:
    """Tell whether a Host header names this server.

    `local` is the address the client's connection reached (a wildcard server's own LAN
    address): a Host that is exactly that address, as an IP literal, is the server itself.
    A DNS rebinding attack sends a name, never the address, so this lets in no other site.
    """
    header = header.strip().lower()
    if header in hosts:
        return True
    name, port = _split_host(header)
    if port is not None and str(int(port)) != port:
        return False
    if f"{name}:*" in hosts:
        return True
    if local is not None:
        literal = name.strip("[]")
        try:
            reached = ipaddress.ip_address(local.removeprefix("::ffff:"))
            return ipaddress.ip_address(literal) == reached
        except ValueError:
            return False
    return False


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
    (count the compendium's cards in the background from the first request; default True),
    BUILD_QUEUE (builds that may wait for a worker; default 32 per worker), BUILD_TIME_LIMIT
    (seconds a build may run; default BUILD_TIME_LIMIT).
    """
    from cards.cache import cache_folder, engine_version
    from cards.source.library import load_spells
    from cards.source.stored import ParseStore
    from cards.web.api import api

    app = Flask(__name__, static_folder=None)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False)
    # The page posts its downloads as form data: a form may carry what a JSON body may.
    app.config.update(MAX_FORM_MEMORY_SIZE=MAX_BODY, MAX_FORM_PARTS=MAX_FORM_PARTS)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.config.update(config or {})
    workers = app.config.get("BUILD_WORKERS")
    pool = None
    if workers != 0:
        pool = BuildPool(
            workers,
            queue=app.config.get("BUILD_QUEUE"),
            time_limit=app.config.get("BUILD_TIME_LIMIT", BUILD_TIME_LIMIT),
            warm=warm_worker,
        )
    spells = app.config.get("SPELLS") or load_spells(
        store=ParseStore(cache_folder(), engine_version())
    )
    app.extensions["cards"] = Engine(spells, pool)
    app.config["ALLOWED_HOSTS"] = allowed_hosts(
        app.config.get("HOST", "127.0.0.1"), app.config.get("PORT")
    )

    app.before_request(functools.partial(check_request, app))

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

    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
    app.register_blueprint(api)
    if importlib.util.find_spec("cards.web.pages") is not None:
        from cards.web.pages import pages

        app.register_blueprint(pages)
    if app.config.get("WARM", True):
        warmed = set()

        @app.before_request
        def warm_once():
            # At the first request of each process, not in create_app: under gunicorn
            # --preload the app is made in the master, whose threads a fork would not carry.
            if os.getpid() not in warmed:
                warmed.add(os.getpid())
                app.extensions["cards"].warm()

    return app


def _http_error(error: HTTPException):
    """An HTTP error in Czech, keeping its headers (Allow of a 405, Retry-After of a 503)."""
    own = error.description if isinstance(error, Unavailable) else None
    response = make_response(_error(error.code or 500, own))
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def _unexpected(error: Exception):
    """A library refusal as 400; anything else 500 with the traceback in the log only."""
    from cards.errors import CardsError

    if isinstance(error, CardsError):
        log.info("refused: %s", error)
        return _error(400, f"Nelze splnit: {error}")
    log.exception("unexpected error in %s %s", request.method, request.path)
    return _error(500)


def check_request(app: Flask):
    """Refuse before any work: an unknown Host (400), a cross-site POST (403), a body over the
    cap (413), a chunked one too (read whole here, so one over the cap is refused, not cut)."""
    header = request.headers.get("Host", "")
    local = None
    if app.config.get("HOST") in WILDCARDS:
        local = request.environ.get("cards.local_address")
    if not _host_allowed(header, app.config["ALLOWED_HOSTS"], local):
        shown = header if header.isprintable() and len(header) <= 100 else "…"
        return _error(400, say("server_unknown_host", host=shown, variable=HOSTS_VARIABLE))
    if request.method not in ("GET", "HEAD", "OPTIONS") and _cross_site():
        return _error(403)
    length = request.content_length
    if length is not None and length > MAX_BODY:
        return _error(413)
    if length is None and request.environ.get("wsgi.input_terminated"):
        data = request.environ["wsgi.input"].read(MAX_BODY + 1)
        if len(data) > MAX_BODY:
            return _error(413)
        request.environ["wsgi.input"] = io.BytesIO(data)
        request.environ["CONTENT_LENGTH"] = str(len(data))
    return None


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
    import signal
    import webbrowser

    from werkzeug.serving import make_server

    from cards.errors import CardsError
    from cards.messages import os_reason

    try:  # before the app starts its pool of processes, which an error would leave behind
        listening = listen(host, port)
    except OSError as error:
        reason = os_reason(error)
        raise CardsError(say("cannot_listen", host=host, port=port, reason=reason)) from None
    app = create_app({"HOST": host})
    with listening:  # werkzeug takes a copy of the socket
        server = make_server(
            host, port, app, threaded=True, fd=listening.fileno(), request_handler=_handler_class()
        )
    bound = server.socket.getsockname()[1]
    app.config["ALLOWED_HOSTS"] = allowed_hosts(host, bound)
    shown = f"[{host}]" if ":" in host else host
    if host in WILDCARDS:
        shown = "127.0.0.1"
    url = f"http://{shown}:{bound}/"
    announce(url)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:  # systemd, docker stop, kill: stop as Ctrl-C does (only the main thread may)
        previous = signal.signal(signal.SIGTERM, _stop_on_signal)
    except ValueError:
        previous = None
    try:
        server.serve_forever()
    except (KeyboardInterrupt, _Stopped):
        pass
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        server.server_close()
        pool = app.extensions["cards"].pool
        if pool is not None:
            pool.shutdown()


class _Stopped(BaseException):
    """SIGTERM: stop serving as Ctrl-C does (like KeyboardInterrupt, not an error)."""


def _stop_on_signal(signum, frame):
    raise _Stopped


def _handler_class():
    from werkzeug.serving import WSGIRequestHandler

    class Handler(WSGIRequestHandler):
        """A request handler that gives up on a client silent for REQUEST_TIMEOUT seconds."""

        timeout = REQUEST_TIMEOUT

        def make_environ(self):
            environ = super().make_environ()
            try:  # the address the client reached: a wildcard server's own (see allowed_hosts)
                environ["cards.local_address"] = self.connection.getsockname()[0]
            except OSError:
                pass
            return environ

    return Handler
