"""Fixtures shared by the whole suite: a real valkey-server of the suite's own, and clean clients.

The server is started once per test session (``events.server``, the same embedded server the
project runs in production when ``REDIS_URL`` is unset) on a free loopback port in a temporary
data directory, and stopped at the end. Every test that asks for ``redis_client`` gets an empty
database. Clients reply with bytes (``decode_responses=False``), as in the project.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading

import pytest
from werkzeug.serving import make_server

from events.cluster import LocalCluster
from events.server import EmbeddedServer
from events.store import EventStore
from tests.hosts import RoundRobinClient, ServedApi

#: `courtcard serve` instances the API and CLI tests spread their requests over.
API_HOSTS = 2


@pytest.fixture(scope="session", autouse=True)
def data_dir(tmp_path_factory):
    """The services under test keep what they make in their data directory (the key that signs
    exported records) in a temporary one, never in the checkout's ./data."""
    with pytest.MonkeyPatch.context() as patch:
        path = tmp_path_factory.mktemp("courtcard-data")
        patch.setenv("COURTCARD_DATA", str(path))
        yield path


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """The suite's own valkey-server (an ``EmbeddedServer``), running for the whole session."""
    server = EmbeddedServer(tmp_path_factory.mktemp("valkey-data"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_url(redis_server) -> str:
    """``redis://:<password>@127.0.0.1:<port>/0`` of the suite's server."""
    return redis_server.url


@contextlib.contextmanager
def served_hosts(redis_url: str, logs, env: dict[str, str] | None = None):
    """``API_HOSTS`` `courtcard serve` instances (each with its default API processes, no worker)
    on ``redis_url``, ready when yielded, stopped afterwards."""
    hosts = [ServedApi(redis_url, logs / f"host-{i}.log", env=env) for i in range(API_HOSTS)]
    try:
        for host in hosts:
            host.wait_ready()
        yield hosts
    finally:
        for host in hosts:
            host.stop()


@pytest.fixture(scope="session")
def api_hosts(redis_server, tmp_path_factory):
    """`courtcard serve` instances on the suite's server: the deployment as shipped, with more
    than one process behind every test."""
    with served_hosts(redis_server.url, tmp_path_factory.mktemp("api-logs")) as hosts:
        yield hosts


@pytest.fixture(scope="session")
def cluster_api_hosts(local_cluster, redis_server, tmp_path_factory):
    """The same deployment on the suite's cluster, with RQ's queues on the suite's single server."""
    with served_hosts(local_cluster.url, tmp_path_factory.mktemp("cluster-api-logs"),
                      env={"COURTCARD_QUEUE_URL": redis_server.url}) as hosts:
        yield hosts


@pytest.fixture
def http_client(store_backend, redis_client, request):
    """A client that sends each request to the next API host, over real HTTP, on an emptied
    database; the hosts serve the backend the test runs on (the single server, or the cluster)."""
    on_cluster = isinstance(store_backend, LocalCluster)
    hosts = request.getfixturevalue("cluster_api_hosts" if on_cluster else "api_hosts")
    client = RoundRobinClient([host.url for host in hosts])
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def frozen_able_server(tmp_path):
    """A store of the test's own, which the test may freeze (SIGSTOP) as a stalled server would be;
    thawed and stopped afterwards."""
    server = EmbeddedServer(tmp_path / "frozen-able")
    server.start()
    try:
        yield server
    finally:
        os.kill(server.pid, signal.SIGCONT)
        server.stop()


@pytest.fixture(scope="session")
def local_cluster(tmp_path_factory):
    """A Valkey Cluster of the suite's own (3 primaries, each with a replica: ``events.cluster``),
    started only when a test asks for it."""
    cluster = LocalCluster(tmp_path_factory.mktemp("valkey-cluster"))
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def store_backend(redis_server):
    """The server (or cluster) that ``redis_client`` talks to: the single server, unless a
    package's conftest runs its tests on every backend (``every_backend``)."""
    return redis_server


@pytest.fixture(params=["single", "cluster"])
def every_backend(request):
    """Each test that uses it runs twice: on the single server and on the local cluster."""
    return request.getfixturevalue("redis_server" if request.param == "single" else "local_cluster")


@pytest.fixture
def redis_client(store_backend):
    """A redis-py client on an emptied database (FLUSHDB before the test; on a cluster, on every primary)."""
    client = store_backend.client()
    client.flushdb()
    try:
        yield client
    finally:
        client.close()


@pytest.fixture
def event_store(redis_client) -> EventStore:
    """An EventStore on the clean database, with the project's global event registry."""
    return EventStore(redis_client)


@contextlib.contextmanager
def serving(app):
    """Serve a WSGI app over real HTTP on a free loopback port (threaded); yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
