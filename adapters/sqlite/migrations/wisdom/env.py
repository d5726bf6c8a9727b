from abzu.adapters.sqlite.migrations.env_common import run

run()
