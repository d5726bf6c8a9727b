"""Settings from the environment (ABZU_*), with the spec's data home `~/.enki` by default."""

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from abzu.domain.content import MAX_CONTENT_CHARS
from abzu.domain.ranking import DEFAULT_RELEVANCE_FLOOR


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ABZU_", extra="ignore")

    home: Path = Field(default=Path("~/.enki"), description="Data home: databases, logs, backups.")
    relevance_floor: float = Field(default=DEFAULT_RELEVANCE_FLOOR, ge=0.0, le=1.0)
    max_content_chars: int = Field(default=MAX_CONTENT_CHARS, gt=0)
    recovery_idle_minutes: float = Field(
        default=5.0, ge=0.0,
        description="A session silent this long without a final summary is recovered at the next start.",
    )

    @property
    def data_home(self) -> Path:
        return self.home.expanduser()

    @property
    def wisdom_path(self) -> Path:
        return self.data_home / "wisdom.db"

    @property
    def staging_path(self) -> Path:
        return self.data_home / "abzu.db"

    @property
    def log_path(self) -> Path:
        return self.data_home / "abzu.log"
