"""The log file configured when `logging` is first imported, not before (issue 13).

`logging` (with traceback, string and textwrap) costs a lean command ~4 ms, and most runs of
`abzu recall` never write a line. Where logging is already loaded (the typer CLI, the MCP
server) the file is configured at once, as `configure_file_logging` does; otherwise a meta-path
finder waits for the first `import logging`, anywhere, and configures the file right after that
module has run, so every line any code writes still reaches the file and never stderr.
"""

import sys
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on the lean path
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType


def configure_file_logging_on_import(path: Path) -> None:
    if "logging" in sys.modules:
        _configure(path)
        return
    for finder in sys.meta_path:
        if isinstance(finder, _OnImport):
            finder.path = path  # the latest data home wins, as configure_file_logging's does
            return
    sys.meta_path.insert(0, _OnImport(path))


_DEFERRED: list[Path] = []  # configured by entrypoints/logs.py once it has run (see _configure)


def _configure(path: Path) -> None:
    logs = sys.modules.get("abzu.entrypoints.logs")
    if logs is not None and not hasattr(logs, "configure_file_logging"):
        # logging's first import came from logs.py itself (a hook about to log its failure):
        # importing from it now would fail half-way, so logs.py configures the file at its end
        _DEFERRED.append(path)
        return
    from abzu.entrypoints.logs import configure_file_logging

    configure_file_logging(path)


def configure_deferred() -> None:
    """Called by entrypoints/logs.py when it has run: the file a first `import logging` from
    inside it was waiting for."""
    while _DEFERRED:
        _configure(_DEFERRED.pop(0))


class _OnImport:
    """Finds nothing itself: on `logging`'s import it asks the other finders, then wraps the
    loader's `exec_module` so the file is configured once the module exists."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def find_spec(self, name: str, path: "Sequence[str] | None" = None,
                  target: "ModuleType | None" = None) -> "ModuleSpec | None":
        if name != "logging":
            return None
        sys.meta_path.remove(self)
        spec = next((s for f in sys.meta_path if hasattr(f, "find_spec")
                     and (s := f.find_spec(name, path, target)) is not None), None)
        if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
            run, where = spec.loader.exec_module, self.path

            def exec_module(module: "ModuleType") -> None:
                run(module)
                _configure(where)

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec
