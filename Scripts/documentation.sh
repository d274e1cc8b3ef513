#!/usr/bin/env bash
# Builds TermGrid's documentation: the DocC catalog in Sources/TermGrid/TermGrid.docc with
# every public symbol of the library's layers.
#
#   Scripts/documentation.sh [extra generate-documentation options…]
#   Scripts/documentation.sh --transform-for-static-hosting --output-path docs
#
# `swift package generate-documentation --target TermGrid` alone builds the articles, but
# TermGrid is an umbrella that only re-exports its layers (TermGridCore, TermGridViews, …),
# and SwiftPM's symbol graph of a module leaves re-exported symbols out. So this extracts
# the umbrella's symbol graph with them (swift-symbolgraph-extract's
# -experimental-allowed-reexported-modules) and hands it to the plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

layers=TermGridPlatform,TermGridCore,TermGridViews,TermGridLayout,TermGridTerminal,TermGridCollection
swift build --target TermGrid
bin="$(swift build --show-bin-path)"
symbols=.build/termgrid-symbol-graphs
rm -rf "$symbols"
mkdir -p "$symbols"
# The C modules the layers import: ncurses (ours) and swift-system's shim.
system_map="$(find .build/checkouts -path '*/CSystem/include/module.modulemap' | head -n 1)"
swift-symbolgraph-extract -module-name TermGrid -target "$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)" \
  -I "$bin/Modules" -I "$bin" \
  -Xcc "-fmodule-map-file=Sources/CNcurses/module.modulemap" -Xcc "-fmodule-map-file=$system_map" \
  -minimum-access-level public -skip-inherited-docs \
  -experimental-allowed-reexported-modules="$layers" \
  -output-dir "$symbols"
swift package generate-documentation --target TermGrid --additional-symbol-graph-dir "$symbols" "$@"
# The testing library's own catalog (TermGridTesting.docc): a module of its own, so its
# symbols need no extraction. Only checked here: where the umbrella's output goes, the
# options that name an output path are the umbrella's.
testing_options=()
for option in "$@"; do
  case "$option" in
  --warnings-as-errors) testing_options+=("$option") ;;
  esac
done
swift package generate-documentation --target TermGridTesting "${testing_options[@]}"
