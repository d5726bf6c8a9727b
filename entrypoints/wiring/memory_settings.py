"""The three settings the memory commands read, without pydantic-settings (its import alone is
more than the budget of `abzu recall`): environment over the config file over defaults, as
`Settings` reads them. A value these plain checks do not accept is handed to `Settings`, so the
error a user sees is the one the full path gives."""

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from abzu.domain.content import MAX_CONTENT_CHARS
from abzu.domain.ranking import DEFAULT_RELEVANCE_FLOOR
from abzu.entrypoints.config_file import config_path, read_config
from abzu.entrypoints.data_home import DEFAULT_HOME, DataHome


@dataclass(frozen=True, slots=True)
class MemorySettings:
    home: DataHome
    relevance_floor: float
    max_content_chars: int

    @classmethod
    def read(cls, environ: Mapping[str, str] = os.environ) -> "MemorySettings":
        file = read_config(config_path())  # a broken file: ConfigError naming it, as Settings

        def pick(key: str, default: object) -> Any:
            return environ.get(f"ABZU_{key.upper()}") or file.get(key, default)

        try:
            floor = float(pick("relevance_floor", DEFAULT_RELEVANCE_FLOOR))
            chars = str(pick("max_content_chars", MAX_CONTENT_CHARS))
            if 0.0 <= floor <= 1.0 and chars.isdigit() and int(chars) > 0:
                return cls(DataHome.at(str(pick("home", DEFAULT_HOME))), floor, int(chars))
        except (TypeError, ValueError):
            pass
        return cls.full()

    @classmethod
    def full(cls) -> "MemorySettings":
        """Through `Settings` (pydantic-settings): it raises the error for a bad value."""
        from abzu.entrypoints.settings import Settings

        settings = Settings()
        return cls(settings.layout, settings.relevance_floor, settings.max_content_chars)
