"""Providers of the session lifecycle (issue 4), a sub-container of entrypoints/wiring/container.py.

Reached as `container.sessions.<provider>()`. The briefings (session start, after a compaction)
come from the same factory the hooks use (entrypoints/wiring/light.py), and finalisation,
recovery, snapshots and the hook journal from the same factory the background jobs use
(entrypoints/wiring/lifecycle.py), both fed with this container's clock, workspace and stores
(the stdlib sqlite3 ones: no SQLAlchemy). Targets are imported when first resolved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers

from abzu.entrypoints.data_home import DataHome
from abzu.entrypoints.wiring.deferred import deferred
from abzu.entrypoints.wiring.lifecycle import SessionLifecycle as Cases
from abzu.entrypoints.wiring.trust import cadence_from

if TYPE_CHECKING:
    from abzu.application.ports import Clock, Workspace
    from abzu.domain.decay import DecayPolicy
    from abzu.domain.ranking import RankingPolicy


def _home_folder(home: Any) -> str:
    """The data home's folder as LightUseCases takes it (a string: the hooks name files without pathlib)."""
    return str(DataHome.at(home).root)


def _session_start(light: Any) -> Any:
    return light.session_start()


def _post_compact(light: Any) -> Any:
    return light.post_compact()


class SessionProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    clock: providers.Dependency[Clock] = providers.Dependency()
    decay: providers.Dependency[DecayPolicy] = providers.Dependency()
    ranking: providers.Dependency[RankingPolicy] = providers.Dependency()
    workspace: providers.Dependency[Workspace] = providers.Dependency()
    lifecycle: providers.Dependency[Cases] = providers.Dependency()

    uow = providers.Factory(Cases.uow, lifecycle)
    transcripts = providers.Factory(Cases.transcripts, lifecycle)
    spool = providers.Factory(Cases.spool, lifecycle)
    journal = providers.Factory(Cases.journal, lifecycle)
    files = providers.Factory(Cases.files, lifecycle)
    light = providers.Factory(
        deferred("entrypoints.wiring.light:LightUseCases"),
        home=providers.Callable(_home_folder, config.home),
        workspace=workspace, clock=clock, ranking=ranking, decay=decay,
        cadence=providers.Callable(cadence_from, config.review_cadence),
    )
    inject_session_start = providers.Factory(_session_start, light)
    inject_post_compact = providers.Factory(_post_compact, light)
    update_pre_compact_summary = providers.Factory(Cases.update_pre_compact_summary, lifecycle)
    attach_compact_summary = providers.Factory(Cases.attach_compact_summary, lifecycle)
    capture_pre_compact = providers.Factory(Cases.capture_pre_compact, lifecycle)
    finalize_session = providers.Factory(Cases.finalize_session, lifecycle)
    ingest_spool = providers.Factory(Cases.ingest_spool, lifecycle)
    recover_sessions = providers.Factory(Cases.recover_sessions, lifecycle)
    session_status = providers.Factory(deferred("application.sessions.session_status:SessionStatus"),
                                       uow=uow, spool=spool)
    list_loops = providers.Factory(deferred("application.sessions.list_loops:ListOpenLoops"), uow=uow,
                                   workspace=workspace, clock=clock)
    dismiss_loop = providers.Factory(deferred("application.sessions.dismiss_loop:DismissLoop"), uow=uow,
                                     clock=clock)
