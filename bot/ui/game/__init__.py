"""The game tracker: status and phase-prompt embeds, Next-phase and set-up buttons, units."""
