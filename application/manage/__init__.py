"""A person managing one memory by id: show it, edit it, forget it (issue 19)."""
