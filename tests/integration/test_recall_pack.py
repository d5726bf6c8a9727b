"""The recall pack (issue 13.3): finalisation answers the next session start's questions ahead;
a fresh pack is used without asking the stores, a stale one is ignored, and the block is the
one a live session start would have injected."""

import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from abzu.adapters.sqlite.context_reader import Sqlite3SessionContext
from abzu.adapters.sqlite.store_marks import store_marks
from abzu.adapters.workspace import GitWorkspace
from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.application.sessions.inject_session_start import SessionStartRequest
from abzu.domain.ranking import RankingPolicy
from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.container import Container
from abzu.entrypoints.wiring.light import LightUseCases
from tests.fakes import FixedClock

NOTES = ["Token rotation runs hourly through the cron job", "Cache schema migration needs a lock",
         "Prefer WAL mode for every SQLite store"]


@pytest.fixture
def light(container: Container, abzu_home: Path, repo: Path) -> LightUseCases:
    (repo / ".enki").mkdir()
    (repo / ".enki" / "goal").write_text("Token rotation and cache schema\n", encoding="utf-8")
    for note in NOTES:
        request = RememberRequest(note, "preference", None, None, (), False)
        assert container.memory().remember().execute(request).unwrap()
    clock = FixedClock(container.clock().now())
    return LightUseCases(DataHome.at(abzu_home), GitWorkspace(repo), clock, RankingPolicy())


def block(light: LightUseCases, session: str, *, from_pack: bool) -> str:
    text = light.session_start(from_pack=from_pack).execute(SessionStartRequest(session)).text
    return re.sub(r"[0-9a-f]{8,}", "FENCE", text)  # each block draws its own fence


def test_a_fresh_pack_gives_the_live_block_without_asking_the_stores(
    light: LightUseCases, monkeypatch: pytest.MonkeyPatch,
) -> None:
    live = block(light, "s-live", from_pack=False)
    assert "Token rotation runs hourly" in live
    assert light.write_pack()
    asked: list[str] = []  # every live question goes through `_rows` (the pack's marks do not)
    monkeypatch.setattr(Sqlite3SessionContext, "_rows", lambda *args: asked.append("live"))
    assert block(light, "s-next", from_pack=True) == live
    assert asked == []


def test_a_pack_taken_before_a_change_is_ignored(light: LightUseCases, container: Container) -> None:
    assert light.write_pack()
    request = RememberRequest("Token rotation keys live in the vault", "preference", None, None, (), False)
    assert container.memory().remember().execute(request).unwrap()
    assert block(light, "s-next", from_pack=True) == block(light, "s-live", from_pack=False)
    assert "keys live in the vault" in block(light, "s-next", from_pack=True)


def test_a_pack_of_another_day_or_a_damaged_pack_is_ignored(light: LightUseCases, repo: Path) -> None:
    assert light.write_pack()
    later = LightUseCases(light.home, light.workspace, FixedClock(light.clock.now().replace(year=2099)),
                          light.ranking)
    assert later._packed().answers == {}
    light.home.pack_for(str(repo)).write_bytes(b"cos\nsystem\n(S'true'\ntR.")  # a hostile pickle
    assert light._packed().answers == {}
    assert "Token rotation runs hourly" in block(light, "s-next", from_pack=True)



def test_a_recall_stamp_keeps_the_pack_fresh(light: LightUseCases, container: Container) -> None:
    """Every recall stamps the beads it returns (deferred, then settled into `beads.last_accessed`
    by status, recover or finalize); a pack that went stale with each stamp was almost never read
    by a session that uses Abzu (issue 13). A remember still makes it stale (test above)."""
    assert light.write_pack()
    assert container.recall().execute(RecallRequest("token rotation")).unwrap().hits
    with closing(sqlite3.connect(light.home.wisdom)) as db, db:  # what settling the stamps writes
        db.execute("UPDATE beads SET last_accessed = ?", (light.clock.now().isoformat(),))
    assert light._packed().answers != {}


def test_the_live_reader_marks_the_stores_as_store_marks_does(light: LightUseCases) -> None:
    """A stale pack is checked on the live reader's connections: the same marks, or the check
    would never find a pack fresh (or find a stale one fresh)."""
    reader = Sqlite3SessionContext(light.home.wisdom, light.home.staging, light.decay)
    assert reader.marks() == store_marks(light.home.wisdom, light.home.staging) is not None
    missing = Sqlite3SessionContext(light.home.root / "none.db", light.home.staging, light.decay)
    assert missing.marks() is None
