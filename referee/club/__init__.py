"""The room of tables: the roster, sessions, seating, results and standings, as pure rules."""
