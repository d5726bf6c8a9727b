"""The settings the memory commands need (data home, relevance floor, content limit, semantic),
read by setting_fields.py, the definitions Settings uses too, without pydantic-settings (its
import alone is ~17× a bare interpreter's start). None where Settings would refuse a value or
the file: the caller then takes the Settings path, which says why in its own words."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from abzu.entrypoints import setting_fields as one
from abzu.entrypoints.data_home import DataHome


class StoreValues(NamedTuple):
    home: DataHome
    relevance_floor: float
    max_content_chars: int
    semantic: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> "StoreValues | None":
        try:
            home, floor, chars, semantic = one.values(one.HOME, one.RELEVANCE_FLOOR, one.MAX_CONTENT,
                                                      one.SEMANTIC, environ=environ)
        except (one.ConfigError, one.Refused):
            return None
        return cls(DataHome.at(Path(home)), floor, chars, semantic)
