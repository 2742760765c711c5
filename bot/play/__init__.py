"""The use cases: what each command and button does, with no Discord in it.

A use case takes the bot's services (`Services`), who is acting (`Actor`) and typed values; it
checks permission before any die is rolled, decides inside the ledger's lock, reads the state
once, and returns what the ui renders. The ui (`bot/ui`) calls these and never the store.
"""
