"""Serving the API with gunicorn (a production WSGI server), in-process from ``courtcard serve``."""

from __future__ import annotations

from gunicorn.app.base import BaseApplication


class CourtcardServer(BaseApplication):
    """Gunicorn with threaded workers: threads keep live event streams from starving plain requests."""

    def __init__(self, host: str, port: int, processes: int, threads: int, config: dict | None = None) -> None:
        self.settings = {
            "bind": f"{host}:{port}",
            "workers": processes,
            "worker_class": "gthread",
            "threads": threads,
            "timeout": 60,
            "graceful_timeout": 10,
            "keepalive": 15,  # a tablet logging a hand sends a request every few seconds
            "accesslog": None,
            "errorlog": "-",
            "loglevel": "warning",
        }
        self.app_config = config or {}
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.settings.items():
            self.cfg.set(key, value)

    def load(self):
        # Each worker process builds its own app (and so its own Redis connections) after the fork.
        from api.app import create_app

        return create_app(self.app_config)
