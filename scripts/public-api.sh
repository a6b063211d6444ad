#!/usr/bin/env bash
# Writes the listings of the public API, API/<Module>.txt (see API/README.md), or with --check,
# fails when they differ from what the code declares.
#
#   scripts/public-api.sh            # Navigator and AppFlow: rewrite API/Navigator.txt, API/AppFlow.txt
#   scripts/public-api.sh --check    # the same, into a temporary directory, diffed against API/
#   scripts/public-api.sh --service [--check]   # the Service package's FlowServiceCore and ShopApp
#
# It does not build: it reads the modules that the debug build already made, so run
# `swift build` first (for --service, `swift build --package-path Service`). From each module,
# `swift symbolgraph-extract` makes its symbol graph (public symbols, with the module's extensions
# of other modules' types as extension blocks, as the AppFlow documentation step in .ci/run does),
# and scripts/public-api.py turns the graphs into the sorted listings.
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
service=false
for argument in "$@"; do
  case $argument in
    --check) check=true ;;
    --service) service=true ;;
    -h | --help)
      sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "public-api.sh: unknown option '$argument' (options: --check, --service)" >&2
      exit 2
      ;;
  esac
done

if $service; then
  modules=(FlowServiceCore ShopApp)
  build_dir=Service/.build/debug
  sources_dir=Service/Sources
  build_command="swift build --package-path Service"
  regenerate_command="scripts/public-api.sh --service"
else
  modules=(Navigator AppFlow)
  build_dir=.build/debug
  sources_dir=Sources
  build_command="swift build"
  regenerate_command="scripts/public-api.sh"
fi
module_dir=$build_dir/Modules

for module in "${modules[@]}"; do
  if [[ ! -f $module_dir/$module.swiftmodule ]]; then
    echo "public-api.sh: $module_dir/$module.swiftmodule is missing: run '$build_command' first (this script reads the debug build's modules; it does not build)" >&2
    exit 1
  fi
  # A listing made from a module older than its sources would describe the previous build.
  if [[ -n $(find "$sources_dir/$module" -name '*.swift' -newer "$module_dir/$module.swiftmodule" -print -quit 2>/dev/null) ]]; then
    echo "public-api.sh: warning: sources in $sources_dir/$module are newer than $module_dir/$module.swiftmodule; run '$build_command' for a current listing" >&2
  fi
done

work_dir=$(mktemp -d)
trap 'rm -rf "$work_dir"' EXIT
mkdir "$work_dir/graphs" "$work_dir/listings"

triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

# The C modules a module's dependencies import (NIO's, SQLite's in the Service package) are found
# through the module maps that SwiftPM passed to the compiler (-Xcc -fmodule-map-file=..., -Xcc
# -I...); they are read from SwiftPM's build description. The root package's modules import no C
# module, and then this prints nothing.
import_flags() {
  python3 - "$build_dir/description.json" "$1" <<'PY'
import json, sys
from pathlib import Path

description_path, module = Path(sys.argv[1]), sys.argv[2]
if not description_path.is_file():
    sys.exit(0)
commands = json.loads(description_path.read_text()).get("swiftCommands", {})
for command in commands.values():
    if command.get("moduleName") != module:
        continue
    arguments = command.get("otherArguments", [])
    # What the compiler passed on to clang: the value after each -Xcc.
    clang_arguments = [value for flag, value in zip(arguments, arguments[1:]) if flag == "-Xcc"]
    index = 0
    while index < len(clang_arguments):
        value = clang_arguments[index]
        if value == "-I" and index + 1 < len(clang_arguments):
            print("-Xcc", "-I" + clang_arguments[index + 1], sep="\n")
            index += 1
        elif value.startswith("-I") or value.startswith("-fmodule-map-file="):
            print("-Xcc", value, sep="\n")
        index += 1
    break
PY
}

for module in "${modules[@]}"; do
  flags=()
  while IFS= read -r flag; do flags+=("$flag"); done < <(import_flags "$module")
  swift symbolgraph-extract -module-name "$module" -I "$module_dir" -target "$triple" \
    -emit-extension-block-symbols -minimum-access-level public \
    ${flags[@]+"${flags[@]}"} -output-dir "$work_dir/graphs"
done

module_options=()
for module in "${modules[@]}"; do module_options+=(--module "$module"); done

if ! $check; then
  python3 scripts/public-api.py "$work_dir/graphs" API "${module_options[@]}" \
    --regenerate-command "$regenerate_command"
  exit 0
fi

python3 scripts/public-api.py "$work_dir/graphs" "$work_dir/listings" "${module_options[@]}" \
  --regenerate-command "$regenerate_command" > /dev/null
status=0
for module in "${modules[@]}"; do
  committed=API/$module.txt
  [[ -f $committed ]] || committed=/dev/null
  if ! diff -u --label "API/$module.txt (committed)" --label "API/$module.txt (from the build)" \
    "$committed" "$work_dir/listings/$module.txt"; then
    status=1
  fi
done
if ((status != 0)); then
  echo "the public API changed: run $regenerate_command and commit API/" >&2
  exit 1
fi
for module in "${modules[@]}"; do
  echo "   API/$module.txt is current ($(sed -n '2s|^// ||p' "API/$module.txt"))"
done
