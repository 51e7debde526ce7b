"""Request and response schemas shared by the blueprints (and so by the OpenAPI document)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee.fields import MAX_SEAT, ExactBoolean
from referee.game_index import DEFAULT_GAME

#: Versions and offsets beyond this are not games anyone played (and overflow Redis stream ids).
MAX_COUNT = 2**53


class EnvelopeSchema(ma.Schema):
    """One event of a game's record, with its place in the hash chain."""

    event_id = ma.fields.String()
    game_id = ma.fields.String()
    version = ma.fields.Integer()
    type = ma.fields.String()
    schema_version = ma.fields.Integer()
    payload = ma.fields.Dict(allow_none=True, metadata={
        "description": "null (with withheld: true) in a known record in progress, unless the token is sent"})
    withheld = ma.fields.Boolean(metadata={"description": "the payload holds hidden hands and is withheld"})
    recorded_at = ma.fields.String()
    actor = ma.fields.String()
    prev_hash = ma.fields.String()
    hash = ma.fields.String()
    command_id = ma.fields.String(metadata={
        "description": "the command (action:<Idempotency-Key>, dispute:<key>, create:<id>) whose append recorded "
                       "the event: the same for every event of one action; absent in records made before it was kept"})


class NewGameSchema(ma.Schema):
    game = ma.fields.String(required=True, metadata={"example": DEFAULT_GAME})
    options = ma.fields.Dict(load_default=dict, metadata={"description": "The game's options (see GET /games/catalog)"})
    seats = ma.fields.List(ma.fields.String(validate=validate.Length(1, 40)), required=True,
                           validate=validate.Length(1, 8), metadata={"example": ["Ann", "Bob", "Cat", "Dan"]})
    record = ma.fields.String(load_default="blind", validate=validate.OneOf(["known", "blind"]),
                              metadata={"description": "known: hands are logged; blind: only what the table saw"})
    private = ExactBoolean(load_default=False, metadata={"description": "reads need the token too"})


class CreatedGameSchema(ma.Schema):
    game_id = ma.fields.String()
    game = ma.fields.String()
    version = ma.fields.Integer()
    token = ma.fields.String(metadata={"description": "The scorekeeper's token, shown only this once"})
    events = ma.fields.List(ma.fields.Nested(EnvelopeSchema))


class GameSummarySchema(ma.Schema):
    game_id = ma.fields.String()
    game = ma.fields.String()
    record = ma.fields.String()
    private = ma.fields.Boolean()
    status = ma.fields.String()
    created_at = ma.fields.Float()


class GameListQuerySchema(ma.Schema):
    game = ma.fields.String()
    status = ma.fields.String(validate=validate.OneOf(["in_progress", "finished"]))
    offset = ma.fields.Integer(load_default=0, validate=validate.Range(0, MAX_COUNT))
    limit = ma.fields.Integer(load_default=50, validate=validate.Range(1, 500))


class GameListSchema(ma.Schema):
    games = ma.fields.List(ma.fields.Nested(GameSummarySchema))
    total = ma.fields.Integer()
    offset = ma.fields.Integer()
    limit = ma.fields.Integer()


class GameViewQuerySchema(ma.Schema):
    view = ma.fields.String(load_default="table", validate=validate.OneOf(["table", "director"]))
    seat = ma.fields.Integer(validate=validate.Range(0, MAX_SEAT), metadata={"description": "the view of one seat"})


class GameViewSchema(ma.Schema):
    game_id = ma.fields.String()
    game = ma.fields.String()
    title = ma.fields.String()
    record = ma.fields.String()
    status = ma.fields.String()
    version = ma.fields.Integer()
    to_act = ma.fields.List(ma.fields.Integer())
    view = ma.fields.Dict(metadata={"description": "The table as the requested view may see it"})
    scores = ma.fields.Dict()
    outcome = ma.fields.Dict(allow_none=True)
    table = ma.fields.Dict(allow_none=True, metadata={
        "description": "the session, round and table number (and its name) the game was made for; null outside a session"})
    confirmations = ma.fields.Dict(metadata={
        "description": "what the players confirmed (the action confirm): confirmed (the game over and every "
                       "scored hand agreed to), unconfirmed_hands, disagreements (hand, seat, name, note, version)"})


class ActionSchema(ma.Schema):
    """One table action: ``action`` names it, the other members are its fields (seat, card, ...)."""

    class Meta:
        unknown = ma.INCLUDE

    action = ma.fields.String(required=True, metadata={"example": "play"})


MAX_IDEMPOTENCY_KEY = 200
#: An If-Match the actions route takes: the game's version as an ETag ("12", W/"12" or 12), or * (any).
#: Anything else (an empty value too) is a 400 bad_if_match; the document says so with this pattern.
IF_MATCH = r'^(\*|(W/)?"?[0-9]{1,16}"?)$'


class ActionHeadersSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    if_match = ma.fields.String(data_key="If-Match", validate=validate.Regexp(IF_MATCH), metadata={
        "description": "the version the scorekeeper saw, as its ETag (\"12\"), or * for any"})
    idempotency_key = ma.fields.String(data_key="Idempotency-Key", validate=validate.Length(1, MAX_IDEMPOTENCY_KEY))


class ActionResultSchema(ma.Schema):
    game_id = ma.fields.String()
    version = ma.fields.Integer()
    events = ma.fields.List(ma.fields.Nested(EnvelopeSchema))
    duplicate = ma.fields.Boolean(metadata={"description": "true when a retry found the action already logged"})
    said = ma.fields.String(metadata={"description": "an undo or a redo: what it took back or put back, in words "
                                                     "(\"Undone: Cat plays the 7 of clubs.\"); with ?words=1, "
                                                     "what any action logged, in its game's words"})


class LegalQuerySchema(ma.Schema):
    seat = ma.fields.Integer(required=True, validate=validate.Range(0, MAX_SEAT))


class LegalActionsSchema(ma.Schema):
    seat = ma.fields.Integer()
    actions = ma.fields.List(ma.fields.Dict())


class HintQuerySchema(ma.Schema):
    seconds = ma.fields.Float(load_default=1.0, validate=validate.Range(0.01, 5.0),
                              metadata={"description": "how long the solver may search"})


class HintSchema(ma.Schema):
    result = ma.fields.String(metadata={"description": "won (a winning line exists), lost (none does) or undecided"})
    move = ma.fields.Dict(allow_none=True, metadata={"description": "the next move of a winning line, as its action"})
    moves_left = ma.fields.Integer(metadata={"description": "moves in the winning line found"})
    proof = ma.fields.String(allow_none=True, metadata={"description": "why the position is lost"})
    positions = ma.fields.Integer(metadata={"description": "positions the solver searched"})


class EventPageQuerySchema(ma.Schema):
    from_version = ma.fields.Integer(data_key="from", load_default=1, validate=validate.Range(1, MAX_COUNT))
    limit = ma.fields.Integer(load_default=100, validate=validate.Range(1, 1000))


class EventStreamQuerySchema(ma.Schema):
    from_version = ma.fields.Integer(data_key="from", validate=validate.Range(1, MAX_COUNT), metadata={
        "description": "the first version wanted (Last-Event-ID, when sent, wins); default: from the first event"})
    block_ms = ma.fields.Integer(validate=validate.Range(100, 15_000), metadata={
        "description": "the longest silence, in milliseconds, before a keep-alive comment (default 15000)"})


class EventStreamHeadersSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    last_event_id = ma.fields.String(data_key="Last-Event-ID", validate=validate.Regexp(r"^[0-9]{1,16}$"), metadata={
        "description": "the id (version) of the last event the client has: the stream goes on after it"})


#: What GET /games/{id}/events/stream answers with 200, as the OpenAPI document says it.
EVENT_STREAM_RESPONSE = {
    "description": "Server-sent events, open for as long as the client reads: first `retry: 2000`, then one "
                   "event for each envelope (`id: <version>`, `event: <type>`, `data: <the envelope as JSON, "
                   "its payload withheld where the events route withholds it>`), and a `: keep-alive` comment "
                   "after each silence of block_ms",
    "content": {"text/event-stream": {"schema": {"type": "string"}}},
}


class EventPageSchema(ma.Schema):
    game_id = ma.fields.String()
    version = ma.fields.Integer(metadata={"description": "the game's version now"})
    events = ma.fields.List(ma.fields.Nested(EnvelopeSchema))
    next = ma.fields.Integer(allow_none=True, metadata={"description": "the from= of the next page, if any"})


class GameTypeSchema(ma.Schema):
    name = ma.fields.String()
    title = ma.fields.String()
    actions = ma.fields.List(ma.fields.String())
    options = ma.fields.Dict(metadata={"description": "option name -> default"})
    options_schema = ma.fields.Dict(metadata={"description": "the options as JSON Schema: types, allowed values, ranges"})
    actions_schema = ma.fields.Dict(metadata={
        "description": "action name -> its fields as JSON Schema (types, ranges), as POST /games/{id}/actions reads them"})


class HealthSchema(ma.Schema):
    status = ma.fields.String(metadata={"description": "ok | degraded (both 200) | down (503)"})
    reasons = ma.fields.List(ma.fields.String(), metadata={"description": "what is down or degraded, in words"})
    redis = ma.fields.Dict()
    append_only_file = ma.fields.Dict()
    memory = ma.fields.Dict(metadata={"description": "used_bytes, limit_bytes (null: no limit), used_ratio, policy"})
    disk = ma.fields.Dict(metadata={
        "description": "writes_refused: the store refuses writes because it cannot write to its disk, with the "
                       "server's words in error; last_save_status: how its last snapshot went"})
    cluster = ma.fields.Dict(metadata={
        "description": "on a cluster (empty otherwise): nodes, how many; down, the nodes that do not answer; "
                       "primaries_without_replica, those no node would take over from"})
    queue = ma.fields.Dict(metadata={"description": "queued, started, failed jobs; workers alive"})
    record = ma.fields.Dict(metadata={
        "description": "incidents: how many times a game's head was found behind what a process had folded "
                       "(the store lost acknowledged writes); latest: the most recent, newest first"})
