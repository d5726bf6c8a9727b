"""What may leave this machine for the team (domain/team.py) and the preview of a push."""

import pytest

from abzu.application.team.share import plan
from abzu.domain.bead import VouchedBy
from abzu.domain.category import Category
from abzu.domain.team import KeptLocal, kept_local
from tests.builders import bead

SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"


@pytest.mark.parametrize(("shaped", "reason"), [
    (bead("b-1", "Prefer tabs", category=Category.PREFERENCE), KeptLocal.PREFERENCE),
    (bead("b-1", "Pin Node in CI", project=None), KeptLocal.GLOBAL),
    (bead("b-1", "Pin Node in CI", tags=("ci", "Private")), KeptLocal.PRIVATE),
    (bead("b-1", "Mention `<private>` tags in docs"), KeptLocal.PRIVATE),
    (bead("b-1", "Deploy with [REDACTED:github-pat:1a2b] as the token"), KeptLocal.REDACTED),
    (bead("b-1", "Pin Node in CI", context=f"the user pasted {SECRET} by mistake"), KeptLocal.REDACTED),
    (bead("b-1", "Pin Node in CI", summary=f"token {SECRET}"), KeptLocal.REDACTED),
    (bead("b-1", "Pin Node in CI", superseded_by="b-2"), KeptLocal.NOT_LIVE),
    (bead("b-1", "Pin Node in CI", gemini_flagged=True), KeptLocal.NOT_LIVE),
    (bead("b-1", "Pin Node in CI", vouched_by=VouchedBy.AGENT), KeptLocal.UNREVIEWED),
])
def test_what_is_one_person_s_private_or_secret_stays_here(shaped: object, reason: KeptLocal) -> None:
    assert kept_local(shaped) is reason  # type: ignore[arg-type]


def test_a_reviewed_project_bead_may_go() -> None:
    assert kept_local(bead("b-1", "Pin the Node version in CI", tags=("ci",), context="a CI failure")) is None


def test_a_shared_bead_keeps_who_vouched_for_it() -> None:
    found = plan("api", [bead("b-1", "Pin the Node version in CI", vouched_by=VouchedBy.PERSON),
                         bead("b-2", "Retry deploys on registry timeouts")])
    assert [(m.id, m.vouched_by) for m in found.outgoing] == [("b-1", "person"), ("b-2", "review")]


def test_the_preview_lists_what_goes_and_why_the_rest_stays_oldest_first() -> None:
    beads = [bead("b-2", "Retry deploys on registry timeouts"), bead("b-1", "Prefer tabs",
             category=Category.PREFERENCE), bead("b-0", "Pin the Node version in CI")]
    found = plan("api", beads)
    assert [m.id for m in found.outgoing] == ["b-0", "b-2"]
    assert found.kept == (("b-1", KeptLocal.PREFERENCE),)
