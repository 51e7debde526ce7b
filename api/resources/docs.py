"""A readable API page at /docs that works offline: Swagger UI served from the installed package."""

from __future__ import annotations

from flask import Flask
from flask_swagger_ui import get_swaggerui_blueprint


def register(app: Flask) -> None:
    # flask-swagger-ui ships Swagger UI's files inside the wheel, so the page needs no CDN.
    app.register_blueprint(
        # validatorUrl None: no badge fetched from the online validator.
        get_swaggerui_blueprint("/docs", "/openapi.json", config={"app_name": "Courtcard API", "validatorUrl": None}),
        url_prefix="/docs",
    )
