"""The longest memory text (characters). Apart from content.py, whose patterns are compiled at
import: the settings reader (setting_fields.py, on every session start) needs only the number."""

MAX_CONTENT_CHARS = 8192
