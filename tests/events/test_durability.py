"""Durability: acknowledged events survive a SIGKILL of the server and a restart on its data."""

from __future__ import annotations

import os
import signal
import time

import pytest
from store_samples import notes, sample_registry

from events.server import EmbeddedServer
from events.store import EventStore


@pytest.mark.parametrize("appendfsync", ["everysec", "always"])
def test_acknowledged_events_survive_sigkill_and_restart(tmp_path, appendfsync):
    server = EmbeddedServer(tmp_path / "data", appendfsync=appendfsync)
    server.start()
    try:
        client = server.client()
        store = EventStore(client, registry=sample_registry)
        version = 0
        for batch in range(50):
            version = store.append("g1", notes(4, 4 * batch), version, "ann").version
        client.close()

        os.kill(server.pid, signal.SIGKILL)
        while server.is_running():
            time.sleep(0.01)

        restarted = EmbeddedServer(tmp_path / "data", appendfsync=appendfsync)
        restarted.start()
        assert restarted.pid != server.pid
        client = restarted.client()
        store = EventStore(client, registry=sample_registry)
        assert store.version("g1") == 200
        assert [e.event for e in store.read("g1")] == notes(200)
        report = store.verify("g1")
        assert report.ok and report.count == 200
        client.close()
    finally:
        EmbeddedServer(tmp_path / "data").stop()
