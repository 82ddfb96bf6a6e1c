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
# The browser the broadcast page is tested in (Playwright drives it; its own download is not used).
BROWSER_DEBS := chromium

.PHONY: run test lint typecheck pytest demo bench setup-app setup-dev gl-libs mpvm clean
.PHONY: broker debs explore test-under-load
.PHONY: compiled pytest-compiled
# The tournament tests and bench need a broker on the machine (target below).
pytest: broker
bench: broker

# `make run DB=/tmp/scratch.sqlite`: a scratch saves file instead of your own (default: yours).
run: setup-app debs
	@# the compiled engine where it builds; the app runs the source, pure Python, where it does not
	-$(MAKE) --no-print-directory compiled
	$(BIN)/altar app --simulator $(if $(DB),--db "$(DB)")

demo: setup-app
	$(BIN)/altar demo

test: setup-dev debs mpvm compiled lint typecheck pytest pytest-compiled

lint:
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/ruff format --check engine hardware companion_app tests bench

typecheck:
	$(BIN)/mypy --strict engine hardware
	$(BIN)/mypy companion_app

# Three workers on two cores (pytest-xdist; many tests wait on an app, a VM or a broker in
# another process; a module's or a class's tests stay on one worker, so its fixtures run once),
# then the few tests marked `alone`: they play devices at the players' real pace (50 events a
# second from 10 devices over the radio) and get the machine to themselves. A long module is
# split in two where its halves are independent (the explorer's orientations, the kill test's
# two seeds), so no one module sets the floor of the run; the slowest items are printed.
pytest:
	KIVY_NO_ARGS=1 $(BIN)/python -m pytest -n 3 --dist loadscope -m "not alone" --durations=12
	KIVY_NO_ARGS=1 $(BIN)/python -m pytest -m alone

# The app's tests with a busy-loop process per core beside them (tests/app/under_load.py):
# no test may assume real time stays within a window (issue 22).
test-under-load: setup-dev gl-libs broker
	KIVY_NO_ARGS=1 $(BIN)/python -m tests.app.under_load

bench: setup-dev compiled
	$(BIN)/python -m bench

# New examples for every hypothesis test: `make test` replays the same ones on every run
# (tests/derandomized.py), so a failure there is a change of code, never a new draw. A failure
# here prints its example and the blob that replays it (kept in .hypothesis/).
.PHONY: fuzz
fuzz: setup-dev debs mpvm
	KIVY_NO_ARGS=1 $(BIN)/python -m pytest -n 3 --dist loadscope -m hypothesis --hypothesis-profile=fuzz

# The compiled engine (docs/ARCHITECTURE.md, "Two builds of the engine"): mypyc compiles a copy
# of engine/ into build/compiled/ where a C compiler is present, on every core; nothing is done
# when engine/ has not changed since (a digest of its files), nor where there is no compiler
# (the app then runs the engine as pure Python, as on Android). mypyc comes with mypy, pinned in
# the `compile` extra (make run installs only that; make test has it in `dev`).
$(VENV)/.compile-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[compile]'
	touch $@

compiled: $(VENV)/.compile-installed
	$(BIN)/python -m tools.compile_engine

# The rules tests and the golden records again, on the compiled engine (the run above tested
# the source, pure Python: tests/conftest.py). Skipped, saying so, where nothing was compiled.
RULES_TESTS := tests/engine tests/zeal tests/deeds tests/devacurse tests/vile tests/zg
pytest-compiled: compiled
	@if $(BIN)/python -c 'from companion_app.engine_build import compiled_problem as p; raise SystemExit(p() is not None)'; then \
	  ALTAR_ENGINE=compiled KIVY_NO_ARGS=1 $(BIN)/python -m pytest -n 3 --dist loadscope -m "not alone" $(RULES_TESTS); \
	else echo "no compiled engine here: its tests are skipped (the pure-Python run above covers the engine)"; fi

# The table explorer's long run (docs/app.md): 20 new seeds (printed), a whole game each at
# every game's fewest, middle and most players, both orientations; prints what it played,
# checked and found, with the command that replays each failure. SEEDS=n for another count.
SEEDS ?= 20
explore: setup-dev gl-libs
	KIVY_NO_ARGS=1 $(BIN)/python -m tests.app.explorer --seeds $(SEEDS)

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

# Installs every Debian package the app and the tests need, when missing: Kivy's drawing
# libraries and the broker. As root this runs apt-get; anyone else is told the one command to
# run with sudo, naming every missing package at once (so make stops once, not once per package).
DEBS := $(KIVY_DEBS) $(BROKER_DEBS) $(BROWSER_DEBS)

debs:
	@missing=""; for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "Altar needs these Debian packages:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing   (then run make again)"; exit 1; \
	  fi; \
	fi

# The names earlier versions of this Makefile used.
gl-libs broker: debs

clean:
	rm -rf $(VENV) $(MPVM)/node_modules test-output .pytest_cache .mypy_cache .ruff_cache
