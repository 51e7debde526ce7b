"""Defaults of the embedded server that the ``courtcard`` command shows in its help, in a module
that imports nothing: ``events.server`` imports the Redis client, which the command line loads
only in the commands that talk to a store (``serve``, ``worker``)."""

#: The embedded server's memory limit (serve --maxmemory, COURTCARD_MAXMEMORY).
DEFAULT_MAXMEMORY = "1gb"
