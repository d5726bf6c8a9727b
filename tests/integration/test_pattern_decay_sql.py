"""The SQL mirror of the decay policy (search_sql.live_weight) treats patterns as the policy does."""

from datetime import timedelta
from pathlib import Path

from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy
from tests.fakes import T0, bead
from tests.integration.sqlite_helpers import sqlite_uow

NOW = T0 + timedelta(days=1000)


def test_status_weights_let_a_pattern_outlive_a_fix_left_alone_as_long(tmp_path: Path) -> None:
    idle = NOW - timedelta(days=150)
    pattern = bead("b-p", "Validate then refresh then proceed", category=Category.PATTERN,
                   last_accessed=idle, project=None)
    fix = bead("b-f", "Pin the registry mirror", category=Category.FIX, last_accessed=idle,
               project=None)
    policy = DecayPolicy()
    assert (policy.weight(pattern, now=NOW), policy.weight(fix, now=NOW)) == (1.0, 0.5)
    with sqlite_uow(tmp_path) as uow:
        uow.beads.add(pattern)
        uow.beads.add(fix)
        uow.commit()
    with sqlite_uow(tmp_path) as uow:
        assert uow.stats.bead_stats(NOW).weights == {1.0: 1, 0.5: 1}
