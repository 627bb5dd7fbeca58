# The flags every release build of the tool and the bench uses (sourced by scripts/behave,
# scripts/install and scripts/bench, so all build the same configuration and never rebuild each
# other's output).
# --static-swift-stdlib: the Swift runtime and Foundation linked in, so starting `behave` loads
# and relocates no Swift shared libraries (see docs/performance.md, "Process start").
# --disable-local-rpath: such an executable needs no library beside it, and the loader would look
# for each system library in its directory first.
release_flags=(-c release --static-swift-stdlib --disable-local-rpath)
# Generic types are instantiated through their metadata accessors, not by demangling their names
# at run time: a name's generic requirements are checked against every protocol conformance in
# the executable, once per conformance, and each such scan is a large part of a start.
release_flags+=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
# On Linux the C++ runtime is linked in as well: the static Swift runtime's link line names
# -lstdc++, and loading and relocating libstdc++.so would be half of a one-line script's start. A
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
    # The functions a start runs come first in the executable (scripts/start-order lists them):
    # the kernel maps an executable's code as it is first run, a block of pages at a time, and
    # without the list the start path's code is spread over most of the blocks. The list orders
    # each function on its own, so every function gets a section of its own; lld, which the
    # toolchain ships, reads the list. Without lld the build is the same, unordered.
    # Before them, the code the CPU rows run (hot-order.txt), at the start of a page of its own
    # (-z separate-code): placed there, an unrelated change elsewhere moves none of it.
    lld="$(dirname "$(readlink -f "$(command -v swiftc)")")/ld.lld"
    if [ -x "$lld" ]; then
        # Named by its contents: an edit of either list changes the link's command line, so the
        # build relinks on its own.
        orders=("$root/scripts/lib/hot-order.txt" "$root/scripts/lib/start-order.txt")
        symbol_order="$root/.build/symbol-order-$(cat "${orders[@]}" | cksum | cut -d' ' -f1).txt"
        if [ ! -f "$symbol_order" ]; then
            mkdir -p "$root/.build"
            cat "${orders[@]}" >"$symbol_order.tmp.$$"
            mv "$symbol_order.tmp.$$" "$symbol_order"
        fi
        release_flags+=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
            -Xswiftc -use-ld=lld -Xlinker "--symbol-ordering-file=$symbol_order"
            -Xlinker --no-warn-symbol-ordering -Xlinker -z -Xlinker separate-code)
    else
        echo "release build: no ld.lld beside swiftc; the start path's functions are not placed first" >&2
    fi
fi

# release_link_flags PRODUCT: the flags that link PRODUCT, after release_flags. They are the
# linker's only, so products linked differently share every compiled object.
# On Linux `behave` and a team's tool are position-dependent: the static runtime's metadata holds
# absolute addresses throughout, which a position-independent executable has relocated at every
# start, copying each page that holds one. Shared libraries, the heap and the stack keep their
# randomised addresses (docs/sandbox.md). `behave-remote`, which reads the network, and any
# product when BEHAVE_PIE=1, are position-independent, their relocations packed (DT_RELR, glibc
# 2.36 and later) when lld links them.
release_link_flags() {
    [ "$(uname -s)" = Linux ] || return 0
    if [ "$1" != behave-remote ] && [ "${BEHAVE_PIE:-0}" != 1 ]; then
        echo -Xlinker --no-pie
    elif [ -x "$lld" ] && [ "$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ split($2, v, "."); print (v[1] > 2 || (v[1] == 2 && v[2] >= 36)) }')" = 1 ]; then
        echo -Xlinker -z -Xlinker pack-relative-relocs
    fi
}
