"""SQL fragments shared by the bead and candidate searches."""

from datetime import datetime
from typing import Any

from abzu.adapters.sqlite.timestamps import to_db
from abzu.domain.decay import DecayPolicy, decay_cutoffs
from abzu.domain.scope import Scope, ScopeKind


def scope_filter(alias: str, scope: Scope) -> tuple[str, dict[str, Any]]:
    if scope.kind is ScopeKind.ALL:
        return "", {}
    if scope.project is None:
        return f" AND {alias}.project IS NULL", {}
    return f" AND ({alias}.project IS NULL OR {alias}.project = :focus)", {"focus": scope.project}


def live_weight(alias: str, policy: DecayPolicy, now: datetime) -> tuple[str, dict[str, Any]]:
    """The decay policy as a CASE expression, so search and status see today's weights."""
    normal, params = _decay_steps(alias, decay_cutoffs(policy, now), "cutoff")
    slow_case, slow_params = "", dict[str, Any]()
    if slow_categories := sorted(policy.slow_categories):  # patterns decay slower (spec §5)
        slow, slow_params = _decay_steps(alias, decay_cutoffs(policy, now, slow_categories[0]), "slow")
        names = ", ".join(f"'{c.value}'" for c in slow_categories)
        slow_case = f"WHEN {alias}.category IN ({names}) THEN {slow} "
    expression = (
        f"CASE WHEN {alias}.starred = 1 OR {alias}.category = 'preference' THEN 1.0 "
        f"{slow_case}ELSE {normal} END"
    )
    return expression, {**params, **slow_params}


def _decay_steps(
    alias: str, cutoffs: tuple[tuple[datetime, float], ...], prefix: str
) -> tuple[str, dict[str, Any]]:
    idle_since = f"COALESCE({alias}.last_accessed, {alias}.created_at)"
    cases, params = [], {}
    for i, (cutoff, weight) in enumerate(cutoffs):
        cases.append(f"WHEN {idle_since} <= :{prefix}{i} THEN {weight!r}")
        params[f"{prefix}{i}"] = to_db(cutoff)
    return "CASE " + " ".join(cases) + " ELSE 1.0 END", params
