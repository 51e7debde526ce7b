"""``python -m api`` is the ``courtcard`` command."""

from api.cli import main

main()
