"""The event record: envelopes, the registry of event types, and the Redis Streams store.

This package knows nothing about card games, and imports nothing else of Courtcard.
"""
