# The flags every release build of the tool and the bench uses (sourced by scripts/behave and
# scripts/bench, so both build the same configuration and never rebuild each other's output).
# --static-swift-stdlib: the Swift runtime and Foundation linked in, so starting `behave` loads
# and relocates no Swift shared libraries (see docs/performance.md,
# "Process start").
release_flags=(-c release --static-swift-stdlib)
