"""Steps for the issue-15 features (doctor, export/import): the real CLI on tmp files."""

import json
import shlex
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest
from dependency_injector import providers
from pytest_bdd import given, parsers, then, when

from abzu.application.review.report import ReviewReport
from abzu.domain.category import Category
from abzu.domain.review.spend import SpendCeiling
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.status_report import full_status
from abzu.entrypoints.wiring.container import Container, build_container
from tests.bdd.steps.review_steps import ReviewWorld
from tests.bdd.steps.world import World, quoted
from tests.e2e.cli import Cli, Run


@dataclass
class TrustWorld:
    cli: Cli
    home: Path
    repo: Path
    container: Container
    runs: list[Run] = field(default_factory=list)
    other: Cli | None = None
    containers: list[Container] = field(default_factory=list)
    items: dict[str, str] = field(default_factory=dict)

    def file(self, name: str) -> Path:
        return self.home.parent / name

    def empty_home(self) -> Cli:
        built = build_container(Settings(home=self.home.parent / "other-home"), cwd=self.repo)
        self.containers.append(built)
        return Cli(built)

    def run(self, command: str) -> Run:
        self.runs.append(self.cli(*shlex.split(command)))
        return self.runs[-1]

    @property
    def last(self) -> Run:
        return self.runs[-1]


@pytest.fixture
def trust_world(container: Container, abzu_home: Path, repo: Path) -> Iterator[TrustWorld]:
    world = TrustWorld(Cli(container), abzu_home, repo, container)
    yield world
    for built in world.containers:
        built.shutdown_resources()


@given(quoted("I ran abzu {q:command}"))
def _(trust_world: TrustWorld, command: str) -> None:
    run = trust_world.run(command)
    assert run.code == 0, run.stderr


@given("the preference is starred")
def _(trust_world: TrustWorld) -> None:
    found = trust_world.run("recall WAL --scope all --json").json()
    bead = next(r["id"] for r in found["results"] if r["id"].startswith("b-"))
    assert trust_world.run(f"star {bead}").code == 0


@given("the data home is readable by its owner only")
def _(trust_world: TrustWorld) -> None:
    trust_world.run("status")  # creates the stores
    for path in (trust_world.home, *trust_world.home.rglob("*")):
        path.chmod(0o700 if path.is_dir() else 0o600)


@given(quoted("the trigger {q:trigger} is dropped from {q:store}"))
def _(trust_world: TrustWorld, trigger: str, store: str) -> None:
    with closing(sqlite3.connect(trust_world.home / store)) as conn:
        conn.execute(f"DROP TRIGGER {trigger}")
        conn.commit()


@given(quoted("I remember {q:text} as a {q:category} about {q:name}"))
def _(trust_world: TrustWorld, text: str, category: str, name: str) -> None:
    run = trust_world.cli("remember", text, "-c", category, "--file", str(trust_world.repo / name))
    assert run.code == 0, run.stderr


@given(quoted("the anchors in {q:store} are marked stale {q:why}"))
def _(trust_world: TrustWorld, store: str, why: str) -> None:
    with closing(sqlite3.connect(trust_world.home / store)) as conn:
        assert conn.execute("UPDATE bead_anchors SET stale = ?", (why,)).rowcount > 0
        conn.commit()


@when(quoted("I run abzu {q:command}"))
def _(trust_world: TrustWorld, command: str) -> None:
    trust_world.run(command)


@then(parsers.parse("abzu exits {code:d}"))
def _(trust_world: TrustWorld, code: int) -> None:
    assert trust_world.last.code == code, trust_world.last.stdout + trust_world.last.stderr


@then(quoted("abzu says {q:words}"))
def _(trust_world: TrustWorld, words: str) -> None:
    assert words in trust_world.last.stdout, trust_world.last.stdout


@then(quoted("recalling {q:query} finds {q:words}"))
def _(trust_world: TrustWorld, query: str, words: str) -> None:
    found = trust_world.run(f"recall {query} --scope all --json").json()
    assert any(words in str(r) for r in found["results"]), found  # preview or full content


@when(quoted("I export the memory to {q:name}"))
def _(trust_world: TrustWorld, name: str) -> None:
    run = trust_world.run(f"export --out {trust_world.file(name)}")
    assert run.code == 0, run.stderr


@when(quoted("I import {q:name} into an empty home"))
def _(trust_world: TrustWorld, name: str) -> None:
    trust_world.other = trust_world.empty_home()
    run = trust_world.other("import", str(trust_world.file(name)))
    assert run.code == 0, run.stderr


@when(quoted("I import {q:name} here again"))
def _(trust_world: TrustWorld, name: str) -> None:
    trust_world.run(f"import {trust_world.file(name)}")


@when(quoted("I export that home to {q:name}"))
def _(trust_world: TrustWorld, name: str) -> None:
    assert trust_world.other is not None
    run = trust_world.other("export", "--out", str(trust_world.file(name)))
    assert run.code == 0, run.stderr


@then(quoted("{q:first} and {q:second} are byte-identical"))
def _(trust_world: TrustWorld, first: str, second: str) -> None:
    one, two = trust_world.file(first).read_bytes(), trust_world.file(second).read_bytes()
    assert one.count(b"\n") >= 4  # header + project + three memories at least
    assert one == two


@then(quoted(r"{q:name} holds (?P<count>\d+) events"))
def _(trust_world: TrustWorld, name: str, count: str) -> None:
    lines = trust_world.file(name).read_text().splitlines()
    assert sum('"kind":"event"' in line for line in lines) == int(count), lines


@then(quoted("{q:name} holds the anchors of both memories, the wisdom one marked {q:why}"))
def _(trust_world: TrustWorld, name: str, why: str) -> None:
    records = [json.loads(line) for line in trust_world.file(name).read_text().splitlines()[1:]]
    anchors = {r["kind"]: r for r in records if r["kind"].endswith("_anchor")}
    assert set(anchors) == {"bead_anchor", "candidate_anchor"}, records
    assert anchors["bead_anchor"]["anchor"] == "file" and anchors["bead_anchor"]["stale"] == why
    assert anchors["bead_anchor"]["value"].endswith("deploy.sh")
    assert anchors["candidate_anchor"]["value"].endswith("tests/test_io.py")


@then(quoted("that home shows the same history since {q:span} as this one"))
def _(trust_world: TrustWorld, span: str) -> None:
    assert trust_world.other is not None
    here = trust_world.run(f"history --since {span} --json")
    there = trust_world.other("history", "--since", span, "--json")
    assert here.json()["events"] and here.json() == there.json()


@given(quoted(r"a reviewed pattern {q:name} last recalled (?P<days>\d+) days ago"))
def _(world: World, name: str, days: str) -> None:
    world.add_bead(name, f"A pattern for the {name} topic", "api", idle_days=int(days),
                   category=Category.PATTERN)


@given(parsers.parse("a monthly review ceiling of ${usd:f}"))
def _(review_world: ReviewWorld, usd: float) -> None:
    review_world.container.trust.ceiling.override(providers.Object(SpendCeiling(max_cost=usd)))


@given(parsers.parse("reviews have already spent ${usd:f} this month"))
def _(review_world: ReviewWorld, usd: float) -> None:
    now = datetime.now(UTC)
    earlier = ReviewReport("r-earlier", "full", None, "gemini", "gemini-2.5-flash", dry_run=False,
                           started_at=now, finished_at=now, cost_estimate=usd)
    with review_world.container.uow() as uow:
        uow.reviews.save(earlier)
        uow.commit()


@then("the review says it stopped at this month's ceiling")
def _(review_world: ReviewWorld) -> None:
    report = review_world.report
    assert report is not None and report.stopped and report.batches == ()
    assert "would pass this month's ceiling of $0.01" in report.notes[0]


@then(parsers.parse("status shows ${usd:f} spent this month"))
def _(review_world: ReviewWorld, usd: float) -> None:
    state = full_status(review_world.container).review
    assert state is not None and state.spent_usd_this_month == pytest.approx(usd)


@when("the staged memory is promoted")
def _(trust_world: TrustWorld) -> None:
    staged = trust_world.run("candidates --json").json()["candidates"][0]["id"]
    promoted = trust_world.container.review.promote_candidate().execute(staged).unwrap()
    trust_world.items.update(staged=staged, promoted=promoted.bead_id)


@when(parsers.parse("the promoted memory goes unrecalled for {days:d} days before the decay pass"))
def _(trust_world: TrustWorld, days: int) -> None:
    with closing(sqlite3.connect(trust_world.home / "wisdom.db")) as conn:
        conn.execute("UPDATE beads SET last_accessed = datetime('now', ?) WHERE id = ?",
                     (f"-{days} days", trust_world.items["promoted"]))
        conn.commit()
    trust_world.container.sessions.maintenance().execute()


@then(quoted("the history of the (?P<which>staged|promoted) memory reads {q:events}"))
def _(trust_world: TrustWorld, which: str, events: str) -> None:
    shown = trust_world.run(f"history {trust_world.items[which]} --json").json()["events"]
    assert ", ".join(_described(e) for e in shown) == events


@then(quoted("the history since {q:span} lists {q:events}"))
def _(trust_world: TrustWorld, span: str, events: str) -> None:
    shown = trust_world.run(f"history --since {span} --json").json()["events"]
    assert ", ".join(e["event"] for e in shown) == events


@then(quoted("the history since {q:span} names who did it: {q:names}"))
def _(trust_world: TrustWorld, span: str, names: str) -> None:
    shown = trust_world.run(f"history --since {span} --json").json()["events"]
    assert ", ".join(str(e["who"]) for e in shown) == names


@then(quoted("no history mentions {q:word}"))
def _(trust_world: TrustWorld, word: str) -> None:
    for db in ("wisdom.db", "abzu.db"):
        with closing(sqlite3.connect(trust_world.home / db)) as conn:
            rows = conn.execute("SELECT item_id, event, detail FROM memory_events").fetchall()
        assert rows and word not in str(rows)


def _described(event: dict[str, str]) -> str:
    return event["event"] + (f" ({event['detail']})" if event["detail"] and "->" in event["detail"] else "")
