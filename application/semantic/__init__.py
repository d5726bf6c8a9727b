"""Optional semantic search (issue 12.4): an embedder port and the lexical + dense fusion."""
