"""When an agent stores a memory itself, in the session (spec §6: "CC may also auto-call
`enki_remember` during conversation when it recognizes significant moments"; issue 30.4).

Said once here and shown in two places, so that they cannot drift apart: one standing line of
the session-start block, and the MCP description of `enki_remember`. Written as a fact, not as
an order: injected text that reads like a system command can trip prompt-injection defences
(claude-code.md §4).
"""

WORTH_KEEPING = "a decision with its reason, a fix with its cause, or a correction from the person"
CAPTURE_LINE = f"enki_remember is for {WORTH_KEEPING}, as it happens."
REMEMBER_DESCRIPTION = (
    "Store a decision, learning, pattern, fix or preference for future sessions. "
    f"Meant for {WORTH_KEEPING}, as it happens."
)
