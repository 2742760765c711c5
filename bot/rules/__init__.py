"""Pure Warhammer rules: no discord, no SQL, no logging, no clock, no global random."""
