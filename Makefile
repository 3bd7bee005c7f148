# Forage: two commands do everything.
#   make demo   installs what is missing, builds, and runs the main job
#   make test   installs what is missing, lints, builds, and runs every test
# Both are idempotent: when everything is installed they go straight to the build.

APT_PACKAGES := libcurl4-openssl-dev libgeos-dev libproj-dev libsqlite3-dev pkg-config python3
# Only the tests need these: the real gpsd and gpsfake (live GPS) and Chromium (the html map).
TEST_APT_PACKAGES := gpsd gpsd-clients chromium
SWIFT_BUILD_FLAGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test deps test-deps lint check-dependencies docs build build-release benchmarks format fuzz fuzz-smoke tsan

# The demo is built in debug: a fresh release build (SwiftNIO and the rest optimised) takes
# about five minutes on two cores, a debug build three, and the demo runs in seconds either way.
demo: deps
	swift build --product forage $(SWIFT_BUILD_FLAGS)
	.build/debug/forage --version
	.build/debug/forage demo

# The end-to-end suites block threads while the binaries they start run; they go in a run of
# their own so the timing-sensitive async suites never wait behind them for a thread.
test: deps test-deps lint check-dependencies docs
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build --skip ForageCLITests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build --filter ForageCLITests $(SWIFT_BUILD_FLAGS)
	$(MAKE) fuzz-smoke
	$(MAKE) tsan

# The store's tests under ThreadSanitizer, in a build of their own (.build-tsan): a report fails
# the run. This is how a user runs TSan on code that uses the store, too; the store's lock
# hands over between threads where TSan can see it (Sources/ForageStore/StoreMutex.swift).
tsan:
	swift build --build-tests --sanitize=thread --scratch-path .build-tsan $(SWIFT_BUILD_FLAGS)
	swift test --skip-build --sanitize=thread --scratch-path .build-tsan \
	  --filter 'ForageStoreTests|StoreTourTests' $(SWIFT_BUILD_FLAGS)

# libFuzzer targets for every reader of user files or network bytes (Tests/Fuzz): `make fuzz`
# runs each for FUZZ_SECONDS (60), seeded from Tests/Data and Tests/Fuzz/Corpus;
# `make fuzz-smoke` runs each for 5 s with a fixed seed (CI: the same inputs each time).
# Both print executions and findings per target.
FUZZ_SECONDS ?= 60
fuzz: deps
	Tests/Fuzz/run $(FUZZ_SECONDS)

fuzz-smoke: deps
	FUZZ_SEED=1 Tests/Fuzz/run 5

# Installs the Debian packages given that are missing (nothing to do when all are installed).
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(APT_PACKAGES))

# The test-only packages; Google's own Python client (the mock's compatibility test) and
# jsonschema (the output schema test).
test-deps:
	$(call apt_install,$(TEST_APT_PACKAGES))
	@python3 -c 'import googlemaps, jsonschema' 2>/dev/null || python3 -m pip install -q googlemaps jsonschema 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages googlemaps jsonschema 2>/dev/null \
	  || echo "note: could not install googlemaps and jsonschema; the tests that use them will skip"

lint:
	swift format lint --strict --recursive --parallel Package.swift Sources Tests Mocks Benchmarks

# Package.swift must declare exactly what each target imports (both packages).
check-dependencies:
	python3 .ci/check-dependencies .
	python3 .ci/check-dependencies Benchmarks
	python3 .ci/check-dependencies Tests/Fuzz

# The DocC catalogs of ForageStore, ForageStoreTesting and ForageSupport, built offline; any
# warning (a broken symbol link, say) fails the build. The archives land in
# .build/plugins/Swift-DocC/outputs.
docs:
	swift package generate-documentation --target ForageStore --target ForageStoreTesting \
	  --target ForageSupport --warnings-as-errors

format:
	swift format format --in-place --recursive --parallel Package.swift Sources Tests Mocks Benchmarks

build:
	swift build $(SWIFT_BUILD_FLAGS)

build-release:
	swift build -c release $(SWIFT_BUILD_FLAGS)

BENCHMARKS := StoreBenchmark GeoBenchmark HTTPBenchmark TrackBenchmark FinderBenchmark CoverageBenchmark

benchmarks: deps
	cd Benchmarks && swift build -c release
	cd Benchmarks && for b in $(BENCHMARKS); do swift run -c release --skip-build $$b || exit 1; done
