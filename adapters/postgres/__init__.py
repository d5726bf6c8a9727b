"""The team store on PostgreSQL (issue 32, the `abzu[team]` extra): the same ports as the SQLite
stores, on SQLAlchemy 2 over psycopg 3. Nothing here is imported unless a team was joined (or an
evaluation asked for the team backend): the hooks and a user without a team never load it."""
