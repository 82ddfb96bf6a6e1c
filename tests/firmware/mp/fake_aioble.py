# A stand-in for micropython-lib's aioble, for tests only (installed in the VM as aioble.py):
# the same names and signatures the firmware uses (Service, Characteristic(... notify, write,
# write_no_response, capture), register_services, advertise(...) -> connection,
# connection.disconnected(), connection.disconnect(), Characteristic.notify(connection, data),
# Characteristic.written() -> (connection, data) with capture). The test plays the central.
import asyncio

registered = []
advertisements = []  # (interval_us, adv_data, resp_data) per advertise() call
_incoming = []  # connections a central has opened, waiting for advertise() to return them
_arrived = asyncio.Event()


class Service:
    def __init__(self, uuid):
        self.uuid = uuid
        self.characteristics = []


class Characteristic:
    def __init__(
        self,
        service,
        uuid,
        read=False,
        write=False,
        write_no_response=False,
        notify=False,
        indicate=False,
        initial=None,
        capture=False,
    ):
        service.characteristics.append(self)
        self.uuid = uuid
        self.flags = (read, write, write_no_response, notify, indicate, capture)
        self._writes = []
        self._written = asyncio.Event()
        self.in_flight = 0
        self.max_in_flight = 0

    def notify(self, connection, data=None):
        if not connection.connected:
            raise OSError(128)  # ENOTCONN, as the real stack reports
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        connection.notifications.append(bytes(data))
        asyncio.create_task(self._sent_at_next_connection_event())

    async def _sent_at_next_connection_event(self, interval_ms=12):
        # Delivered at the next connection event; until then the notification is in flight.
        await asyncio.sleep_ms(interval_ms)
        self.in_flight -= 1

    async def written(self, timeout_ms=None):
        while not self._writes:
            self._written.clear()
            await self._written.wait()
        return self._writes.pop(0)

    # --- the central's side
    def remote_write(self, connection, data):
        self._writes.append((connection, bytes(data)))
        self._written.set()


def register_services(*services):
    registered.extend(services)


class DeviceConnection:
    def __init__(self):
        self.connected = True
        self.notifications = []
        self._gone = asyncio.Event()

    def is_connected(self):
        return self.connected

    async def disconnected(self, timeout_ms=None):
        await self._gone.wait()

    async def disconnect(self, timeout_ms=2000):
        self.drop()

    # --- the central's side
    def drop(self):
        self.connected = False
        self._gone.set()

    def take(self):
        """Notifications received so far."""
        got = self.notifications
        self.notifications = []
        return got


async def advertise(
    interval_us,
    adv_data=None,
    resp_data=None,
    connect=True,
    limited_disc=False,
    br_edr=False,
    name=None,
    services=None,
    appearance=0,
    manufacturer=None,
    timeout_ms=None,
):
    advertisements.append((interval_us, bytes(adv_data or b""), bytes(resp_data or b"")))
    while not _incoming:
        _arrived.clear()
        await _arrived.wait()
    return _incoming.pop(0)


def central_connects():
    """The test's central connects to the advertising device."""
    c = DeviceConnection()
    _incoming.append(c)
    _arrived.set()
    return c
