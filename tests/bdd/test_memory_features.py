"""Binds each memory feature exactly once; the steps live in tests/bdd/steps/."""

from pytest_bdd import scenarios

scenarios(
    "remember.feature", "recall.feature", "star.feature", "status.feature", "decay.feature", "dedup.feature",
    "secrets.feature",
)
