# Sourced by ab.sh and wasm_ab.sh: the core's sources and include flags of a revision unpacked in
# DIR (git archive REV csrc), in either layout: the layers' folders with the public headers in
# csrc/include/edpd/, or the flat csrc/ of older revisions (given an include/edpd/ of links, so
# that the working tree's harnesses, which include "edpd/edpd.h", build against both).
#   revision_core DIR   sets core_srcs (relative to DIR; the WebAssembly API and the CLI aside)
#                       and core_includes (-I flags, absolute)
revision_core() {
  local dir=$1
  if [ -d "$dir/csrc/include/edpd" ]; then
    core_srcs=($(cd "$dir" && ls csrc/{base,space,interact,world,measure,engine,setup,io}/*.c 2>/dev/null))
    core_includes="-I$dir/csrc -I$dir/csrc/include"
  else
    core_srcs=($(cd "$dir" && ls csrc/*.c | grep -v '/wasm_api\.c$'))
    mkdir -p "$dir/shim/edpd"
    for h in "$dir"/csrc/*.h "$dir"/csrc/experiments/*.h "$dir"/csrc/observe/*.h; do
      [ -f "$h" ] && ln -sf "$h" "$dir/shim/edpd/$(basename "$h")"
    done
    [ -f "$dir/csrc/xyz_read.h" ] && ln -sf "$dir/csrc/xyz_read.h" "$dir/shim/edpd/xyz.h"
    core_includes="-I$dir/csrc -I$dir/shim"
  fi
}
