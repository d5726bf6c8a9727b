"""Use cases of Abzu inside Enki: migration from old Enki, project completion, user profile."""
