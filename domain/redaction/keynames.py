"""Which key names hold a secret: `DB_PASSWORD`, `apiKey`, `client_secret`, not `token_url`."""

from __future__ import annotations

import functools

from abzu.domain.redaction.patterns import lazy

KEY_HINTS = ("pass", "secret", "token", "key", "auth", "pwd")
_KEY_PART_RE = lazy(r"[A-Z]{1,90}(?![a-z])|[A-Z]?[a-z]{1,90}+|\d{1,90}+")
# "<owner>_key" names that hold a secret, and the rule they map to.
_KEY_OWNERS = {
    "api": "api-key-assignment",
    "access": "api-key-assignment",
    "auth": "api-key-assignment",
    "secret": "secret-assignment",
    "private": "secret-assignment",
    "signing": "secret-assignment",
    "encryption": "secret-assignment",
    "master": "secret-assignment",
    # Azure connection strings: AccountKey=…, SharedAccessKey=…; a service's PrimaryKey
    "account": "secret-assignment",
    "shared": "secret-assignment",
    "primary": "secret-assignment",
    "secondary": "secret-assignment",
}
# Whole key names that hold a secret although a stop word ends them.
_SECRET_KEYS = {"private_key_id": "secret-assignment"}  # GCP service-account JSON
# Words after the secret word that make the value metadata about a secret: token_url, ...
_KEY_STOP_AFTER = frozenset(
    {
        "url", "uri", "endpoint", "host", "server", "path", "file", "filename", "dir", "name",
        "names", "type", "types", "len", "length", "count", "counts", "limit", "limits", "size",
        "budget", "field", "env", "var", "header", "prefix", "suffix", "regex", "pattern",
        "policy", "min", "max", "ttl", "expiry", "expires", "expiration", "lifetime", "timeout",
        "age", "in", "at", "id", "ids", "format", "mode", "source", "provider", "supplier",
        "method", "scope", "scopes", "kind", "label", "usage", "index", "enabled", "required",
        "ref", "version", "store", "manager", "backend", "arn", "location", "info", "class",
        "factory", "callback", "handler", "loader", "getter", "validator", "schema", "model",
        "param", "params", "arg", "args", "option", "options", "flag", "config", "settings",
        "status", "state", "error", "exception", "request", "response", "client", "service",
        "generator", "parser", "lexer", "stream", "position", "offset", "start", "end",
        "category", "rotation", "created", "updated", "set", "list", "map", "dict",
    }
)  # fmt: skip
# Words before the secret word that name something that is not a credential: page_token, ...
_KEY_STOP_BEFORE = frozenset(
    {
        "page", "next", "prev", "previous", "continuation", "sync", "upgrade", "downgrade",
        "cancel", "cancellation", "pad", "bos", "eos", "unk", "mask", "sep", "cls", "special",
        "start", "end", "stop", "input", "output", "max", "min", "num", "total", "prompt",
        "completion", "public", "lexer", "parser", "last", "first", "current",
    }
)  # fmt: skip


@functools.lru_cache(maxsize=4096)  # the same few key names recur throughout a text
def classify_key(key: str) -> str | None:
    """The rule a key like `DB_PASSWORD`, `apiKey` or `client_secret` points to, if any."""
    if not any(hint in key.lower() for hint in KEY_HINTS):
        return None
    parts = [part.lower() for part in _KEY_PART_RE().findall(key)]
    named = _SECRET_KEYS.get("_".join(parts[-3:]))
    if named is not None:
        return named
    for index in range(len(parts) - 1, -1, -1):
        anchor = _anchor(parts, index)
        if anchor is None:
            continue
        rule, first = anchor
        if _KEY_STOP_AFTER.intersection(parts[index + 1 :]):
            return None
        if first > 0 and parts[first - 1] in _KEY_STOP_BEFORE:
            return None
        if rule != "password-assignment" and "secret" in key.lower():
            # AZURE_CLIENT_SECRET, AWS_SECRET_ACCESS_KEY
            return "azure-client-secret" if "azure" in parts else "secret-assignment"
        return rule
    return None


def _anchor(parts: list[str], index: int) -> tuple[str, int] | None:
    part, last = parts[index], index == len(parts) - 1
    # DB_PASS, MYSQL_PWD, and `pass` or `pwd` alone (issue 29.3), a key ending there: `pass_through`
    # names no password. PWD as the working directory holds a path, which is never a secret.
    if part.endswith(("password", "passwd", "passphrase")) or (last and part in ("pass", "pwd")):
        return "password-assignment", index
    if part.endswith("secret"):
        return "secret-assignment", index
    if part.endswith("token"):
        return "token-assignment", index
    if part == "apikey":
        return "api-key-assignment", index
    if part == "key" and index > 0 and parts[index - 1] in _KEY_OWNERS:
        return _KEY_OWNERS[parts[index - 1]], index - 1
    if part == "auth" and len(parts) == 1:  # docker's config.json: "auth": "<base64>"
        return "token-assignment", index
    return None
