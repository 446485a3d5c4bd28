#!/usr/bin/env bash
# Builds the DocC reference of each library product with the toolchain alone: the modules' symbol graphs
# (swift-symbolgraph-extract, public symbols), then `docc convert` of each module's catalog, with warnings (a broken
# symbol link, an unknown article) as errors. Archives go to .build-docs/<Module>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-docs
rm -rf "$out"
mkdir -p "$out"

swift build --target TetherDiagnostics
swift build --target TetherTesting
modules="$(swift build --show-bin-path)/Modules"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

for module in Tether:Container TetherValidation:Validation TetherDiagnostics:Diagnostics TetherTesting:Testing; do
    name="${module%%:*}"
    folder="${module##*:}"
    graphs="$out/graphs/$name"
    mkdir -p "$graphs"
    # The module's own symbols and its extensions of other modules' types (`Name@Other.symbols.json`).
    swift-symbolgraph-extract -module-name "$name" -target "$triple" -I "$modules" -output-dir "$graphs" \
        -minimum-access-level public
    docc convert "Sources/$folder/$name.docc" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$name" --fallback-bundle-identifier "dev.tether.$name" \
        --output-path "$out/$name.doccarchive" \
        --warnings-as-errors
done
echo "docs: $(cd "$out" && ls -d ./*.doccarchive | tr '\n' ' ')"
