#!/usr/bin/env bash
# Every global symbol of the core's libraries is either the public API (named edpd_ or EDPD_
# and declared in csrc/include/edpd/) or carries the engine's internal prefix ed_; everything
# else is static. Exits 1 naming the symbols that break this.
#   tests/scripts/symbols.sh PROJECT_ROOT LIBRARY.a ...
set -euo pipefail
root=$1; shift
bad=0 count=0
for lib in "$@"; do
  while read -r sym; do
    count=$((count + 1))
    case "$sym" in
      ed_*) ;;
      __*) ;;  # the compiler's and the sanitizers' own (AddressSanitizer's __odr_asan.*)
      edpd_*|EDPD_*)
        grep -qw "$sym" "$root"/csrc/include/edpd/*.h || { echo "symbols: $sym ($(basename "$lib")) is named as public but no public header declares it" >&2; bad=1; } ;;
      *) echo "symbols: $sym ($(basename "$lib")) is global without a prefix: make it static, or name it ed_$sym" >&2; bad=1 ;;
    esac
  done < <(nm --defined-only -g "$lib" | awk 'NF == 3 && $2 ~ /[TDRB]/ {print $3}' | sort -u)
done
[ "$bad" = 0 ] || exit 1
echo "symbols: $count global symbols, each public (edpd_, declared in csrc/include/edpd/) or internal (ed_)"
