"""Word tokens shared by query building and duplicate detection."""

import re

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
