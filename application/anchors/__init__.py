"""Memory at the point of action (issue 16): anchored memories shown before an edit or a command."""
