"""The team store on PostgreSQL (issue 32): recall latency at 100k team beads over loopback, beside
the local SQLite recall on the same beads in the same run; 16 agents writing and recalling at once
against one server; a push of 10k beads; optionally LoCoMo hit@5 on both backends.

    .venv/bin/python bench/team_store.py                        # a throwaway cluster of its own
    .venv/bin/python bench/team_store.py --n 100000 --agents 16 --push 10000
    .venv/bin/python bench/team_store.py --only recall          # one part (recall, agents, push, hooks)
    .venv/bin/python bench/team_store.py --locomo ../shared/bench-data/locomo-dev.json
    ABZU_TEAM_PASSWORD=… .venv/bin/python bench/team_store.py --url postgresql://admin@host/postgres

Without `--url` the cluster is started from Debian's server binaries as tests/pg_cluster.py does
(initdb, pg_ctl; `nobody` when run as root; fsync off). `--url` names a role that may create
databases; every run works in databases of its own and drops them. The fill is not what is
measured: COPY with the history trigger off, then VACUUM ANALYZE.
"""

import argparse
import json
import multiprocessing
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from pathlib import Path

from recall_latency import (
    PROJECTS,
    T0,
    Vocabulary,
    beads,
    distinct_queries,
    fill,
    percentile,
    register_projects,
)

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO)]

from sqlalchemy import text  # noqa: E402

from abzu.adapters.postgres.engine import TeamAddress, open_team_engine  # noqa: E402
from abzu.adapters.postgres.sandbox import sample_database  # noqa: E402
from abzu.adapters.postgres.team_recall import LiveTeamRecall  # noqa: E402
from abzu.adapters.postgres.team_server import PgTeamServer  # noqa: E402
from abzu.adapters.team_cache.reader import CachedTeamRecall  # noqa: E402
from abzu.adapters.team_cache.writer import SqliteTeamCache  # noqa: E402
from abzu.application.recall import RecallRequest  # noqa: E402
from abzu.application.remember_io import RememberRequest  # noqa: E402
from abzu.application.team.share import ShareWithTeam  # noqa: E402
from abzu.domain.bead import Bead, Candidate  # noqa: E402
from abzu.entrypoints.settings import Settings  # noqa: E402
from abzu.entrypoints.wiring.container import build_container  # noqa: E402

COLUMNS = ("id", "content", "summary", "category", "project", "content_hash", "created_at", "last_accessed",
           "starred")


@contextmanager
def server(url: str | None) -> Iterator[TeamAddress]:
    """An admin address (password in ABZU_TEAM_PASSWORD): the given one, or a new cluster's."""
    if url is not None:
        yield TeamAddress.parse(url)
        return
    from tests.pg_cluster import ADMIN, server_binaries, start_cluster

    binaries = server_binaries() or sys.exit("no PostgreSQL server binaries: apt-get install postgresql")
    cluster = start_cluster(binaries)
    os.environ["ABZU_TEAM_PASSWORD"] = cluster.admin_password
    try:
        yield TeamAddress.parse(f"postgresql://{ADMIN}@127.0.0.1:{cluster.port}/postgres")
    finally:
        cluster.remove()


def copy_in(address: TeamAddress, items: list[Bead | Candidate]) -> float:
    """The synthetic beads and candidates into the team store; rows per second."""
    engine = open_team_engine(address, password=os.environ.get("ABZU_TEAM_PASSWORD"))
    started = time.perf_counter()
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO projects (name) SELECT unnest(CAST(:p AS TEXT[]))"), {"p": PROJECTS})
        conn.execute(text("ALTER TABLE beads DISABLE TRIGGER beads_history"))
        conn.execute(text("ALTER TABLE bead_candidates DISABLE TRIGGER candidates_history"))
        raw = conn.connection.dbapi_connection
        assert raw is not None
        with raw.cursor() as cursor:
            with cursor.copy(f"COPY beads ({', '.join(COLUMNS)}) FROM STDIN") as copy:
                for b in (i for i in items if isinstance(i, Bead)):
                    copy.write_row((b.id, b.content, b.summary, b.category.value, b.project, b.content_hash,
                                    b.created_at, b.last_accessed, b.starred))
            with cursor.copy("COPY bead_candidates (id, content, category, project, content_hash, source, "
                             "created_at) FROM STDIN") as copy:
                for c in (i for i in items if isinstance(i, Candidate)):
                    copy.write_row((c.id, c.content, c.category.value, c.project, c.content_hash,
                                    c.source.value, c.created_at))
        conn.execute(text("ALTER TABLE beads ENABLE TRIGGER beads_history"))
        conn.execute(text("ALTER TABLE bead_candidates ENABLE TRIGGER candidates_history"))
    rate = len(items) / (time.perf_counter() - started)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return rate


def timings(call: object, asked: list[str]) -> dict[str, float]:
    for query in asked[:10]:  # warm-up: caches, prepared statements
        call(query)  # type: ignore[operator]
    spent = []
    for query in asked[10:]:
        t = time.perf_counter()
        call(query)  # type: ignore[operator]
        spent.append((time.perf_counter() - t) * 1000)
    return {"p50": percentile(spent, 50), "p95": percentile(spent, 95), "p99": percentile(spent, 99)}


def recall_latency(address: TeamAddress, n: int, queries: int, seed: int) -> None:
    rng = random.Random(seed)
    vocab = Vocabulary.build(rng)
    items = list(beads(rng, vocab, n))
    asked = distinct_queries(rng, vocab, queries + 10)
    with tempfile.TemporaryDirectory(prefix="abzu-team-bench-") as tmp, sample_database(
            address, os.environ.get("ABZU_TEAM_PASSWORD")) as team:
        root = Path(tmp)
        local = Settings(home=root / "home", semantic=False)
        (root / PROJECTS[0] / ".git").mkdir(parents=True)
        container = build_container(local, cwd=root / PROJECTS[0])
        register_projects(container, root)
        container.shutdown_resources()
        fill(local.layout.root, items, 10_000)
        rate = copy_in(team, items)
        rows = {"local SQLite recall (container)": _container_recall(local, root, asked)}
        on_team = local.model_copy(update={"memory_backend": "team", "team_url": team.shown()})
        rows["team store recall (Recall on the team backend)"] = _container_recall(on_team, root, asked)
        member = _member(team, "*")
        live = LiveTeamRecall(lambda: member, CachedTeamRecall(root / "none.db"), team.shown())
        scope = _scope()

        def team_side(query: str) -> None:  # as Recall asks it: the counts, then the hits
            terms = _terms(query)
            live.search(terms, scope, limit=30, now=T0, counts=live.term_counts(terms))

        rows["team side of a member's recall (RLS, both tables, counts + hits)"] = timings(team_side, asked)
        # A member's whole recall: the local stores and the team's, one weight a word over all four
        # tables (the team joined: a copy in team/cache.db, the server asked live).
        SqliteTeamCache(local.layout.team_cache).replace([], T0)
        os.environ["ABZU_BENCH_MEMBER_PASSWORD"] = member.url.password or ""
        joined = local.model_copy(update={"team_url": _url_of(team, member), "team_password_env":
                                          "ABZU_BENCH_MEMBER_PASSWORD"})
        rows["a member's recall: local SQLite + team store (container, team joined)"] = _container_recall(
            joined, root, asked)
        print(f"\n{n:,} team beads (+ {len(items) - n:,} staged), COPY {rate:,.0f} rows/s; "
              f"{queries} distinct queries, load average {os.getloadavg()[0]:.2f}")
        print("| recall | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|")
        for label, r in rows.items():
            print(f"| {label} | {r['p50']:.2f} | {r['p95']:.2f} | {r['p99']:.2f} |")
        member.dispose()


def _container_recall(settings: Settings, root: Path, asked: list[str]) -> dict[str, float]:
    container = build_container(settings, cwd=root / PROJECTS[0])
    recall = container.recall_once()
    try:
        return timings(lambda q: recall.execute(RecallRequest(q)).unwrap(), asked)
    finally:
        container.shutdown_resources()


def _scope():  # type: ignore[no-untyped-def]
    from abzu.domain.scope import Scope, ScopeKind

    return Scope(ScopeKind.PROJECT, PROJECTS[0])


def _terms(query: str) -> tuple[str, ...]:
    from abzu.domain.text import keywords

    return keywords(query)


def _url_of(address: TeamAddress, engine) -> str:  # type: ignore[no-untyped-def]
    """`address` as `engine`'s login role, without its password (config never holds one)."""
    return TeamAddress(address.url.set(username=engine.url.username, password=None)).shown()


def _member(address: TeamAddress, *projects: str, role: str = "reader"):  # type: ignore[no-untyped-def]
    """A login role with a team role on `address`'s database, and an engine of it."""
    password = os.environ.get("ABZU_TEAM_PASSWORD")
    name, secret = f"bench_{secrets.token_hex(4)}", secrets.token_hex(12)
    admin = open_team_engine(address, password=password)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE ROLE {name} LOGIN PASSWORD '{secret}' IN ROLE abzu_{role}"))
        for p in projects:
            conn.execute(text("INSERT INTO team_grants VALUES (:m, :p)"), {"m": name, "p": p})
    admin.dispose()
    return open_team_engine(TeamAddress(address.url.set(username=name)), password=secret, pool_size=4)


def agent(args: tuple[str, int, int]) -> tuple[list[float], list[str], int]:
    """One agent process: `rounds` × (remember a new decision, recall); its latencies and acks."""
    url, number, rounds = args
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(home=Path(tmp), semantic=False, memory_backend="team", team_url=url)
        container = build_container(settings, cwd=Path(tmp))
        remember, recall = container.remember(), container.recall_once()
        spent, acked, failed = [], [], 0
        for i in range(rounds):
            for op in ("remember", "recall"):
                t = time.perf_counter()
                try:
                    if op == "remember":
                        note = f"agent{number} round{i} retries the deploy after a registry timeout"
                        acked.append(remember.execute(RememberRequest(note, "decision", project="api"))
                                     .unwrap().id)
                    else:
                        recall.execute(RecallRequest("registry timeout deploy", project="api")).unwrap()
                except Exception:
                    failed += 1
                spent.append((time.perf_counter() - t) * 1000)
        container.shutdown_resources()
        return spent, acked, failed


def agents(address: TeamAddress, count: int, rounds: int) -> None:
    with sample_database(address, os.environ.get("ABZU_TEAM_PASSWORD")) as team:
        engine = open_team_engine(team, password=os.environ.get("ABZU_TEAM_PASSWORD"))
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO projects (name) VALUES ('api')"))
        started = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(count) as pool:
            results = pool.map(agent, [(team.shown(), i, rounds) for i in range(count)])
        wall = time.perf_counter() - started
        acked = [a for _, done, _ in results for a in done]
        with engine.connect() as conn:
            stored = set(conn.execute(text("SELECT id FROM bead_candidates")).scalars())
        engine.dispose()
    spent = [s for times, _, _ in results for s in times]
    lost, failed = len(set(acked) - stored), sum(f for _, _, f in results)
    print(f"\n{count} agents × {rounds} × (remember + recall) against one server: {len(acked)} writes "
          f"acknowledged, {lost} lost, {failed} failed; p50 {percentile(spent, 50):.1f} ms, "
          f"p99 {percentile(spent, 99):.1f} ms, max {max(spent):.1f} ms; {len(spent) / wall:.0f} ops/s")


def push(address: TeamAddress, n: int, seed: int) -> None:
    rng = random.Random(seed)
    vocab = Vocabulary.build(rng)
    items = [replace(i, project=PROJECTS[0]) for i in beads(rng, vocab, n) if isinstance(i, Bead)][:n]
    with tempfile.TemporaryDirectory(prefix="abzu-team-push-") as tmp, sample_database(
            address, os.environ.get("ABZU_TEAM_PASSWORD")) as team:
        root = Path(tmp)
        local = Settings(home=root / "home", semantic=False)
        (root / PROJECTS[0] / ".git").mkdir(parents=True)
        container = build_container(local, cwd=root / PROJECTS[0])
        register_projects(container, root)
        fill(local.layout.root, items, 10_000)
        _reviewed(local.layout.root / "wisdom.db")
        reviewer = _member(team, PROJECTS[0], role="reviewer")
        admin = open_team_engine(team, password=os.environ.get("ABZU_TEAM_PASSWORD"))
        with admin.begin() as conn:
            conn.execute(text("INSERT INTO projects (name) VALUES (:p)"), {"p": PROJECTS[0]})
        admin.dispose()
        share = ShareWithTeam(container.memory().reader, PgTeamServer(reviewer, actor="cli", machine="bench"))
        started = time.perf_counter()
        done = share.execute(PROJECTS[0])
        spent = time.perf_counter() - started
        container.shutdown_resources()
        reviewer.dispose()
    print(f"\npush of {n:,} reviewed beads (preview with redaction checks + insert as a reviewer): "
          f"{done.sent:,} sent, {len(done.plan.kept)} kept here, {spent:.1f} s, "
          f"{len(done.plan.outgoing) / spent:,.0f} items/s")


def _reviewed(wisdom: Path) -> None:
    """The synthetic beads as a review leaves them (`fill` writes the column's default, `agent`):
    only reviewed beads may leave for the team (domain/team.py). Not measured."""
    import sqlite3

    with sqlite3.connect(wisdom) as conn:
        conn.execute("UPDATE beads SET vouched_by = 'review' WHERE category != 'preference'")


PARTS = ("recall", "agents", "push", "hooks")
HOOKS = ("session-start", "stop", "pre-tool-use", "session-end", "pre-compact")


def hooks(n: int, runs: int, seed: int) -> None:
    """Every hook in two homes with the same 10k local beads: one without a team, one that joined a
    team whose server is down, its copy holding `n` team beads. The homes take turns, run by run
    (same load), each hook timed wall and CPU (the hook process); SessionStart on the live path (a
    resumed session). Every run must exit 0 with nothing on stderr."""
    from hook_latency import background_done, hook_payload, run_hook

    from abzu.application.team.ports import TeamItem

    rng = random.Random(seed)
    vocab = Vocabulary.build(rng)
    local = list(beads(rng, vocab, 10_000))
    team = [TeamItem(i, "alice", "desk") for i in beads(rng, vocab, n) if isinstance(i, Bead)]
    with tempfile.TemporaryDirectory(prefix="abzu-team-hooks-", ignore_cleanup_errors=True) as tmp:
        root = Path(tmp)
        (root / PROJECTS[0] / ".git").mkdir(parents=True)
        envs = {}
        for home in ("no team", "joined, server down"):
            settings = Settings(home=root / home.replace(" ", "_").replace(",", ""), semantic=False)
            container = build_container(settings, cwd=root / PROJECTS[0])
            register_projects(container, root)
            container.shutdown_resources()
            fill(settings.layout.root, local, 10_000)
            envs[home] = {**os.environ, "ABZU_HOME": str(settings.layout.root),
                          "ABZU_CONFIG": str(root / "none.toml")}
        joined = Settings(home=Path(envs["joined, server down"]["ABZU_HOME"]), semantic=False)
        SqliteTeamCache(joined.layout.team_cache).replace(team, T0)
        envs["joined, server down"] |= {"ABZU_TEAM_URL": "postgresql://alice@127.0.0.1:9/team",  # no one
                                        "ABZU_TEAM_REFRESH_MINUTES": "100000"}
        repo = root / PROJECTS[0]
        spent: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
        for i in range(runs):
            order = list(envs) if i % 2 == 0 else list(reversed(envs))
            for event in HOOKS:
                for home in order:
                    payload = hook_payload(event, f"bench-{event}-{i}", repo)
                    if event == "session-start":
                        payload["source"] = "resume"
                    wall, cpu, _ = run_hook(event, payload, repo, envs[home])  # asserts exit 0, no stderr
                    background_done(repo)  # the detached work, outside the timing
                    walls, cpus = spent.setdefault((event, home), ([], []))
                    walls.append(wall * 1000)
                    cpus.append(cpu * 1000)
    print(f"\nHooks, 10k local beads, {runs} runs each, the two homes in turns (ms; p50 / p95):")
    print("| hook | home | wall p50 | wall p95 | CPU p50 | CPU p95 |\n|---|---|---:|---:|---:|---:|")
    for (event, home), (walls, cpus) in spent.items():
        label = f"joined, server down, copy of {n:,} team beads" if home != "no team" else home
        print(f"| {event} | {label} | {percentile(walls, 50):.0f} | {percentile(walls, 95):.0f} | "
              f"{percentile(cpus, 50):.0f} | {percentile(cpus, 95):.0f} |")


def locomo(address: TeamAddress, path: str) -> None:
    """`abzu eval locomo` on both backends, hit@5 side by side."""
    found = {}
    for backend in ("sqlite", "team"):
        extra = ["--backend", "team", "--team-url", address.shown()] if backend == "team" else []
        with tempfile.TemporaryDirectory() as home:
            command = [str(Path(sys.executable).with_name("abzu")), "eval", "locomo", path, "--json",
                       "--no-baseline", *extra]
            done = subprocess.run(command, capture_output=True, text=True, check=True,
                                  env={**os.environ, "ABZU_HOME": home})
        overall = json.loads(done.stdout)["systems"]["abzu"]["overall"]
        found[backend] = overall
        print(f"LoCoMo {backend}: hit@5 {overall['hit_at']['5']:.4f}, MRR {overall['mrr']:.4f}, "
              f"recall p50 {overall['latency_ms']['p50']:.1f} ms")
    gap = found["team"]["hit_at"]["5"] - found["sqlite"]["hit_at"]["5"]
    print(f"hit@5 difference (team - sqlite): {gap:+.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="admin address (password: ABZU_TEAM_PASSWORD); default: own cluster")
    parser.add_argument("--n", type=int, default=100_000, help="team beads for the recall latency (0: skip)")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--agents", type=int, default=16, help="agents at once; 0: skip")
    parser.add_argument("--rounds", type=int, default=50, help="remember + recall rounds per agent")
    parser.add_argument("--push", type=int, default=10_000, help="beads in the push (0: skip)")
    parser.add_argument("--locomo", help="a LoCoMo-format file: hit@5 on both backends")
    parser.add_argument("--hook-runs", type=int, default=30, help="runs of each hook per home (0: skip)")
    parser.add_argument("--only", choices=PARTS, help="run this part alone (default: every part asked for)")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    if args.only is not None:  # the other parts off; --n still sizes the stores
        for part, flag in zip(PARTS, ("queries", "agents", "push", "hook_runs"), strict=True):
            if part != args.only:
                setattr(args, flag, 0)
        args.locomo = None
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start")
    on_server = (args.n and args.queries) or args.agents or args.push or args.locomo
    with server(args.url) if on_server else nullcontext() as address:
        if args.n and args.queries:
            recall_latency(address, args.n, args.queries, args.seed)
        if args.agents:
            agents(address, args.agents, args.rounds)
        if args.push:
            push(address, args.push, args.seed)
        if args.locomo:
            locomo(address, args.locomo)
    if args.hook_runs:
        hooks(args.n or 10_000, args.hook_runs, args.seed)
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
