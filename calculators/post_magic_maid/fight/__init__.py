"""post-magic-maid fight (interim)."""
