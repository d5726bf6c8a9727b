"""Binds features/web_page.feature exactly once; the steps live in tests/bdd/steps/web_steps.py."""

from pytest_bdd import scenarios

scenarios("web_page.feature")
