"""The README's club recipe, run: gunicorn (deploy/gunicorn.conf.py) behind nginx on loopback."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.processes import descendants, wait_gone

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent
NAME = "kouzla.example.org"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _nginx() -> str:
    """Debian's nginx; skipped without it, except in CI (CI=true), where .ci/run installs it."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
    if found is None:
        message = "nginx is missing: apt-get install nginx-light"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def _ask(url: str, host: str, data: bytes | None = None, timeout: float = 60):
    """Ask with a Host header of our choice; return the status and body (errors too)."""
    headers = {"Host": host, "Content-Type": "application/json"}
    request = urllib.request.Request(url, data, headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """gunicorn with the recipe's settings and nginx with the recipe's site, both on loopback.

    One pair for the module (each start took 6 s): the test that kills a worker comes last,
    and every process any test saw started must be gone when gunicorn stops."""
    nginx = _nginx()
    tmp_path = tmp_path_factory.mktemp("club")
    app_port, web_port = _free_port(), _free_port()
    # The run's fit cache (tests/conftest.py sets CARDS_CACHE_DIR): gunicorn's workers count
    # the compendium at start, from fitted cards where another module has fitted them.
    env = {**os.environ, "CARDS_HOSTS": NAME}
    gunicorn = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "-c",
            str(DEPLOY / "gunicorn.conf.py"),
            "-b",
            f"127.0.0.1:{app_port}",
            "cards.web.app:create_app()",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    site = (DEPLOY / "nginx-kartoteka.conf").read_text(encoding="utf-8")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{web_port};")
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{app_port}")
    (tmp_path / "site.conf").write_text(site, encoding="utf-8")
    temp = tmp_path / "nginx"
    temp.mkdir()
    (tmp_path / "nginx.conf").write_text(
        f"daemon off; pid {temp}/nginx.pid; error_log {temp}/error.log; worker_processes 1;\n"
        + ("user root;\n" if os.geteuid() == 0 else "")
        + "events { worker_connections 64; }\n"
        f"http {{ access_log off; client_body_temp_path {temp}/body; "
        f"proxy_temp_path {temp}/proxy; fastcgi_temp_path {temp}/f; uwsgi_temp_path {temp}/u; "
        f"scgi_temp_path {temp}/s; include {tmp_path}/site.conf; }}\n",
        encoding="utf-8",
    )
    proxy = subprocess.Popen(
        [nginx, "-p", str(temp), "-c", str(tmp_path / "nginx.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    started: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status, _ = _ask(f"http://127.0.0.1:{web_port}/api/spells?level=9", NAME, timeout=5)
            except OSError:  # nginx or gunicorn not listening yet
                status = None
            if status == 200:
                break
            time.sleep(0.3)
        yield f"http://127.0.0.1:{web_port}/", gunicorn, started, app_port
    finally:
        started |= descendants(gunicorn.pid)
        for process in (proxy, gunicorn):
            if process.poll() is None:
                process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        left = wait_gone(started, 5)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert left == set(), "processes left after gunicorn stopped"


@pytest.mark.slow  # gunicorn with two workers and their build processes, nginx
def test_the_club_recipe_serves_through_nginx(club):
    """Through nginx: the page and a PDF by the club's name; a foreign name, a huge body refused."""
    url, gunicorn, started, _ = club
    status, page = _ask(url, f"{NAME}:80")
    assert status == 200 and b"<html" in page.lower()
    deck = b'{"spells": ["\\u0160t\\u00edt", "Ohniv\\u00e1 koule"], "backs": true}'
    status, pdf = _ask(url + "api/pdf", NAME, deck)
    assert status == 200 and pdf.startswith(b"%PDF")
    started |= descendants(gunicorn.pid)
    status, body = _ask(url + "api/spells", "evil.example")
    assert status == 400 and "CARDS_HOSTS" in body.decode()
    status, _ = _ask(url + "api/lint", NAME, b"{" + b" " * (3 * 1024 * 1024) + b"}")
    assert status == 413
    status, body = _ask(url + "api/spells?level=9", NAME)
    assert status == 200  # X-Forwarded-* from a client change nothing of the answers


def test_the_systemd_unit_runs_the_recipe():
    """The unit starts gunicorn with the recipe's settings, the club's names and a cache folder."""
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    text = (DEPLOY / "kartoteka.service").read_text(encoding="utf-8")
    environment = dict(re.findall(r"^Environment=(\w+)=(.*)$", text, re.M))
    unit.read_string(re.sub(r"^Environment=.*$", "", text, flags=re.M))
    service = unit["Service"]
    assert service["ExecStart"].split()[1:] == [
        "-c",
        "/opt/kartoteka/gunicorn.conf.py",
        "cards.web.app:create_app()",
    ]
    assert environment["CARDS_HOSTS"] == NAME
    assert environment["CARDS_CACHE_DIR"] == "/var/cache/" + service["CacheDirectory"]
    assert service["KillMode"] == "mixed" and service["DynamicUser"] == "yes"
    recipe = (DEPLOY / "gunicorn.conf.py").read_text(encoding="utf-8")
    assert 'bind = "127.0.0.1:8000"' in recipe
    assert "server 127.0.0.1:8000;" in (DEPLOY / "nginx-kartoteka.conf").read_text()
    assert "deploy/gunicorn.conf.py" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.slow  # gunicorn with two workers behind nginx
def test_idle_connections_do_not_take_the_site(club):
    """Eight idle connections to gunicorn: the next request is still answered (sync: it waits)."""
    url, _, _, app_port = club
    idle = [socket.create_connection(("127.0.0.1", app_port)) for _ in range(8)]
    try:
        started = time.monotonic()
        direct = f"http://127.0.0.1:{app_port}/api/spells?level=9"
        status, _ = _ask(direct, NAME, timeout=30)
        assert status == 200
        assert time.monotonic() - started < 10  # gthread: within its keepalive (5 s)
    finally:
        for sock in idle:
            sock.close()


@pytest.mark.slow  # gunicorn with two workers behind nginx, one killed
def test_a_killed_gunicorn_worker_leaves_no_build_process(club):
    """SIGKILL to a gunicorn worker (its timeout, the OOM killer): its build processes end too."""
    from tests.support.processes import children

    url, gunicorn, _, _ = club
    deck = b'{"spells": ["\\u0160t\\u00edt"]}'
    for _ in range(4):  # both workers build once, most likely
        assert _ask(url + "api/pdf", NAME, deck)[0] == 200
    worker = max(children(gunicorn.pid), key=lambda pid: len(descendants(pid)))
    builds = descendants(worker)
    assert builds, "the worker built in a process of its own"
    os.kill(worker, signal.SIGKILL)
    assert wait_gone(builds, 5) == set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # gunicorn starts another worker
        if _ask(url + "api/pdf", NAME, deck)[0] == 200:
            break
        time.sleep(0.5)
    else:
        raise AssertionError("no PDF after the worker was replaced")
