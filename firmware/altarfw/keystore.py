# The per-device key and the id of the table that claimed the device, kept in one small file
# on the board's flash: 4 bytes table id, then 16 bytes key. No file: never claimed.
#
# A new key is written only once the claim's handshake is done (both proofs matched), to a new
# file then renamed over the old one: a power cut leaves the old key or the new one, never half
# of each. On littlefs (rp2, ESP32) a rename over a file is atomic; on FAT the old file has to be
# removed first, and a cut between the two leaves the device unclaimed, never with a wrong key.
# With the REPL closed (boot.py, `player` builds) and, on ESP32, flash encryption on, the file
# cannot be read off the board (docs/hardware.md).
KEY_FILE = "altar_key.bin"


class KeyStore:
    def __init__(self, path=KEY_FILE):
        self.path = path
        self.table = None
        self.key = None
        try:
            with open(path, "rb") as f:
                data = f.read()
            if len(data) == 20:
                self.table = bytes(data[:4])
                self.key = bytes(data[4:])
        except OSError:
            pass  # never claimed

    @property
    def claimed(self):
        return self.key is not None

    def store(self, table, key):
        import os  # here, not at the top: the module costs heap, and only a claim needs it

        tmp = self.path + ".new"
        with open(tmp, "wb") as f:
            f.write(bytes(table))
            f.write(bytes(key))
        try:
            os.rename(tmp, self.path)
        except OSError:
            try:
                os.remove(self.path)
            except OSError:
                pass
            os.rename(tmp, self.path)
        self.table = bytes(table)
        self.key = bytes(key)

    def forget(self):
        """An unclaim: the key dies here too."""
        import os

        self.table = None
        self.key = None
        try:
            os.remove(self.path)
        except OSError:
            pass
