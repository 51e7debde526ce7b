"""Every error the API returns is ``application/problem+json`` (RFC 9457), in words a person reads.

Input errors from the referee name the card, the seat and the trick and list what is legal; they
carry those as extension members too, so a client can highlight them.
"""

from __future__ import annotations

import logging
import re

import marshmallow as ma
import redis
from flask import Flask, Response, json, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from events.errors import (
    ConcurrencyError, EventStoreError, StoreDiskFullError, StoreFullError, StoreUnavailableError, WriteOutcomeUnknownError,
    refused_for_disk,
)
from referee.errors import InputError
from referee.service import GameNotFoundError, GameUnreadableError, RefereeFoldError, VersionMismatchError

PROBLEM_JSON = "application/problem+json"
RETRY_AFTER_SECONDS = 5
#: A problem's detail is at most this long: one that quotes a long input quotes an excerpt of it.
MAX_DETAIL = 400
#: Extension members (which may echo the request: a card, unknown field names) are cut shorter,
#: and their objects (marshmallow's messages, keyed by what was sent) to their first MAX_ITEMS.
MAX_MEMBER_TEXT, MAX_ITEMS = 80, 20
#: Members that are the server's own sentence (an import's refusal), cut like the detail.
SENTENCE_MEMBERS = frozenset({"reason"})
#: Within a detail, a run of characters without a space is cut to this length.
MAX_RUN = 80
_LONG_RUN = re.compile(rf"\S{{{MAX_RUN + 1},}}")
log = logging.getLogger(__name__)

#: The code of a problem werkzeug or flask-smorest raises, by HTTP status; any other status is http_error.
HTTP_STATUS_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 415: "unsupported_media_type",
                     422: "invalid_request", 428: "precondition_required"}
#: Every ``code`` a problem can carry, one for each kind of failure; docs/problems.md says when each
#: is answered (a test keeps the two and the code base in step).
PROBLEM_CODES = (
    "bad_if_match", "bad_request", "card_already_played", "card_not_in_hand", "card_required", "dummy_top_card",
    "game_not_found", "game_unreadable", "http_error", "idempotency_key_reused", "illegal_play", "import_rejected",
    "imports_busy", "internal_error", "invalid_action", "invalid_bid", "invalid_called_cards", "invalid_deal",
    "invalid_input", "invalid_json", "invalid_options", "invalid_request", "invalid_seat", "invalid_seat_name",
    "invalid_trump_change", "json_too_deep", "method_not_allowed", "no_disputes", "no_irregularity",
    "no_such_dispute", "no_such_play", "not_dealer", "not_found", "not_your_turn", "outcome_unknown",
    "precondition_required", "referee_fold_failed", "request_too_large", "store_disk_full", "store_error",
    "store_full", "store_unavailable", "token_rejected", "token_required", "too_many_lines", "too_many_streams",
    "trump_change_required", "unknown_action", "unknown_card", "unknown_game", "unknown_suit",
    "unsupported_media_type", "version_ahead", "version_conflict", "wrong_phase",
    # the club layer (roster and sessions)
    "invalid_adjustment", "invalid_appeal", "invalid_merge", "invalid_seating", "invalid_session", "player_exists",
    "player_not_found", "results_final", "session_busy", "session_closed", "session_not_found", "unknown_player",
    "unknown_session_game",
    # leagues
    "league_not_found",
)


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details, with Courtcard's extension members (documentation only)."""

    type = ma.fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = ma.fields.String(metadata={"description": "Short summary of the kind of problem"})
    status = ma.fields.Integer()
    detail = ma.fields.String(metadata={"description": "What went wrong, in words a person reads"})
    instance = ma.fields.String()
    code = ma.fields.String(metadata={"description": "A stable slug naming the kind of problem, one for each kind of "
                                      "failure; docs/problems.md says when each is answered", "enum": list(PROBLEM_CODES)})
    seat = ma.fields.Integer(allow_none=True)
    card = ma.fields.String(allow_none=True)
    trick = ma.fields.Integer(allow_none=True)
    legal = ma.fields.List(ma.fields.Raw(), allow_none=True)
    current_version = ma.fields.Integer()
    version = ma.fields.Integer(metadata={"description": "game_unreadable: the version the referee cannot fold"})
    idempotency_key = ma.fields.String(metadata={
        "description": "outcome_unknown: the Idempotency-Key whose retry settles whether the action was logged"})
    max_bytes = ma.fields.Integer(metadata={"description": "a 413's limit: the largest body the route reads"})
    max_lines = ma.fields.Integer(metadata={"description": "a 413's limit: the most lines an import reads"})
    errors = ma.fields.Dict()


class ApiProblem(Exception):
    """An error raised by a view that maps straight to a problem response."""

    def __init__(self, status: int, detail: str, code: str, headers: dict | None = None, **extra) -> None:
        super().__init__(detail)
        self.status, self.detail, self.code = status, detail, code
        self.headers = headers or {}
        self.extra = extra


def problem(status: int, detail: str, code: str, title: str | None = None, headers: dict | None = None, **extra) -> Response:
    body = {
        "type": f"urn:courtcard:problem:{code}",
        "title": title or _title(status),
        "status": status,
        "detail": excerpt(detail, MAX_DETAIL),
        "instance": excerpt(request.path, MAX_MEMBER_TEXT),
        "code": code,
    }
    # Extension members echo the request: an integer no JSON reader can hold is left out.
    body.update({k: excerpt(v, MAX_DETAIL) if k in SENTENCE_MEMBERS and isinstance(v, str) else _bounded(v)
                 for k, v in extra.items() if v is not None and not (isinstance(v, int) and abs(v) >= 2**53)})
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    response.headers.update(headers or {})
    return response


def excerpt(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters: an error that quotes a megabyte of input
    quotes a few words of it, and keeps what it says around the quote (often what is allowed).

    Long runs without a space (a quoted input, mostly) are cut first, then the text as a whole."""
    if len(text) <= limit:
        return text
    text = _LONG_RUN.sub(lambda run: _cut(run.group(), MAX_RUN), text)
    return text if len(text) <= limit else _cut(text, limit)


def _cut(text: str, limit: int) -> str:
    """The start and the end of ``text`` around a note of how much was cut: ``limit`` in all."""
    kept = limit - 40  # the note's room
    head, tail = kept * 2 // 3, kept // 3
    return f"{text[:head]}[... {len(text) - head - tail} characters cut ...]{text[len(text) - tail:]}"


def _bounded(value):
    """An extension member cut to size: short strings (object keys too), objects of few entries.
    Lists are the referee's (``legal``) and kept whole."""
    if isinstance(value, str):
        return excerpt(value, MAX_MEMBER_TEXT)
    if isinstance(value, dict):
        return {excerpt(str(k), MAX_MEMBER_TEXT): _bounded(v) for k, v in list(value.items())[:MAX_ITEMS]}
    if isinstance(value, (list, tuple)):
        return [_bounded(v) for v in value]
    return value


def _title(status: int) -> str:
    from http import HTTPStatus

    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _http_exception(exc: HTTPException) -> Response:
    data = getattr(exc, "data", None) or {}  # what webargs attaches to a request it refused; else none
    errors = data.get("errors") or data.get("messages")
    detail = data.get("message") or exc.description or _title(exc.code or 500)
    if errors:
        detail = f"The request is not valid: {_flatten(errors)}"
    # Keep what werkzeug adds (Allow on a 405, WWW-Authenticate on a 401), but not its content type.
    headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    headers.update(data.get("headers") or {})
    slug = HTTP_STATUS_CODES.get(exc.code or 500, "http_error")
    return problem(exc.code or 500, detail, slug, headers=headers, errors=errors or None)


def _flatten(errors, prefix: str = "") -> str:
    """Turn nested marshmallow messages into one readable sentence."""
    parts = []
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = f"{prefix}.{key}" if prefix and key not in ("json", "query", "headers") else (prefix or str(key))
            if key in ("json", "query", "headers") and not prefix:
                name = ""
            parts.append(_flatten(value, name))
    elif isinstance(errors, list):
        text = " ".join(str(e) for e in errors if not isinstance(e, (dict, list)))
        nested = [_flatten(e, prefix) for e in errors if isinstance(e, (dict, list))]
        if text:
            parts.append(f"{prefix}: {text}" if prefix else text)
        parts.extend(nested)
    else:
        parts.append(f"{prefix}: {errors}" if prefix else str(errors))
    return "; ".join(p for p in parts if p)


def register_problem_handlers(app: Flask) -> None:
    """Install handlers so that no error, however raised, leaves the API as anything but a problem."""

    @app.errorhandler(ApiProblem)
    def _api_problem(exc: ApiProblem):
        return problem(exc.status, exc.detail, exc.code, headers=exc.headers, **exc.extra)

    @app.errorhandler(GameNotFoundError)
    def _not_found(exc: GameNotFoundError):
        return problem(404, exc.message, exc.code)

    @app.errorhandler(InputError)
    def _input_error(exc: InputError):
        return problem(
            422, exc.message, exc.code,
            seat=exc.seat, card=exc.card, trick=exc.trick, legal=exc.legal,
        )

    @app.errorhandler(VersionMismatchError)
    def _version_mismatch(exc: VersionMismatchError):
        return problem(409, str(exc), "version_conflict", headers={"ETag": f'"{exc.current}"'},
                       current_version=exc.current)

    @app.errorhandler(ConcurrencyError)
    def _concurrency(exc: ConcurrencyError):
        return problem(409, "Someone logged an action first. Reload the game and try again.",
                       "version_conflict", current_version=exc.current)

    @app.errorhandler(WriteOutcomeUnknownError)
    def _outcome_unknown(exc: WriteOutcomeUnknownError):
        log.warning("append sent but not confirmed: %s", exc)
        key = getattr(exc, "idempotency_key", None)  # the service adds it when the append carried one
        retry = (f"Send it again with the header Idempotency-Key: {key}" if key else
                 "Send it again with the same Idempotency-Key")
        return problem(503, "The game record did not confirm the write in time, so it may or may not have been "
                       f"logged. {retry}: that settles it, and it is never logged twice.",
                       "outcome_unknown", headers={"Retry-After": str(RETRY_AFTER_SECONDS)}, idempotency_key=key)

    @app.errorhandler(GameUnreadableError)
    def _unreadable(exc: GameUnreadableError):
        log.error("%s", exc)
        return problem(409, str(exc), "game_unreadable", version=exc.version)

    @app.errorhandler(RefereeFoldError)
    def _fold_refused(exc: RefereeFoldError):
        return problem(500, str(exc), "referee_fold_failed")

    @app.errorhandler(StoreUnavailableError)
    @app.errorhandler(redis.exceptions.RedisClusterException)  # no node of the cluster answered
    @app.errorhandler(redis.exceptions.ConnectionError)
    @app.errorhandler(redis.exceptions.TimeoutError)
    def _unavailable(exc: Exception):
        log.warning("event store unavailable: %s", exc)
        return problem(503, "The game record is unavailable right now; nothing was written. Try again shortly.",
                       "store_unavailable", headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    @app.errorhandler(StoreFullError)
    @app.errorhandler(redis.exceptions.OutOfMemoryError)
    def _store_full(exc: Exception):
        # The store is at its maxmemory and, never evicting history, refuses every write; the
        # refused command wrote nothing. Not transient: no Retry-After.
        log.error("event store full: %s", exc)
        return problem(507, "The store is full: nothing was written. Its memory limit must be raised "
                       "(courtcard serve --maxmemory) before anything more can be logged.", "store_full")

    @app.errorhandler(StoreDiskFullError)
    def _disk_full(exc: Exception):
        # The server refused the write before running it, and takes writes again by itself once
        # its disk has room: a retry later may succeed.
        log.error("event store cannot write to its disk: %s", exc)
        return problem(507, "The store's disk is full: nothing was written. The store refuses every write until "
                       "its disk has room again (it could not save, or write its append-only file); try again "
                       "later.", "store_disk_full", headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    @app.errorhandler(redis.exceptions.ResponseError)
    def _refused(exc: redis.exceptions.ResponseError):
        # Refusals met outside the event store (the catalog's writes, say): the disk's is the one
        # a client can wait out; any other is unexpected.
        return _disk_full(exc) if refused_for_disk(exc) else _unexpected(exc)

    @app.errorhandler(EventStoreError)
    def _store_error(exc: EventStoreError):
        log.exception("event store error")
        return problem(500, f"The game record could not be read or written: {exc}", "store_error")

    @app.errorhandler(RequestEntityTooLarge)
    def _too_large(exc: RequestEntityTooLarge):
        limit = request.max_content_length
        if limit is None:  # a limit of werkzeug's own (a form field): not the body's
            return _http_exception(exc)
        return problem(413, f"The request body is larger than this route reads: at most {limit:,} bytes. "
                       "Nothing was written.", "request_too_large", max_bytes=limit)

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        return _http_exception(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem(500, "Something went wrong on the server; nothing was written. The error is logged.",
                       "internal_error")
