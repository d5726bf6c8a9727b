"""`abzu complete-project` runs the configured distiller on the em.db drafts (fake `claude`)."""

import json
from pathlib import Path

import pytest

from abzu.entrypoints.wiring.container import Container
from tests.e2e.cli import Cli
from tests.enki_files import em_db
from tests.integration.test_claude_cli_distiller import fake_claude

ITEM = {"category": "learning", "content": "Money is stored as integer cents; floats lost a cent.",
        "summary": "integer cents"}


@pytest.fixture
def claude(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    envelope = {"result": json.dumps({"items": [ITEM]}), "usage": {"input_tokens": 500, "output_tokens": 40}}
    exe = fake_claude(folder, f"cat <<'EOF'\n{json.dumps(envelope)}\nEOF")
    monkeypatch.setenv("ABZU_DISTILLER", "claude-code")
    monkeypatch.setenv("ABZU_CLAUDE_EXECUTABLE", str(exe))
    return folder


def test_completion_drafts_are_distilled_once_and_staged_as_the_completion(
    container: Container, abzu_home: Path, claude: Path
) -> None:
    em = em_db(abzu_home / "projects" / "ledger" / "em.db")
    cli = Cli(container)
    run = cli("complete-project", "ledger", "--em-db", str(em))
    assert run.code == 0, run.stderr
    assert "distillation: ok, 1 candidate(s) staged" in run.stdout
    sent = (claude / "stdin").read_text()
    assert "Store amounts as integer cents" in sent  # the drafts are what gets improved
    staged = {c.content: c for c in container.review.get_staged_candidates().execute("ledger")}
    distilled = staged[ITEM["content"]]
    assert distilled.source.value == "project_completion"
    assert distilled.context == "Distilled by claude-code from the em.db of ledger"
    (claude / "stdin").unlink()
    again = cli("complete-project", "ledger", "--em-db", str(em))
    assert "distillation" not in again.stdout and not (claude / "stdin").exists()


def test_without_a_distiller_completion_says_nothing_about_it(container: Container, abzu_home: Path) -> None:
    em = em_db(abzu_home / "projects" / "ledger" / "em.db")
    run = Cli(container)("complete-project", "ledger", "--em-db", str(em))
    assert run.code == 0 and "distillation" not in run.stdout
