# NFC reader drivers. Each driver offers the same small surface (init, poll, read_page4,
# reset, uid/uid_len, failures) so the tag scanner needs no per-chip code.
