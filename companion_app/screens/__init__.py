"""One module and one kv file per screen. Screens render the session and send it commands."""
