"""The rules: cards, the shared trick engine, one module per game, replay and the referee service.

Rule code is pure: no Redis, no Flask, no clock, no randomness except through an injected source.
"""
