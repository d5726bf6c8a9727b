"""The three settings the memory commands need (data home, relevance floor, content limit), read
as Settings reads them (environment over config file over defaults) without pydantic-settings,
whose import alone is ~100 ms. A value this reader cannot vouch for gives None: the caller then
takes the Settings path, which accepts or rejects it with its own message."""

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from abzu.entrypoints.data_home import DEFAULT_HOME, DataHome
from abzu.entrypoints.wiring.environ import from_environ

_NUMBER = re.compile(r"\d+(\.\d+)?")  # plain decimals only; anything fancier goes to Settings


class StoreValues(NamedTuple):
    home: DataHome
    relevance_floor: float
    max_content_chars: int
    semantic: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> "StoreValues | None":
        from abzu.domain.content import MAX_CONTENT_CHARS  # here: `recover` reads only `setting`
        from abzu.domain.ranking import DEFAULT_RELEVANCE_FLOOR

        file = _config_file()
        if file is None:
            return None
        home = _value(environ, file, "home", DEFAULT_HOME)
        floor = _number(_value(environ, file, "relevance_floor", DEFAULT_RELEVANCE_FLOOR))
        chars = _number(_value(environ, file, "max_content_chars", MAX_CONTENT_CHARS))
        if not isinstance(home, str) or floor is None or not 0.0 <= floor <= 1.0:
            return None
        if chars is None or chars != int(chars) or chars <= 0:
            return None
        semantic = _flag(_value(environ, file, "semantic", False))
        if semantic is None:
            return None
        return cls(DataHome.at(Path(home)), float(floor), int(chars), semantic)


def setting(key: str, default: str | float, environ: Mapping[str, str] = os.environ) -> str | float | None:
    """One more setting, typed like its default (a path or a number); None: ask Settings."""
    file = _config_file()
    if file is None:
        return None
    found = _value(environ, file, key, default)
    if isinstance(default, str):
        return found if isinstance(found, str) else None
    return _number(found)


def _config_file() -> dict[str, Any] | None:
    from abzu.entrypoints.config_file import ConfigError, config_path, read_config

    try:
        return read_config(config_path())
    except ConfigError:
        return None


def _value(environ: Mapping[str, str], file: dict[str, Any], key: str, default: object) -> object:
    found = from_environ(environ, key)
    return file.get(key, default) if found is None else found


_TRUE, _FALSE = {"1", "true", "on", "yes", "y", "t"}, {"0", "false", "off", "no", "n", "f"}


def _flag(value: object) -> bool | None:
    """A boolean as pydantic reads one; None for anything else (Settings then says why)."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in _TRUE else False if text in _FALSE else None


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        return float(value)
    return None
