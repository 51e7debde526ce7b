"""The one decorator of the referee's records: events, commands and closed values are frozen
dataclasses with slots, so a record read back can never be changed in place and costs no dict."""

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

_T = TypeVar("_T")


# dataclass_transform tells the type checker this is dataclass(frozen=True): it then knows each
# record's fields and its __init__ (a plain alias of dataclass(...) hides them).
@dataclass_transform(frozen_default=True)
def frozen(cls: type[_T]) -> type[_T]:
    return dataclass(frozen=True, slots=True)(cls)
