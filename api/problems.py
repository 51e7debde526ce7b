"""Every error the API returns is ``application/problem+json`` (RFC 9457), in words a person reads.

Input errors from the referee name the card, the seat and the trick and list what is legal; they
carry those as extension members too, so a client can highlight them.
"""

from __future__ import annotations

import logging

import marshmallow as ma
import redis
from flask import Flask, Response, json, request
from werkzeug.exceptions import HTTPException

from events.errors import ConcurrencyError, EventStoreError, StoreFullError, StoreUnavailableError
from referee.errors import InputError
from referee.service import GameNotFoundError, VersionMismatchError

PROBLEM_JSON = "application/problem+json"
RETRY_AFTER_SECONDS = 5
log = logging.getLogger(__name__)


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details, with Courtcard's extension members (documentation only)."""

    type = ma.fields.String(metadata={"description": "A URI naming the kind of problem"})
    title = ma.fields.String(metadata={"description": "Short summary of the kind of problem"})
    status = ma.fields.Integer()
    detail = ma.fields.String(metadata={"description": "What went wrong, in words a person reads"})
    instance = ma.fields.String()
    code = ma.fields.String(metadata={"description": "A stable slug, e.g. card_not_in_hand"})
    seat = ma.fields.Integer(allow_none=True)
    card = ma.fields.String(allow_none=True)
    trick = ma.fields.Integer(allow_none=True)
    legal = ma.fields.List(ma.fields.Raw(), allow_none=True)
    current_version = ma.fields.Integer()
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
        "detail": detail,
        "instance": request.path,
        "code": code,
    }
    # Extension members echo the request: an integer no JSON reader can hold is left out.
    body.update({k: v for k, v in extra.items() if v is not None and not (isinstance(v, int) and abs(v) >= 2**53)})
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)
    response.headers.update(headers or {})
    return response


def _title(status: int) -> str:
    from http import HTTPStatus

    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _http_exception(exc: HTTPException) -> Response:
    data = getattr(exc, "data", None) or {}
    errors = data.get("errors") or data.get("messages")
    detail = data.get("message") or exc.description or _title(exc.code or 500)
    if errors:
        detail = f"The request is not valid: {_flatten(errors)}"
    # Keep what werkzeug adds (Allow on a 405, WWW-Authenticate on a 401), but not its content type.
    headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    headers.update(data.get("headers") or {})
    slug = {400: "bad_request", 404: "not_found", 405: "method_not_allowed", 415: "unsupported_media_type",
            422: "invalid_request", 428: "precondition_required"}.get(exc.code or 500, "http_error")
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
        return problem(404, exc.message, "game_not_found")

    @app.errorhandler(InputError)
    def _input_error(exc: InputError):
        return problem(
            422, exc.message, exc.code or "invalid_action",
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

    @app.errorhandler(StoreUnavailableError)
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

    @app.errorhandler(EventStoreError)
    def _store_error(exc: EventStoreError):
        log.exception("event store error")
        return problem(500, f"The game record could not be read or written: {exc}", "store_error")

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        return _http_exception(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem(500, "Something went wrong on the server; nothing was written. The error is logged.",
                       "internal_error")
