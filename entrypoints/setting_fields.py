"""The one reader of settings: where a value comes from (the environment over config.toml over
the default) and, for the settings read outside the container, what a valid one is.

`Settings` (settings.py, pydantic-settings) takes its values from `found`, and each field named
in SHARED takes its default from the spec and is validated by `value`; the hooks, the
background jobs and the memory commands read the same specs through `value`, without
pydantic-settings (its import alone costs ~17× a bare interpreter's start). Standard library
and domain constants only.
"""

import operator
import os
from collections.abc import Mapping
from typing import Any, Generic, NamedTuple, TypeVar

from abzu.domain.content_limits import MAX_CONTENT_CHARS
from abzu.domain.ranking import DEFAULT_RELEVANCE_FLOOR
from abzu.domain.review.cadence import ReviewCadence
from abzu.entrypoints.config_file import ConfigError, read_config
from abzu.entrypoints.home_root import DEFAULT_HOME, config_file, home_root

PREFIX = "ABZU_"
# Variables read under their own, usual names (google-genai's), never ABZU_-prefixed.
OWN_NAMES = {"google_api_key": "GOOGLE_API_KEY", "gemini_api_key": "GEMINI_API_KEY"}
_BY_OWN_NAME = {name: key for key, name in OWN_NAMES.items()}
T = TypeVar("T", str, float, int, bool)
_TRUE, _FALSE = {"1", "true", "on", "yes", "y", "t"}, {"0", "false", "off", "no", "n", "f"}


class Refused(ValueError):
    """A value Settings refuses too: `reason` in pydantic's words, str() names the setting."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}")
        self.reason = reason


def env_name(key: str) -> str:
    """The variable that sets `key` (matched in any case)."""
    return OWN_NAMES.get(key, f"{PREFIX}{key.upper()}")


def found(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Every setting given: config.toml's values (but the data home), each overlaid by its
    variable. A file that cannot be read is a ConfigError naming it."""
    values = dict(read_config(config_file(home_root(environ), environ)))
    # The file lives inside the data home, so it cannot name it: the home is ABZU_HOME's alone,
    # as the hooks read it (home_root.py); `abzu config set home` is refused for the same reason.
    values.pop(HOME.key, None)
    for name, raw in environ.items():
        upper = name.upper()
        if upper in _BY_OWN_NAME:
            values[_BY_OWN_NAME[upper]] = raw
        elif upper.startswith(PREFIX) and (key := upper[len(PREFIX):].lower()) not in OWN_NAMES:
            values[key] = raw
    return values


class Spec(NamedTuple, Generic[T]):
    """A setting read outside the container: its name, its default (whose type is the
    setting's) and its bounds. Settings' field of the same name takes this default and is
    validated by `value` (settings.py), so both sides accept and refuse the same values."""

    key: str
    default: T
    ge: float | None = None
    gt: float | None = None
    le: float | None = None
    choices: tuple[str, ...] = ()  # a text setting that takes only these (a Literal in Settings)


_CADENCE = ReviewCadence()
HOME: Spec[str] = Spec("home", DEFAULT_HOME)
RELEVANCE_FLOOR: Spec[float] = Spec("relevance_floor", DEFAULT_RELEVANCE_FLOOR, ge=0.0, le=1.0)
MAX_CONTENT: Spec[int] = Spec("max_content_chars", MAX_CONTENT_CHARS, gt=0)
SEMANTIC: Spec[bool] = Spec("semantic", False)
CLAUDE_PROJECTS: Spec[str] = Spec("claude_projects", "~/.claude/projects")
RECOVERY_IDLE_MINUTES: Spec[float] = Spec("recovery_idle_minutes", 5.0, ge=0.0)
REVIEW_MINI_DAYS: Spec[int] = Spec("review_mini_days", _CADENCE.mini_days, ge=1)
REVIEW_FULL_DAYS: Spec[int] = Spec("review_full_days", _CADENCE.full_days, ge=1)
REVIEW_STAGED_LIMIT: Spec[int] = Spec("review_staged_limit", _CADENCE.staged_limit, ge=1)
# The team memory (issue 32): read by the session-start refresh and the team cache without
# pydantic; "" is no team. TEAM_URL stays out of SHARED: Settings holds None for no team and
# checks the address itself (team_address.py), which the readers here leave to the adapter.
TEAM_URL: Spec[str] = Spec("team_url", "")
TEAM_PASSWORD_ENV: Spec[str] = Spec("team_password_env", "ABZU_TEAM_PASSWORD")
TEAM_TIMEOUT_S: Spec[float] = Spec("team_timeout_s", 2.0, gt=0.0, le=60.0)
TEAM_REFRESH_MINUTES: Spec[float] = Spec("team_refresh_minutes", 10.0, ge=0.0)
# Distillation (spec §6 step 2): read by the background finalize without pydantic-settings.
DISTILLER: Spec[str] = Spec("distiller", "auto", choices=("auto", "off", "claude-code", "gemini"))
CLAUDE_EXECUTABLE: Spec[str] = Spec("claude_executable", "claude")
DISTILL_TIMEOUT_S: Spec[float] = Spec("distill_timeout_s", 120.0, gt=0.0)
DISTILL_DAILY_CAP: Spec[int] = Spec("distill_daily_cap", 20, ge=0)
DISTILL_DAILY_TOKENS: Spec[int] = Spec("distill_daily_tokens", 500_000, ge=0)
SHARED: dict[str, Spec[Any]] = {spec.key: spec for spec in (
    HOME, RELEVANCE_FLOOR, MAX_CONTENT, SEMANTIC, CLAUDE_PROJECTS, RECOVERY_IDLE_MINUTES,
    REVIEW_MINI_DAYS, REVIEW_FULL_DAYS, REVIEW_STAGED_LIMIT,
    TEAM_PASSWORD_ENV, TEAM_TIMEOUT_S, TEAM_REFRESH_MINUTES,
    DISTILLER, CLAUDE_EXECUTABLE, DISTILL_TIMEOUT_S, DISTILL_DAILY_CAP, DISTILL_DAILY_TOKENS)}


def value(spec: Spec[T], given: Mapping[str, object]) -> T:
    """`spec`'s value among `given` (see `found`), typed like its default; Refused when
    Settings refuses it too."""
    raw = given.get(spec.key, spec.default)
    kind = type(spec.default)
    try:
        parsed: T = _parse(raw, kind)
    except (ValueError, TypeError, OverflowError):
        raise Refused(spec.key, f"Input should be a valid {kind.__name__}, got {raw!r}") from None
    if spec.choices and parsed not in spec.choices:
        *first, last = (repr(c) for c in spec.choices)
        raise Refused(spec.key, f"Input should be {', '.join(first)} or {last}")
    for bound, holds, words in ((spec.ge, operator.ge, "greater than or equal to"),
                                (spec.gt, operator.gt, "greater than"),
                                (spec.le, operator.le, "less than or equal to")):
        if bound is not None and not holds(parsed, bound):
            raise Refused(spec.key, f"Input should be {words} {bound:g}")
    return parsed


def values(*specs: Spec[Any], environ: Mapping[str, str] = os.environ) -> list[Any]:
    """Each spec's value; a ConfigError (the file) or Refused (a value) says what is wrong."""
    given = found(environ)
    return [value(spec, given) for spec in specs]


def _parse(raw: object, kind: type[T]) -> Any:
    """A str, bool, int or float from a variable (text) or a TOML value: numbers as Python reads
    them (`1e3`, ` 2 `), an int only when whole, no bool as a number, no NaN."""
    text = raw.strip() if isinstance(raw, str) else raw
    if kind is str:  # a path, or text
        if not isinstance(raw, str | os.PathLike):
            raise ValueError(raw)
        return os.fspath(raw)
    if kind is bool:
        if isinstance(text, bool):
            return text
        if isinstance(text, str) and text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE
        raise ValueError(raw)
    if isinstance(text, bool) or text == "":
        raise ValueError(raw)
    number = float(text) if isinstance(text, str) else text
    if not isinstance(number, int | float) or number != number:  # NaN
        raise ValueError(raw)
    if kind is int:
        if number != int(number):
            raise ValueError(raw)
        return int(number)
    return float(number)


__all__ = ["SHARED", "ConfigError", "Refused", "Spec", "env_name", "found", "value", "values"]
