"""Broadcast: a table's public view, live over MQTT, and the web page that shows it."""
