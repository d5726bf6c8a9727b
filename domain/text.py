"""Word tokens shared by query building and duplicate detection (dedup.py re-exports the token
helpers: the searches take them from here, without dedup's classes on a hook's path)."""

import re
from collections.abc import Sequence
from functools import lru_cache

_WORD = re.compile(r"[^\W_]+", re.UNICODE)

# Words that carry no topic: matching on them floods results and inflates similarity.
STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing don down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not now of off on once only or other our ours ourselves
    out over own same she should so some such than that the their theirs them themselves then there
    these they this those through to too under until up very was we were what when where which while
    who whom why will with would you your yours yourself yourselves
    """.split()  # noqa: SIM905
)

# What is left of contractions and possessives once apostrophes split words, as FTS5's unicode61
# tokenizer splits them ("Caroline's" -> caroline, s; "didn't" -> didn, t). As query terms they
# match most turns of a conversation and add noise to every score. ("won" stays: it is a verb.)
CONTRACTION_FRAGMENTS = frozenset(
    """
    s t d m ll re ve didn doesn isn wasn aren weren wouldn couldn shouldn haven hasn hadn mustn
    needn mightn shan ain
    """.split()  # noqa: SIM905
)
STOPWORDS |= CONTRACTION_FRAGMENTS


def words(text: str) -> list[str]:
    """Case-folded word tokens in order (punctuation splits words, as FTS5's unicode61 does)."""
    return [w.casefold() for w in _WORD.findall(text)]


def keywords(text: str, *, limit: int = 32) -> tuple[str, ...]:
    """Distinct non-stopword tokens in first-seen order; stopwords only if nothing else is left."""
    tokens = words(text)
    chosen = [w for w in dict.fromkeys(tokens) if w not in STOPWORDS]
    return tuple((chosen or list(dict.fromkeys(tokens)))[:limit])


@lru_cache(maxsize=4096)
def token_set(text: str) -> frozenset[str]:
    # Cached: a bulk import asks it of the same texts many times (the in-batch index, the
    # probe's ordering of store rows, the verdict's similarity); the result is immutable.
    return frozenset(w for w in words(text) if w not in STOPWORDS) or frozenset(words(text))


def probe_groups(terms: Sequence[str], must_share: int) -> tuple[tuple[str, ...], ...]:
    """Split `terms` so that any text holding at least `must_share` of them holds a whole group.

    Pigeonhole: a text may miss m = len(terms) - must_share terms, and m + 1 disjoint groups
    cannot all lose one. `must_share` 1 gives one group per term (any term will do).
    """
    count = max(1, min(len(terms), len(terms) - must_share + 1))
    return tuple(tuple(terms[i::count]) for i in range(count) if terms[i::count])


def overlap(ta: frozenset[str], tb: frozenset[str]) -> float:
    """`similarity` of two token sets (see `token_set`)."""
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / max(len(ta), len(tb))
