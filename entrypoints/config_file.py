"""`~/.enki/config.toml`: where it is, what it holds, and writing one value (`abzu config set`).

The file sits beside the data it configures unless `ABZU_CONFIG` names another one; with
`ABZU_HOME` set (tests, a moved data home) it is `$ABZU_HOME/config.toml`, so a test never
reads the user's file. Reading needs the standard library only, so a fast path that skips
pydantic-settings can still honour the file.
"""

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the hooks read the file by its name (setting_fields.py): no pathlib on their path
    from pathlib import Path

SECRET_KEYS = frozenset({"gemini_api_key", "google_api_key"})


class ConfigError(Exception):
    """One line a user can act on (a broken file, an unknown key, a bad value)."""


def config_path() -> "Path":
    from abzu.entrypoints.data_home import DataHome

    return DataHome.from_env().config_file()


def read_config(path: "str | os.PathLike[str]") -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc
    import tomllib  # only when there is a file: its patterns cost a hot path ~3 ms, most homes have none

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from exc


def write_config(path: "Path", values: dict[str, Any]) -> None:
    """Atomic replace; 0600 from the start when the file holds a key (never readable by others)."""
    import tomli_w  # only `config set` writes; readers (a lean hot path too) need the stdlib alone

    path.parent.mkdir(parents=True, exist_ok=True)
    mode = 0o600 if SECRET_KEYS & set(values) else 0o644
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "wb") as out:
        tomli_w.dump(values, out)
    os.chmod(temporary, mode)  # O_CREAT's mode passes through the umask; an old temp keeps its own
    os.replace(temporary, path)
