"""Benchmark: the session work with nothing to do, on installed Abzus side by side (issue 31, fifth
stop): the recovery a session start launches detached, a detached finalize of a session finalised
already, and `abzu recover` typed, as CPU beside `python -c pass` in the same run.

One data home (--beads reviewed beads, ten finalised sessions: hook_latency.py's --populate, by the
first install) and a Claude projects folder (ABZU_CLAUDE_PROJECTS) holding the transcripts of
--sessions sessions that started and ended through the hooks, all finalised. Then --runs rounds;
in each, every install in turn (so load hits them alike):

- `floor`: `python -c pass`;
- `start`: `abzu hook session-start` of a new session whose transcript was just written, and
  `recover`: the detached recovery it launched (Linux: this process adopts it as a child
  subreaper and reads its usage when it exits);
- the session ends (`abzu hook session-end`; its detached finalize is reaped, untimed), and
  `finalize`: the background finalize job run again for it (`python -m abzu.entrypoints.background`,
  as SessionEnd starts it): finalised already, nothing since;
- `typed`: `abzu recover` in the project.

    bench/background_idle.py --python base=/tmp/v-a/bin/python --python this=/tmp/v-b/bin/python
                             [--beads 10000] [--sessions 20] [--runs 9]

Run `unset PYTHONDONTWRITEBYTECODE` first. Prints JSON: per install, CPU p50 and max (ms) and
the p50's ratio to the floor's p50.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

from cli_latency import clean_env, make_repo
from hook_latency import adopt_detached, pct, reap_detached


def cpu_of(argv: list[str], stdin: str, cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    """(CPU seconds of the process, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=cwd, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, (argv, done.stdout, done.stderr)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


class Install:
    def __init__(self, python: str, repo: Path, env: dict[str, str], projects: Path) -> None:
        self.python, self.repo, self.env, self.projects = python, repo, env, projects
        self.abzu = str(Path(python).parent / "abzu")

    def hook(self, event: str, sid: str, **extra: str) -> float:
        payload = {"session_id": sid, "cwd": str(self.repo), "hook_event_name": event,
                   "transcript_path": str(self.transcript(sid)), **extra}
        return cpu_of([self.abzu, "hook", event.replace("Session", "session-").lower()],
                      json.dumps(payload), self.repo, self.env)[0]

    def transcript(self, sid: str) -> Path:
        return self.projects / "-src-api" / f"{sid}.jsonl"

    def session(self) -> dict[str, float]:
        """One session start, end and idle finalize, and a typed recover: CPU seconds each."""
        sid = str(uuid.uuid4())
        path = self.transcript(sid)
        path.parent.mkdir(parents=True, exist_ok=True)
        record = {"type": "user", "sessionId": sid, "cwd": str(self.repo), "uuid": "u1",
                  "timestamp": "2026-11-29T10:00:00Z",
                  "message": {"role": "user", "content": "Rename a file"}}
        path.write_text(json.dumps(record) + "\n", encoding="utf-8")
        start = self.hook("SessionStart", sid, source="startup")
        recover = reap_detached()
        self.hook("SessionEnd", sid, reason="other")
        reap_detached()
        job = json.dumps({"job": "finalize", "session_id": sid})
        finalize, said = cpu_of([self.python, "-m", "abzu.entrypoints.background"], job, self.repo, self.env)
        assert "nothing new to finalise" in said, said
        typed, said = cpu_of([self.abzu, "recover"], "", self.repo, self.env)
        assert said == "recovered 0 session(s)\n", said
        floor, _ = cpu_of([self.python, "-c", "pass"], "", self.repo, self.env)
        return {"floor": floor, "start": start, "recover": recover, "finalize": finalize, "typed": typed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", action="append", required=True, help="NAME=path of an install's python")
    parser.add_argument("--beads", type=int, default=10_000)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    adopt_detached()
    with tempfile.TemporaryDirectory(prefix="abzu-idle-bench-") as name:
        tmp = Path(name)
        repo, home, projects = make_repo(tmp), tmp / "home", tmp / "claude-projects"
        env = {**clean_env(home), "ABZU_CLAUDE_PROJECTS": str(projects), "ABZU_DISTILLER": "off"}
        pythons = dict(p.split("=", 1) for p in args.python)
        first = next(iter(pythons.values()))
        home.mkdir()
        subprocess.run([first, str(Path(__file__).with_name("hook_latency.py")), "--populate", str(home),
                        str(repo), str(args.beads), "10"], check=True, env=env)
        installs = {n: Install(p, repo, env, projects) for n, p in pythons.items()}
        for i in range(args.sessions):  # past sessions, all finalised; also writes each tree's bytecode
            list(installs.values())[i % len(installs)].session()
        samples: dict[str, dict[str, list[float]]] = {n: {} for n in installs}
        load = os.getloadavg()[0]
        for r in range(args.runs):
            print(f"round {r + 1}/{args.runs}", file=sys.stderr, flush=True)
            for n, install in installs.items():
                for what, cpu in install.session().items():
                    samples[n].setdefault(what, []).append(cpu)
        floor = pct([c for s in samples.values() for c in s["floor"]], .5)

        def figures(cpus: list[float]) -> dict[str, float]:
            return {"cpu_p50_ms": round(pct(cpus, .5), 1), "cpu_max_ms": round(max(cpus) * 1000, 1),
                    "x_floor": round(pct(cpus, .5) / floor, 1)}

        print(json.dumps({
            "beads": args.beads, "sessions": args.sessions, "runs": args.runs,
            "load_1min": [round(load, 2), round(os.getloadavg()[0], 2)], "floor_cpu_p50_ms": round(floor, 1),
            **{n: {what: figures(c) for what, c in s.items() if what != "floor"} for n, s in samples.items()},
        }, indent=2))


if __name__ == "__main__":
    main()
