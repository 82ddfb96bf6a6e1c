"""BLE through real host stacks at both ends, with only the radio virtual (issue 26).

``radio.Radio``: Bumble devices on virtual controllers sharing one link, and the radio's faults.
``backend.backends_on``: bleak's scanner and client backends on a Bumble device (the tablet).
``peripheral.AltarPeripheral``: the device simulator behind the firmware's GATT service.
"""
