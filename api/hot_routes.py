"""The busiest routes served without Flask's per-request machinery.

A table logs an action every few seconds, and its device reads the game and the legal actions
between them. Through Flask, about half the API's CPU of a play went to request machinery (the
request context, routing, header and body wrappers, the response object) rather than to the play.
:class:`HotRoutes` is a WSGI app in front of Flask's that answers the usual form of

- ``POST /games/{id}/actions`` (a JSON body, the scorekeeper's token, optional ``If-Match``,
  ``Idempotency-Key`` and ``?words=1``),
- ``GET /games/{id}`` (the table's view of a game that is not private),
- ``GET /games/{id}/legal?seat=N``

itself: one body read, orjson, the same token check, the same use case as the Flask views
(``api.resources.games``: ``log_action``, ``view_text``, ``legal_body``), the same bytes out.

Anything else goes to Flask untouched, the body put back when it was read: another route or
method, a query it does not know, a body that is not plain JSON within the limit, a bad header, an
unknown game, a token that is not the game's (Flask then checks it against the stored entry and
the director's key, and words the refusal). Nothing is written before that choice, so Flask
answers those requests exactly as it would have. An error raised while the action is logged (an
illegal card, a stale If-Match, the store down) is answered by Flask's own error handlers
(api.problems) in a request context made for it: errors read the same on either path.

The Flask views stay: they document the routes in the OpenAPI document and answer the unusual
requests. ``COURTCARD_HOT_ROUTES=0`` (api.app) turns this off, so that every request goes through
Flask (the API tests can run either way).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
import orjson
from flask import Flask

from api.auth import token_of
from api.jsonio import MAX_JSON_DEPTH, nests_deeper_than
from api.problems import ApiProblem
from api.resources.games import legal_body, log_action, parse_if_match, view_text
from api.schemas import MAX_IDEMPOTENCY_KEY
from referee.fields import MAX_SEAT

_GAME_PATH = re.compile(r"/games/([A-Za-z0-9]+)(/actions|/legal)?")
_SEAT_QUERY = re.compile(r"seat=([0-9])")
_JSON = [("Content-Type", "application/json")]


class HotRoutes:
    """WSGI: the usual requests of the busiest routes answered here, every other by ``flask_wsgi``."""

    def __init__(self, flask: Flask, flask_wsgi: Callable) -> None:
        self.flask = flask
        self.flask_wsgi = flask_wsgi
        self.services = flask.extensions["courtcard"]
        self.dumpb = flask.json.dumpb
        self.max_body = flask.config["MAX_CONTENT_LENGTH"]

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        match = _GAME_PATH.fullmatch(environ.get("PATH_INFO", ""))
        if match is not None:
            game_id, route = match.groups()
            method = environ.get("REQUEST_METHOD")
            serve = (self._act if route == "/actions" and method == "POST" else
                     self._view if route is None and method == "GET" else
                     self._legal if route == "/legal" and method == "GET" else None)
            if serve is not None:
                try:
                    return serve(environ, start_response, game_id)
                except Exception as exc:  # the store away while the token is checked, say: worded as Flask's
                    return self._problem(environ, start_response, exc)
        return self.flask_wsgi(environ, start_response)

    def _act(self, environ: dict, start_response: Callable, game_id: str) -> Iterable[bytes]:
        body = _read_body(environ, self.max_body)
        request = None if body is None else _action_request(environ, body)
        entry = None if request is None else self._scorekeepers_entry(environ, game_id)
        if entry is None:
            if body is not None:
                environ["wsgi.input"] = io.BytesIO(body)  # Flask reads it again
            return self.flask_wsgi(environ, start_response)
        action, fields, expected_version, key, words = request
        try:
            reply, headers = log_action(self.services, game_id, action, fields, expected_version, key, words)
        except Exception as exc:  # worded by api.problems, as the Flask view's would be
            environ["wsgi.input"] = io.BytesIO(body)
            return self._problem(environ, start_response, exc)
        return self._answer(start_response, "201 CREATED", self.dumpb(reply), list(headers.items()))

    def _view(self, environ: dict, start_response: Callable, game_id: str) -> Iterable[bytes]:
        entry = self.services.catalog.get(game_id) if not environ.get("QUERY_STRING") else None
        if entry is None or entry.private:  # a private game is Flask's to check (and to hide)
            return self.flask_wsgi(environ, start_response)
        try:
            text, version = view_text(self.services, self.flask.json.dumps, entry, "table", None)
        except Exception as exc:
            return self._problem(environ, start_response, exc)
        return self._answer(start_response, "200 OK", text.encode(), [("ETag", f'"{version}"')])

    def _legal(self, environ: dict, start_response: Callable, game_id: str) -> Iterable[bytes]:
        seat = _SEAT_QUERY.fullmatch(environ.get("QUERY_STRING", ""))
        entry = self._scorekeepers_entry(environ, game_id) if seat and int(seat[1]) <= MAX_SEAT else None
        if entry is None:
            return self.flask_wsgi(environ, start_response)
        try:
            reply = legal_body(self.services, game_id, int(seat[1]))
        except Exception as exc:
            return self._problem(environ, start_response, exc)
        # flask-smorest's jsonify ends its JSON with a newline
        return self._answer(start_response, "200 OK", self.dumpb(reply) + b"\n", [])

    def _scorekeepers_entry(self, environ: dict, game_id: str):
        """The game's catalog entry if the request carries its scorekeeper's token; None otherwise
        (then Flask decides: api.auth.require_scorekeeper)."""
        entry = self.services.catalog.get(game_id)
        token = token_of(environ.get("HTTP_AUTHORIZATION"))
        return entry if entry is not None and token is not None and entry.token_matches(token) else None

    @staticmethod
    def _answer(start_response: Callable, status: str, data: bytes, headers: list) -> list[bytes]:
        # The headers in the order a Flask Response sends them.
        start_response(status, [*headers, *_JSON, ("Content-Length", str(len(data)))])
        return [data]

    def _problem(self, environ: dict, start_response: Callable, exc: Exception) -> Iterable[bytes]:
        """The problem response Flask's error handlers (api.problems) make of ``exc``."""
        with self.flask.request_context(environ):
            response = self.flask.finalize_request(self.flask.handle_user_exception(exc))
            return response(environ, start_response)


def _read_body(environ: dict, limit: int) -> bytes | None:
    """The JSON body of a request that says how long it is, within ``limit``; None for any other
    request (unread), which Flask reads and answers (a 413, a 415, ...)."""
    kind = environ.get("CONTENT_TYPE", "")
    length = environ.get("CONTENT_LENGTH", "")
    if kind.partition(";")[0].strip().lower() != "application/json" or not length.isdigit() or not 0 < int(length) <= limit:
        return None
    return environ["wsgi.input"].read(int(length))


def _action_request(environ: dict, body: bytes) -> tuple[str, dict, int | None, str | None, bool] | None:
    """(action, fields, If-Match version, Idempotency-Key, ?words=1) of a well-formed action
    request; None for any other, which Flask answers with the problem it has (api.resources.games)."""
    query = environ.get("QUERY_STRING", "")
    if query not in ("", "words=1"):
        return None
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("action"), str) or nests_deeper_than(value, MAX_JSON_DEPTH):
        return None
    key = environ.get("HTTP_IDEMPOTENCY_KEY")
    if key is not None and not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY:
        return None
    try:
        expected_version = parse_if_match(environ.get("HTTP_IF_MATCH"))
    except ApiProblem:
        return None
    fields = {name: item for name, item in value.items() if name != "action"}
    return value["action"], fields, expected_version, key, query == "words=1"
