"""The room of tables: players, sessions, standings, ratings and leagues, as pure functions of the record."""
