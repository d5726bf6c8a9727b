"""Abzu inside Enki (spec §6, §13, §16, Appendix A): migration, em.db, consumers, user profile."""
