"""The default game (``referee/game_index.py``'s ``DEFAULT_GAME``) is the one ``courtcard demo``
plays and the API's document gives as its example; the command line reads it without loading
the registry or any game's rules."""

from __future__ import annotations

import subprocess
import sys

from referee.game_index import DEFAULT_GAME


def test_the_api_document_gives_the_default_game_as_its_example(client):
    spec = client.get("/openapi.json").get_json()
    examples = {schema["properties"]["game"]["example"] for schema in spec["components"]["schemas"].values()
                if "example" in schema.get("properties", {}).get("game", {})}
    assert examples == {DEFAULT_GAME}


def test_demo_shows_the_default_game_reading_the_index_alone():
    code = ("import sys; from click.testing import CliRunner; from api.cli import main; "
            "print(CliRunner().invoke(main, ['demo', '--help']).output); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'referee'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert f"[default: {DEFAULT_GAME}]" in out
    assert out.strip().splitlines()[-1] == "['referee', 'referee.game_index']"
