from hypothesis import assume, given
from hypothesis import strategies as st

from abzu.domain.dedup import DedupPolicy, probe_groups, similarity
from abzu.domain.text import keywords

WORDS = [f"w{i}" for i in range(80)]


def test_short_texts_must_share_every_keyword() -> None:
    policy = DedupPolicy()

    assert policy.must_share("alpha beta gamma delta epsilon zeta", 6) == 6
    assert policy.must_share("alpha beta gamma delta epsilon zeta eta", 7) == 6


def test_groups_cover_every_term_once() -> None:
    groups = probe_groups(["a", "b", "c", "d", "e"], 4)

    assert groups == (("a", "c", "e"), ("b", "d"))
    assert probe_groups(["a", "b"], 1) == (("a",), ("b",))
    assert probe_groups([], 3) == ()


@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=45, unique=True),
    st.data(),
)
def test_every_near_duplicate_holds_a_whole_probe_group(original: list[str], data: st.DataObject) -> None:
    dropped = data.draw(st.sets(st.sampled_from(original), max_size=max(0, len(original) // 6)))
    added = data.draw(st.lists(st.sampled_from(WORDS), max_size=4, unique=True))
    other = [w for w in original if w not in dropped] + added
    content, neighbour = " ".join(original), " ".join(other)
    assume(similarity(content, neighbour) > DedupPolicy().threshold)

    terms = keywords(content)
    groups = probe_groups(terms, DedupPolicy().must_share(content, len(terms)))

    assert any(set(group) <= set(other) for group in groups)


def test_a_neighbour_missing_the_most_it_may_still_holds_a_group() -> None:
    policy = DedupPolicy()
    for n in range(1, 33):
        words = WORDS[:n]
        content = " ".join(words)
        misses = max(m for m in range(n) if similarity(content, " ".join(words[m:])) > policy.threshold)
        neighbour = set(words[misses:])  # loses one term of each of the first groups

        groups = probe_groups(keywords(content), policy.must_share(content, n))

        assert any(set(group) <= neighbour for group in groups), n
