"""The embedded server: explicit, private configuration; one server per data directory; clean stop."""

from __future__ import annotations

import os
import signal
import socket
import stat
import time

import pytest
import redis
from store_samples import notes, sample_registry

from events.errors import StoreFullError, StoreUnavailableError
from events.server import EmbeddedServer, connect, redis_from_url
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


def _modes(data_dir) -> dict[str, int]:
    out = {".": stat.S_IMODE(os.stat(data_dir).st_mode)}
    for root, dirs, files in os.walk(data_dir):
        for name in dirs + files:
            path = os.path.join(root, name)
            out[os.path.relpath(path, data_dir)] = stat.S_IMODE(os.stat(path).st_mode)
    return out


def test_data_directory_and_append_only_files_are_the_owners_only_even_when_they_were_open(tmp_path):
    # An older data directory, made with a permissive umask: open to everyone on the machine.
    data_dir = tmp_path / "data"
    (data_dir / "appendonlydir").mkdir(parents=True)
    data_dir.chmod(0o755)
    (data_dir / "appendonlydir").chmod(0o755)
    (data_dir / "valkey.log").write_text("old log\n")
    (data_dir / "valkey.log").chmod(0o644)
    (data_dir / "notes.txt").write_text("someone else's file\n")  # not the server's: left as it is
    (data_dir / "notes.txt").chmod(0o644)
    server = EmbeddedServer(data_dir)
    server.start()
    try:
        EventStore(server.client(), registry=sample_registry).append("g1", notes(3), 0, "ann")
        server.client().bgrewriteaof()  # new append-only files, made by the server itself
        server.stop()
        server.start()
        modes = _modes(data_dir)
        assert modes.pop("notes.txt") == 0o644
        assert any(name.startswith("appendonlydir/") for name in modes)
        assert {name: mode for name, mode in modes.items() if os.path.isdir(data_dir / name)} == {
            ".": 0o700, "appendonlydir": 0o700}
        assert {name: mode for name, mode in modes.items() if not os.path.isdir(data_dir / name)
                if mode != 0o600} == {}
    finally:
        server.stop()


def test_server_has_a_memory_limit_that_can_be_set(server, tmp_path):
    assert int(_config(server)["maxmemory"]) == 1024**3
    small = EmbeddedServer(tmp_path / "small", maxmemory="64mb")
    small.start()
    try:
        assert int(_config(small)["maxmemory"]) == 64 * 1024**2
        assert _config(small)["maxmemory-policy"] == "noeviction"
    finally:
        small.stop()


@pytest.mark.parametrize("size", ["", "0", "lots", "1.5gb", "-1mb", "10tb"])
def test_a_memory_limit_that_is_not_a_size_is_refused(tmp_path, size):
    with pytest.raises(ValueError, match="memory size"):
        EmbeddedServer(tmp_path, maxmemory=size)


def test_a_full_store_refuses_an_append_as_full_and_writes_nothing(server):
    store = EventStore(server.client(), registry=sample_registry)
    store.append("g1", notes(2), 0, "ann")
    used = int(server.client().info("memory")["used_memory"])
    server.client().config_set("maxmemory", used // 2)
    try:
        with pytest.raises(StoreFullError, match="full"):
            store.append("g1", notes(1), 2, "ann")
    finally:
        server.client().config_set("maxmemory", "1gb")
    assert store.version("g1") == 2


def test_a_killed_server_restarts_on_its_port_with_its_data(server):
    server.client().set("kept", "yes")
    url, old_pid = server.url, server.pid
    os.kill(old_pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while not server.has_exited():
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert server.restart() == url
    assert server.pid != old_pid
    assert redis.Redis.from_url(url).get("kept") == b"yes"


def test_a_server_that_does_not_answer_has_not_exited(server):
    os.kill(server.pid, signal.SIGSTOP)  # frozen, not dead: restarting it would be wrong
    try:
        assert not server.has_exited()
    finally:
        os.kill(server.pid, signal.SIGCONT)


def test_a_cluster_url_naming_several_nodes_reaches_the_cluster_through_any_live_one(local_cluster):
    dead = socket.socket()  # a port nobody listens on: connections to it are refused, as to a dead node
    dead.bind(("127.0.0.1", 0))
    try:
        password, nodes = local_cluster.url.rsplit("@", 1)
        client = redis_from_url(f"{password}@127.0.0.1:{dead.getsockname()[1]},{nodes}")
        try:
            assert client.ping() and len(client.get_primaries()) == local_cluster.primaries
        finally:
            client.close()
    finally:
        dead.close()
    with pytest.raises(ValueError, match="host:port"):
        redis_from_url(f"{password}@{nodes},127.0.0.1")  # a node without its port
