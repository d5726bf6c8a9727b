"""The ordered rule list the engine runs."""

from __future__ import annotations

from abzu.domain.redaction.base import Rule
from abzu.domain.redaction.contextual import scan_assignments
from abzu.domain.redaction.dotenv import scan_env
from abzu.domain.redaction.prose import scan_prose
from abzu.domain.redaction.structural import (
    scan_authorization,
    scan_cli_user,
    scan_pem,
    scan_url_credentials,
)
from abzu.domain.redaction.tokens import TOKEN_RULES

# Rule order is the tie-break priority: most specific first.
RULES: tuple[Rule, ...] = (
    Rule(("private key",), scan_pem),
    *TOKEN_RULES,
    Rule(("://",), scan_url_credentials),
    Rule(("-u", "--user"), scan_cli_user),
    Rule(("bearer", "basic", "token"), scan_authorization),
    Rule(("pass", "secret", "token", "key", "auth", "pwd"), scan_assignments),
    Rule(("pass", "token", "secret", "api"), scan_prose),
    Rule(("key", "secret", "token", "pass"), scan_env),
)
