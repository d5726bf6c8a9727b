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
    idle_since = f"COALESCE({alias}.last_accessed, {alias}.created_at)"
    cases, params = [], {}
    for i, (cutoff, weight) in enumerate(decay_cutoffs(policy, now)):
        cases.append(f"WHEN {idle_since} <= :cutoff{i} THEN {weight!r}")
        params[f"cutoff{i}"] = to_db(cutoff)
    expression = (
        f"CASE WHEN {alias}.starred = 1 OR {alias}.category = 'preference' THEN 1.0 "
        + " ".join(cases)
        + " ELSE 1.0 END"
    )
    return expression, params
