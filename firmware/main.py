# Altar device: runs at boot. Everything else is in the altarfw package (see altarfw/boot.py),
# which can be frozen or put in ROMFS; this file stays tiny because it is compiled into RAM.
from altarfw.boot import main

main()
