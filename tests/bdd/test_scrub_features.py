"""Binds features/scrub.feature exactly once; the steps live in tests/bdd/steps/scrub_steps.py."""

from pytest_bdd import scenarios

scenarios("scrub.feature")
