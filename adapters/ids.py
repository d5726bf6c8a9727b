import uuid

from abzu.application.ports import IdGenerator


class UuidIds(IdGenerator):
    """`<prefix>-` and 12 hex digits of a random UUID: short enough to type, 48 bits of entropy."""

    def new_id(self, prefix: str) -> str:
        return f"{prefix}-{uuid.uuid4().hex[:12]}"
