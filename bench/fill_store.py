"""Bulk-fill a throwaway Abzu data home through the real repositories, in batched transactions.

Text is drawn from a fixed technical vocabulary with a seeded RNG, so every run builds the same
store. Used by the benchmarks; never point it at a real data home.
"""

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from abzu.domain.bead import Bead, Candidate, CandidateSource
from abzu.domain.category import Category
from abzu.domain.content import content_hash
from abzu.entrypoints.settings import Settings
from abzu.entrypoints.wiring.container import build_container

_VOCABULARY = """
alembic api async await backoff batch bcrypt benchmark branch buffer build bundle cache celery
certificate checksum ci cli client cluster commit compose config container cookie coroutine cors
cron csrf cursor daemon dashboard database deadlock debounce decorator dependency deploy django
docker dotenv encoding endpoint enum environment event exception fastapi fixture flake flask fork
fsync gateway git github gunicorn handler hash header heap helm hook hotfix http idempotent image
index ingress init integration interpreter iterator jinja job json jwt kafka kubernetes lambda
latency lint lock logging loop makefile memory middleware migration mock module monorepo mypy
namespace nginx node oauth orm package pagination parser patch payload pipeline pip poetry pool
postgres process profile prometheus protocol proxy pydantic pytest python query queue race
rate redis refactor regex release reload replica request retry rollback route rust schema secret
semaphore serializer server session shard signal socket sqlalchemy sqlite ssl stack staging
stream subprocess swap syscall systemd table task template tenant terraform thread throttle
timeout timezone token trace transaction trigger typer typing unicode upload uvicorn venv version
vite wal webhook websocket wheel worker wsl yaml zip
"""
WORDS = _VOCABULARY.split()
PROJECTS = ("api", "web", "cli", "infra", None)
CATEGORIES = tuple(Category)
NOW = datetime(2026, 11, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Filled:
    home: Path
    repo: Path
    beads: int
    candidates: int


def sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(18, 40))).capitalize() + "."


def make_bead(rng: random.Random, n: int) -> Bead:
    text = f"{sentence(rng)} (note {n})"
    created = NOW - timedelta(days=rng.uniform(0, 400))
    return Bead(id=f"b-bench{n:07d}", content=text, category=rng.choice(CATEGORIES),
                project=rng.choice(PROJECTS), content_hash=content_hash(text), created_at=created,
                starred=rng.random() < 0.02,
                last_accessed=created + timedelta(days=rng.uniform(0, 30)) if rng.random() < 0.5 else None)


def make_candidate(rng: random.Random, n: int) -> Candidate:
    text = f"{sentence(rng)} (staged {n})"
    category = rng.choice(CATEGORIES[:4])
    return Candidate(id=f"c-bench{n:07d}", content=text, category=category, project=rng.choice(PROJECTS),
                     content_hash=content_hash(text), source=CandidateSource.SESSION_END,
                     created_at=NOW - timedelta(days=rng.uniform(0, 30)))


def fill(root: Path, *, beads: int, candidates: int, batch: int = 1000, seed: int = 7) -> Filled:
    home, repo = root / "home", root / "work" / "api"
    (repo / ".git").mkdir(parents=True)
    container = build_container(Settings(home=home), cwd=repo)
    rng = random.Random(seed)
    with container.uow() as uow:
        for name in PROJECTS:
            if name is not None:
                uow.projects.register(name, str(repo) if name == "api" else f"/src/{name}", NOW)
        uow.commit()
    for start in range(0, beads, batch):
        with container.uow() as uow:
            for n in range(start, min(start + batch, beads)):
                uow.beads.add(make_bead(rng, n))
            uow.commit()
    for start in range(0, candidates, batch):
        with container.uow() as uow:
            for n in range(start, min(start + batch, candidates)):
                uow.candidates.add(make_candidate(rng, n))
            uow.commit()
    container.shutdown_resources()
    return Filled(home, repo, beads, candidates)
