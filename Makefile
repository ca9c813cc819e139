# The two commands a newcomer needs (see README): `make serve` and `make test`.
# Everything else here is a step of those two.

VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
## The builder that renders the generated pages: mkdocs (MkDocs + Material) or zensical.
BUILDER ?= mkdocs
export NO_MKDOCS_2_WARNING := 1
## Steps that do not depend on each other run side by side, Python's, Node's and Chromium's
## installs among them: on a fresh clone, make test's installs took 57-67 s that way against
## 73 s one after the other (2 cores). A recipe's own lines still run in order.
MAKEFLAGS += --jobs=3

.PHONY: serve test check build bench setup python-deps node-deps chromium

## Build the site and serve it at http://127.0.0.1:$(PORT)/ (rebuilds on change).
serve: setup
	$(BIN)/python -m build_scripts.serve --builder $(BUILDER) --port $(PORT)

## Install everything (Python, Pyodide, Chromium) and run all three test levels, in
## $(TEST_WORKERS) parallel workers (pytest-xdist), each test module whole on one worker, so
## a module's shared pages and profiles are set up once. Most of a browser test's time is
## waiting on the browser, so more workers than cores still shortens the run.
TEST_WORKERS ?= 3
test: setup chromium
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope --durations=40

## The quick check before a commit (under 3 minutes on 2 cores): the pages generate, the
## package tests and the build guards pass. No site build, no Pyodide, no browser.
check: setup
	$(BIN)/python -m build_scripts.generate
	$(BIN)/python -m pytest -q tests/package tests/build_guards

## Build the static site into site/ (what the Pages workflow publishes): generate, build with
## $(BUILDER), finish.
build: setup
	$(BIN)/python -m build_scripts.make_site --builder $(BUILDER)

## Measure load, compute latency, bytes and build time in headless Chromium, then the same
## on a slow phone's profile with the worker's breakdown, then the live table (join, tap to
## every screen, bytes per event, a phone's first visit to her seat), then Lighthouse's mobile
## performance and accessibility scores for three pages.
bench: setup chromium
	$(BIN)/python build_scripts/benchmark.py
	$(BIN)/python build_scripts/restore_profile.py
	$(BIN)/python build_scripts/phone_bench.py
	$(BIN)/python build_scripts/table_bench.py
	$(BIN)/python build_scripts/lighthouse.py

setup: python-deps node-deps

python-deps: $(VENV)/.installed
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || "$$(build_scripts/find-python.sh)" -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

node-deps: node_modules/.installed
# `npm install`, not `npm ci`: the registry this project's machines reach has not always listed
# rollup's native binaries for other platforms (optional dependencies of workbox-build), and
# `npm ci` refuses a lock file without them as out of sync. `npm install` installs the locked
# versions either way. The lock file lists them since 339f221 (the registry served them then),
# so today both commands install the same tree and leave the lock file as it is.
node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund
	touch $@

# Debian's Chromium: Playwright drives it; its own browser download cannot work here. The
# tests drive its headless shell (tests/browser/conftest.py), the benchmarks the full browser.
chromium:
	@command -v chromium >/dev/null && command -v chromium-headless-shell >/dev/null || \
	  { apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell; }
