"""What a completed project's em.db records become (spec §6 "Project Completion Extraction")."""

from datetime import UTC, datetime, timedelta

from abzu.domain.category import Category
from abzu.domain.enki.em import Bug, Completion, EmRecords, MailMessage, MailThread, PmDecision, distill

T = datetime(2026, 11, 1, tzinfo=UTC)


def records(**kw: object) -> EmRecords:
    fields: dict[str, object] = {"threads": (), "bugs": (), "decisions": ()}
    fields.update(kw)
    return EmRecords(**fields)  # type: ignore[arg-type]


def test_a_thread_yields_its_stated_choices_and_lessons_with_sender_and_subject() -> None:
    thread = MailThread("t-9", "Caching", (
        MailMessage("dev", "We switched to Redis instead of memcached. Turns out eviction was the issue."),
        MailMessage("qa", "Thanks!"),
    ))
    drafts = distill(records(threads=(thread,)))
    assert [(d.category, d.provenance) for d in drafts] == [
        (Category.DECISION, "em.db thread t-9"), (Category.LEARNING, "em.db thread t-9")]
    assert drafts[0].content.endswith("(dev, thread 'Caching')")


def test_only_fixed_bugs_with_an_error_and_a_fix_become_fixes() -> None:
    bugs = (Bug("b1", "Crash", "KeyError: 'x'", "Default the key", "Resolved"),
            Bug("b2", "Slow", "40 s", "", "fixed"), Bug("b3", "Odd", "err", "fix", "open"))
    [draft] = distill(records(bugs=bugs))
    assert draft.category is Category.FIX
    assert draft.content == "Crash: KeyError: 'x'\nFixed by: Default the key"


def test_a_pm_decision_keeps_what_was_proposed_and_why() -> None:
    [draft] = distill(records(decisions=(PmDecision("d1", "Add SSO", "Not now", "No customer asked"),)))
    assert draft.content == "PM decision: Not now (proposed: Add SSO). Why: No customer asked"


def test_em_db_is_due_for_deletion_30_days_after_completion_unless_kept() -> None:
    done = Completion("p", "/x/em.db", T)
    assert not done.due(T + timedelta(days=29, hours=23)) and done.due(T + timedelta(days=30))
    assert not Completion("p", "/x/em.db", T, keep=True).due(T + timedelta(days=365))
    assert not Completion("p", "/x/em.db", T, deleted_at=T).due(T + timedelta(days=31))
