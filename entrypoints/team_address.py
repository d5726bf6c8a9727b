"""A team server address as settings keep it: checked without SQLAlchemy's import (the settings
load on every command), never with a password in it."""

import re

_ADDRESS = re.compile(r"postgres(ql)?(\+psycopg)?://(?:(?P<user>[^:@/\s]+)(?P<password>:[^@/\s]*)?@)?"
                      r"(?P<host>[^/\s]*)/(?P<database>[^?\s/]+)(\?\S*)?")


def checked_address(value: str) -> str:
    """The address, stripped; ValueError (one line, no password) when it is not one Abzu can use."""
    text = value.strip()
    match = _ADDRESS.fullmatch(text)
    if match is None:
        raise ValueError("a team address looks like postgresql://user@host:5432/database")
    if match.group("password") or "password=" in text.lower():
        raise ValueError("keep the password out of the team address: put it in ~/.pgpass or in the "
                         "variable named by team_password_env (ABZU_TEAM_PASSWORD)")
    return text
