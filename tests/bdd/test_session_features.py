"""Binds each session-lifecycle feature exactly once; the steps live in tests/bdd/steps/."""

from pytest_bdd import scenarios

scenarios("session_start.feature", "compaction.feature", "session_end.feature", "crash_recovery.feature",
          "delta_header.feature", "open_loops.feature")
