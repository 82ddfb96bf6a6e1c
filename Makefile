# Altar's two commands. Both set up everything they need on a fresh Debian machine
# with Python 3.11, node and npm:
#   make run   - the tablet app on simulated hardware
#   make test  - ruff, mypy and every test suite (engine, hardware, app, firmware on MicroPython)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
# The real MicroPython VM (WebAssembly build) that firmware tests run on; pinned in its package.json.
MPVM   := tests/firmware/mpvm
# Debian libraries Kivy needs: EGL on Mesa to draw (offscreen too), mtdev for touch input on
# Linux, xclip for its clipboard. Without the last two Kivy still runs but logs errors.
KIVY_DEBS := libgl1 libegl1 libgl1-mesa-dri libmtdev1 xclip
# The MQTT broker tournament tests, the demo and the bench start on loopback (docs/tournament.md).
BROKER_DEBS := mosquitto

.PHONY: run test lint typecheck pytest demo bench setup-app setup-dev gl-libs mpvm clean
.PHONY: broker test-under-load
# The tournament tests and bench need a broker on the machine (target below).
pytest: broker
bench: broker

run: setup-app gl-libs
	$(BIN)/altar app --simulator

demo: setup-app
	$(BIN)/altar demo

test: setup-dev gl-libs mpvm lint typecheck pytest

lint:
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/ruff format --check engine hardware companion_app tests bench

typecheck:
	$(BIN)/mypy --strict engine hardware
	$(BIN)/mypy companion_app

pytest:
	KIVY_NO_ARGS=1 $(BIN)/python -m pytest

# The app's tests with a busy-loop process per core beside them (tests/app/under_load.py):
# no test may assume real time stays within a window (issue 22).
test-under-load: setup-dev gl-libs broker
	KIVY_NO_ARGS=1 $(BIN)/python -m tests.app.under_load

bench: setup-dev
	$(BIN)/python -m bench

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Altar needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==24.3.1

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.app-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,serial,ble,nfc]'
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,serial,ble,nfc,dev]'
	touch $@ $(VENV)/.app-installed

setup-app: $(VENV)/.app-installed
setup-dev: $(VENV)/.dev-installed

mpvm: $(MPVM)/node_modules/.package-lock.json

$(MPVM)/node_modules/.package-lock.json: $(MPVM)/package.json $(MPVM)/package-lock.json
	npm ci --prefix $(MPVM) --no-audit --no-fund --loglevel=error

# Installs Kivy's drawing libraries when missing. As root this runs apt-get; anyone else is told
# the one command to run with sudo.
gl-libs:
	@missing=""; for p in $(KIVY_DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian libraries for Kivy:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "Kivy needs these Debian libraries to draw:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing   (then run make again)"; exit 1; \
	  fi; \
	fi

# Installs Mosquitto (Debian's) when missing, the way gl-libs installs Kivy's libraries. Its
# system service is not needed: tests start their own broker on a free loopback port.
broker:
	@if ! dpkg-query -W -f='$${Status}' $(BROKER_DEBS) 2>/dev/null | grep -q 'install ok installed'; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian's $(BROKER_DEBS) for tournament tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROKER_DEBS); \
	  else \
	    echo "tournament tests need Debian's $(BROKER_DEBS)"; \
	    echo "run: sudo apt-get install -y $(BROKER_DEBS)   (then run make again)"; exit 1; \
	  fi; \
	fi

clean:
	rm -rf $(VENV) $(MPVM)/node_modules test-output .pytest_cache .mypy_cache .ruff_cache
