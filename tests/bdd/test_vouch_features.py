"""Binds features/vouched_by.feature (issue 29: who vouches for a memory)."""

from pytest_bdd import scenarios

scenarios("vouched_by.feature")
