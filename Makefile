# The two commands the README promises: `make play` and `make test`.
# Windows has no make: README.md, "Without make", gives each target as a PowerShell line.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test venv lint dist bench smoke icon catalogs clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

play: $(STAMP)
	$(BIN)/paperwars

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -n 2 tests

lint: $(STAMP)
	$(BIN)/ruff check game tests
	$(BIN)/mypy game/engine.py game/rules game/net

smoke: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/paperwars smoke

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/paperwars bench --json

# Extract the marked text into game/locale/templates, update the fi and nl catalogs, compile them.
catalogs: $(STAMP)
	$(BIN)/python -m game.catalogs

icon: $(STAMP)
	$(BIN)/python sprites/icon/draw_icon.py

# PyInstaller is CPU-heavy: it runs at low priority.
dist: $(STAMP)
	nice $(BIN)/pyinstaller --noconfirm --clean build.spec

clean:
	rm -rf build dist .pytest_cache
