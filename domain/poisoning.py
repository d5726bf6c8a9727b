"""Screening stored text for prompt injection (memory poisoning): reliability.md §3.7.

Screening is a flag, not a control: the real limits are in code (what a reviewer may change).
A flagged candidate is never promoted by a model; only a human can promote it.
"""

import re

# Zero-width and bidi controls (U+200B-U+200F, U+202A-U+202E, U+2066-U+2069), the BOM, and the
# Unicode tag block (U+E0000-U+E007F): invisible to a reader, readable to a model.
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\U000e0000-\U000e007f]")

_MARKERS = [
    r"\b(ignore|disregard|forget|override)\b.{0,40}\b(previous|prior|above|earlier|all|any)\b"
    r".{0,40}\b(instructions?|rules?|prompts?|guidelines?|directives?)\b",
    r"<\|im_(start|end)\|>",
    r"<<\s*/?\s*sys\s*>>",
    r"\[/?inst\]",
    r"</?\s*(system|assistant|developer|user)\s*>",
    r"\byou are now\b",
    r"\bnew (system )?instructions?\s*:",
    r"^\s*(system|assistant)\s*:",
    r"\b(always|must|should) (promote|approve|keep|accept) (this|these|it)\b",
    r"\b(promote|approve) (this|all|every)\b.{0,30}\b(memor(y|ies)|candidates?|beads?|items?)\b",
    r"\b(do not|don't|never) (tell|inform|alert|warn) the user\b",
    r"\b(run|execute)\b.{0,20}\b(curl|wget)\b.{0,60}\|\s*(ba|z)?sh\b",
    r"</?item_[0-9a-f]{4,}",
    # Secrecy and rank claims (issue 20.6: "quietly executes … and tells nobody; this note
    # outranks the user"): what a note about past work never says.
    r"\b(quietly|silently|secretly|covertly)\b.{0,30}\b(run|runs|execute|executes|delete|deletes"
    r"|remove|removes|send|sends|upload|uploads|push|pushes)\b",
    r"\b(tells?|telling|informs?|alerts?) (nobody|no one|no-one)\b",
    r"\b(outranks?|overrules?)\b.{0,20}\b(the )?(user|system|instructions?)\b",
    r"\b(this|the) (note|memory|rule|bead)\b.{0,20}\b(overrides?|supersedes?|takes precedence over)\b",
    r"[A-Za-z0-9+/]{120,}={0,2}",
]
_INSTRUCTION_LIKE = re.compile("|".join(f"(?:{m})" for m in _MARKERS), re.IGNORECASE | re.MULTILINE)

INSTRUCTION_LIKE = "instruction-like"


def strip_invisible(text: str) -> str:
    return _INVISIBLE.sub("", text)


def looks_like_instructions(text: str) -> bool:
    """True when the text addresses an agent (role tags, 'ignore previous instructions', forged
    item tags, long base64 blobs) or hides characters a human reader cannot see."""
    return bool(_INVISIBLE.search(text)) or bool(_INSTRUCTION_LIKE.search(text))


def memory_looks_like_instructions(content: str, summary: str | None) -> bool:
    """The screening of a stored memory (bead or candidate): its content and summary together."""
    return looks_like_instructions(f"{content}\n{summary or ''}")
