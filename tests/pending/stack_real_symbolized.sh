#!/bin/sh
# stack_real_symbolized.sh - tests/e2e/stack_real.sh over every dump form.
# Kept out of tests/e2e until it passes:
# - symbolized ("#N 0xADDR func file:line:col"): the producer looked return
#   addresses up as is and printed no module, so maxtriage must re-resolve
#   those frames (call site = offset-1, inline flags, disassembly of the
#   faulting instruction) to match llvm-symbolizer.
# (The "late" form passes and runs in tests/e2e/stack_real.sh.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
STACK_REAL_FORMS=symbolized exec sh "$here/../e2e/stack_real.sh"
