"""Benchmark: the background `abzu recover` and `abzu finalize` with nothing to do (issue 13.5:
≤ 100 ms CPU), as CPU and wall beside `python -c pass` in the same run, interleaved.

A data home with --beads beads and ten finalised sessions, an empty hook journal and a fresh
session-start pack (what a session start finds after a clean exit); `recover` as the SessionStart
hook starts it, and `finalize` of a session finalised already. With --base REF the same commands
on Abzu as of REF.

    .venv/bin/python bench/background_idle.py [--beads 10000] [--runs 15] [--base main] [--this HEAD]
"""

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path

from cli_latency import PY, code_variants, setup
from rounds import Variant, rounds

COMMANDS = {"recover": ["recover", "--exclude", "starting-now"], "finalize": ["finalize", "earlier-03"]}


def _no_stdin(i: int) -> str:
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base")
    parser.add_argument("--this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-idle-bench-") as name:
        tmp = Path(name)
        repo, env = setup(tmp, args.beads)
        # The session-start pack as the last finalisation left it: idle `recover` only checks it
        # (a stale one it re-takes, bench/hook_latency.py's cycles show that).
        subprocess.run([PY, str(Path(__file__).with_name("hook_latency.py")), "--pack", "fresh", str(repo)],
                       check=True, env=env, cwd=repo)
        variants = code_variants(env, tmp, args.this, args.base)
        load = os.getloadavg()[0]
        table = {name: (argv, _no_stdin) for name, argv in COMMANDS.items()}
        where = {name: Variant(env, repo, PY) for name, env in variants.items()}
        report = rounds(where, table, args.runs, await_background=False)
        print(json.dumps({"beads": args.beads, "runs": args.runs, "base": args.base,
                          "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)], **report}, indent=2))


if __name__ == "__main__":
    main()
