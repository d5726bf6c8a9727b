from returns.pipeline import is_successful
from returns.result import Failure

from abzu.application.remember import Remember, RememberRequest
from abzu.application.remember_many import RememberMany
from abzu.domain.dedup import DedupOutcome
from abzu.domain.errors import EmptyContent, UnknownCategory
from tests.fakes import FakeUnitOfWork, FixedClock, FixedWorkspace, SequentialIds

WAL = "Use WAL journal mode for every SQLite database file in production"
MIXED = [
    RememberRequest(WAL, "learning"),
    RememberRequest("  " + WAL.lower().replace(" ", "  "), "learning"),  # same hash: skipped
    RememberRequest("Prefer tabs over spaces in Makefiles", "preference"),
    RememberRequest("", "learning"),
    RememberRequest("Pin the SQLite version in CI images", "learning", project="infra"),
    RememberRequest(WAL + " servers", "learning"),  # near copy: supersedes
    RememberRequest("Retry on SQLITE_BUSY with backoff", "wisdom"),
    RememberRequest("Global rule: never commit secrets", "decision", is_global=True),
]


def _many(uow: FakeUnitOfWork, batch_size: int = 500) -> RememberMany:
    return RememberMany(uow, FixedClock(), SequentialIds(), FixedWorkspace("/src/api"),
                        batch_size=batch_size)


def _assert_judged_as_one_by_one(requests: list[RememberRequest]) -> None:
    one_uow = FakeUnitOfWork()
    one = Remember(one_uow, FixedClock(), SequentialIds(), FixedWorkspace("/src/api"))
    expected = [one.execute(r) for r in requests]

    bulk_uow = FakeUnitOfWork()
    got = _many(bulk_uow).execute(requests)

    assert list(got.items) == expected
    assert bulk_uow.candidates.rows == one_uow.candidates.rows
    assert bulk_uow.beads.rows == one_uow.beads.rows


def test_bulk_import_gives_the_same_results_as_remembering_one_by_one() -> None:
    _assert_judged_as_one_by_one(list(MIXED))


def test_outcomes_are_counted() -> None:
    got = _many(FakeUnitOfWork()).execute(MIXED)

    assert got.count(DedupOutcome.STORED) == 4
    assert got.count(DedupOutcome.SKIPPED_DUPLICATE) == 1
    assert got.count(DedupOutcome.SUPERSEDED) == 1
    assert got.failed == 2


def test_invalid_items_are_reported_in_place_and_do_not_stop_the_rest() -> None:
    uow = FakeUnitOfWork()
    got = _many(uow).execute(MIXED)

    assert got.items[3] == Failure(EmptyContent())
    assert isinstance(got.items[6].failure(), UnknownCategory)
    assert is_successful(got.items[7])
    assert len(uow.candidates.rows) == 4 and len(uow.beads.rows) == 1


def test_one_transaction_per_batch() -> None:
    uow = FakeUnitOfWork()
    requests = [RememberRequest(f"fact number {n} about topic {n * 7}", "learning") for n in range(7)]

    _many(uow, batch_size=3).execute(requests)

    assert uow.commits == 3
    assert len(uow.candidates.rows) == 7


def test_a_later_batch_still_sees_duplicates_from_an_earlier_one() -> None:
    uow = FakeUnitOfWork()
    requests = [RememberRequest("alpha beta gamma", "learning"), RememberRequest("delta", "learning"),
                RememberRequest("Alpha  beta gamma", "learning")]

    got = _many(uow, batch_size=2).execute(requests)

    assert got.items[2].unwrap().outcome is DedupOutcome.SKIPPED_DUPLICATE
    assert got.items[2].unwrap().id == got.items[0].unwrap().id


def test_nothing_to_import_touches_nothing() -> None:
    uow = FakeUnitOfWork()

    assert _many(uow).execute([]).items == ()
    assert uow.commits == 0


def test_a_chain_of_near_duplicates_is_judged_as_one_by_one() -> None:
    words = " ".join(f"w{n:02d}" for n in range(20))
    chain = [RememberRequest(t, "learning") for t in (words, f"{words} x1", f"{words} x1 x2", words)]
    _assert_judged_as_one_by_one(chain)


def test_a_near_duplicate_in_the_store_is_found_whatever_its_alphabet() -> None:
    # Words outside plain ASCII are not looked up by rare word: the store's probe answers.
    many = _many(FakeUnitOfWork())
    old = many.execute([RememberRequest("Grüße über Straße für Äpfel größer Übung Öfen", "learning")])

    got = many.execute([RememberRequest("Grüße über Straße für Äpfel größer Übung Öfen heiß", "learning")])

    done = got.items[0].unwrap()
    assert (done.outcome, done.superseded_id) == (DedupOutcome.SUPERSEDED, old.items[0].unwrap().id)


def test_a_note_sharing_no_rare_word_with_the_store_is_stored_beside_it() -> None:
    uow = FakeUnitOfWork()
    many = _many(uow)
    many.execute([RememberRequest("Deploys run from the release branch on Fridays", "learning")])

    got = many.execute([RememberRequest("Deploys run from the main branch on Mondays", "learning")])

    assert got.items[0].unwrap().outcome is DedupOutcome.STORED
    assert len(uow.candidates.rows) == 2
