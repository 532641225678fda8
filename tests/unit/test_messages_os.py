"""The system's refusals (OSError) are said in Czech: `os_reason` never shows the system's words."""

from __future__ import annotations

import errno
import os
import socket

import pytest

from cards.messages import CATALOGUE, os_reason


@pytest.mark.parametrize("code", sorted(errno.errorcode))
def test_no_errno_is_said_in_the_systems_english(code):
    """Every errno gets a Czech reason (its own or "systémová chyba ENAME"), never strerror."""
    reason = os_reason(OSError(code, os.strerror(code)))
    assert reason and os.strerror(code) not in reason
    assert reason in CATALOGUE.values() or reason == f"systémová chyba {errno.errorcode[code]}"


def test_the_common_reasons_have_their_own_words():
    """A full disk, no permission, a missing file: each its own Czech sentence."""
    assert os_reason(OSError(errno.ENOSPC, "No space left on device")) == "na disku není místo"
    assert os_reason(PermissionError(errno.EACCES, "Permission denied")) == "chybí oprávnění"
    assert os_reason(FileNotFoundError(errno.ENOENT, "x")) == "soubor nebo složka neexistuje"


def test_an_unknown_host_and_an_errorless_oserror():
    """A host name that does not resolve, and an OSError without errno, are Czech too."""
    assert os_reason(socket.gaierror(socket.EAI_NONAME, "Name or service not known")) == (
        "neznámá adresa počítače"
    )
    assert os_reason(OSError()) == "systémová chyba ?"
