"""`cards serve` that cannot listen: a Czech error and exit 1, nothing of the user's touched."""

from __future__ import annotations

import socket
import subprocess
import sys

from click.testing import CliRunner

from cards.cli import main


def serve(*args: str):
    return CliRunner().invoke(main, ["serve", "--no-browser", *args])


def test_a_host_naming_a_file_does_not_replace_the_file(tmp_path):
    """--host unix://FILE is no address: refused, and FILE stays (werkzeug deleted it)."""
    precious = tmp_path / "poznamky.txt"
    precious.write_text("moje poznámky\n", encoding="utf-8")
    # In a process of its own with a time limit: a server that did start would never return.
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "cards",
            "serve",
            "--no-browser",
            "--port",
            "0",
            "--host",
            f"unix://{precious}",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1, result.stderr
    assert "nelze naslouchat na unix://" in result.stderr
    assert precious.read_text(encoding="utf-8") == "moje poznámky\n"


def test_a_port_in_use_is_said_in_czech():
    """A port another program listens on: exit 1, "adresu už používá jiný program"."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = serve("--port", str(port))
    assert result.exit_code == 1, result.output
    assert result.output.endswith(
        f"Chyba: nelze naslouchat na 127.0.0.1:{port} (adresu už používá jiný program)\n"
    )
    assert "in use" not in result.output


def test_an_unknown_host_is_said_in_czech():
    """A host name that does not resolve: exit 1, "neznámá adresa počítače"."""
    result = serve("--host", "nikde.invalid", "--port", "0")
    assert result.exit_code == 1, result.output
    assert "Chyba: nelze naslouchat na nikde.invalid:0 (neznámá adresa počítače)" in result.output
