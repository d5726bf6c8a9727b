"""Who vouches for a bead (issue 29): the values of `beads.vouched_by` as plain strings.

Standard library only and nothing else imported: session start and the PreToolUse hook label
memories and rank them by these without loading the bead types (`domain/bead.VouchedBy` is the
enum over the same values).
"""

AGENT = "agent"  # the agent wrote it; nobody has checked it yet
PERSON = "person"  # a person typed it or confirmed it
REVIEW = "review"  # promoted or consolidated by a review
REVIEWED = frozenset((PERSON, REVIEW))  # only these make a memory reviewed
