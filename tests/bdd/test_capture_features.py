"""Binds capture.feature and capture_signals.feature exactly once; the steps live in tests/bdd/steps/."""

from pytest_bdd import scenarios

scenarios("capture.feature")
scenarios("capture_signals.feature")
