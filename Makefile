# Forage: two commands do everything.
#   make demo   installs what is missing, builds, and runs the main job
#   make test   installs what is missing, lints, builds, and runs every test
# Both are idempotent: when everything is installed they go straight to the build.

APT_PACKAGES := libcurl4-openssl-dev libgeos-dev libproj-dev libsqlite3-dev pkg-config python3
# Only the tests need these: the real gpsd and gpsfake (live GPS), Chromium (the html map),
# GNU time (a child's peak memory), tmux (a real terminal for forage watch) and PostgreSQL's
# server (the shared places cache: each suite starts a throwaway cluster of its own, as an
# unprivileged user, from /usr/lib/postgresql/*/bin; the service Debian may start is not used).
TEST_APT_PACKAGES := gpsd gpsd-clients chromium time tmux postgresql
SWIFT_BUILD_FLAGS ?=
LINE_BUFFERED := stdbuf -oL -eL
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test deps test-deps lint check-dependencies docs build build-release benchmarks format fuzz fuzz-smoke tsan \
  install uninstall install-check screenshot

# The demo is built in debug: a fresh release build (SwiftNIO and the rest optimised) takes
# about five minutes on two cores, a debug build three, and the demo runs in seconds either way.
demo: deps
	swift build --product forage $(SWIFT_BUILD_FLAGS)
	.build/debug/forage --version
	.build/debug/forage demo

# The end-to-end suites block threads while the binaries they start run; they go in a run of
# their own so the timing-sensitive async suites never wait behind them for a thread. The
# PostgreSQL suites too: their server must answer each transaction within the store's deadline,
# which the library's CPU-bound suites (2 cores, every suite at once) can starve it of.
# Each line of the test runs' output is written as it is made (stdbuf), so that a log cut off
# by a timeout ends at the last test that started, not somewhere in a buffer.
test: deps test-deps lint check-dependencies docs
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	$(LINE_BUFFERED) swift test --skip-build --skip ForageCLITests --skip ForagePostgresCacheTests $(SWIFT_BUILD_FLAGS)
	$(LINE_BUFFERED) swift test --skip-build --filter ForagePostgresCacheTests $(SWIFT_BUILD_FLAGS)
	$(LINE_BUFFERED) swift test --skip-build --filter ForageCLITests $(SWIFT_BUILD_FLAGS)
	$(MAKE) install-check
	$(MAKE) fuzz-smoke
	$(MAKE) tsan

# The store's tests under ThreadSanitizer, and its tour, in a package of their own (Tests/TSan,
# whose targets link to Tests/ForageStoreTests and Sources/store-tour) so that only the store is
# built with -sanitize=thread, not every dependency of the project: a report fails the run.
# This is how a user runs TSan on code that uses the store, too; the store's lock hands over
# between threads where TSan can see it (Sources/ForageStore/StoreMutex.swift).
tsan:
	cd Tests/TSan && swift build --build-tests --sanitize=thread $(SWIFT_BUILD_FLAGS)
	cd Tests/TSan && swift test --skip-build --sanitize=thread $(SWIFT_BUILD_FLAGS)
	cd Tests/TSan && TSAN_OPTIONS=halt_on_error=1 .build/debug/store-tour > /dev/null

# libFuzzer targets for every reader of user files or network bytes (Tests/Fuzz): `make fuzz`
# runs each for FUZZ_SECONDS (60), seeded from Tests/Data and Tests/Fuzz/Corpus;
# `make fuzz-smoke` runs each for 5 s with a fixed seed (CI: the same inputs each time).
# Both print executions and findings per target.
FUZZ_SECONDS ?= 60
fuzz: deps
	Tests/Fuzz/run $(FUZZ_SECONDS)

fuzz-smoke: deps
	FUZZ_SEED=1 Tests/Fuzz/run 5

# `make install` puts forage and mock-places in $(BINDIR), their man pages (made by
# swift-argument-parser's generate-manual plugin) in $(MANDIR)/man1, and their bash, zsh and
# fish completions where those shells look for them, all under PREFIX (/usr/local) and staged
# under DESTDIR when it is set (for packaging). `make uninstall` removes those files again.
# The binaries are the release build, made first (the plugin builds the package in that
# configuration). INSTALL_CONFIGURATION=debug installs the debug build instead: `make test`
# checks the install that way (Tests/install-check), with what it has already built, so no
# release build is forced on it. The man pages are dated by the last commit, so the same
# commit installs the same files. The binaries need nothing else installed: the demo's data is
# built into forage (Plugins/EmbedResources).
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_CONFIGURATION ?= release
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
INSTALLED_COMMANDS := forage mock-places
MANUAL_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

install: deps
	swift package $(SWIFT_BUILD_FLAGS) plugin generate-manual \
	  --configuration $(INSTALL_CONFIGURATION) --date $(MANUAL_DATE)
	@set -e; \
	bin="$$(swift build -c $(INSTALL_CONFIGURATION) --show-bin-path $(SWIFT_BUILD_FLAGS))"; \
	manuals=.build/plugins/GenerateManual/outputs; \
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(BASH_COMPLETION_DIR)" \
	  "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)"; \
	for c in $(INSTALLED_COMMANDS); do \
	  install -m 0755 "$$bin/$$c" "$(DESTDIR)$(BINDIR)/$$c"; \
	  install -m 0644 "$$manuals/$$c/$$c.1" "$(DESTDIR)$(MANDIR)/man1/$$c.1"; \
	  "$$bin/$$c" --generate-completion-script bash > "$(DESTDIR)$(BASH_COMPLETION_DIR)/$$c"; \
	  "$$bin/$$c" --generate-completion-script zsh > "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_$$c"; \
	  "$$bin/$$c" --generate-completion-script fish > "$(DESTDIR)$(FISH_COMPLETION_DIR)/$$c.fish"; \
	  chmod 0644 "$(DESTDIR)$(BASH_COMPLETION_DIR)/$$c" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_$$c" \
	    "$(DESTDIR)$(FISH_COMPLETION_DIR)/$$c.fish"; \
	  echo "installed $(DESTDIR)$(BINDIR)/$$c, its man page and completions"; \
	done

uninstall:
	@for c in $(INSTALLED_COMMANDS); do \
	  rm -f "$(DESTDIR)$(BINDIR)/$$c" "$(DESTDIR)$(MANDIR)/man1/$$c.1" \
	    "$(DESTDIR)$(BASH_COMPLETION_DIR)/$$c" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_$$c" \
	    "$(DESTDIR)$(FISH_COMPLETION_DIR)/$$c.fish"; \
	done

# Installs the debug build into a temporary DESTDIR and checks every file; then, with .build
# moved away (and put back on every exit), runs the installed forage and mock-places, and a copy
# of the forage binary alone, and compares their output with the clone's build; then uninstalls.
install-check:
	Tests/install-check

# The README's screenshot of the demo's map (Resources/screenshots/demo-map.png): the demo
# draws the map, headless Chromium takes the picture, and Resources/tools/demo_screenshot.py
# records in the PNG what the map says, which ScreenshotTests compares with a fresh demo (so
# a screenshot with another turn's counts fails the tests until this is run again).
screenshot: deps
	$(call apt_install,chromium)
	swift build --product forage $(SWIFT_BUILD_FLAGS)
	@set -e; work="$$(mktemp -d)"; trap 'rm -rf "$$work"' EXIT; \
	.build/debug/forage demo --output "$$work/map.html" > /dev/null; \
	timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
	  --disable-extensions --disable-background-networking --disable-component-update \
	  --user-data-dir="$$work/profile" --window-size=1200,900 \
	  --screenshot="$$work/map.png" "file://$$work/map.html" > "$$work/chromium.log" 2>&1 \
	  || { cat "$$work/chromium.log"; exit 1; }; \
	python3 Resources/tools/demo_screenshot.py stamp "$$work/map.html" "$$work/map.png" \
	  Resources/screenshots/demo-map.png; \
	echo "wrote Resources/screenshots/demo-map.png"

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

# The test-only packages; Google's own Python client (the mock's compatibility test),
# jsonschema (the output schema test) and opening-hours-py (the independent oracle of the
# opening_hours evaluator, whose test fails without it). pip comes from Debian when missing.
PIP_PACKAGES = googlemaps jsonschema opening-hours-py
test-deps:
	$(call apt_install,$(TEST_APT_PACKAGES))
	@python3 -m pip --version >/dev/null 2>&1 || { $(SUDO) apt-get update -qq \
	  && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-pip; }
	@python3 -c 'import googlemaps, jsonschema, opening_hours' 2>/dev/null \
	  || python3 -m pip install -q $(PIP_PACKAGES) 2>/dev/null \
	  || python3 -m pip install -q --break-system-packages $(PIP_PACKAGES) 2>/dev/null \
	  || echo "note: could not install $(PIP_PACKAGES); the tests that use them will skip or fail"

lint:
	swift format lint --strict --recursive --parallel Package.swift Sources Tests Mocks Benchmarks Plugins

# Package.swift must declare exactly what each target imports (both packages).
check-dependencies:
	python3 .ci/check-dependencies .
	python3 .ci/check-dependencies Benchmarks
	python3 .ci/check-dependencies Tests/Fuzz
	python3 .ci/check-dependencies Tests/TSan

# The DocC catalogs, built offline; the archives land in .build/plugins/Swift-DocC/outputs.
# Any warning (a broken symbol link in a page or a doc comment, say) fails the build.
DOCC_STRICT := ForageStore ForageStoreTesting ForageSupport ForageFinder ForageProviders

docs:
	swift package generate-documentation $(addprefix --target ,$(DOCC_STRICT)) --warnings-as-errors

format:
	swift format format --in-place --recursive --parallel Package.swift Sources Tests Mocks Benchmarks Plugins

build:
	swift build $(SWIFT_BUILD_FLAGS)

build-release:
	swift build -c release $(SWIFT_BUILD_FLAGS)

BENCHMARKS := StoreBenchmark GeoBenchmark HTTPBenchmark TrackBenchmark FinderBenchmark CoverageBenchmark \
  WatchBenchmark MemoryBenchmark

# MemoryBenchmark measures the built forage's peak memory with GNU time: both come first.
# FleetBenchmark's third mode shares a PostgreSQL cache: it starts a throwaway cluster.
benchmarks: deps test-deps
	$(call apt_install,time)
	swift build -c release --product forage $(SWIFT_BUILD_FLAGS)
	cd Benchmarks && swift build -c release
	cd Benchmarks && for b in $(BENCHMARKS); do swift run -c release --skip-build $$b || exit 1; done
	Benchmarks/.build/release/FleetBenchmark
