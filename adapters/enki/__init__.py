"""Adapters for files other parts of Enki write: old Enki's wisdom.db, a project's em.db."""
