"""/help: its topics and embed."""
