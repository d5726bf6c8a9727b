"""The issue's outside-the-product reference: a plain SQLite FTS5 table per conversation
(porter unicode61), queried with an OR of quoted non-stopword terms, ranked by bm25.

Independent of Abzu's query building on purpose (own tokenising, NLTK's English stopword list),
so it can show where the product's path loses to the simplest FTS5 use.
"""

import re
import sqlite3
import time
from collections.abc import Sequence

# NLTK's English stopword list (179 words).
NLTK_STOPWORDS = frozenset(
    """
    i me my myself we our ours ourselves you you're you've you'll you'd your yours yourself yourselves
    he him his himself she she's her hers herself it it's its itself they them their theirs themselves
    what which who whom this that that'll these those am is are was were be been being have has had
    having do does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on off over
    under again further then once here there when where why how all any both each few more most other
    some such no nor not only own same so than too very s t can will just don don't should should've
    now d ll m o re ve y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn
    hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't shan shan't shouldn
    shouldn't wasn wasn't weren weren't won won't wouldn wouldn't
    """.split()  # noqa: SIM905
)


def terms(question: str) -> list[str]:
    return list(dict.fromkeys(w for w in re.findall(r"\w+", question.lower()) if w not in NLTK_STOPWORDS))


class FtsReference:
    def __init__(self, documents: Sequence[tuple[str, str]]) -> None:
        self._db = sqlite3.connect(":memory:")
        self._db.execute("CREATE VIRTUAL TABLE turns USING fts5(text, tokenize='porter unicode61')")
        self._ids = [doc_id for doc_id, _ in documents]
        self._db.executemany("INSERT INTO turns(rowid, text) VALUES (?, ?)",
                             [(i, text) for i, (_, text) in enumerate(documents)])

    def rank(self, question: str, limit: int) -> tuple[list[str], float]:
        """(ids best first, latency in ms)."""
        start = time.perf_counter()
        query = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms(question))
        rows = self._db.execute(
            "SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY bm25(turns) LIMIT ?", (query, limit)
        ).fetchall() if query else []
        return [self._ids[r[0]] for r in rows], (time.perf_counter() - start) * 1000
