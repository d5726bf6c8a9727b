"""Real benign text for the redaction false-positive corpus (reliability.md S2, issue 7).

Every source is on every machine that runs the tests: the fixture transcripts of this repository,
this project's own Python source, the RECORD files of the installed packages (a sha256 per file,
in URL-safe base64, like lockfile hashes) and the standard library of the running Python.
"""

from __future__ import annotations

import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCE_FOLDERS = ("domain", "application", "adapters", "entrypoints", "tests")
# Files whose job is to hold fake secrets or `<private>` spans (changed on purpose, not false positives).
PLANTS_SECRETS = frozenset(
    {
        "tests/unit/test_redaction.py",
        "tests/unit/test_redaction_finder.py",
        "tests/unit/test_redaction_escaped_keys.py",
        "tests/unit/test_redaction_tails.py",
        "tests/unit/test_extraction.py",
        "tests/unit/test_private_spans.py",
        "tests/unit/test_remember.py",
        "tests/integration/test_log_file_per_home.py",
        "tests/integration/test_transcript_reader.py",
        "tests/e2e/test_redact_cli.py",
        "tests/e2e/test_secrets_never_stored.py",
        "tests/bdd/steps/secret_steps.py",
    }
)


def _lines(paths: list[Path]) -> list[str]:
    return [line for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def fixture_transcript_lines() -> list[str]:
    return _lines(sorted((REPO / "tests" / "fixtures" / "claude-jsonl").rglob("*.jsonl")))


def project_source_lines() -> list[str]:
    paths = [
        path
        for folder in SOURCE_FOLDERS
        for path in sorted((REPO / folder).rglob("*.py"))
        if path.relative_to(REPO).as_posix() not in PLANTS_SECRETS
    ]
    return _lines(paths)


def installed_record_lines() -> list[str]:
    site = Path(sysconfig.get_paths()["purelib"])
    return _lines(sorted(site.glob("*.dist-info/RECORD")))


def standard_library_lines() -> list[str]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return _lines(sorted(stdlib.glob("*.py")))


def sources() -> dict[str, list[str]]:
    return {
        "fixture transcripts": fixture_transcript_lines(),
        "project source": project_source_lines(),
        "installed RECORD files": installed_record_lines(),
        "standard library": standard_library_lines(),
    }
