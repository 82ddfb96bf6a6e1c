"""The app's hardware side: the device manager's events into the session, device commands out."""
