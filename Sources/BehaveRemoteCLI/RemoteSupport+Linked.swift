#if Remote
    import BehaveCLI

    extension RemoteSupport {
        /// Fetching over HTTP(S) with the last-good-copy cache, and Ed25519 keys and signatures,
        /// linked into the tool.
        ///
        /// ```swift
        /// BehaveTool.main(name: "ticketing", modules: [Ticketing()], remote: .linked)
        /// ```
        public static var linked: RemoteSupport { RemoteSupport(tools: LinkedRemoteTools()) }
    }
#endif
