"""The one decorator of the referee's records: events, commands and closed values are frozen
dataclasses with slots, so a record read back can never be changed in place and costs no dict."""

from dataclasses import dataclass

frozen = dataclass(frozen=True, slots=True)
