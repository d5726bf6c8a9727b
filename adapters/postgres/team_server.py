"""`PgTeamServer`: the team store as a member's client sees it. Every right is the database's:
this client never checks a role before asking, so a refusal is always the server's own."""

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError, ProgrammingError

from abzu.adapters.postgres.rows import row_to_bead, row_to_candidate
from abzu.adapters.postgres.unit_of_work import WRITER
from abzu.adapters.sqlite.columns import BEADS, CANDIDATES
from abzu.application.team.ports import TeamCounts, TeamItem, TeamRefused, TeamServer, TeamUnavailable
from abzu.domain.team import Membership, SharedMemory, TeamRole

T = TypeVar("T")
BATCH = 1_000

_WHO = text("""SELECT session_user AS who,
    pg_has_role(session_user, (SELECT tableowner FROM pg_tables WHERE tablename = 'beads'
                               AND schemaname = current_schema()), 'MEMBER') AS owner,
    pg_has_role(session_user, 'abzu_reviewer', 'MEMBER') AS reviewer,
    pg_has_role(session_user, 'abzu_writer', 'MEMBER') AS writer,
    pg_has_role(session_user, 'abzu_reader', 'MEMBER') AS reader,
    ARRAY(SELECT DISTINCT p FROM unnest(abzu_projects()) p ORDER BY 1) AS projects""")
_COUNTS = text("SELECT (SELECT count(*) FROM beads WHERE superseded_by IS NULL AND NOT gemini_flagged) "
               "AS beads, (SELECT count(*) FROM bead_candidates WHERE superseded_by IS NULL) AS staged")

# A batch in one statement (the history trigger still fires per row): the memories as arrays, one
# per column, each kept only when the team holds no memory of that id, nor of that text in the
# project (two look-ups: an OR scanned the table); the first of twins in the batch goes.
_SHARED = (("id", "TEXT"), ("content", "TEXT"), ("summary", "TEXT"), ("category", "TEXT"),
           ("project", "TEXT"), ("content_hash", "TEXT"), ("tags", "TEXT"), ("context", "TEXT"),
           ("created_at", "TIMESTAMPTZ"), ("last_accessed", "TIMESTAMPTZ"), ("vouched_by", "TEXT"))
_ARRAYS = ", ".join(f"CAST(:{name} AS {kind}[])" for name, kind in _SHARED)
_ROWS = (f"FROM (SELECT DISTINCT ON (r.content_hash, r.project) r.* FROM unnest({_ARRAYS}) WITH ORDINALITY "
         f"AS r({', '.join(name for name, _ in _SHARED)}, n) ORDER BY r.content_hash, r.project, r.n) r "
         "WHERE NOT EXISTS (SELECT 1 FROM {table} t WHERE t.id = r.id) AND NOT EXISTS (SELECT 1 "
         "FROM {table} t WHERE t.content_hash = r.content_hash AND t.project = r.project) "
         "ON CONFLICT (id) DO NOTHING")
_TAGS = "ARRAY(SELECT jsonb_array_elements_text(CAST(r.tags AS JSONB)))"
_COMMON = "id, content, summary, category, project, content_hash"
_SHARE_BEAD = text(
    f"INSERT INTO beads ({_COMMON}, tags, context, created_at, last_accessed, promoted_at, vouched_by) "
    f"SELECT r.id, r.content, r.summary, r.category, r.project, r.content_hash, {_TAGS}, r.context, "
    f"r.created_at, r.last_accessed, now(), r.vouched_by {_ROWS.format(table='beads')}")
_SHARE_CANDIDATE = text(
    f"INSERT INTO bead_candidates ({_COMMON}, source, tags, context, created_at) "
    f"SELECT r.id, r.content, r.summary, r.category, r.project, r.content_hash, 'manual', {_TAGS}, "
    f"r.context, r.created_at {_ROWS.format(table='bead_candidates')}")
_PROMOTE = text(
    "INSERT INTO beads (id, content, summary, category, project, content_hash, tags, context, created_at, "
    "promoted_at, author, vouched_by) SELECT :bead, content, summary, category, project, content_hash, "
    "tags, context, created_at, now(), author, 'review' FROM bead_candidates "
    "WHERE id = :id AND superseded_by IS NULL")


class PgTeamServer(TeamServer):
    def __init__(self, engine: Engine, *, actor: str, machine: str) -> None:
        self._engine, self._actor, self._machine = engine, actor, machine

    @property
    def engine(self) -> Engine:
        return self._engine

    def membership(self) -> Membership:
        row = self._run(lambda conn: conn.execute(_WHO).mappings().one())
        role = next((r for r, held in ((TeamRole.OWNER, row["owner"]), (TeamRole.REVIEWER, row["reviewer"]),
                                       (TeamRole.WRITER, row["writer"]), (TeamRole.READER, row["reader"]))
                     if held), None)
        return Membership(row["who"], role, tuple(row["projects"]))

    def counts(self) -> TeamCounts:
        row = self._run(lambda conn: conn.execute(_COUNTS).mappings().one())
        return TeamCounts(int(row["beads"]), int(row["staged"]))

    def share(self, memories: Sequence[SharedMemory], *, stage: bool) -> int:
        statement = _SHARE_CANDIDATE if stage else _SHARE_BEAD
        batches = [_columns(memories[i:i + BATCH]) for i in range(0, len(memories), BATCH)]

        def insert(conn: Connection) -> int:
            return sum(conn.execute(statement, batch).rowcount for batch in batches)

        return self._run(insert, write=True)

    def promote(self, candidate_id: str, bead_id: str) -> bool:
        def move(conn: Connection) -> bool:
            if conn.execute(_PROMOTE, {"id": candidate_id, "bead": bead_id}).rowcount != 1:
                return False
            conn.execute(text("INSERT INTO bead_sources (bead_id, source_id) VALUES (:bead, :id)"),
                         {"id": candidate_id, "bead": bead_id})
            conn.execute(text("DELETE FROM bead_candidates WHERE id = :id"), {"id": candidate_id})
            return True

        return self._run(move, write=True)

    def everything(self) -> list[TeamItem]:
        def read(conn: Connection) -> list[TeamItem]:
            beads = _rows(conn, f"SELECT {', '.join(BEADS)}, author, machine FROM beads "
                                "WHERE superseded_by IS NULL AND NOT gemini_flagged ORDER BY rid")
            staged = _rows(conn, f"SELECT {', '.join(CANDIDATES)}, author, machine FROM bead_candidates "
                                 "WHERE superseded_by IS NULL ORDER BY rid")
            return ([TeamItem(row_to_bead(r), r["author"], r["machine"]) for r in beads]
                    + [TeamItem(row_to_candidate(r), r["author"], r["machine"]) for r in staged])

        return self._run(read)

    def _run(self, work: Callable[[Connection], T], *, write: bool = False) -> T:
        with _translated(), self._engine.connect() as conn:
            if write:
                conn.execute(WRITER, {"actor": self._actor, "machine": self._machine})
            result = work(conn)
            conn.commit()
            return result


def _rows(conn: Connection, sql: str) -> list[Mapping[str, Any]]:
    return [dict(r) for r in conn.execute(text(sql)).mappings()]


def _columns(memories: Sequence[SharedMemory]) -> dict[str, list[Any]]:
    import json

    columns: dict[str, list[Any]] = {name: [] for name, _ in _SHARED}
    for m in memories:
        for name, value in (("id", m.id), ("content", m.content), ("summary", m.summary),
                            ("category", m.category.value), ("project", m.project),
                            ("content_hash", m.content_hash), ("tags", json.dumps(list(m.tags))),
                            ("context", m.context), ("created_at", m.created_at),
                            ("last_accessed", m.last_accessed), ("vouched_by", m.vouched_by)):
            columns[name].append(value)
    return columns


@contextmanager
def _translated() -> Iterator[None]:
    """The server's answers as the port's two failures, each one line without a password."""
    try:
        yield
    except IntegrityError as exc:
        if getattr(exc.orig, "sqlstate", None) == "23503":  # foreign key: a project the team lacks
            raise TeamRefused("the team server has no such project: its admin runs "
                              "`abzu team grant MEMBER --role … --project NAME`") from exc
        raise TeamRefused(f"the team server refused: {_first_line(exc)}") from exc
    except ProgrammingError as exc:  # permission denied, row-level security
        raise TeamRefused(f"the team server refused: {_first_line(exc)}") from exc
    except (OperationalError, DBAPIError) as exc:
        raise TeamUnavailable(f"the team server is unavailable: {_first_line(exc)}") from exc


def _first_line(exc: DBAPIError) -> str:
    return (str(exc.orig).strip().splitlines() or ["no answer"])[0][:300]
