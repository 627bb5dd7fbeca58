# The products `behave ARGUMENTS` needs built, one per line (sourced by scripts/behave).
# behave hands the commands that fetch, sign or verify to behave-remote (docs/cli.md, "Two
# executables"): a URL among the arguments, or keygen, sign, verify or cache. behave-remote is the
# long build (SwiftNIO, AsyncHTTPClient, BoringSSL), so it is built only for those.
# Plain case patterns rather than ${x,,}: macOS still ships bash 3.2.
behave_products() {
    echo behave
    case "${1:-}" in keygen|sign|verify|cache) echo behave-remote; return ;; esac
    local argument
    for argument in "$@"; do
        case "$argument" in
            [Hh][Tt][Tt][Pp]://*|[Hh][Tt][Tt][Pp][Ss]://*) echo behave-remote; return ;;
        esac
    done
}
