"""Settings: the environment (ABZU_*) over the config file (`~/.enki/config.toml`) over defaults,
with the spec's data home `~/.enki` by default. Where values come from, and the settings the
hooks and memory commands also read, are defined once in setting_fields.py."""

import os
from pathlib import Path
from typing import Literal, cast

from pydantic import Field, SecretStr, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import (
    BaseSettings,
    InitSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from abzu.entrypoints import setting_fields as one
from abzu.entrypoints.data_home import DataHome

Distiller = Literal["auto", "off", "claude-code", "gemini"]  # = setting_fields.DISTILLER.choices


class Settings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore", populate_by_name=True)

    home: Path = Field(default=Path(one.HOME.default), description="Data home: databases, logs, backups.")
    relevance_floor: float = Field(default=one.RELEVANCE_FLOOR.default)
    max_content_chars: int = Field(default=one.MAX_CONTENT.default)
    claude_projects: Path = Field(
        default=Path(one.CLAUDE_PROJECTS.default),
        description="Where Claude Code keeps transcripts: status counts the ones no capture covered "
                    "(missed) and recover imports them.",
    )
    semantic: bool = Field(
        default=one.SEMANTIC.default,
        description='Hybrid recall (full-text + dense vectors) in the MCP server and `abzu recall`, '
                    'and background embedding; needs pip install "abzu[semantic]". Off by default.',
    )
    recovery_idle_minutes: float = Field(
        default=one.RECOVERY_IDLE_MINUTES.default,
        description="A session silent this long without a final summary is recovered at the next start.",
    )

    # --- review ---
    google_api_key: SecretStr | None = Field(
        default=None, description="Gemini key (GOOGLE_API_KEY); wins over GEMINI_API_KEY, as google-genai.",
    )
    gemini_api_key: SecretStr | None = Field(
        default=None, description="Gemini key (GEMINI_API_KEY, https://aistudio.google.com/apikey).",
    )
    review_model: str = Field(default="gemini-2.5-flash", description="Gemini model for reviews.")
    review_batch_tokens: int = Field(default=12_000, ge=500, description="Prompt budget per batch.")
    review_timeout_s: float = Field(default=60.0, gt=0, description="Per-request timeout.")
    review_attempts: int = Field(default=3, ge=1, le=10, description="Tries per request (429/5xx).")
    review_price_in: float = Field(default=0.30, ge=0, description="USD per 1M input tokens.")
    review_price_out: float = Field(default=2.50, ge=0, description="USD per 1M output tokens.")
    gemini_key_env: str = Field(
        default="GEMINI_API_KEY",
        description="Name of the environment variable holding the Gemini key (the key stays out of files).",
    )

    @classmethod
    def settings_customise_sources(
        cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource, dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """What the caller passes, then `setting_fields.found`: the environment over the config
        file (issue 19), read by the same function the hooks use; a broken file is one error
        naming it, not a TOML traceback."""
        return init_settings, InitSettingsSource(settings_cls, init_kwargs=one.found(os.environ))
    # --- review cadence and spend cap (issue 15) ---
    review_monthly_tokens: int = Field(
        default=5_000_000, ge=0, description="Most tokens reviews may spend per month (UTC); 0: no ceiling.")
    review_monthly_usd: float = Field(
        default=5.0, ge=0, description="Most USD (estimated) reviews may spend per month; 0: no ceiling.")
    review_mini_days: int = Field(default=one.REVIEW_MINI_DAYS.default,
                                  description="A mini-review is due after this many days.")
    review_full_days: int = Field(default=one.REVIEW_FULL_DAYS.default,
                                  description="A full review is due after this many days.")
    review_staged_limit: int = Field(default=one.REVIEW_STAGED_LIMIT.default,
                                     description="A review is due past this many staged.")


    # --- distillation (spec §6 step 2): the user's Claude Code where it is found (issue 30.3) ---
    distiller: Distiller = Field(
        default=cast(Distiller, one.DISTILLER.default),
        description="Who distils a finished session after the heuristics: auto (Claude Code when "
                    "claude_executable is found, else off), claude-code, gemini or off.")
    distill_model: str = Field(default="gemini-2.5-flash", description="Gemini model for distillation.")
    distill_timeout_s: float = Field(default=one.DISTILL_TIMEOUT_S.default,
                                     description="Per-distillation timeout.")
    distill_daily_cap: int = Field(default=one.DISTILL_DAILY_CAP.default,
                                   description="Distillations per day at most.")
    distill_daily_tokens: int = Field(
        default=one.DISTILL_DAILY_TOKENS.default,
        description="Tokens distillations may spend per day (UTC); 0: no ceiling.")
    claude_executable: str = Field(default=one.CLAUDE_EXECUTABLE.default,
                                   description="Claude Code for headless distillation.")

    # --- team memory (issue 32): off until `abzu team join` ---
    team_url: str | None = Field(
        default=None,
        description="The team server, postgresql://user@host:port/database (written by `abzu team join`); "
                    "never with a password in it.")
    team_password_env: str = Field(
        default=one.TEAM_PASSWORD_ENV.default,
        description="Name of the variable holding the team server's password (else ~/.pgpass or PGPASSWORD).")
    team_timeout_s: float = Field(
        default=one.TEAM_TIMEOUT_S.default, description="How long recall waits for the team server before "
                                                         "using the local copy of its memories.")
    team_refresh_minutes: float = Field(
        default=one.TEAM_REFRESH_MINUTES.default,
        description="The session start refreshes the local copy of the team's memories in the background "
                    "when it is older than this.")
    memory_backend: Literal["sqlite", "team"] = Field(
        default="sqlite",
        description="Where remember and recall keep memory: sqlite (the data home, the default) or team "
                    "(the team server itself: `abzu eval locomo --backend team`).")

    @field_validator("team_url")
    @classmethod
    def _team_address(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        from abzu.entrypoints.team_address import checked_address

        return checked_address(value)
    @field_validator(*one.SHARED, mode="before")
    @classmethod
    def _as_the_hooks_read_it(cls, value: object, info: ValidationInfo) -> object:
        """The settings the hooks and memory commands also read are checked by the same code."""
        try:
            return one.value(one.SHARED[info.field_name or ""], {info.field_name or "": value})
        except one.Refused as exc:
            raise PydanticCustomError("abzu_setting", exc.reason) from None

    @field_validator("google_api_key", "gemini_api_key", mode="before")
    @classmethod
    def _blank_key_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def distiller_in_use(self) -> str | None:
        """'claude-code' or 'gemini', or None when no distiller runs (`auto` without Claude Code)."""
        from abzu.entrypoints.distiller_choice import chosen

        return chosen(self.distiller, self.claude_executable)

    @property
    def team_password(self) -> str | None:
        """The variable `team_password_env` names (never logged, never in a file); None: libpq
        looks in ~/.pgpass and PGPASSWORD itself."""
        return os.environ.get(self.team_password_env, "") or None

    @property
    def review_api_key(self) -> str | None:
        """An empty variable counts as unset; never logged or printed."""
        key = self.google_api_key or self.gemini_api_key
        if key:
            return key.get_secret_value()
        return os.environ.get(self.gemini_key_env, "").strip() or None

    @property
    def layout(self) -> DataHome:
        """Every path of the data home, defined once (entrypoints/data_home.py)."""
        return DataHome.at(self.home)

    @property
    def snapshot_dir(self) -> Path:
        return self.layout.snapshots

    @property
    def data_home(self) -> Path:
        return self.layout.root

    @property
    def wisdom_path(self) -> Path:
        return self.layout.wisdom

    @property
    def staging_path(self) -> Path:
        return self.layout.staging

    @property
    def log_path(self) -> Path:
        return self.layout.log
