"""Benchmark: CPU of the typed commands and the hot-loop hooks on two installs (issue 31), as a
ratio to `python -c pass`, interleaved in rounds (floor, base, this), each a new process.

Each install is a venv (plain, non-editable: an editable install's import finder doubles the
floor) whose `abzu` runs against the same data home (--home, made by `hook_latency.py
--populate` or `finalize_cpu.py`'s setup) from --repo. Prints one line per command and install.

    python bench/plain_ab.py --base /tmp/plain-main/bin --this /tmp/plain-cli/bin \
        --home /tmp/h/home --repo /tmp/h/src/api [--rounds 15]
"""

import argparse
import json
import os
import resource
import statistics
import subprocess


def cpu_ms(argv: list[str], stdin: str, repo: str, env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, input=stdin, text=True, capture_output=True, cwd=repo, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    for name in ("--base", "--this", "--home", "--repo"):
        parser.add_argument(name, required=True)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ABZU_", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE"))}
    env["ABZU_HOME"] = args.home
    hook = {"session_id": "ab", "cwd": args.repo}
    commands = {
        "recall": (["recall", "token rotation"], ""), "help": (["--help"], ""), "status": (["status"], ""),
        "star": (["star", "b-000042"], ""),
        "hook stop": (["hook", "stop"], json.dumps({**hook, "hook_event_name": "Stop"})),
        "hook pre-tool-use": (["hook", "pre-tool-use"], json.dumps({
            **hook, "hook_event_name": "PreToolUse", "tool_name": "Edit",
            "tool_input": {"file_path": f"{args.repo}/src/x.py"}})),
    }
    installs = {"base": args.base, "this": args.this}
    samples: dict[tuple[str, str], list[float]] = {}
    for i in range(args.rounds + 1):  # round 0 warms the bytecode caches, untimed
        for install, bin_dir in installs.items():
            runs = [("floor", [f"{bin_dir}/python", "-c", "pass"], "")]
            runs += [(name, [f"{bin_dir}/abzu", *argv], stdin) for name, (argv, stdin) in commands.items()]
            for name, argv, stdin in runs:
                took = cpu_ms(argv, stdin, args.repo, env)
                if i:
                    samples.setdefault((install, name), []).append(took)
    floor = statistics.median(samples[("base", "floor")] + samples[("this", "floor")])
    print(f"load {os.getloadavg()[0]:.1f}, floor CPU p50 {floor:.1f} ms")
    for (install, name), took in sorted(samples.items(), key=lambda item: (item[0][1], item[0][0])):
        p50 = statistics.median(took)
        print(f"{name:18} {install:5} CPU p50 {p50:7.1f} ms  {p50 / floor:5.1f}x")


if __name__ == "__main__":
    main()
