#!/usr/bin/env bash
# The core's layers (CMakeLists.txt's EDPD_LAYERS, lowest first) as its includes show them: a
# file includes headers of its own layer and of the layers below, never above; the public
# headers (csrc/include/edpd/) include only each other; the programs and libraries on top of the
# core (cli, wasm, observe, experiments) include the public headers, the base layer's helpers
# and their own. Prints each file that breaks this, and exits 1 if any does.
#   tests/scripts/layers.sh PROJECT_ROOT
set -euo pipefail
root=$1
cd "$root"
layers=($(sed -n 's/^set(EDPD_LAYERS \(.*\))/\1/p' CMakeLists.txt))
[ ${#layers[@]} -ge 2 ] || { echo "layers: no EDPD_LAYERS list in CMakeLists.txt" >&2; exit 1; }
rank() { local k; for k in "${!layers[@]}"; do [ "${layers[$k]}" = "$1" ] && { echo "$k"; return; }; done; echo -1; }
consumers=" cli wasm observe experiments "
bad=0
complain() { echo "layers: $1" >&2; bad=1; }

for f in csrc/*.c csrc/*.h; do [ -e "$f" ] && complain "$f sits in csrc/ itself, in no layer"; done
for d in csrc/*/; do
  d=$(basename "$d")
  [ "$d" = include ] || [ "$(rank "$d")" -ge 0 ] || [[ $consumers == *" $d "* ]] || complain "csrc/$d/ is neither a layer (EDPD_LAYERS) nor a program or library on top"
done
checked=0
while IFS= read -r f; do
  dir=$(dirname "$f"); layer=$(basename "$dir")
  checked=$((checked + 1))
  while IFS= read -r inc; do
    case "$inc" in
      */*) top=${inc%%/*} ;;
      *) [ -f "$dir/$inc" ] || complain "$f includes \"$inc\", which is not in $dir/"; continue ;;
    esac
    if [ "$dir" = csrc/include/edpd ]; then complain "$f (public) includes \"$inc\": a public header includes only public ones"; continue; fi
    [ "$top" = edpd ] && continue
    if [[ $consumers == *" $layer "* ]]; then
      [ "$top" = base ] || complain "$f ($layer, on top of the core) includes the engine's \"$inc\": only the public API and base/"
      continue
    fi
    r=$(rank "$top")
    [ "$r" -ge 0 ] || { complain "$f includes \"$inc\", of no layer"; continue; }
    [ "$r" -le "$(rank "$layer")" ] || complain "$f ($layer) includes \"$inc\" of the layer above it ($top)"
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done < <(find csrc -name '*.[ch]' | sort)
[ "$bad" = 0 ] || exit 1
echo "layers: $checked files, each including only its own layer, the layers below (${layers[*]}) and the public API"
