"""Same-run before/after of the recall and hook latency (issue 14's Done-when: "the hook latency
and recall latency benches show no regression (ratios in the same run, before/after)").

`before` is Abzu as of --before REV (default: the parent of the first commit whose message names
issue 14, i.e. the tree before the house tidy-up), exported with `git archive` into a temporary
folder and installed into its own venv there (its own dependencies; --same-venv puts its code
first on PYTHONPATH of this interpreter instead, quicker). `after` is the installed working tree.
Each variant gets its own data home (--beads reviewed beads, ten finalised sessions) written by
its own code and its own bench/hook_latency.py, since an older Abzu refuses a newer schema; both
homes know the same project folder. Then interleaved rounds (bench/rounds.py) of `python -c pass`,
`abzu recall "token rotation"` and `abzu hook session-start` for each variant: p50/p99 wall, CPU
p50 and p50 as a ratio to the floor, all from the same run. Prints a Markdown table and JSON.

    .venv/bin/python bench/before_after.py [--before REV] [--beads 10000] [--runs 20] [--same-venv]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from cli_latency import REPO_ROOT, clean_env, commands, export_base, make_repo, populate
from rounds import Report, Variant, rounds

CHOSEN = ("recall", "hook session-start")


def default_before() -> str:
    log = ["git", "-C", str(REPO_ROOT), "log", "--reverse", "--format=%H", "--grep", "issue 14"]
    found = subprocess.run(log, capture_output=True, text=True, check=True).stdout.split()
    if not found:
        raise SystemExit("no commit names issue 14: pass --before REV")
    return subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "--short", f"{found[0]}^"],
                          capture_output=True, text=True, check=True).stdout.strip()


def checkout(rev: str, into: Path) -> Path:
    """The whole tree as of `rev` (a checkout without touching the repository's worktrees)."""
    archive = subprocess.run(["git", "-C", str(REPO_ROOT), "archive", rev],
                             capture_output=True, check=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def own_venv(tree: Path, at: Path) -> str:
    """A venv with `tree` installed (and psutil, which its hook_latency.py imports)."""
    subprocess.run([sys.executable, "-m", "venv", str(at)], check=True)
    python = str(at / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "-q", str(tree), "psutil"], check=True)
    return python


def before_variant(rev: str, tmp: Path, repo: Path, beads: int, same_venv: bool) -> Variant:
    tree = checkout(rev, tmp / "before-tree")
    env = clean_env(tmp / "before-home")
    if same_venv:
        python = sys.executable
        env["PYTHONPATH"] = str(export_base(rev, tmp / "before-code"))
    else:
        python = own_venv(tree, tmp / "before-venv")
    populate(tmp / "before-home", repo, beads, python, tree / "bench" / "hook_latency.py", env)
    return Variant(env, repo, python)


def table(report: Report, rev: str) -> str:
    lines = ["| variant | command | p50 ms | p99 ms | CPU p50 ms | p50 × floor |",
             "|---|---|---:|---:|---:|---:|"]
    for variant, rows in report.items():
        name = f"before ({rev})" if variant == "before" else "after (this tree)"
        for command, row in rows.items():
            lines.append(f"| {name} | {command} | {row['p50_ms']} | {row['p99_ms']} | "
                         f"{row['cpu_p50_ms']} | {row['x_floor_p50']} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", help="git ref (default: the commit before the first issue-14 commit)")
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--same-venv", action="store_true", help="run `before` on this interpreter")
    args = parser.parse_args()
    rev = args.before or default_before()
    with tempfile.TemporaryDirectory(prefix="abzu-before-after-") as name:
        tmp = Path(name)
        repo = make_repo(tmp)
        variants = {"before": before_variant(rev, tmp, repo, args.beads, args.same_venv)}
        after_env = clean_env(tmp / "after-home")
        populate(tmp / "after-home", repo, args.beads, sys.executable,
                 Path(__file__).with_name("hook_latency.py"), after_env)
        variants["after"] = Variant(after_env, repo, sys.executable)
        load = os.getloadavg()
        cmds = commands(repo)
        report = rounds(variants, {c: cmds[c] for c in CHOSEN}, args.runs)
    print(table(report, rev))
    print(json.dumps({"before": rev, "beads": args.beads, "runs": args.runs,
                      "load_1_5_15": [round(x, 2) for x in load], "load_after": round(os.getloadavg()[0], 2),
                      **report}, indent=2))


if __name__ == "__main__":
    main()
