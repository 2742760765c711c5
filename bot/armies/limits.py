"""How much of an uploaded list Vox reads: every bound is checked before the work it limits."""

from __future__ import annotations

MAX_UPLOAD = 2_000_000  # bytes of an attachment (a 2,000-point .ros is about 400 kB)
MAX_UPLOAD_TEXT = "2 MB"
MAX_INFLATED = 8_000_000  # bytes a .rosz member may inflate to, checked before inflating
MAX_MEMBERS = 1  # a .rosz holds one .ros
MAX_DEPTH = 64  # nesting of XML elements, JSON values and selections
MAX_SELECTIONS = 5_000  # selections in one roster
MAX_ARMIES = 25  # armies one player keeps
MAX_TEXT_LINES = 2_000  # lines of a text export
