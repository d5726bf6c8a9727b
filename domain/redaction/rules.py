"""The ordered rule list the engine runs."""

from __future__ import annotations

from abzu.domain.redaction.base import Rule
from abzu.domain.redaction.contextual import scan_assignments
from abzu.domain.redaction.cookies import COOKIE_WORDS, scan_cookies
from abzu.domain.redaction.dotenv import ENV_WORDS, scan_env
from abzu.domain.redaction.gates import needles_gate, words_gate
from abzu.domain.redaction.keynames import KEY_HINTS
from abzu.domain.redaction.prose import PROSE_WORDS, scan_prose
from abzu.domain.redaction.provider_rules import PROVIDER_RULES
from abzu.domain.redaction.structural import (
    AUTH_SCHEMES,
    scan_authorization,
    scan_cli_user,
    scan_pem,
    scan_url_credentials,
)
from abzu.domain.redaction.token_rules import TOKEN_RULES

# The words scanners ask the haystack for, found in its one pass. ("api" is not: it is looked
# for only where "key" occurs, and a line like `cwd: /src/api` would cost a step every time.)
SCANNER_WORDS = frozenset((*KEY_HINTS, *PROSE_WORDS, *ENV_WORDS, *AUTH_SCHEMES, *COOKIE_WORDS))

# Rule order is the tie-break priority: most specific first.
RULES: tuple[Rule, ...] = (
    Rule(needles_gate(("PRIVATE KEY",)), scan_pem),
    *TOKEN_RULES,
    *PROVIDER_RULES,
    Rule(needles_gate(("://",), guard="@"), scan_url_credentials),
    Rule(needles_gate(("-u",)), scan_cli_user),  # also finds "--user"
    Rule(words_gate(*AUTH_SCHEMES), scan_authorization),
    Rule(words_gate(*COOKIE_WORDS), scan_cookies),
    Rule(words_gate(*KEY_HINTS), scan_assignments),
    Rule(words_gate(*PROSE_WORDS), scan_prose),
    Rule(words_gate(*ENV_WORDS), scan_env),
)
