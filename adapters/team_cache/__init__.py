"""The local copy of the team's memories (issue 32): one SQLite file per data home
(`team/cache.db`), shaped like the local stores so the one search module ranks it, written whole
by `abzu team refresh` in the background and read by the hooks and by recall when the server is
away. Standard library only: the SessionStart hook reads it on its latency budget."""
