"""Where the tests' `claude_executable` points: nowhere. Distillation is on by default where
`claude` is found (issue 30.3), and a test must never run, or spend the quota of, the machine's
own Claude Code. A test that wants a distiller writes a stub of its own (tests/e2e/stub_claude.py)."""

import tempfile
from pathlib import Path

NO_CLAUDE = str(Path(tempfile.gettempdir()) / "abzu-tests" / "no-claude" / "claude")
