"""Binds the Abzu-inside-Enki features exactly once; steps live in tests/bdd/steps/enki_steps.py."""

from pytest_bdd import scenarios

scenarios("migrate_enki.feature")
scenarios("mcp_consumers.feature")
scenarios("user_profile.feature")
scenarios("project_completion.feature")
