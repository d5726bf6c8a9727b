"""`abzu review`'s part for what the agent wrote straight into permanent memory (issue 29):
preferences skip staging (spec §6), so no review sees them; every review lists them, and
`--interactive` asks a person to confirm (they vouch for it: reviewed) or remove each one.
Confirm and remove are the page's use cases too (`ConfirmMemory`, `ForgetMemory`)."""

from typing import TYPE_CHECKING

from returns.result import Failure, Success

from abzu.adapters.human.reviewer import Dialogue
from abzu.application.manage.unreviewed import Unreviewed
from abzu.domain.quoting import one_line, quote_lines, short_line
from abzu.entrypoints.cli.render import console

if TYPE_CHECKING:
    from abzu.entrypoints.wiring.container import Container

CHOICES = {"c": "confirm (I vouch for it)", "r": "remove", "s": "skip", "q": "quit"}
PREVIEW_CHARS = 100
LISTED = 20  # a review that does not ask lists the oldest; --interactive goes through each
ASK = "Confirm or remove them with `abzu review --interactive` (or the Staging view of `abzu ui`)."


def listed(c: "Container", project: str | None) -> None:
    """One line each, for a review that does not ask (Gemini's, a dry run)."""
    found = c.review.unreviewed_beads().execute(project, limit=LISTED + 1)
    if not found:
        return
    if len(found) > LISTED:
        many = f"More than {LISTED} memories"
    else:
        many = f"{len(found)} memor{'y' if len(found) == 1 else 'ies'}"
    console.print(f"{many} written by the agent, not reviewed (preferences skip staging):",
                  markup=False, highlight=False)
    for item in found[:LISTED]:
        preview = short_line(item.bead.content, PREVIEW_CHARS)
        console.print(f"  {_label(item)}: {preview}", markup=False, highlight=False)
    if len(found) > LISTED:
        console.print("  … and more (the oldest are listed)", markup=False, highlight=False)
    console.print(ASK, markup=False, highlight=False)


def ask_each(c: "Container", project: str | None, dialogue: Dialogue) -> bool:
    """Each one in turn, oldest first; False when the person quits (the review stops there)."""
    found = c.review.unreviewed_beads().execute(project)
    if not found:
        return True
    dialogue.show(f"{len(found)} memor{'y' if len(found) == 1 else 'ies'} written by the agent "
                  "straight into permanent memory, not reviewed: confirm or remove each.")
    menu = ", ".join(f"[{k}] {v}" for k, v in CHOICES.items())
    for item in found:
        _show(item, dialogue)
        choice = dialogue.choose(menu, list(CHOICES), default="s")
        if choice in (None, "q"):
            return False
        if choice != "s":
            dialogue.show(_apply(c, item.bead.id, confirm=choice == "c"))
    return True


def _apply(c: "Container", bead_id: str, *, confirm: bool) -> str:
    done = (c.review.confirm_memory() if confirm else c.review.remove_unreviewed()).execute(bead_id)
    match done:
        case Success(_):
            return f"{bead_id} {'confirmed: reviewed from now on' if confirm else 'removed'}."
        case Failure(err):
            return f"{bead_id} not changed: {err.message}"
    return f"{bead_id}: nothing changed."


def _show(item: Unreviewed, dialogue: Dialogue) -> None:
    dialogue.show("")
    dialogue.show(f"{_label(item)}, written {item.bead.created_at:%Y-%m-%d} by the agent")
    if item.suspect:
        dialogue.show("WARNING: this text reads like instructions to an AI agent (possible memory "
                      "poisoning). Confirm it only if you wrote it or trust it.")
    if item.bead.summary:
        dialogue.show(f"  summary: {one_line(item.bead.summary)}")
    dialogue.show(quote_lines(item.bead.content))


def _label(item: Unreviewed) -> str:
    return f"{item.bead.id} {item.bead.category.value} · {one_line(item.bead.project or 'global')}"
