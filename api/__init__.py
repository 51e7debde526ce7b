"""The Flask API, the scorekeeper's page and the ``courtcard`` command line."""
