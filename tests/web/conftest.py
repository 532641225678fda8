"""The web app in-process (Flask's test client) with one build pool for the session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def app():
    """One app for the session: the embedded compendium, two build processes, no warm-up."""
    from cards.web.app import create_app

    app = create_app({"WARM": False, "BUILD_WORKERS": 2})
    yield app
    app.extensions["cards"].pool.shutdown()


@pytest.fixture
def client(app):
    """A test client whose requests name the server as a browser on 127.0.0.1 would."""
    return app.test_client()
