# Galley — two commands on a fresh Debian 12 machine:
#   make demo   installs what is missing, builds, renders the showcase into out/ and says what it made
#   make test   installs what is missing, builds, and runs the whole test suite
SHELL := /bin/bash
SWIFT ?= swift
CONFIGURATION ?= debug

# Debian packages the project needs: C libraries (headers + pkg-config files), the hyphenation
# dictionaries, Hunspell with its English, German and French dictionaries, and the independent references the
# tests compare against (hb-shape, fc-match, Unicode's conformance files, fontTools, pdftotext, Pango through
# python3-gi, pyphen, a word list, the hunspell command, pandoc for Markdown, LibreOffice for RTF and HTML, libjpeg-turbo
# and its cjpeg/djpeg for JPEG attachments, LuaTeX with luaotfload — which needs LaTeX's ltluatex — for line breaking,
# Chromium, headless, for vertical text).
DEBIAN_PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libcairo2-dev \
	libhyphen-dev hyphen-en-us hyphen-de hyphen-fr libharfbuzz-bin fontconfig unicode-data python3 python3-fonttools \
	poppler-utils python3-gi gir1.2-pango-1.0 python3-pyphen wamerican wngerman \
	libhunspell-dev hunspell hunspell-en-us hunspell-de-de hunspell-fr \
	libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev pandoc libreoffice-writer-nogui \
	libjpeg62-turbo-dev libjpeg-turbo-progs texlive-luatex texlive-latex-base chromium

.PHONY: deps build cli test test-asan docs demo clean bench-peers bench-edit bench-spell bench bench-thresholds fuzz fuzz-build fuzz-run fuzz-smoke test-tsan bench-rtf compare-tex

## deps: install, only when missing, every Debian package above (apt-get; root or sudo).
deps:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing missing Debian packages:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi; \
	pkg-config --exists harfbuzz freetype2 fontconfig cairo icu-uc || { echo "pkg-config cannot find the C libraries"; exit 1; }; \
	test -f /usr/include/hyphen.h || { echo "libhyphen's header is missing"; exit 1; }

build: deps
	$(SWIFT) build -c $(CONFIGURATION)

## cli: the `galley` command as it is best shipped: a release build with the Swift runtime and Foundation linked in
## (--static-swift-stdlib; a fresh process starts about 6 ms sooner), linked at a fixed address (-no-pie: the
## loader then has no 80,000 relative relocations to apply to Foundation's data, which saved a fresh process about
## 200 page faults and 2 ms), with generic types' metadata made by direct calls rather than from mangled names
## (-disable-concrete-type-metadata-mangled-name-accessors: each first use of a generic type otherwise scans the
## binary's 6,000 conformance records to check its requirements, 10M of a one-line render's 92M instructions), in its
## own build folder (.build-static/release/galley). bench-peers builds it this way.
CLI_BUILD := $(SWIFT) build -c release --static-swift-stdlib -Xlinker -no-pie --scratch-path .build-static --product galley \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
cli: deps
	$(CLI_BUILD)
	@echo "$$($(CLI_BUILD) --show-bin-path)/galley"

## test: the whole suite, built with Galley's internal checks (GALLEY_INTERNAL_CHECKS: the packed stores check their
## invariants where they are built; about a sixth more test time) in its own build folder.
test: deps
	$(SWIFT) build --build-tests -Xswiftc -DGALLEY_INTERNAL_CHECKS --scratch-path .build-checks
	$(SWIFT) test --skip-build --scratch-path .build-checks

## docs: the DocC catalogues (Sources/Galley/Galley.docc: the pipeline, one article per layer, curated topics;
## GalleyText.docc, GalleyRendering.docc, GalleySpelling.docc: their modules' topics) with every symbol link and parameter checked
## (warnings are errors); the archives are copied to out/.
docs: deps
	$(SWIFT) package generate-documentation --target Galley --target GalleyText --target GalleyRendering \
		--target GalleySpelling --target GalleyDocuments --target GalleyCoreText --disable-indexing --warnings-as-errors
	@mkdir -p out && for module in Galley GalleyText GalleyRendering GalleySpelling GalleyDocuments GalleyCoreText; do \
		rm -rf out/$$module.doccarchive && cp -r .build/plugins/Swift-DocC/outputs/$$module.doccarchive out/; done
	@echo "wrote out/Galley.doccarchive, out/GalleyText.doccarchive, out/GalleyRendering.doccarchive, out/GalleySpelling.doccarchive, out/GalleyDocuments.doccarchive, out/GalleyCoreText.doccarchive"

## test-asan: the whole test suite under AddressSanitizer with LeakSanitizer, in its own build folder (about five
## minutes). Tests/LeakSanitizer.supp suppresses the leaks of the platform's own libraries (Foundation's
## NSAttributedString run arrays, libhyphen's loader, fontconfig's parser, XCTest), so any leak of Galley's fails it.
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/LeakSanitizer.supp:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

## fuzz: every harness of Sources/GalleyFuzzing under libFuzzer with AddressSanitizer for FUZZ_SECONDS seconds each
## (default 60), from the checked-in seeds in Fuzz/Corpus (new inputs go to .build-fuzz/corpus, out of git). A
## crash, a hang (10 s), a memory blow-up or a wrong answer stops the run and leaves the input in .build-fuzz/artifacts;
## minimize it (galley-fuzz TARGET -minimize_crash=1 FILE), fix, and check it into Fuzz/Corpus/TARGET as regression-*.
## The last line per target gives executions and coverage. FUZZ_TARGETS picks harnesses.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= lines frames font-bytes editing viewport hyphenator rendering markdown rtf html attachments long-paragraphs
FUZZ_FLAGS ?=
FUZZ_BIN = $(shell $(SWIFT) build -c release --scratch-path .build-fuzz --show-bin-path)/galley-fuzz
# -sanitize=fuzzer,address in one flag (two flags keep only the last); without --disable-dead-strip the coverage
# counters are dropped; lld links where gold fails on the instrumented objects. Built with the internal checks
# (GALLEY_INTERNAL_CHECKS), so every input also checks the packed stores' invariants.
fuzz-build: deps
	$(SWIFT) build -c release --disable-dead-strip -Xswiftc -sanitize=fuzzer,address -Xswiftc -DGALLEY_LIBFUZZER -Xswiftc -DGALLEY_INTERNAL_CHECKS \
		-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld --scratch-path .build-fuzz --product galley-fuzz

fuzz: fuzz-build
	@$(MAKE) --no-print-directory fuzz-run

## fuzz-run: the fuzzing loop alone, over an existing fuzz build (two can run at once on different targets).
fuzz-run:
	@mkdir -p .build-fuzz/artifacts; \
	for target in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$target; \
		echo "== fuzzing $$target for $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
			$(FUZZ_BIN) $$target -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=3072 -max_len=65536 $(FUZZ_FLAGS) \
			-print_final_stats=1 -artifact_prefix=.build-fuzz/artifacts/$$target- \
			.build-fuzz/corpus/$$target Fuzz/Corpus/$$target > .build-fuzz/$$target.log 2>&1; \
		status=$$?; \
		grep -E "^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)" .build-fuzz/$$target.log | tail -1 | sed "s/^/$$target: /"; \
		grep -E "stat::number_of_executed_units|stat::peak_rss_mb" .build-fuzz/$$target.log | sed "s/^/$$target: /"; \
		if [ $$status -ne 0 ]; then grep -E "wrong answer|ERROR|SUMMARY|Fatal|Test unit written" .build-fuzz/$$target.log | head -20; \
			echo "fuzzing $$target failed: see .build-fuzz/$$target.log and .build-fuzz/artifacts"; exit 1; fi; \
	done

## fuzz-smoke: what CI runs, a short pass of every harness: the checked-in corpus, then 1,500 new inputs each from a
## fixed seed (the same inputs every time; at most two minutes a harness: about ten minutes with the build).
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=120 FUZZ_FLAGS="-seed=1 -runs=1500"

## test-tsan: the concurrency suites under ThreadSanitizer (lines, frames, carets and fonts from many tasks at once),
## in their own build folder. Galley's locks are pthread mutexes (Locked), which ThreadSanitizer sees.
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
		--filter Concurrency

SHOWCASE := office fjord AVATAR Wave — مرحبا بالعالم — नमस्ते — 👋🏽 ❤️‍🔥 🇯🇵

## demo: the showcase line (ligatures, kerning, Arabic, Devanagari, colour emoji) as PNG, PDF and SVG, the
## showcase page (columns around a circle, mixed scripts, tab stops, a truncated line) as PDF and PNG, the line's
## glyphs next to hb-shape's, a selection across bidi text with its rectangles and carets, a page with spelling
## underlines, a Markdown document with an image (docs/markdown-sample.md), and the table of the bundled fonts, all
## in out/, and a page of Japanese set vertically with ruby and tate-chu-yoko (docs/vertical-sample.txt, in the bundled
## Noto Serif CJK JP subset).
demo: build
	@mkdir -p out
	@bin=$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/galley; \
	for kind in png pdf svg; do \
		$$bin render --font-dir Fonts --font "Linux Libertine O" --size 36 -o out/showcase.$$kind "$(SHOWCASE)" || exit 1; \
	done; \
	$$bin-demos showcase --font-dir Fonts -o out/showcase-page.pdf -o out/showcase-page.png || exit 1; \
	$$bin-demos selection --font-dir Fonts -o out/selection.pdf -o out/selection.png > /dev/null || exit 1; \
	$$bin-demos spelling --font-dir Fonts -o out/spelling.pdf -o out/spelling.png > /dev/null || exit 1; \
	$$bin-demos microtype --font-dir Fonts -o out/microtype.pdf -o out/microtype.png > out/microtype.txt || exit 1; \
	$$bin-demos vertical --font-dir Fonts -o out/vertical.pdf -o out/vertical.png > /dev/null || exit 1; \
	for kind in pdf png; do \
		$$bin render docs/markdown-sample.md --font-dir Fonts --font "Linux Libertine O" --size 11 --page-size 440x330 \
			--margins 28 -o out/markdown.$$kind > /dev/null || exit 1; \
		$$bin render docs/rtf-sample.rtf --font-dir Fonts --font "Linux Libertine O" -o out/rtf.$$kind > /dev/null || exit 1; \
	done; \
	for breaking in greedy optimal; do \
		$$bin render Tests/GalleyTests/Corpus/en_Latn.txt --font-dir Fonts --font "DejaVu Serif" --size 11 \
			--page-size 260x760 --margins 14 --justify --hyphenate en-US --line-breaking $$breaking \
			-o out/breaking-$$breaking.png > /dev/null || exit 1; \
		$$bin layout Tests/GalleyTests/Corpus/en_Latn.txt --font-dir Fonts --font "DejaVu Serif" --size 11 --width 232 \
			--justify --hyphenate en-US --line-breaking $$breaking --stats > out/breaking-$$breaking.txt || exit 1; \
	done; \
	{ echo "galley shape:"; $$bin shape Fonts/LinLibertine_R.otf "office AVATAR"; \
	  echo "hb-shape:"; hb-shape --no-glyph-names Fonts/LinLibertine_R.otf "office AVATAR"; \
	  echo "galley shape (Arabic):"; $$bin shape Fonts/Amiri-Regular.ttf "مرحبا بالعالم"; \
	  echo "hb-shape (Arabic):"; hb-shape --no-glyph-names Fonts/Amiri-Regular.ttf "مرحبا بالعالم"; } > out/shape.txt; \
	$$bin fonts --font-dir Fonts > out/fonts.txt; \
	{ for face in DejaVuSerif LinLibertineO Inter Amiri-Regular NotoColorEmoji; do \
		$$bin fonts --font-dir Fonts --info $$face; echo; done; } > out/font-info.txt; \
	cat out/shape.txt; echo; \
	echo "make demo wrote:"; \
	echo "  out/showcase.png   the showcase line drawn through Cairo (the picture in the README is a copy)"; \
	echo "  out/microtype.pdf, .png  a paragraph without and with character protrusion and font expansion (.txt: their measures)"; \
	echo "  out/showcase.pdf   the same line as PDF, its text selectable"; \
	echo "  out/showcase.svg   the same line as SVG"; \
	echo "  out/showcase-page.pdf, .png  a page: two justified columns around a circle, six scripts, tab stops,"; \
	echo "                     emoji and a truncated line (the README's second picture is a copy of the PNG)"; \
	echo "  out/breaking-greedy.png, out/breaking-optimal.png  one justified, hyphenated column, broken greedily"; \
	echo "                     and by Knuth-Plass, side by side; out/breaking-*.txt hold their quality measures"; \
	echo "  out/selection.pdf, .png  GalleyText: a selection across English and Hebrew as its rectangles (one per"; \
	echo "                     line and direction run), carets at its ends and both carets at a direction change"; \
	echo "  out/spelling.pdf, .png  GalleySpelling: words underlined by the spelling controller as they were typed,"; \
	echo "                     with Hunspell's guesses"; \
	echo "  out/markdown.pdf, .png  GalleyDocuments: docs/markdown-sample.md set on a page, its image an attachment"; \
	echo "  out/rtf.pdf, .png       GalleyDocuments: docs/rtf-sample.rtf (TextEdit's dialect, a GBK font, a picture) on its own paper"; \
	echo "  out/vertical.pdf, .png  Japanese set vertically: columns from the right, ruby, tate-chu-yoko, a Latin word sideways"; \
	echo "  out/shape.txt      galley shape next to hb-shape for two lines (identical glyphs and positions)"; \
	echo "  out/fonts.txt      every face in Fonts/ (family, style, PostScript name, traits, file)"; \
	echo "  out/font-info.txt  metrics, features, axes and tables of five faces"

## compare-tex: Galley's optimal line breaking against LuaTeX's (Benchmarks/TeX/README.md): the 300 paragraphs of Tom
## Sawyer (../shared/corpus) the default parameters were tuned on, then the 190 held out after them, at 400 and 300 pt,
## then the 300 again with character protrusion on both sides and Galley's font expansion in a column of its own;
## prints the tables, and the paragraphs whose breaks differ from TeX's with .tex go to .build/tex-compare/.
TEX_CORPUS ?= ../shared/corpus/en/tom-sawyer.txt
compare-tex: deps
	$(SWIFT) build --product galley-bench
	@bin=$$($(SWIFT) build --show-bin-path); \
	$$bin/galley-bench tex --corpus $(TEX_CORPUS) --count 300 --differences .build/tex-compare/differences-tuned.txt && \
	$$bin/galley-bench tex --corpus $(TEX_CORPUS) --skip 300 --count 1000 --differences .build/tex-compare/differences-held-out.txt && \
	$$bin/galley-bench tex --corpus $(TEX_CORPUS) --count 300 --protrusion --expansion --differences .build/tex-compare/differences-protrusion.txt

## bench-peers: Galley next to Pango, SkParagraph, Typst and HarfBuzz alone on the peers' corpora (English, Arabic,
## Chinese, Hindi), in one invocation, and the table of seconds per MB and ratios (see Benchmarks/Peers).
bench-peers: deps
	bash Benchmarks/Peers/bench-peers.sh

## bench-edit: GalleyText's editing benchmark on four document shapes (prose, short lines, code, long paragraphs)
## at 1 and 8 MB: time per edit, checked against full layouts, and the time to open a document (Benchmarks/Edit).
## HUGE_PAGES=1 make bench-edit runs it with glibc's huge-page tunable (GLIBC_TUNABLES=glibc.malloc.hugetlb=1).
bench-edit: deps
	bash Benchmarks/Edit/bench-edit.sh

## bench-spell: spell checking the peers' English megabyte: TextChecker whole, hunspell -l on the same file in the same
## run, the editor's SpellCheckingController in slices, and a keystroke's recheck.
bench-spell: deps
	bash Benchmarks/Spell/bench-spell.sh

## bench-rtf: reading the peers' English megabyte as formatted RTF, against laying it out and against LibreOffice's
## conversion of the same file in the same run (Benchmarks/Documents).
bench-rtf: deps
	bash Benchmarks/Documents/bench-rtf.sh

## bench: every benchmark target of Benchmarks/ (ordo-one/benchmark: wall time, malloc counts), checked against the
## thresholds in Benchmarks/Thresholds (malloc counts within 10%, wall time within 2x). The corpus benchmarks read
## GALLEY_CORPUS, else ../shared/peers/corpus/en.txt, else the copy bench-peers sets up in .build/peers.
## bench-thresholds rewrites the thresholds from a run on this machine.
BENCH_CORPUS = $(firstword $(GALLEY_CORPUS) $(wildcard ../shared/peers/corpus/en.txt) $(abspath .build/peers/corpus/en.txt))
bench: deps
	cd Benchmarks && GALLEY_CORPUS=$(BENCH_CORPUS) swift package --allow-writing-to-package-directory benchmark thresholds check --path "$$PWD/Thresholds" --no-progress

bench-thresholds: deps
	cd Benchmarks && GALLEY_CORPUS=$(BENCH_CORPUS) swift package --allow-writing-to-package-directory benchmark thresholds update --path "$$PWD/Thresholds" --no-progress

clean:
	rm -rf .build out
