"""The WSGI entry point each API server process loads: ``api.wsgi:app``.

Configured from the environment (``REDIS_URL``, ``COURTCARD_CONCURRENCY``,
``COURTCARD_STREAM_LIMIT``), which ``courtcard serve`` sets before it starts the server.
"""

import gc

from api.app import create_app

app = create_app()

# Everything built so far (Flask, the schemas, the OpenAPI document, the games) lives as long as
# the process. Freezing it keeps the garbage collector from walking those ~70,000 objects again
# in every full collection, which stalled every request in the process for 45 to 55 ms.
gc.collect()
gc.freeze()
