"""Fixtures for the workers' tests: the real app on the suite's real server, jobs run by RQ
synchronously in the request (``COURTCARD_JOBS_INLINE``) unless a test starts real workers."""

from __future__ import annotations

import pytest

from api.app import create_app


@pytest.fixture
def app(redis_client, redis_url):
    return create_app({"REDIS_URL": redis_url, "TESTING": True, "COURTCARD_JOBS_INLINE": True})


@pytest.fixture
def client(app):
    return app.test_client()
