import FuzzSupport

#if Remote
    /// `behave-remote-fuzz TARGET [libFuzzer options] [CORPUS...]`: the targets over the files of
    /// remote behaviours (signatures, cache entries, quarantine records), live event streams and
    /// fleet manifests, apart from `behave-fuzz` because they link BehaveRemote's network and
    /// crypto code.
    @main
    enum BehaveRemoteFuzz {
        static func main() {
            FuzzMain.run(
                tool: "behave-remote-fuzz",
                targets: [
                    SignatureTarget.self, CacheTarget.self, QuarantineTarget.self, StreamTarget.self,
                    ManifestTarget.self,
                ])
        }
    }
#else
    /// Built without the Remote trait: there is no remote code to fuzz.
    @main
    enum BehaveRemoteFuzz {
        static func main() { FuzzMain.run(tool: "behave-remote-fuzz", targets: []) }
    }
#endif
