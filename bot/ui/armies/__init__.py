"""/army: a player's armies shown (list, a compact datasheet), their options and buttons."""
