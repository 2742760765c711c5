"""The only Discord presentation: embeds, charts, buttons and replies."""
