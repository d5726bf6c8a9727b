"""How long a review takes to validate and apply its decisions (no network: a scripted reviewer).

    .venv/bin/python bench/review_apply.py [N]

Stages N candidates (default 1000) on fresh SQLite files, then runs a full review whose reviewer
promotes every candidate of each batch; prints the wall time of the review (gather + sandbox +
snapshot + apply + log) and of an undo.
"""

import sys
import tempfile
import time
from pathlib import Path

from returns.result import Success

from abzu.application.remember import RememberRequest
from abzu.application.review.ports import ReviewAnswer, ReviewerIdentity
from abzu.application.review.run_review import ReviewRequest
from abzu.domain.review.model import Proposal, ReviewBatch
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container


class PromoteAll:
    identity = ReviewerIdentity("bench")

    def review(self, batch: ReviewBatch) -> Success[ReviewAnswer]:
        return Success(ReviewAnswer(tuple(Proposal("promote", (c.id,)) for c in batch.candidates)))


def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as home:
        c = build_container(Settings(home=Path(home)), cwd=Path(home))
        for i in range(n):
            text = f"Learning {i}: module m{i % 97} needs setting s{i % 13} = {i} for build b{i % 7}"
            c.remember().execute(RememberRequest(text, "learning", "bench")).unwrap()
        start = time.perf_counter()
        report = c.review.run_review(reviewer=PromoteAll()).execute(ReviewRequest()).unwrap()
        review_s = time.perf_counter() - start
        start = time.perf_counter()
        c.review.undo_review().execute().unwrap()
        undo_s = time.perf_counter() - start
        c.shutdown_resources()
    print(f"{n} candidates, {len(report.batches)} batches, {report.count('promote')} promoted: "
          f"review {review_s:.2f} s ({1000 * review_s / n:.2f} ms/candidate), undo {undo_s:.2f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
