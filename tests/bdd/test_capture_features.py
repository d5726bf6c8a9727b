"""Binds capture.feature exactly once; the steps live in tests/bdd/steps/."""

from pytest_bdd import scenarios

scenarios("capture.feature")
