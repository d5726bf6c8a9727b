"""Providers of the review (spec §11) and of a person's confirming what the agent wrote (issue 29),
a sub-container of entrypoints/wiring/container.py.

Reached as `container.review.<provider>()`. They run on the container's `uow` and `read_uow`
(the local stores, whatever the memory backend); targets are imported when first resolved
(wiring/deferred.py), so a command that reviews nothing loads none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dependency_injector import containers, providers

from abzu.entrypoints.wiring.deferred import deferred

if TYPE_CHECKING:
    from abzu.adapters.sqlite.sqlite3_store import Sqlite3Store
    from abzu.application.ports import Clock, IdGenerator, UnitOfWork
    from abzu.entrypoints.settings import Settings


UNDO = "undo"  # = adapters/sqlite/migrations/event_actor.UNDO: what `review --undo` puts back


def review_config(settings: Settings) -> dict[str, object]:
    """The container's review settings: Gemini, batches, prices, the monthly ceiling and the
    cadence (trust.py reads the last two)."""
    return {
        "review_api_key": settings.review_api_key,
        "review_model": settings.review_model,
        "review_batch_tokens": settings.review_batch_tokens,
        "review_timeout_s": settings.review_timeout_s,
        "review_attempts": settings.review_attempts,
        "review_price_in": settings.review_price_in,
        "review_price_out": settings.review_price_out,
        "review_monthly_tokens": settings.review_monthly_tokens or None,  # 0: no ceiling
        "review_monthly_usd": settings.review_monthly_usd or None,
        "review_mini_days": settings.review_mini_days, "review_full_days": settings.review_full_days,
        "review_staged_limit": settings.review_staged_limit,
    }


class ReviewProviders(containers.DeclarativeContainer):
    config = providers.Configuration()
    clock: providers.Dependency[Clock] = providers.Dependency()
    ids: providers.Dependency[IdGenerator] = providers.Dependency()
    wisdom: providers.Dependency[Sqlite3Store] = providers.Dependency()
    uow: providers.Dependency[UnitOfWork] = providers.Dependency()
    read_uow: providers.Dependency[UnitOfWork] = providers.Dependency()
    ledger: providers.Dependency[Any] = providers.Dependency()  # trust.spend_ledger
    ceiling: providers.Dependency[Any] = providers.Dependency()  # trust.ceiling

    # The history's "who" for the writers that are not the front door itself (issue 15).
    gemini_uow = providers.Factory(uow, actor="review:gemini")
    human_uow = providers.Factory(uow, actor="review:human")
    undo_uow = providers.Factory(uow, actor=UNDO)  # what it puts back: "restored by undo"
    snapshots = providers.Factory(
        deferred("adapters.sqlite.snapshots:SqliteWisdomSnapshots"), store=wisdom,
        folder=config.snapshot_dir,
    )
    # google-genai costs ~0.5 s to import: only a review that reaches Gemini pays for it.
    gemini_client = providers.Singleton(
        deferred("adapters.gemini.client:build_gemini_client"), api_key=config.review_api_key,
        timeout_s=config.review_timeout_s, attempts=config.review_attempts,
    )
    reviewer = providers.Singleton(deferred("adapters.gemini.reviewer:GeminiReviewer"), client=gemini_client,
                                   model=config.review_model)
    batch_policy = providers.Singleton(deferred("domain.review.batching:BatchPolicy"),
                                       budget_tokens=config.review_batch_tokens)
    pricing = providers.Singleton(
        deferred("application.review.report:Pricing"), input_per_mtok=config.review_price_in,
        output_per_mtok=config.review_price_out,
    )
    run_review = providers.Factory(
        deferred("application.review.run_review:RunReview"), uow=gemini_uow, reviewer=reviewer,
        snapshots=snapshots, clock=clock, ids=ids, policy=batch_policy, pricing=pricing,
        ledger=ledger, ceiling=ceiling,
    )
    undo_review = providers.Factory(deferred("application.review.undo_review:UndoReview"), uow=undo_uow,
                                    snapshots=snapshots, clock=clock)
    get_staged_candidates = providers.Factory(
        deferred("application.review.get_staged_candidates:GetStagedCandidates"), uow=uow)
    promote_candidate = providers.Factory(deferred("application.review.promote_candidate:PromoteCandidate"),
                                          uow=human_uow, clock=clock, ids=ids)
    discard_candidate = providers.Factory(deferred("application.review.discard_candidate:DiscardCandidate"),
                                          uow=human_uow, clock=clock, ids=ids)
    consolidate_beads = providers.Factory(deferred("application.review.consolidate_beads:ConsolidateBeads"),
                                          uow=human_uow, clock=clock, ids=ids)
    flag_for_deletion = providers.Factory(deferred("application.review.flag_for_deletion:FlagForDeletion"),
                                          uow=human_uow, clock=clock, ids=ids)
    unflag = providers.Factory(deferred("application.review.unflag:Unflag"), uow=human_uow)
    # what the agent wrote straight into wisdom.db, for a person to confirm or remove (issue 29)
    unreviewed_beads = providers.Factory(deferred("application.manage.unreviewed:UnreviewedBeads"),
                                         uow=read_uow)
    confirm_memory = providers.Factory(deferred("application.manage.confirm:ConfirmMemory"), uow=human_uow)
    remove_unreviewed = providers.Factory(deferred("application.manage.forget:ForgetMemory"), uow=human_uow)
