"""Secrets stored before a rule existed: planted raw (plain sqlite3, files written directly) in
every place Abzu keeps text, and looked for afterwards in the raw bytes of every file."""

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from abzu.adapters.spool.raw_writer import write_entry
from abzu.domain.content import content_hash
from abzu.entrypoints.wiring.container import Container
from tests.canaries import Canaries

SURVIVING_WORD = "replica"  # in every planted memory, next to the secrets
TRANSCRIPT = "/home/me/.claude/projects/-src-api/s-1.jsonl"
# Rows, log files and spool entries holding a canary: 2 in wisdom.db, 5 in abzu.db, 2 in the
# snapshot of wisdom.db, 2 log files, 2 spool entries.
PLANTED_ITEMS = 13


def files_holding(home: Path, canaries: Canaries) -> list[str]:
    """Every file under `home` (databases, -wal, -shm, snapshots, logs, spool) holding a canary.

    File paths stored in the databases are not planted: scrub keeps them (see scrub_plan.py)."""
    found = []
    for path in sorted(p for p in home.rglob("*") if p.is_file()):
        raw = path.read_bytes().lower()
        if any(needle in raw for needle in canaries.needles):
            found.append(str(path.relative_to(home)))
    return found


def plant_everywhere(container: Container, home: Path, canaries: Canaries) -> None:
    for store in (container.wisdom_store(), container.staging_store()):
        store.open_connection().close()  # created, and one connection kept open in the pool
    plant_wisdom(home / "wisdom.db", canaries)
    plant_staging(home / "abzu.db", canaries)
    container.review.snapshots().take("before-scrub")
    plant_files(home, canaries)


def plant_wisdom(path: Path, c: Canaries) -> None:
    content = f"Deploy the {SURVIVING_WORD} with {c.text}"
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO beads(id, content, summary, category, project, content_hash, tags, context,"
            " gemini_flagged, flag_reason, created_at) VALUES ('b-planted', ?, ?, 'decision', 'api', ?, ?,"
            " ?, 0, ?, '2026-01-15T12:00:00+00:00')",
            (content, f"summary {c.github}", content_hash(content), json.dumps(["deploy", c.aws]),
             f"session said {c.text}", f"leaked {c.github}"),
        )
        conn.execute("INSERT INTO user_profile(key, value, source) VALUES ('deploy', ?, 'explicit')",
                     (f"always use {c.aws}",))


def plant_staging(path: Path, c: Canaries) -> None:
    content = f"Rotate the {SURVIVING_WORD} credentials: {c.text}"
    row = {"id": "c-archived", "content": content, "summary": c.github, "category": "fix",
           "project": "api", "content_hash": content_hash(content), "source": "manual",
           "session_id": "s-1", "created_at": "2026-01-15T12:00:00+00:00",
           "tags": json.dumps([c.github]), "context": c.aws, "superseded_by": None}
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute(
            "INSERT INTO bead_candidates(id, content, summary, category, project, content_hash, source,"
            " session_id, tags, context) VALUES ('c-planted', ?, ?, 'fix', 'api', ?, 'manual', 's-1', ?, ?)",
            (content, f"see {c.aws}", content_hash(content), json.dumps([c.github]), f"pasted {c.text}"),
        )
        conn.execute(
            "INSERT INTO session_summaries(id, session_id, project, goal, phase, operational_state,"
            " conversational_state) VALUES ('ss-1', 's-1', 'api', ?, ?, ?, ?)",
            (f"goal {c.github}", f"phase {c.aws}", f"env: {c.text}", f"we said {c.github}"),
        )
        conn.execute("INSERT INTO extraction_log(id, session_id, jsonl_path, method, status, detail)"
                     " VALUES ('x-1', 's-1', ?, 'rules', 'failed', ?)",
                     (TRANSCRIPT, f"error near {c.github}"))
        conn.execute("INSERT INTO sessions(session_id, transcript_path, cwd) VALUES ('s-1', ?, '/src/api')",
                     (TRANSCRIPT,))
        conn.execute("INSERT INTO transcript_cursors(session_id, transcript_path, byte_offset)"
                     " VALUES ('s-1', ?, 10)", (TRANSCRIPT,))
        conn.execute(
            "INSERT INTO review_log(id, kind, reviewer, started_at, report)"
            " VALUES ('r-1', 'full', 'gemini', '2026-01-15T12:00:00+00:00', ?)",
            (json.dumps({"decisions": [{"reason": f"contains {c.text}"}]}),),
        )
        conn.execute("INSERT INTO review_archive(review_id, candidate_id, payload) VALUES ('r-1', ?, ?)",
                     ("c-archived", json.dumps(row)))


def plant_files(home: Path, c: Canaries) -> None:
    (home / "abzu.log").write_text(f"2026-01-15 INFO abzu stored {c.github}\nok\n", encoding="utf-8")
    (home / "abzu.log.1").write_text(f"2026-01-14 INFO abzu key {c.aws}\n", encoding="utf-8")
    hook = {"kind": "hook", "event": "SessionEnd", "at": "2026-01-15T12:00:00+00:00", "project_dir": None,
            "payload": {"session_id": "s-2", "reason": f"exit {c.github}", "cwd": "/src/api"}}
    write_entry(home / "spool", "hook", json.dumps(hook))
    (home / "spool" / "00000000000000000001-1-event.bad").write_text(f"not json {c.aws}", encoding="utf-8")
