"""The user's explicit profile entries as the session start shows them, inside the persona section.
Apart from profile.py: the start reads rows and needs none of its classes."""


def profile_lines(entries: list[tuple[str, str]]) -> str:
    """The explicit entries as the lines shown inside the persona section."""
    if not entries:
        return ""
    return "\n".join(["User profile (stated by the user):", *(f"- {k}: {v}" for k, v in entries)])
