"""Background jobs (RQ) and the read models they build from the event record."""
