"""`abzu ui`: a local web page over the same use cases as the CLI (issue 18)."""
