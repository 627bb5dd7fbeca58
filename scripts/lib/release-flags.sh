# The flags every release build of the tool and the bench uses (sourced by scripts/behave,
# scripts/install and scripts/bench, so all build the same configuration and never rebuild each
# other's output).
# --static-swift-stdlib: the Swift runtime and Foundation linked in, so starting `behave` loads
# and relocates no Swift shared libraries (see docs/performance.md, "Process start").
release_flags=(-c release --static-swift-stdlib)
# On Linux the C++ runtime is linked in as well: the static Swift runtime's link line names
# -lstdc++, and loading and relocating libstdc++.so was half of a one-line script's start. A
# linker script named libstdc++.so, in a directory searched before the system's, points the
# linker at the archive instead.
if [ "$(uname -s)" = Linux ]; then
    static_cxx_archive="$(clang -print-file-name=libstdc++.a 2>/dev/null || true)"
    if [ -f "$static_cxx_archive" ]; then
        static_cxx_dir="$root/.build/static-libstdc++"
        mkdir -p "$static_cxx_dir"
        echo "INPUT($static_cxx_archive)" >"$static_cxx_dir/libstdc++.so.tmp"
        mv "$static_cxx_dir/libstdc++.so.tmp" "$static_cxx_dir/libstdc++.so"
        release_flags+=(-Xswiftc -L -Xswiftc "$static_cxx_dir")
    fi
    # The executable stays position-independent: a tool that runs behaviours from anywhere keeps
    # address-space randomisation for its own code, though relocating the static runtime's
    # metadata is a part of every start (docs/performance.md, "Process start").
fi
