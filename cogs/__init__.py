"""Discord cogs: one feature a file, thin translation from options to rules and embeds."""
