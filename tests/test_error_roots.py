"""Each package raises its errors under one root class, so a caller can catch the package as a whole."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from api.problems import ApiProblem
from events.errors import EventStoreError
from referee.errors import RefereeError
from workers.errors import WorkersError

ROOTS = {"events": EventStoreError, "referee": RefereeError, "workers": WorkersError, "api": ApiProblem}
#: Modules not walked: the command line's HTTP client (its ApiError is a problem the API answered,
#: as received, not one it raises), and the WSGI entry point (it builds the app when imported).
NOT_WALKED = {"api.client", "api.wsgi"}


def error_classes(package: str) -> list[type[BaseException]]:
    """Every exception class defined in the package's modules."""
    found = []
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        if info.name in NOT_WALKED or info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        found += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                  if issubclass(cls, BaseException) and cls.__module__ == info.name]
    return found


@pytest.mark.parametrize("package", sorted(ROOTS))
def test_every_error_of_a_package_is_under_its_root(package):
    classes = error_classes(package)
    assert classes, f"{package} defines no error classes: the walk found nothing"
    strays = [f"{cls.__module__}.{cls.__qualname__}" for cls in classes if not issubclass(cls, ROOTS[package])]
    assert strays == [], f"outside {ROOTS[package].__name__}: {strays}"


def test_errors_moved_under_a_root_are_still_caught_as_before():
    from events.payload_codec import PayloadError
    from events.server import EmbeddedServerError
    from events.signing import SignatureError
    from workers.disputes import NotADispute
    from workers.imports import ImportRejected

    assert issubclass(PayloadError, ValueError) and issubclass(SignatureError, ValueError)
    assert issubclass(EmbeddedServerError, RuntimeError)
    assert issubclass(NotADispute, LookupError) and issubclass(ImportRejected, ValueError)
