"""Games: create, list, view, and log table actions."""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator

import redis
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Response, current_app, request
from flask.views import MethodView

from api.jsonio import Blueprint, json_body
from api.app import jobs_inline, services, workers_running
from api.auth import new_token, presented_token, require_reader, require_scorekeeper
from api.problems import ApiProblem
from api.schemas import (
    MAX_COUNT, MAX_IDEMPOTENCY_KEY, ActionHeadersSchema, ActionResultSchema, ActionSchema, CreatedGameSchema, GameListQuerySchema,
    GameListSchema, GameTypeSchema, GameViewQuerySchema, GameViewSchema, HintQuerySchema, HintSchema, LegalActionsSchema,
    LegalQuerySchema, NewGameSchema,
)
from api.views import action_payloads, game_view
from events.catalog import CatalogEntry
from events.errors import WriteOutcomeUnknownError
from events.store import EventStore
from events.registry import EventTypeError
from referee.registry import game_names, get_game
from referee.service import GameNotFoundError, new_game_id
from workers.hooks import after_append

log = logging.getLogger(__name__)
blp = Blueprint("games", __name__, url_prefix="/games", description="Games and the actions logged at the table")


def recorded_game_ids(store: EventStore) -> Iterator[str]:
    """Every game the store holds, oldest first."""
    cursor = None
    while True:
        ids, cursor = store.games(cursor, limit=1000)
        yield from ids
        if cursor is None:
            return


#: The id rule: a letter or digit, then letters, digits, "_" and "-", at most 64 in all. Such an id
#: is one URL path segment as it is, and a command line never reads it as an option. Ids made by
#: POST /games (``new_game_id``: 12 letters and digits) follow it, and so do older servers' ids
#: that do not start with "-".
GAME_ID_RULE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def follows_id_rule(game_id: str) -> bool:
    """May a game be created or imported under this id (see ``GAME_ID_RULE``)?"""
    return isinstance(game_id, str) and GAME_ID_RULE.fullmatch(game_id) is not None


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
        svc = services()
        entries, _ = svc.catalog.list(recorded_game_ids(svc.store), query.get("game"), query.get("status"), 0, MAX_COUNT)
        token = presented_token()
        listed = [e for e in entries if not e.private or e.token_matches(token)]
        page = listed[query["offset"] : query["offset"] + query["limit"]]
        return {"games": [e.__dict__ for e in page], "total": len(listed), "offset": query["offset"], "limit": query["limit"]}

    @blp.arguments(NewGameSchema)
    @blp.response(201, CreatedGameSchema)
    def post(self, body):
        """Create a game. The reply holds the scorekeeper's token: it is shown only this once."""
        svc = services()
        # The referee validates first, so a refused game leaves nothing behind; the catalog entry is
        # written before the record, so a game in the record always has its token.
        opening = svc.referee.plan_game(body["game"], body["options"], body["seats"], body["record"])
        game_id, token = new_game_id(), new_token()
        svc.catalog.register(game_id, body["game"], body["record"], body["private"], token)
        try:
            result = svc.referee.create_game(game_id, opening, actor="scorekeeper")
        except WriteOutcomeUnknownError:
            raise  # the game may be recorded: its entry stays, so a recorded game always has its token
        except BaseException as exc:
            # No event was written: the entry names no game, so it must not be listed.
            with contextlib.suppress(redis.RedisError):
                svc.catalog.forget(game_id)
            if isinstance(exc, EventTypeError):  # an option the record cannot hold (e.g. a 100-digit number)
                raise ApiProblem(422, f"Invalid options: {exc}", "invalid_options") from exc
            raise
        headers = {"Location": f"/games/{game_id}", "ETag": f'"{result.version}"'}
        return {"game_id": game_id, "game": body["game"], "version": result.version, "token": token,
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
            # A seat's own view shows its hand: only the scorekeeper's device may ask for it.
            require_scorekeeper(entry)
        with services().referee.locked_state(game_id) as (game, state):
            body = game_view(entry, game, state, query["view"], query.get("seat"))
            # Serialised under the lock: the view shares lists with the cached state, which the
            # next action updates in place, and the body must match its ETag.
            text = current_app.json.dumps(body)
        return Response(text, 200, {"ETag": f'"{body["version"]}"'}, mimetype="application/json")


@blp.route("/<game_id>/legal")
class LegalActions(MethodView):
    @blp.arguments(LegalQuerySchema, location="query")
    @blp.response(200, LegalActionsSchema)
    def get(self, query, game_id):
        """What one seat may do now (every legal card, in a known record: so it needs the token)."""
        entry = catalog_entry(game_id)
        require_scorekeeper(entry)
        with services().referee.locked_state(game_id) as (game, state):
            return {"seat": query["seat"], "actions": action_payloads(game, game.legal_actions(state, query["seat"]))}


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
            if not hasattr(game, "hint"):
                raise ApiProblem(404, f"{game.title} has no solver, so no hints.", "not_found")
            state = state.clone()  # solved outside the lock: the game goes on meanwhile
        hint = game.hint(state, query["seconds"])
        move = hint["move"]
        return {**hint, "move": action_payloads(game, [move])[0] if move is not None else None}


@blp.route("/<game_id>/actions")
class Actions(MethodView):
    # The busiest route reads its request itself (see _action_request): through webargs, reading
    # it was a sixth of the CPU of a play. The schemas still define what the document shows.
    @blp.doc(parameters=[{"in": "header", "schema": ActionHeadersSchema}],
             requestBody={"required": True, "content": {"application/json": {"schema": ActionSchema}}})
    @blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
    @blp.response(201, ActionResultSchema)
    def post(self, game_id):
        """Log one table action. If-Match guards against a stale view; Idempotency-Key makes retries safe."""
        action, fields, expected_version, idempotency_key = _action_request()
        entry = catalog_entry(game_id)
        require_scorekeeper(entry)
        svc = services()
        result = svc.referee.act(game_id, action, fields, actor="scorekeeper",
                                 expected_version=expected_version, idempotency_key=idempotency_key)
        try:
            if result.finished:
                svc.catalog.set_status(game_id, "finished")
            # A scored hand refreshes the sheet on a worker. With none running, the table is not made
            # to wait for a rebuild: GET /games/{id}/scores builds the sheet when it is asked for.
            if result.scores_changed and (jobs_inline() or workers_running()):
                after_append(svc.redis, game_id, result.version, result.envelopes, is_async=not jobs_inline())
        except redis.RedisError as exc:
            # The action is logged: never answer "nothing was written" for the bookkeeping after it.
            log.warning("game %s at version %d: bookkeeping after the action failed: %s", game_id, result.version, exc)
        out_headers = {"ETag": f'"{result.version}"'}
        if result.duplicate:
            out_headers["Idempotent-Replayed"] = "true"
        body = {"game_id": game_id, "version": result.version, "duplicate": result.duplicate,
                "events": [e.to_dict() for e in result.envelopes]}
        # Envelopes are JSON-ready already: a Response skips the schema's dump (the schema still
        # documents the reply), which is a good part of the cost of an action.
        return Response(current_app.json.dumps(body), 201, out_headers, mimetype="application/json")


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
    return action, fields, _parse_if_match(request.headers.get("If-Match")), key


def _parse_if_match(value: str | None) -> int | None:
    if value is None or value.strip() == "*":
        return None
    text = value.strip().removeprefix("W/").strip('"')
    # ASCII digits, and no more than a version can have: str.isdigit() takes "²", and int() of
    # thousands of digits raises.
    if not re.fullmatch(r"[0-9]{1,16}", text):
        raise ApiProblem(400, f"If-Match must be the game's version (an ETag such as \"12\"), not {value!r}.",
                         "bad_if_match")
    return int(text)
