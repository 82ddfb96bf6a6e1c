"""A Zeal draft tournament played at several tables, each with its own tablet, over an MQTT
broker (docs/tournament.md). The rules live in engine/tournament; this package is the network:
the broker runner, signed messages, the host and the tables. This tablet's own side (its table's
games, the draft, the screens) is companion_app/tournament_play/, above broadcast/."""
