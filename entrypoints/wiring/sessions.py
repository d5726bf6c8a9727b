"""Providers of the session lifecycle (issue 4), a sub-container of entrypoints/wiring/container.py.

Reached as `container.sessions.<provider>()`. The briefings (session start, after a compaction)
come from the same factory the hooks use (entrypoints/wiring/hook_cases.py), and finalisation,
recovery, snapshots, the hook journal, transcript mining, bulk remember and the maintenance pass
from the same factory the background jobs use (entrypoints/wiring/lifecycle.py), both fed with
this container's clock, workspace and stores (the stdlib sqlite3 ones: no SQLAlchemy). Targets
are imported when first resolved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dependency_injector import containers, providers

from abzu.entrypoints.wiring.deferred import deferred
from abzu.entrypoints.wiring.lifecycle import SessionLifecycle as Cases

if TYPE_CHECKING:
    from abzu.application.ports import Clock, Workspace
    from abzu.domain.decay import DecayPolicy
    from abzu.domain.ranking import RankingPolicy
    from abzu.domain.review.cadence import ReviewCadence
    from abzu.entrypoints.data_home import DataHome


class SessionProviders(containers.DeclarativeContainer):
    clock: providers.Dependency[Clock] = providers.Dependency()
    decay: providers.Dependency[DecayPolicy] = providers.Dependency()
    ranking: providers.Dependency[RankingPolicy] = providers.Dependency()
    workspace: providers.Dependency[Workspace] = providers.Dependency()
    lifecycle: providers.Dependency[Cases] = providers.Dependency()
    home: providers.Dependency[DataHome] = providers.Dependency()
    cadence: providers.Dependency[ReviewCadence] = providers.Dependency()  # trust.cadence

    uow = providers.Factory(Cases.uow, lifecycle)
    spool = providers.Factory(Cases.spool, lifecycle)
    journal = providers.Factory(Cases.journal, lifecycle)
    # the data home's folder as a string: the hooks name files without pathlib
    hook_cases = providers.Factory(
        deferred("entrypoints.wiring.hook_cases:HookUseCases"),
        home=providers.Callable(str, home.provided.root), workspace=workspace, clock=clock,
        ranking=ranking, decay=decay, cadence=cadence,
    )
    inject_session_start = hook_cases.provided.session_start.call()
    inject_post_compact = hook_cases.provided.post_compact.call()
    update_pre_compact_summary = providers.Factory(Cases.update_pre_compact_summary, lifecycle)
    attach_compact_summary = providers.Factory(Cases.attach_compact_summary, lifecycle)
    capture_pre_compact = providers.Factory(Cases.capture_pre_compact, lifecycle)
    finalize_session = providers.Factory(Cases.finalize_session, lifecycle)
    ingest_spool = providers.Factory(Cases.ingest_spool, lifecycle)
    recover_sessions = providers.Factory(Cases.recover_sessions, lifecycle)
    # transcript mining (issue 4), bulk remember (issue 6: eval and imports), the maintenance pass
    extraction_uow = providers.Factory(Cases.extraction_uow, lifecycle)
    extract_transcript = providers.Factory(Cases.extract_transcript, lifecycle)
    remember_many = providers.Factory(Cases.remember_many, lifecycle)
    maintenance = providers.Factory(Cases.maintenance, lifecycle)
    session_status = providers.Factory(deferred("application.sessions.session_status:SessionStatus"),
                                       uow=uow, spool=spool)
    list_loops = providers.Factory(deferred("application.sessions.list_loops:ListOpenLoops"), uow=uow,
                                   workspace=workspace, clock=clock)
    dismiss_loop = providers.Factory(deferred("application.sessions.dismiss_loop:DismissLoop"), uow=uow,
                                     clock=clock)
