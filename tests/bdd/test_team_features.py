"""Binds features/team_memory.feature once; the steps live in tests/bdd/steps/team_steps.py."""

from pytest_bdd import scenarios

scenarios("team_memory.feature")
