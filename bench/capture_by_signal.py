"""Leave-one-repository-out view of capture: per signal, how many candidates it staged on one half of
the blind corpus, how many were useful, and in how many repositories it was useful or noisy.

A signal whose useful candidates all come from one repository (usually the one it was written
against) while it stages noise in others does not generalise; that check dropped the changelog
signal in the ninth stop (docs/capture.md). It reads the tuning half only: the test half is for the
headline figure, never for choosing rules.

    .venv/bin/python bench/capture_by_signal.py            # tuning half, one line per signal
    .venv/bin/python bench/capture_by_signal.py -v         # and per repository: useful/staged

The signal is read from the candidate's text (its `Done:` / `Committed:` … prefix or the marker a
signal writes), so a rule that changes a prefix must change MARKS too.
"""

import argparse
import collections
import json
import re
from pathlib import Path

from abzu.domain.evaluation.capture import LabelledItem
from abzu.entrypoints.evaluation_capture import Captured, captured
from abzu.entrypoints.settings import Settings

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "capture-corpus"
MARKS = (("(the user, correcting", "correction"), ("— the user chose", "choice"),
         ("(corrected after the user", "concession"), ("(looked up:", "lookup"), ("failed here", "attempt"),
         ("Recurring step", "recurring"), ("found it where", "empties"), ("CI pipeline", "pipeline"),
         ("Where the", "location"), ("Added to ", "instructions"), ("Known problem", "known problem"),
         ("Unresolved in", "unresolved"), ("Saved to memory", "memory note"),
         ("Reported by a background agent", "background agent"), ("Reported by the user", "reported"),
         ("Asked again", "asked again"))
PREFIXES = ("Done", "Committed", "Found", "Asked", "Fix")


def signal(candidate: Captured) -> str:
    for mark, name in MARKS:
        if mark in candidate.text:
            return name
    opening = re.match(r"\n?([A-Za-z ']{1,40}?)[:(]", candidate.text)
    if opening and opening.group(1).strip() in PREFIXES:
        return opening.group(1).strip()
    return f"sentence ({candidate.category})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="per repository: useful/staged")
    args = parser.parse_args()
    labels = json.loads((CORPUS / "labels.json").read_text())["transcripts"]
    names = set(json.loads((CORPUS / "split.json").read_text())["tuning"])
    tally: dict[str, dict[str, list[int]]] = collections.defaultdict(
        lambda: collections.defaultdict(lambda: [0, 0]))
    for path in sorted(p for p in CORPUS.glob("*/*.jsonl") if p.name in names):
        items = [LabelledItem(i["id"], tuple(tuple(k) for k in i["keywords"]), i["category"])
                 for i in labels.get(path.name, [])]
        for candidate in captured(Settings(distiller="off"), path):
            counts = tally[signal(candidate)][path.parent.name]
            counts[0] += 1
            counts[1] += any(item.matched_by(candidate.text) for item in items)
    print("tuning half: staged  useful  repositories useful / noisy  signal")
    for name, repos in sorted(tally.items(), key=lambda kv: -sum(c[0] for c in kv[1].values())):
        staged, useful = (sum(c[i] for c in repos.values()) for i in (0, 1))
        good = sum(1 for c in repos.values() if c[1])
        noisy = sum(1 for c in repos.values() if c[0] > c[1])
        detail = " ".join(f"{r}:{c[1]}/{c[0]}" for r, c in sorted(repos.items())) if args.verbose else ""
        print(f"{staged:17d} {useful:7d} {good:13d} / {noisy:<5d}  {name}  {detail}")


if __name__ == "__main__":
    main()
