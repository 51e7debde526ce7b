"""The Flask application factory."""

from __future__ import annotations

import http
import os
import threading

from flask import Flask
from flask_smorest import Api
from flask_smorest.utils import prepare_response

from api.gate import DEFAULT_CONCURRENCY, DEFAULT_IMPORTS_AT_ONCE, DEFAULT_STREAM_LIMIT, GatedApp
from api.hot_routes import HotRoutes
from api.jsonio import OrjsonProvider
from api.probes import Probes
from api.problems import PROBLEM_JSON, ProblemSchema, register_problem_handlers
from api.resources import blueprints, docs
from api.resources.events import is_stream_path
from api.resources.health import HEALTH_PATH
from api.resources.imports import IMPORTS_PATH
from api.services import Services
from api.web import register as register_web
from events.store import EventStore
from events.server import queue_url, redis_from_url
from referee.service import RefereeService
from workers.catalog import GameCatalog
from workers.listing import GameListing
from workers.club import Club
from workers.game_use_cases import JobPolicy, GameUseCases


#: The largest request body a route reads (413 beyond): table actions and new games are a few
#: hundred bytes, a known deal about one kilobyte.
MAX_REQUEST_BYTES = 64 * 1024
#: POST /imports reads a whole exported history: about 430 bytes an event, 350 KB for a 12-hand
#: game of Black Queen, 14 MB for 500 hands (the most its options allow).
MAX_IMPORT_BYTES = 16 * 1024 * 1024
#: ... and at most this many lines (events): 500 hands of Black Queen, the most its options allow,
#: are about 34,000.
MAX_IMPORT_LINES = 40_000


class CourtcardApi(Api):
    """flask-smorest's Api, documenting problem+json errors instead of its own error shape."""

    ERROR_SCHEMA = ProblemSchema

    def _register_error_handlers(self):
        # Our handlers (api.problems) cover every error; flask-smorest's would answer plain JSON.
        pass

    def _register_responses(self):
        """Document every error response (and the default one) as problem+json, as it is sent."""
        for status in http.HTTPStatus:
            response = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_JSON if status >= 400 else self.DEFAULT_RESPONSE_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {"description": "Default error response", "schema": self.ERROR_SCHEMA}
        prepare_response(response, self.spec, PROBLEM_JSON)
        self.spec.components.response("DEFAULT_ERROR", response, lazy=True)


def create_app(config: dict | None = None) -> Flask:
    """Build the app. ``REDIS_URL`` (config or environment) names the server holding the record."""
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(
        API_TITLE="Courtcard",
        API_VERSION="1",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        JSON_SORT_KEYS=False,
        REDIS_URL=os.environ.get("REDIS_URL"),
        STREAM_LIMIT=int(os.environ.get("COURTCARD_STREAM_LIMIT", DEFAULT_STREAM_LIMIT)),
        CONCURRENCY=int(os.environ.get("COURTCARD_CONCURRENCY", DEFAULT_CONCURRENCY)),
        IMPORTS_AT_ONCE=int(os.environ.get("COURTCARD_IMPORTS", DEFAULT_IMPORTS_AT_ONCE)),
        # Flask refuses a longer body (werkzeug counts a chunked body as it reads it, too).
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        MAX_IMPORT_LENGTH=MAX_IMPORT_BYTES,
        MAX_IMPORT_LINES=MAX_IMPORT_LINES,
        # COURTCARD_HOT_ROUTES=0: every request through Flask, none through api.hot_routes.
        HOT_ROUTES=os.environ.get("COURTCARD_HOT_ROUTES", "1") != "0",
    )
    app.config.update(config or {})
    if not app.config["REDIS_URL"]:
        raise RuntimeError("create_app needs REDIS_URL (courtcard serve sets it for the embedded server)")

    client = redis_from_url(app.config["REDIS_URL"], socket_timeout=5, socket_connect_timeout=2,
                            health_check_interval=10)
    store = EventStore(client)
    catalog = GameCatalog(client)
    referee = RefereeService(store)
    # COURTCARD_JOBS_INLINE (tests, single-process use): requests run the jobs they ask for themselves.
    queue_at = queue_url(app.config["REDIS_URL"])
    queue = client if queue_at == app.config["REDIS_URL"] else redis_from_url(
        queue_at, socket_timeout=5, socket_connect_timeout=2, health_check_interval=10)
    jobs = JobPolicy(queue, inline=bool(app.config.get("COURTCARD_JOBS_INLINE", False)))
    listing = GameListing(client, store, catalog)
    tables = GameUseCases(queue, store, catalog, referee, jobs, listing)
    app.extensions["courtcard"] = Services(client, queue, store, catalog, referee, listing, tables,
                                           Probes.connect(app.config["REDIS_URL"], queue_at), Club(client, tables))
    # Live streams each hold a server thread: at most STREAM_LIMIT at once per process.
    app.extensions["courtcard_streams"] = threading.BoundedSemaphore(app.config["STREAM_LIMIT"])
    # Imports read at once per process; one more is a 503 (api.resources.imports).
    app.extensions["courtcard_imports"] = threading.BoundedSemaphore(app.config["IMPORTS_AT_ONCE"])

    register_problem_handlers(app)
    api = CourtcardApi(app, spec_kwargs={"info": {"description": API_DESCRIPTION}})
    api.spec.components.security_scheme("scorekeeper", {"type": "http", "scheme": "bearer"})

    for blueprint in blueprints():
        api.register_blueprint(blueprint)
    docs.register(app)
    register_web(app)
    # The usual requests of the busiest routes skip Flask's per-request machinery (api.hot_routes).
    served = HotRoutes(app, app.wsgi_app) if app.config["HOT_ROUTES"] else app.wsgi_app
    # At most CONCURRENCY requests at work at once per process, first come first served (api.gate).
    # Live streams wait, imports have their own bound, and the health check is answered beside
    # them all: none takes a table request's place or waits behind requests on a slow store.
    app.wsgi_app = GatedApp(served, app.config["CONCURRENCY"],
                            exempt=lambda path: is_stream_path(path) or path in (IMPORTS_PATH, HEALTH_PATH))
    return app


API_DESCRIPTION = """\
Courtcard logs card games played at a real table as an immutable, hash-chained record of events,
and referees them. Create a game, then log each table action; every action is decided by the
referee. Writes need the scorekeeper's token (`Authorization: Bearer <token>`), shown once when the
game is created. Errors are `application/problem+json`.
"""
