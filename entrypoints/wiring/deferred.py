"""Provider targets imported when a provider first calls them (issue 31.6).

The container names every use case and adapter; importing them all cost every command the whole
stack (review, scrub, archive, the web page's, SQLAlchemy's) before it did anything. A provider
built on `deferred("module:Name")` imports that module when it is first resolved, so a
background finalize loads the extraction and store stack and nothing else.
"""

import importlib
from collections.abc import Callable
from typing import Any


def deferred(target: str) -> Callable[..., Any]:
    """`module:attribute` (under `abzu.`), imported on the first call and called with the
    provider's arguments."""
    module, _, name = target.partition(":")

    def build(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(f"abzu.{module}"), name)(*args, **kwargs)

    build.__name__ = build.__qualname__ = name
    return build


class OnFirstUse:
    """A part built when first used: `recall` never loads the modules of remember's ids and
    pending file nor of the session journal (~30 modules), a remember without `--files` not the
    git adapter; each command pays for its own."""

    def __init__(self, build: Callable[[], Any]) -> None:
        self._build, self._built = build, None

    def __getattr__(self, name: str) -> Any:  # only for names this class does not have
        if self._built is None:
            self._built = self._build()
        return getattr(self._built, name)
