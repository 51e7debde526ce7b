"""Games: create, list, view, and log table actions."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Response, current_app, request
from flask.views import MethodView

from api.jsonio import Blueprint, json_body
from api.services import Services, services
from api.auth import presented_token, require_reader, require_scorekeeper
from api.problems import ApiProblem
from api.schemas import (
    IF_MATCH, MAX_IDEMPOTENCY_KEY, ActionHeadersSchema, ActionResultSchema, ActionSchema, CreatedGameSchema, GameListQuerySchema,
    GameListSchema, GameTypeSchema, GameViewQuerySchema, GameViewSchema, HintQuerySchema, HintSchema, LegalActionsSchema,
    LegalQuerySchema, NewGameSchema,
)
from api.views import action_payloads, game_view
from referee.registry import game_names, get_game
from referee.service import GameNotFoundError
from workers.catalog import CatalogEntry

blp = Blueprint("games", __name__, url_prefix="/games", description="Games and the actions logged at the table")


def catalog_entry(game_id: str) -> CatalogEntry:
    entry = services().catalog.get(game_id)
    if entry is None:
        raise GameNotFoundError(game_id)
    return entry


@blp.route("")
class Games(MethodView):
    @blp.arguments(GameListQuerySchema, location="query")
    @blp.response(200, GameListSchema)
    def get(self, query):
        """List games, oldest first, filtered by game and status.

        A private game is listed only to a request carrying its token (``Authorization: Bearer``);
        to everyone else it is not there at all, not even counted in ``total``."""
        listed = services().listing.page(query.get("game"), query.get("status"), query["offset"], query["limit"],
                                         presented_token())
        return {"games": [e.__dict__ for e in listed.entries], "total": listed.total, "offset": query["offset"],
                "limit": query["limit"]}

    @blp.arguments(NewGameSchema)
    @blp.response(201, CreatedGameSchema)
    def post(self, body):
        """Create a game. The reply holds the scorekeeper's token: it is shown only this once."""
        created = services().tables.create_game(body["game"], body["options"], body["seats"], body["record"],
                                                body["private"], actor="scorekeeper")
        result = created.result
        headers = {"Location": f"/games/{created.game_id}", "ETag": f'"{result.version}"'}
        return {"game_id": created.game_id, "game": created.game, "version": result.version, "token": created.token,
                "events": [e.to_dict() for e in result.envelopes]}, 201, headers


@blp.route("/catalog")
class GameTypes(MethodView):
    @blp.response(200, GameTypeSchema(many=True))
    def get(self):
        """The games this referee knows, their actions and their options with defaults; the
        options and each action's fields as JSON Schema, with their types and ranges."""
        out = []
        for name in game_names():
            game = get_game(name)
            out.append({"name": name, "title": game.title, "actions": sorted(game.command_schemas),
                        "options": game.options_schema().load({}),
                        "options_schema": _json_schema(game.options_schema),
                        "actions_schema": {action: _json_schema(schema) for action, schema in sorted(game.command_schemas.items())}})
        return out


@blp.route("/<game_id>")
class GameResource(MethodView):
    @blp.arguments(GameViewQuerySchema, location="query")
    @blp.response(200, GameViewSchema)
    def get(self, query, game_id):
        """The game as the table sees it; with the token and ?view=director, all the referee knows."""
        entry = catalog_entry(game_id)
        require_reader(entry)
        if query["view"] == "director" or query.get("seat") is not None:
            # A seat's own view shows its hand: only the scorekeeper's device (or the director) may ask for it.
            require_scorekeeper(entry, director=True)
        text, version = view_text(services(), current_app.json.dumps, entry, query["view"], query.get("seat"))
        return Response(text, 200, {"ETag": f'"{version}"'}, mimetype="application/json")


@blp.route("/<game_id>/legal")
class LegalActions(MethodView):
    @blp.arguments(LegalQuerySchema, location="query")
    @blp.response(200, LegalActionsSchema)
    def get(self, query, game_id):
        """What one seat may do now (every legal card, in a known record: so it needs the token)."""
        entry = catalog_entry(game_id)
        require_scorekeeper(entry)
        return legal_body(services(), game_id, query["seat"])


@blp.route("/<game_id>/hint")
class Hint(MethodView):
    @blp.arguments(HintQuerySchema, location="query")
    @blp.response(200, HintSchema)
    def get(self, query, game_id):
        """The next move of a winning line from the current position, or why it is lost, for a game
        with a solver (its ``hint``). It reads the hidden cards, so it needs the token."""
        entry = catalog_entry(game_id)
        require_scorekeeper(entry)
        with services().referee.locked_state(game_id) as (game, state):
            state = state.clone()  # solved outside the lock: the game goes on meanwhile
        hint = game.hint(state, query["seconds"])
        if hint is None:  # the game's default: it has no solver
            raise ApiProblem(404, f"{game.title} has no solver, so no hints.", "not_found")
        move = hint["move"]
        return {**hint, "move": action_payloads(game, [move])[0] if move is not None else None}


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    # The busiest route reads its request itself (see _action_request): through webargs, reading
    # it was a sixth of the CPU of a play. The schemas still define what the document shows.
    @blp.doc(parameters=[{"in": "header", "schema": ActionHeadersSchema},
                         {"in": "query", "name": "words", "required": False, "schema": {"type": "string", "enum": ["1"]},
                          "description": "1: the answer's `said` says what the action logged, in the game's words"}],
             requestBody={"required": True, "content": {"application/json": {"schema": ActionSchema}}})
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    @blp.response(201, ActionResultSchema)
    def post(self, game_id):
        """Log one table action. If-Match guards against a stale view; Idempotency-Key makes retries safe."""
        action, fields, expected_version, idempotency_key = _action_request()
        entry = catalog_entry(game_id)
        require_scorekeeper(entry)
        body, out_headers = log_action(services(), game_id, action, fields, expected_version, idempotency_key,
                                       words=request.args.get("words") == "1")
        # Envelopes are JSON-ready already: a Response skips the schema's dump (the schema still
        # documents the reply), which is a good part of the cost of an action.
        return Response(current_app.json.dumps(body), 201, out_headers, mimetype="application/json")


# What the busiest routes do, apart from reading the request: shared by their Flask views above
# and by api.hot_routes, which serves the same requests without Flask's per-request machinery.

def view_text(svc: Services, dumps: Callable[[Any], str], entry: CatalogEntry, view: str,
              seat: int | None) -> tuple[str, int]:
    """GET /games/{id}'s body as JSON text, and the version it shows (its ETag)."""
    with svc.referee.locked_state(entry.game_id) as (game, state):
        body = game_view(entry, game, state, view, seat, svc.club.table_of(entry.game_id))
        # Serialised under the lock: the view shares lists with the cached state, which the
        # next action updates in place, and the body must match its ETag.
        return dumps(body), body["version"]


def legal_body(svc: Services, game_id: str, seat: int) -> dict:
    """GET /games/{id}/legal's body: every action ``seat`` may log now."""
    with svc.referee.locked_state(game_id) as (game, state):
        return {"seat": seat, "actions": action_payloads(game, game.legal_actions(state, seat))}


def log_action(svc: Services, game_id: str, action: str, fields: dict, expected_version: int | None,
               idempotency_key: str | None, words: bool) -> tuple[dict, dict]:
    """Log one table action (the token already checked): the reply's body and headers. ``words``:
    the reply's ``said`` tells what was logged (the command line asks for what it prints)."""
    result = svc.tables.act(game_id, action, fields, actor="scorekeeper",
                            expected_version=expected_version, idempotency_key=idempotency_key)
    headers = {"ETag": f'"{result.version}"'}
    if result.duplicate:
        headers["Idempotent-Replayed"] = "true"
    body = {"game_id": game_id, "version": result.version, "duplicate": result.duplicate,
            "events": [e.to_dict() for e in result.envelopes]}
    if action in ("undo", "redo", "confirm") and result.envelopes:
        body["said"] = svc.tables.said(game_id, result.envelopes)
    elif words:
        body["said"] = svc.tables.told(game_id, result.envelopes)
    return body, headers


def _json_schema(schema) -> dict:
    """A game's options or an action's fields as JSON Schema (types, defaults, allowed values,
    ranges), for forms and clients."""
    return _JSON_SCHEMA.converter.schema2jsonschema(schema)


# apispec converts marshmallow schemas to JSON Schema, the same way it builds /openapi.json.
_JSON_SCHEMA = MarshmallowPlugin()
APISpec("options", "1", "3.1.0", plugins=[_JSON_SCHEMA])


def _action_request() -> tuple[str, dict, int | None, str | None]:
    """The action named in the body, its fields, the If-Match version and the Idempotency-Key."""
    body = json_body()
    action = body.get("action") if isinstance(body, dict) else None
    if not isinstance(action, str):
        raise ApiProblem(422, 'The request is not valid: send a JSON object naming the action, such as '
                         '{"action": "play", "seat": 1, "card": "QS"}.', "invalid_request")
    fields = {name: value for name, value in body.items() if name != "action"}
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY:
        raise ApiProblem(422, f"The request is not valid: Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} characters long.",
                         "invalid_request")
    return action, fields, parse_if_match(request.headers.get("If-Match")), key


_IF_MATCH = re.compile(IF_MATCH)  # read on every play: compiled once


def parse_if_match(value: str | None) -> int | None:
    # The documented pattern, on the value as sent: ASCII digits, and no more than a version can
    # have (str.isdigit() takes "²", and int() of thousands of digits raises); "" is no version.
    if value is not None and not _IF_MATCH.fullmatch(value):
        raise ApiProblem(400, f"If-Match must be the game's version (an ETag such as \"12\") or *, not {value!r}.",
                         "bad_if_match")
    if value is None or value == "*":
        return None
    return int(value.removeprefix("W/").strip('"'))
