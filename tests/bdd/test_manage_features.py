"""Binds features/manage.feature exactly once; the steps live in tests/bdd/steps/manage_steps.py."""

from pytest_bdd import scenarios

scenarios("manage.feature")
