"""Timestamps are stored as UTC text `YYYY-MM-DD HH:MM:SS.ffffff`: sortable, and compatible with
SQLite's CURRENT_TIMESTAMP defaults."""

from datetime import UTC, datetime


def to_db(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")


def from_db(text: str | None) -> datetime | None:
    if not text:
        return None
    if len(text) in (19, 26) and text[10] == " ":  # this module's (or CURRENT_TIMESTAMP's) naive UTC
        # One parse with the offset appended: a third of parse-then-replace, and recall maps
        # ~80 of these per call (two a row).
        return datetime.fromisoformat(text + "+00:00")
    parsed = datetime.fromisoformat(text)
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


def from_db_required(text: str | None) -> datetime:
    parsed = from_db(text)
    if parsed is None:
        raise ValueError("timestamp column unexpectedly empty")
    return parsed
