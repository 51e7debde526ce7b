"""The embedded server: explicit, private configuration; one server per data directory; clean stop."""

from __future__ import annotations

import os
import stat

import pytest
import redis
from store_samples import notes, sample_registry

from events.errors import StoreUnavailableError
from events.server import EmbeddedServer, connect
from events.store import EventStore


def _config(server: EmbeddedServer) -> dict[str, str]:
    return {k: v.decode() if isinstance(v, bytes) else v for k, v in server.client().config_get("*").items()}


@pytest.fixture
def server(tmp_path):
    server = EmbeddedServer(tmp_path / "data")
    server.start()
    yield server
    server.stop()


def test_server_listens_on_loopback_only_with_a_password(server):
    config = _config(server)
    assert config["bind"].split() == ["127.0.0.1"]
    assert config["protected-mode"] == "yes"
    assert config["requirepass"] == server.password != ""
    with pytest.raises(redis.AuthenticationError):
        redis.Redis(host="127.0.0.1", port=server.port, password="wrong").ping()


def test_server_keeps_an_append_only_file_and_never_evicts(server):
    config = _config(server)
    assert config["appendonly"] == "yes"
    assert config["appendfsync"] == "everysec"
    assert config["maxmemory-policy"] == "noeviction"


def test_appendfsync_always_is_an_option(tmp_path):
    server = EmbeddedServer(tmp_path / "strict", appendfsync="always")
    server.start()
    try:
        assert _config(server)["appendfsync"] == "always"
    finally:
        server.stop()


def test_unknown_appendfsync_is_refused(tmp_path):
    with pytest.raises(ValueError):
        EmbeddedServer(tmp_path, appendfsync="no")


def test_password_and_config_are_readable_by_the_owner_only(server):
    for name in ("password", "valkey.conf"):
        mode = stat.S_IMODE(os.stat(server.data_dir / name).st_mode)
        assert mode == 0o600, name


def test_starting_twice_on_one_data_directory_reuses_the_running_server(server):
    second = EmbeddedServer(server.data_dir)
    assert second.start() == server.url
    assert second.pid == server.pid


def test_stop_shuts_the_server_down_and_start_brings_back_its_data(server):
    server.client().set("kept", "yes")
    old_pid = server.pid
    server.stop()
    assert not server.is_running()
    server.start()
    assert server.pid != old_pid
    assert server.client().get("kept") == b"yes"


def test_stop_from_another_handle_stops_the_shared_server(server):
    EmbeddedServer(server.data_dir).stop()
    assert not server.is_running()


def test_connect_uses_redis_url_when_set(server, monkeypatch, tmp_path):
    monkeypatch.setenv("REDIS_URL", server.url)
    client, embedded = connect(data_dir=tmp_path / "unused")
    assert embedded is None
    assert client.ping()
    assert not (tmp_path / "unused").exists()


def test_connect_starts_the_embedded_server_without_redis_url(monkeypatch, tmp_path):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("COURTCARD_DATA", str(tmp_path / "from-env"))
    client, embedded = connect()
    try:
        assert embedded is not None and embedded.data_dir == (tmp_path / "from-env").resolve()
        assert client.ping()
    finally:
        embedded.stop()


def test_unreachable_store_raises_store_unavailable(server):
    store = EventStore(server.client(socket_connect_timeout=1), registry=sample_registry)
    server.stop()
    with pytest.raises(StoreUnavailableError):
        store.version("g1")
    with pytest.raises(StoreUnavailableError):
        store.append("g1", notes(1), 0, "ann")
    with pytest.raises(StoreUnavailableError):
        list(store.read("g1"))
