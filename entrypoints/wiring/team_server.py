"""Providers of the team server (issue 32), a sub-container of entrypoints/wiring/container.py.

Reached as `container.team.<provider>()`. `memory_backend = "team"` (`abzu eval locomo --backend
team`) keeps remember, recall and bulk remember on the team server itself, through the same ports
(`engine`, `uow`, `recall_uow`); `recall` is the team's side of a local recall, None until
`abzu team join`. Nothing of PostgreSQL is imported for a user without a team.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers

from abzu.entrypoints.wiring.deferred import deferred

if TYPE_CHECKING:
    from abzu.domain.decay import DecayPolicy


def _recall(config: dict[str, Any]) -> Any:
    from abzu.entrypoints.wiring.team import TeamConfig, team_recall

    return team_recall(TeamConfig(**config))


def _engine(config: dict[str, Any], backend: str) -> Iterator[Any]:
    """The team server's engine when it is the memory backend; None otherwise (init_resources
    initialises every Resource: a user without a team must not load the driver for it)."""
    if backend != "team":
        yield None
        return
    from abzu.entrypoints.wiring.team import TeamConfig

    engine = TeamConfig(**config).engine(statement_timeout_s=None)
    yield engine
    engine.dispose()


def _uow(engine: Any, decay: DecayPolicy, actor: str, read_only: bool = False) -> Any:
    from abzu.adapters.postgres.unit_of_work import PgUnitOfWork  # only when the backend is the team's

    return PgUnitOfWork(engine, decay, actor=actor, machine=os.uname().nodename, read_only=read_only)


class TeamProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    decay: providers.Dependency[DecayPolicy] = providers.Dependency()

    engine = providers.Resource(_engine, config=config.team, backend=config.memory_backend)
    uow = providers.Factory(_uow, engine=engine, decay=decay, actor=config.actor)
    recall_uow = providers.Factory(  # four round trips a recall
        deferred("adapters.postgres.recall_unit_of_work:PgRecallUnitOfWork"), engine=engine, decay=decay)
    # one per process (its engine)
    recall = providers.Singleton(_recall, config=config.team)
