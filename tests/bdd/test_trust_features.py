"""Binds the issue-15 features exactly once; the steps live in tests/bdd/steps/trust_steps.py."""

from pytest_bdd import scenarios

scenarios("doctor.feature")
scenarios("archive.feature")
scenarios("history.feature")
