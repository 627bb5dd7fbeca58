# Sourced by scripts/behave, scripts/test and scripts/bench: makes sure the C Lua 5.4 runtime
# (and what the tests and benchmark use: the stock lua5.4 interpreter, pkg-config) is there,
# installing it with apt-get on Debian when it is missing. ensure_test_tools (scripts/test, and scripts/bench for its live rows) adds
# what the tests alone use: python3 for the remote tests' HTTP server, jsonschema for the schema tests,
# man-db for the install check, nginx with nchan for the live events' pub/sub server, curl to publish,
# lcov's genhtml for the coverage tracefile.

ensure_lua() {
    local need=()
    pkg-config --exists lua5.4 2>/dev/null || need+=(liblua5.4-dev pkg-config)
    command -v lua5.4 >/dev/null 2>&1 || need+=(lua5.4)
    [ ${#need[@]} -eq 0 ] && return 0
    if command -v apt-get >/dev/null 2>&1; then
        local sudo=""
        [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
        echo "behave: installing ${need[*]} with apt-get" >&2
        if { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"; } >/dev/null 2>&1; then
            pkg-config --exists lua5.4 && return 0
        fi
    fi
    cat >&2 <<MSG
behave: the C Lua 5.4 runtime is missing and could not be installed automatically.
Install it, then run this command again:
  Debian/Ubuntu:  sudo apt-get install liblua5.4-dev lua5.4 pkg-config
  macOS:          brew install lua pkg-config
MSG
    exit 69
}

# What only the tests use, so the newcomer's `scripts/behave run` never waits for it: python3 (the
# remote tests' HTTP server on 127.0.0.1) from apt, and Python's jsonschema (the schema tests) from
# PyPI, and cryptography (the https tests' throwaway certificate authority). A failure is reported here and again, more precisely, by the tests that need them.
ensure_test_tools() {
    local need=()
    command -v python3 >/dev/null 2>&1 || need+=(python3)
    command -v man >/dev/null 2>&1 || need+=(man-db)  # the install check reads the man page
    # The live tests' pub/sub server (docs/live.md): Debian's nginx with the nchan module.
    command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
    [ -e /usr/lib/nginx/modules/ngx_nchan_module.so ] || need+=(libnginx-mod-nchan)
    command -v curl >/dev/null 2>&1 || need+=(curl)
    command -v genhtml >/dev/null 2>&1 || need+=(lcov)  # reads behave test --coverage's tracefile
    if [ ${#need[@]} -gt 0 ] && command -v apt-get >/dev/null 2>&1; then
        local sudo=""
        [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
        echo "behave: installing ${need[*]} with apt-get (for the tests)" >&2
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"; } >/dev/null 2>&1 \
            || echo "behave: could not install ${need[*]}" >&2
    fi
    command -v python3 >/dev/null 2>&1 || return 0
    python3 -c 'import jsonschema, cryptography' 2>/dev/null && return 0
    echo "behave: installing jsonschema and cryptography with pip (for the schema and https tests)" >&2
    python3 -m pip install -q jsonschema cryptography >/dev/null 2>&1 \
        || echo "behave: could not install jsonschema and cryptography" >&2
}
