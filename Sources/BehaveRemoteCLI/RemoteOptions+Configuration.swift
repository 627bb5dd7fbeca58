#if Remote
    import Behave
    import BehaveCLI
    import BehaveRemote

    extension RemoteOptions {
        /// The loader's configuration; reads the keys and the fallback file (at most `inputLimit` bytes).
        func configuration(inputLimit: Int) throws(BehaveError) -> RemoteConfiguration {
            var configuration = RemoteConfiguration()
            configuration.cacheDirectory = cacheDirectory ?? BehaveTool.current.cacheDirectory
            if let maximumSize { configuration.maximumSize = maximumSize.bytes }
            if let connectTimeout { configuration.connectTimeout = connectTimeout }
            if let timeout { configuration.timeout = timeout }
            if let maximumRedirects { configuration.maximumRedirects = maximumRedirects }
            if let minimumFetchInterval { configuration.minimumFetchInterval = minimumFetchInterval }
            configuration.maximumWait = maximumWait
            configuration.certificateAuthorities = try checkedAuthorities()
            configuration.allowHTTP = allowHTTP
            configuration.refresh = refresh
            configuration.requireSignature = requireSignature
            configuration.headers = headers.map { (name: $0.name, value: $0.value) }
            for key in publicKeys { configuration.publicKeys.append(try KeyFiles.publicKey(key)) }
            if let fallback { configuration.fallback = try Behaviour.read(path: fallback, limit: inputLimit) }
            return configuration
        }
    }

    extension RemoteOptions {
        /// How `--events URL` connects: the same TLS, headers and connect timeout as a fetch, and
        /// its reports on stderr.
        func liveConfiguration(messageLimit: Int) throws(BehaveError) -> LiveEventsConfiguration {
            var live = LiveEventsConfiguration()
            live.allowHTTP = allowHTTP
            live.headers = headers.map { (name: $0.name, value: $0.value) }
            live.certificateAuthorities = try checkedAuthorities()
            if let connectTimeout { live.connectTimeout = connectTimeout }
            live.maximumMessage = messageLimit
            // Each line starts with the URL (and a message's number, as stdin's lines do).
            live.report = { line in StandardError.write(line + "\n") }
            return live
        }

        /// `--ca-file`, read and checked now: a file that cannot be read or holds no PEM certificate
        /// is the command's error at start (exit 66), rather than every fetch's, or every
        /// reconnection's of an event stream, which would try it again for ever.
        private func checkedAuthorities() throws(BehaveError) -> String? {
            guard let path = certificateAuthorities else { return nil }
            // A regular file only: the TLS setup reads it again, and a FIFO would hold the start.
            let pem = try FileBytes.read(path, limit: 1 << 20, regularOnly: true)
            if let problem = AsyncHTTPClientTransport.authoritiesProblem(in: pem) {
                throw .unreadable(path, reason: problem)
            }
            return path
        }
    }

    extension RemoteBehaviour.Origin {
        /// The tool's exit code when a behaviour from this copy ran without error.
        var successCode: Int32 {
            switch self {
            case .lastGoodCopy: BehaveExit.ranLastGoodCopy
            case .fallback: BehaveExit.ranFallback
            default: BehaveExit.success
            }
        }
    }
#endif
