"""Whatever ends the server, every process it started ends too; a dead worker is replaced."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.processes import alive, children, descendants, start_serve, wait_gone

BIN = Path(sys.executable).parent
TIMEOUT = 120


def _post(url: str, data: dict, timeout: float = TIMEOUT):
    body = json.dumps(data).encode("utf-8")
    request = urllib.request.Request(url, body, {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def _kill_all(process, started) -> None:
    """Kill the server and whatever it started that still runs: the test leaves nothing."""
    if process.poll() is None:
        process.kill()
        process.wait()
    for pid in alive(started):
        os.kill(pid, signal.SIGKILL)


def _serve(tmp_path):
    process = start_serve(tmp_path, new_session=True)
    url = process.stdout.readline().strip()
    status, _ = _post(url + "api/pdf", {"spells": ["Ohnivá koule"]})
    assert status == 200
    return process, url


@pytest.mark.slow  # a server and its build workers: about 8 s of CPU each
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
def test_every_process_of_the_server_ends_with_it(tmp_path, how):
    """SIGTERM (systemd), SIGKILL (the OOM killer), Ctrl-C: all its processes gone in 5 s."""
    process, _ = _serve(tmp_path)
    started = descendants(process.pid)
    assert started, "the PDF was built in a worker process"
    try:
        if how == signal.SIGINT:  # Ctrl-C in a terminal reaches the whole process group
            os.killpg(process.pid, how)
        else:
            process.send_signal(how)
        process.wait(10)
        assert wait_gone(started, 5) == set()
    finally:
        _kill_all(process, started)
    errors = process.stderr.read()
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors


def _kill_a_busy_worker(app, request_done: threading.Event) -> int:
    """Kill -9 a worker of the app's pool while it builds; return its pid."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not request_done.is_set():
        # the worker at work uses a core: find it by its CPU time growing
        for pid in children(os.getpid()):
            try:
                stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if b"multiprocessing" in cmdline and stat[0] == "R":
                os.kill(pid, signal.SIGKILL)
                return pid
        time.sleep(0.05)
    raise AssertionError("no worker was seen building")


@pytest.mark.slow  # builds the whole compendium in a pool (interrupted), then one spell
def test_a_killed_worker_answers_503_and_the_next_build_works():
    """A build worker killed mid-build: that request is a Czech 503, and later PDFs work."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 1})
    client = app.test_client()
    labels = [s["label"] for s in client.get("/api/spells").get_json()]
    answer = {}
    done = threading.Event()

    def build():
        answer["response"] = client.post("/api/pdf", json={"spells": labels})
        done.set()

    try:
        thread = threading.Thread(target=build)
        thread.start()
        _kill_a_busy_worker(app, done)
        thread.join(TIMEOUT)
        response = answer["response"]
        assert response.status_code == 503
        assert re.search(r"zkuste to znovu", response.get_json()["error"])
        again = client.post("/api/pdf", json={"spells": ["Štít"]})
        assert again.status_code == 200 and again.data.startswith(b"%PDF")
    finally:
        app.extensions["cards"].pool.shutdown()
    assert {p for p in alive(children(os.getpid())) if b"cards-build" in _cmd(p)} == set()


def _cmd(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@pytest.mark.slow  # gunicorn --preload with two workers
def test_gunicorn_preload_builds_and_leaves_nothing(tmp_path):
    """Under gunicorn --preload (the app made before the fork) a PDF is built; all ends with it."""
    import shutil

    gunicorn = shutil.which("gunicorn", path=str(BIN))
    process = subprocess.Popen(
        [gunicorn, "--preload", "-w", "2", "-b", "127.0.0.1:0", "cards.web.app:create_app()"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    started = set()
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            found = re.search(r"Listening at: (http://127\.0\.0\.1:\d+)", process.stderr.readline())
            url = found and found.group(1) + "/"
        assert url, "gunicorn did not start"
        status, body = _post(url + "api/pdf", {"spells": ["Štít", "Ohnivá koule"]}, timeout=60)
        assert status == 200 and body.startswith(b"%PDF")
        started = descendants(process.pid)
        process.send_signal(signal.SIGTERM)
        process.wait(30)
        assert wait_gone(started, 5) == set()
    finally:
        _kill_all(process, started)
