# Filters `swift build` and `swift test` output for `make test` (issue 11 item 13): the
# per-test "started"/"passed" lines, the per-suite lines of passing suites, the parallel
# runner's "[k/n] Testing …" lines (counted, the count printed at the end) and the build's
# progress lines are dropped; everything else — compiler diagnostics, failures with their
# messages, skips, what tests print, crashes and the final totals — is kept. The exit status
# is the command's (the Makefile sets pipefail).
/^Test Case '.*' (started|passed) / { next }
/^Test Suite '.*' started at / { next }
/^Test Suite 'All tests' passed at / { print; fflush(); next }
/^Test Suite '.*' passed at / { suitepassed = 1; next }
/^\t Executed [0-9]+ tests?, with 0 failures/ { if (suitepassed) { suitepassed = 0; next } }
{ suitepassed = 0 }
/^\[[0-9]+\/[0-9]+\] Testing / { tests++; next }
/^\[[0-9]+\/[0-9]+\] / { next }
/^(Building for debugging|Planning build|Write swift-version|Compiling plugin|Building for production)/ { next }
{ print; fflush() }
END { if (tests) { printf "%d tests run in parallel (swift test --parallel prints only failures; VERBOSE=1 shows every test and skip)\n", tests } }
