"""What a Claude Code session id may look like (it becomes a file name and a command argument).

A module of its own: the hooks that only journal need this one pattern, not the domain's classes."""

SESSION_ID_PATTERN = r"^[A-Za-z0-9_.:-]{1,200}$"  # ASCII: a Unicode \w costs pydantic-core ~75 ms to compile
