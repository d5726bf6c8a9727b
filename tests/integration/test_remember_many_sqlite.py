from abzu.application.recall import RecallRequest
from abzu.application.remember import RememberRequest
from abzu.domain.dedup import DedupOutcome
from abzu.entrypoints.wiring.container import Container


def test_a_bulk_import_is_stored_and_recallable(container: Container) -> None:
    texts = [f"Service s{n:04d} talks to queue q{n * 7:05d} on port p{n * 13:05d}" for n in range(1, 1201)]
    requests = [RememberRequest(t, "learning", project="bulk") for t in texts]
    requests.append(RememberRequest("Grafana dashboards live in the ops repository", "preference",
                                    project="bulk"))

    result = container.sessions.remember_many().execute(requests)

    assert result.failed == 0 and result.count(DedupOutcome.STORED) == len(requests)
    found = container.recall().execute(RecallRequest("grafana dashboards", project="bulk")).unwrap()
    assert [h.hit.content for h in found.hits] == ["Grafana dashboards live in the ops repository"]
    queue = container.recall().execute(RecallRequest("which queue does s1200 use", project="bulk")).unwrap()
    assert queue.hits[0].hit.content.startswith("Service s1200 talks to queue q08400")


def test_duplicates_within_one_import_are_skipped_against_uncommitted_rows(container: Container) -> None:
    text = "Use WAL journal mode for SQLite"
    result = container.sessions.remember_many().execute(
        [RememberRequest(t, "learning", project="p") for t in (text, text.upper())]
    )

    first, second = (r.unwrap() for r in result.items)
    assert second.outcome is DedupOutcome.SKIPPED_DUPLICATE and second.id == first.id


def test_a_near_duplicate_is_found_among_many_texts_sharing_common_words(container: Container) -> None:
    common = "Caroline said on 8 May 2023 at the usual meeting"
    texts = [f"{common}: note number n{n:04d} about topic t{n * 3:05d}" for n in range(400)]
    near = f"{common}: note number n0123 about topic t00369 again"

    result = container.sessions.remember_many().execute(
        [RememberRequest(t, "learning", project="p") for t in [*texts, near]]
    )

    last = result.items[-1].unwrap()
    assert last.outcome is DedupOutcome.SUPERSEDED
    assert last.superseded_id == result.items[123].unwrap().id


def test_a_near_duplicate_of_a_memory_from_an_earlier_import_supersedes_it(container: Container) -> None:
    common = "Caroline said on 8 May 2023 at the usual meeting"
    texts = [f"{common}: note number n{n:04d} about topic t{n * 3:05d}" for n in range(300)]
    first = container.sessions.remember_many().execute(
        [RememberRequest(t, "learning", project="p") for t in texts])

    again = container.sessions.remember_many().execute(
        [RememberRequest(f"{common}: note number n0042 about topic t00126 again", "learning", project="p")]
    )

    done = again.items[0].unwrap()
    assert done.outcome is DedupOutcome.SUPERSEDED
    assert done.superseded_id == first.items[42].unwrap().id


def test_each_near_duplicate_in_a_chain_supersedes_the_live_one(container: Container) -> None:
    words = " ".join(f"w{n:02d}" for n in range(20))
    chain = [words, f"{words} x1", f"{words} x1 x2"]  # each within the threshold of the others

    result = container.sessions.remember_many().execute(
        [RememberRequest(t, "learning", project="p") for t in chain])

    a, b, c = (r.unwrap() for r in result.items)
    assert (b.outcome, b.superseded_id) == (DedupOutcome.SUPERSEDED, a.id)
    assert (c.outcome, c.superseded_id) == (DedupOutcome.SUPERSEDED, b.id)  # a is no longer live


def test_a_near_duplicate_made_only_of_common_words_is_found_in_the_store(container: Container) -> None:
    # Every word below is held by nearly every stored row, so no word of the note is rare: the
    # store's bounded probe must still find the live memory it nearly repeats.
    vocabulary = [f"w{n:02d}" for n in range(20)]
    rows = [" ".join(w for w in vocabulary if w != vocabulary[n % 20]) + f" v{n}" for n in range(60)]
    first = container.sessions.remember_many().execute(
        [RememberRequest(t, "learning", project="p") for t in rows])

    again = container.sessions.remember_many().execute(
        [RememberRequest(" ".join(vocabulary) + " v59", "learning", project="p")]
    )

    done = again.items[0].unwrap()
    assert done.outcome is DedupOutcome.SUPERSEDED
    assert done.superseded_id == first.items[-1].unwrap().id  # the one still live


def test_memories_of_every_batch_stay_findable_after_many_batches(container: Container) -> None:
    texts = [f"Runbook r{n:03d} explains outage o{n * 11:04d} in region g{n:03d}" for n in range(40)]
    requests = [RememberRequest(t, "learning", project="p") for t in texts]
    container.sessions.remember_many(batch_size=3).execute(requests)

    for n in (0, 17, 39):
        found = container.recall().execute(RecallRequest(f"outage o{n * 11:04d}", project="p")).unwrap()
        assert found.hits[0].hit.content == texts[n]
