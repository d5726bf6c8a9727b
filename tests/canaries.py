"""Fake credentials made at test time (never real keys), and what to look for in raw bytes."""

import secrets
import string
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Canaries:
    """Fake credentials made at test time (never real keys)."""

    github: str
    aws: str

    @classmethod
    def fresh(cls) -> "Canaries":
        alnum = string.ascii_letters + string.digits
        github = "ghp_" + "".join(secrets.choice(alnum) for _ in range(36))
        aws = "AKIA" + "".join(secrets.choice(string.ascii_uppercase + "234567") for _ in range(16))
        return cls(github, aws)

    @property
    def text(self) -> str:
        return f"token {self.github} key {self.aws}"

    @property
    def needles(self) -> tuple[bytes, ...]:
        """Lower-case, and the random cores alone: the FTS index keeps lower-cased tokens split at
        `_`, and may stem their last letters."""
        return tuple(n.lower().encode() for n in (self.github, self.aws, self.github[4:30], self.aws[:16]))
