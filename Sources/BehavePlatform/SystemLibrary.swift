// The platform's C library, imported in this one place for every Behave module that calls it.
// Behave's modules import BehavePlatform, never Glibc or Darwin: a call that differs between
// the platforms is a `Platform` member here, with a branch for each.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#else
    #error("Behave needs a POSIX C library (Glibc, Musl or Darwin)")
#endif
