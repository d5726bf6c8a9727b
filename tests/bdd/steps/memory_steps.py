"""Steps for the memory features (remember, recall, star, status, decay, dedup)."""
