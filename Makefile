# MapWire: `make demo` runs the bundled demo, `make test` runs every test.
SWIFT ?= swift
BIN := .build/debug

.PHONY: all deps build release sdk install demo test swift-test python-test generate check-generated check-imports fuzz clean

all: build

deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build

# The release build of every program, in its own scratch folder (a debug build stays as it is).
RELEASE := .build-release/release
PROGRAMS := mapwire mapwire-core mapwire-core-bench mapwire-loader mapwire-renderer mapwire-loadstatus mapwire-location
release: deps
	$(SWIFT) build -c release --scratch-path .build-release

# libmapwire, the C plugin library (Plugins/c/libmapwire).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SYSTEMDDIR ?= $(PREFIX)/lib/systemd/system
sdk: deps
	$(MAKE) -C Plugins/c/libmapwire

# `make install PREFIX=…` (DESTDIR=… for a staging root): the release programs side by side in BINDIR (mapwire
# starts its cores and plugins from its own folder), `mapwire serve`'s systemd unit in SYSTEMDDIR with BINDIR
# filled in, and libmapwire (library, headers, mapwire.pc) as from its own folder.
install: release sdk
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SYSTEMDDIR)
	for program in $(PROGRAMS); do install -m 755 $(RELEASE)/$$program $(DESTDIR)$(BINDIR)/$$program; done
	sed 's|@BINDIR@|$(BINDIR)|g' scripts/systemd/mapwire-serve.service > $(DESTDIR)$(SYSTEMDDIR)/mapwire-serve.service
	chmod 644 $(DESTDIR)$(SYSTEMDDIR)/mapwire-serve.service
	$(MAKE) -C Plugins/c/libmapwire install PREFIX=$(PREFIX)

# Starts the core and the loader, loads the demo town, prints every event, exits at map-idle.
demo: build
	@dir=$$(mktemp -d /tmp/mapwire-demo-XXXXXX); \
	$(BIN)/mapwire up --run-dir $$dir/run --print-events --exit-when idle; status=$$?; \
	rm -rf $$dir; exit $$status

test: deps
	@scripts/install-deps --tests
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/check-generated
	SWIFT=$(SWIFT) scripts/check-imports
	$(SWIFT) test
	python3 -m pytest -q Protocol/tables Plugins/python/tests Plugins/c/tests Tests/Scripts/recording Tests/Scripts/check_imports

# libFuzzer over the control and envelope decoders, the renderer's inputs (MVT, MLT, GeoJSON, glyph PBFs, sprite
# indexes, images), PMTiles archives and what `mapwire serve` reads from its clients (connection bytes, routes,
# Origin and Host, gesture messages): 1,000,000 executions each; FUZZ_RUNS=N to change.
# Slow, so not part of `make test`: CI runs it as its own job (.ci/fuzz).
fuzz:
	scripts/fuzz

# Regenerates the checked-in protobuf code (needs protoc and PROTOC_GEN_SWIFT; see the script).
generate:
	Protocol/generate

# Generated code and PROTOCOL.md's generated sections are what Protocol/generate makes of the .proto
# files (part of `make test`; builds protoc-gen-swift from the pinned swift-protobuf).
check-generated:
	SWIFT=$(SWIFT) scripts/check-generated

# Package.swift declares exactly the modules each target's sources import, and no package no target uses
# (part of `make test`).
check-imports:
	SWIFT=$(SWIFT) scripts/check-imports

clean:
	rm -rf .build
