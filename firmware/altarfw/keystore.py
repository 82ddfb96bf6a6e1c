# The per-device key and the id of the table that claimed the device, kept in one small file
# on the board's flash: 4 bytes table id, then 16 bytes key. No file: never claimed.
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
        self.table = bytes(table)
        self.key = bytes(key)
        with open(self.path, "wb") as f:
            f.write(self.table)
            f.write(self.key)
