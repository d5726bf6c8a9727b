"""Each setting with its value and where the value came from: environment, config file, default."""

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr, ValidationError

from abzu.entrypoints.config_file import ConfigError, read_config
from abzu.entrypoints.setting_fields import env_name
from abzu.entrypoints.settings import Settings

HIDDEN = "******** (hidden)"


@dataclass(frozen=True, slots=True)
class ConfigValue:
    key: str
    value: str | None
    source: str  # "env NAME", "file", "default"
    description: str | None


def describe_all(path: Path) -> list[ConfigValue]:
    settings, in_file = Settings(), read_config(path)
    return [_describe(key, settings, in_file) for key in Settings.model_fields]


def env_override(key: str) -> str | None:
    """The variable of this environment that sets `key`, matched in any case as
    setting_fields.found reads them; None when the file or the default applies."""
    wanted = env_name(key)
    return next((name for name, raw in os.environ.items() if name.upper() == wanted and raw.strip()), None)


def _describe(key: str, settings: Settings, in_file: dict[str, Any]) -> ConfigValue:
    variable = env_override(key)
    source = f"env {variable}" if variable else "file" if key in in_file else "default"
    return ConfigValue(key, shown(getattr(settings, key)), source, Settings.model_fields[key].description)


def shown(value: object) -> str | None:
    if isinstance(value, SecretStr):
        return HIDDEN
    return None if value is None else str(value)


def validated(key: str, raw: str) -> Any:
    """The value as the file should hold it (number, text), or a ConfigError naming the problem."""
    if key not in Settings.model_fields:
        raise ConfigError(f"unknown setting {key!r}: see `abzu config list`")
    if key == "home":  # the hooks find the data home from the environment alone
        raise ConfigError("the data home is set with ABZU_HOME in the environment, not in the file")
    try:
        value = getattr(Settings.model_validate({key: raw}), key)
    except ValidationError as exc:
        raise ConfigError(f"{key}: {exc.errors()[0]['msg']}") from None
    if isinstance(value, SecretStr):
        return value.get_secret_value()
    return str(value) if isinstance(value, Path) else value
