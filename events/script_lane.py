"""The append script's call on a plain server, sent as bytes packed here, on a connection kept
for it: the usual path of every append, without redis-py's layers around a command.

A command through ``redis.Redis.execute_command`` packs each argument in a generator, takes a
connection from the pool (which polls its socket for stale data), records metrics on the way in
and out and gives the connection back: about half of the client's time of an append, none of
which an EVALSHA needs. Here the whole command is packed once (``pack``), and connections taken
from the client's pool once stay with the lane, one for each append in flight at once (so
as many as the threads that append together), until the store is dropped: then they go back to
the pool. The bytes are written to the connection's socket and the reply parsed by the
connection's own hiredis reader, without the connection's send and read methods around them
(about a third of a round trip's CPU in the client); a connection without hiredis goes through
them. What a reply means is unchanged: the same reader parses it (a NOSCRIPT, OOM or MISCONF reply
is the same exception), the same health check runs before a command on an idle connection, and a
connection error or timeout is retried, then raised, as the client's own ``Retry`` says (the store
then says the outcome is unknown). A connection that failed is closed before it is used again, so
none is ever read with another command's reply still in it.

A cluster client, a client bound to one connection, or any other client goes through
redis-py as before (:meth:`ScriptLane.of` gives None for them).
"""

from __future__ import annotations

import os
import select
import socket
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import redis
from redis.commands.core import Script
from redis._parsers.hiredis import NOT_ENOUGH_DATA as _NOT_ENOUGH_DATA, _HiredisParser
from redis._parsers.socket import SERVER_CLOSED_CONNECTION_ERROR as _CLOSED
from redis.utils import HIREDIS_AVAILABLE

_pack_command: Callable[[tuple[Any, ...]], bytes] | None = None
if HIREDIS_AVAILABLE:  # redis-py packs with hiredis then, and so does the lane
    from hiredis import pack_command as _pack_command
_monotonic = time.monotonic


class ScriptLane:
    """EVALSHA of one script with a fixed number of keys, on connections of one client's pool."""

    def __init__(self, client: redis.Redis, script: Script, numkeys: int) -> None:
        self._pool = client.connection_pool
        self._script = script
        # redis-py leaves Encoder.encode unannotated: bound to the signature it has, it is a typed call.
        self._encode: Callable[[object], bytes] = self._pool.get_encoder().encode
        self._sha = script.sha.encode()
        self._numkeys = numkeys
        self._idle: list[Any] = []
        # id of a kept connection -> (its socket, a poll object watching it): made once a socket,
        # since making one costs as much again as the poll itself.
        self._pollers: dict[int, tuple[socket.socket, select.poll]] = {}
        self._pid = os.getpid()
        # A store dropped (a job's, say) gives its connections back to the pool, not to nobody.
        weakref.finalize(self, _give_back, self._pool, self._idle)

    @classmethod
    def of(cls, client: object, script: Script, numkeys: int) -> ScriptLane | None:
        """A lane for ``client``, or None when the client is not a plain pooled redis.Redis."""
        if type(client) is not redis.Redis or client.connection is not None:
            return None
        return cls(client, script, numkeys)

    def call(self, keys: Sequence[str], args: Sequence[Any]) -> Any:
        """The script's reply to ``keys`` and ``args``; NOSCRIPT (a restarted server) loads it."""
        packed = self.pack(keys, args)
        if self._pid != os.getpid():  # a forked child never shares its parent's sockets
            self._idle.clear()  # the child's pool has forgotten them too
            self._pid = os.getpid()
        idle = self._idle
        try:
            kept = idle.pop()  # atomic: two threads never take the same connection
        except IndexError:
            kept = None
        conn = self._pool.get_connection() if kept is None else kept
        try:
            if kept is not None:
                _ready(kept, self._pollers)
            return conn.retry.call_with_retry(lambda: _exchange(conn, packed), lambda _error: conn.disconnect())
        except redis.exceptions.NoScriptError:
            return self._script(keys=keys, args=args)
        except redis.ResponseError:
            raise  # a whole reply, read: the connection is ready for the next command
        except BaseException:
            conn.disconnect()  # whatever was interrupted, no reply is left unread on it
            raise
        finally:
            if conn.should_reconnect():
                conn.disconnect()
            idle.append(conn)

    def pack(self, keys: Sequence[str], args: Sequence[Any]) -> bytes:
        """The RESP array of ``EVALSHA sha numkeys *keys *args``: the bytes sent, as redis-py's
        connection packs them (with hiredis when it has it)."""
        command = (b"EVALSHA", self._sha, self._numkeys, *keys, *args)
        if _pack_command is not None:
            try:
                return _pack_command(command)
            except TypeError as exc:  # a value that is not bytes, str, int or float
                raise redis.DataError(str(exc)) from exc
        encode = self._encode
        parts = [b"*%d\r\n" % len(command)]
        for value in command:
            value = encode(value)
            parts += (b"$%d\r\n" % len(value), value, b"\r\n")
        return b"".join(parts)


def _ready(conn: Any, pollers: dict[int, tuple[socket.socket, select.poll]]) -> None:
    """A kept connection checked as the pool checks one it lends: one the server closed while it
    was idle (a restart, a timeout) reads as ready, and is opened again before anything is sent
    on it, so that nothing is sent in vain and said to be of unknown outcome.

    The usual answer, nothing to read on a plain socket read by hiredis, comes from a poll object
    kept for the socket; anything else is looked at as the pool looks at it."""
    sock, reader = conn._sock, getattr(conn._parser, "_reader", None)
    if type(sock) is socket.socket and reader is not None:  # TLS may hold bytes above the socket: not here
        watched = pollers.get(id(conn))
        if watched is None or watched[0] is not sock:
            poller = select.poll()
            poller.register(sock, select.POLLIN)
            watched = pollers[id(conn)] = (sock, poller)
        if not reader.has_data() and not watched[1].poll(0):
            return
    try:
        if conn.can_read():
            raise redis.ConnectionError("connection has data")
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        conn.disconnect()
        conn.connect()
        if conn.can_read():
            raise redis.ConnectionError("connection not ready") from None


def _give_back(pool: Any, idle: list[Any]) -> None:
    while idle:
        pool.release(idle.pop())  # the pool keeps only connections it lent (and of its process)


def _exchange(conn: Any, packed: bytes) -> Any:
    """Send ``packed`` and read its reply, as ``conn.send_packed_command`` then ``conn.read_response``
    do, with what they do around the socket (the health check, the errors, the connection closed
    on any failure) but not their layers of calls: on a connection read by hiredis, the socket is
    written and read here and the connection's own hiredis reader parses the reply, so it means
    what it meant (an error reply is the same exception). Any other connection goes through
    redis-py's two calls."""
    parser = conn._parser
    sock = conn._sock
    # The parser's reader and buffer are redis-py's own attributes: a release without them goes
    # through its two calls.
    reader, buffer = getattr(parser, "_reader", None), getattr(parser, "_buffer", None)
    if type(parser) is not _HiredisParser or sock is None or reader is None or buffer is None:
        conn.send_packed_command((packed,))  # a sequence of buffers: one, sent whole
        return conn.read_response()
    conn.check_health()  # a PING first on a connection idle for the client's health_check_interval
    try:
        sock.sendall(packed)
    except socket.timeout:
        conn.disconnect()
        raise redis.TimeoutError("Timeout writing to socket") from None
    except OSError as exc:
        conn.disconnect()
        errno, message = ("UNKNOWN", exc.args[0]) if len(exc.args) == 1 else (exc.errno, exc.strerror)
        raise redis.ConnectionError(f"Error {errno} while writing to socket. {message}.") from exc
    except BaseException:
        conn.disconnect()  # part of the command may have gone: the connection cannot be used again
        raise
    try:
        reply = reader.gets()
        while reply is _NOT_ENOUGH_DATA:
            read = sock.recv_into(buffer)
            if not read:
                raise redis.ConnectionError(_CLOSED)
            reader.feed(buffer, 0, read)
            reply = reader.gets()
        if isinstance(reply, redis.ConnectionError):  # an error reply such as LOADING
            raise reply
        if type(reply) is list and reply and isinstance(reply[0], redis.ConnectionError):
            raise reply[0]
    except socket.timeout:
        conn.disconnect()
        raise redis.TimeoutError(f"Timeout reading from {conn._host_error()}") from None
    except OSError as exc:
        conn.disconnect()
        raise redis.ConnectionError(f"Error while reading from {conn._host_error()} : {exc.args}") from exc
    except BaseException:
        conn.disconnect()
        raise
    if conn.health_check_interval:
        conn.next_health_check = _monotonic() + conn.health_check_interval
    push = getattr(parser, "_hiredis_PushNotificationType", None)
    if push is not None and isinstance(reply, push):  # RESP3: a notification came first; the reply follows
        # redis-py leaves it unannotated: bound to the signature it has, it is a typed call.
        handle: Callable[[Any], Any] = parser.handle_push_response
        handle(reply)
        return conn.read_response()
    if isinstance(reply, redis.ResponseError):
        raise reply
    return reply
