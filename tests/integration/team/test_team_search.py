"""The team's side of a recall against the server (issue 32): who vouched for a memory travels with
it, and the server counts a query's words as the local copy of the same memories does, so its
counts join the local stores' in one weight a word (domain/term_weights.py)."""

from pathlib import Path

import pytest

from abzu.adapters.postgres.team_recall import LiveTeamRecall
from abzu.adapters.team_cache.reader import CachedTeamRecall
from abzu.adapters.team_cache.writer import SqliteTeamCache
from abzu.domain.bead import VouchedBy
from abzu.domain.scope import Scope, ScopeKind
from abzu.domain.team import SharedMemory
from abzu.domain.text import keywords
from tests.builders import T0, bead
from tests.integration.team.helpers import server, shared
from tests.team_fixtures import TeamDb

pytestmark = pytest.mark.team
API = Scope(ScopeKind.PROJECT, "api")


def test_a_pushed_bead_keeps_who_vouched_for_it_and_a_team_promotion_is_a_review(team_db: TeamDb) -> None:
    reviewer = server(team_db, team_db.member("reviewer", "api"))
    typed = SharedMemory.of(bead("b-1", "Pin the Node version in CI", vouched_by=VouchedBy.PERSON))
    reviewer.share([typed, shared("b-2", "Retry deploys on registry timeouts")], stage=False)
    server(team_db, team_db.member("writer", "api")).share([shared("c-1", "Cache wheels in CI")], stage=True)
    assert reviewer.promote("c-1", "b-3")
    found = {i.memory.id: getattr(i.memory, "vouched_by", None) for i in reviewer.everything()}
    assert found == {"b-1": VouchedBy.PERSON, "b-2": VouchedBy.REVIEW, "b-3": VouchedBy.REVIEW}


def test_the_server_counts_words_as_the_local_copy_and_its_hits_say_who_wrote_and_vouched(
    team_db: TeamDb, tmp_path: Path,
) -> None:
    member = server(team_db, team_db.member("reviewer", "api"))
    member.share([shared("b-team", "Vacuum starvation: autovacuum cannot keep up with the events table"),
                  *(shared(f"t-{i}", f"team note {i} on the vacuum rota") for i in range(6))], stage=False)
    SqliteTeamCache(tmp_path / "cache.db").replace(member.everything(), T0)
    copy = CachedTeamRecall(tmp_path / "cache.db")
    live = LiveTeamRecall(lambda: member.engine, copy, "the test server")
    terms = keywords("vacuum starvation rota deploy")
    counted = live.term_counts(terms)
    assert counted.live and counted.tables == copy.term_counts(terms).tables
    hits = live.search(terms, API, limit=10, now=T0, counts=counted)
    assert hits[0].item_id == "b-team"
    assert {(h.author, h.vouched_by) for h in hits} == {(member.membership().user, "review")}
    assert [h.item_id for h in hits] == [h.item_id for h in copy.search(terms, API, limit=10, now=T0)]
