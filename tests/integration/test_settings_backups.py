"""Rewriting Claude Code's settings keeps a backup of each previous version, but only the newest 3."""

from datetime import datetime, timedelta
from pathlib import Path

from abzu.adapters.json_file import KEPT_BACKUPS, read_json, write_json

T0 = datetime(2026, 11, 23, 15, 0, 0)


def test_only_the_newest_backups_are_kept(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    for n in range(6):
        write_json(settings, {"n": n}, now=T0 + timedelta(seconds=n))

    backups = sorted(tmp_path.glob("settings.json.abzu-backup-*"))

    assert len(backups) == KEPT_BACKUPS == 3
    assert [read_json(b)["n"] for b in backups] == [2, 3, 4]  # the versions before the last writes
    assert read_json(settings) == {"n": 5}


def test_backups_made_in_the_same_second_are_ordered_by_their_counter(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    for n in range(12):
        write_json(settings, {"n": n}, now=T0)

    kept = [read_json(b)["n"] for b in tmp_path.glob("settings.json.abzu-backup-*")]

    assert sorted(kept) == [8, 9, 10]
