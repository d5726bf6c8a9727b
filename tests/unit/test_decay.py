from datetime import timedelta

import pytest

from abzu.domain.category import Category
from abzu.domain.decay import DecayPolicy, decay_cutoffs
from tests.fakes import T0, bead

NOW = T0 + timedelta(days=1000)
sut = DecayPolicy()


@pytest.mark.parametrize(
    ("idle_days", "weight"),
    [
        (0, 1.0), (29, 1.0), (30, 1.0), (89, 1.0),
        (90, 0.5), (179, 0.5),
        (180, 0.2), (364, 0.2),
        (365, 0.1), (900, 0.1),
    ],
)
def test_weight_steps_down_only_at_90_180_and_365_days_without_recall(
    idle_days: int, weight: float
) -> None:
    recalled = bead(last_accessed=NOW - timedelta(days=idle_days))
    assert sut.weight(recalled, now=NOW) == weight


def test_a_second_before_a_threshold_keeps_the_previous_step() -> None:
    recalled = bead(last_accessed=NOW - timedelta(days=90) + timedelta(seconds=1))
    assert sut.weight(recalled, now=NOW) == 1.0


@pytest.mark.parametrize(("age_days", "weight"), [(89, 1.0), (90, 0.5), (180, 0.2), (365, 0.1)])
def test_a_bead_never_recalled_ages_from_its_creation(age_days: int, weight: float) -> None:
    never = bead(created_at=NOW - timedelta(days=age_days), last_accessed=None)
    assert sut.weight(never, now=NOW) == weight


def test_a_recent_recall_revives_an_old_bead() -> None:
    old_but_used = bead(created_at=NOW - timedelta(days=800), last_accessed=NOW - timedelta(days=3))
    assert sut.weight(old_but_used, now=NOW) == 1.0


def test_starred_beads_never_decay() -> None:
    starred = bead(starred=True, created_at=NOW - timedelta(days=2000))
    assert sut.weight(starred, now=NOW) == 1.0


def test_preferences_never_decay() -> None:
    preference = bead(category=Category.PREFERENCE, created_at=NOW - timedelta(days=2000))
    assert sut.weight(preference, now=NOW) == 1.0


def test_cutoffs_express_the_same_policy_as_moments_in_time() -> None:
    cutoffs = dict((weight, moment) for moment, weight in decay_cutoffs(sut, NOW))
    assert cutoffs == {
        0.1: NOW - timedelta(days=365),
        0.2: NOW - timedelta(days=180),
        0.5: NOW - timedelta(days=90),
    }


@pytest.mark.parametrize(
    ("idle_days", "weight"), [(179, 1.0), (180, 0.5), (360, 0.2), (729, 0.2), (730, 0.1)]
)
def test_patterns_decay_slower_at_twice_the_idle_time(idle_days: int, weight: float) -> None:
    """Spec §5: a reusable approach keeps its weight longer than a one-off fix."""
    pattern = bead(category=Category.PATTERN, last_accessed=NOW - timedelta(days=idle_days))
    assert sut.weight(pattern, now=NOW) == weight


def test_a_pattern_outlives_a_fix_left_alone_as_long() -> None:
    idle = NOW - timedelta(days=150)
    fix = bead(category=Category.FIX, last_accessed=idle)
    pattern = bead(category=Category.PATTERN, last_accessed=idle)
    assert (sut.weight(fix, now=NOW), sut.weight(pattern, now=NOW)) == (0.5, 1.0)
