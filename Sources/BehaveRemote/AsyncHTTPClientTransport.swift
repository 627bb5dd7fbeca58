#if Remote
    import AsyncHTTPClient
    import Behave
    import BehavePlatform
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import NIOSSL

    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// The default ``BehaviourTransport``: AsyncHTTPClient on SwiftNIO, with the configuration's
    /// connect timeout, no decompression, and no retry of a refused connection (it would only delay
    /// the cached copy).
    public struct AsyncHTTPClientTransport: BehaviourTransport {
        private let client: HTTPClient
        private let connectTimeout: Double

        /// A transport whose connections time out after `connectTimeout` seconds, trusting the
        /// system's certificate authorities, or only those of the PEM file `certificateAuthorities`
        /// (as curl's `--cacert`). Throws when that file holds no certificate it can read.
        public init(
            connectTimeout: Double = RemoteConfiguration().connectTimeout, certificateAuthorities: String? = nil
        ) throws(RemoteProblem) {
            self.connectTimeout = connectTimeout
            var settings = HTTPClient.Configuration(
                redirectConfiguration: .disallow,  // the loader follows them, checking each hop's scheme
                timeout: .init(
                    connect: .nanoseconds(
                        Int64((connectTimeout.isNaN ? 86_400 : min(max(0, connectTimeout), 86_400)) * 1e9))))
            settings.tlsConfiguration = try Self.trusting(certificateAuthorities)
            settings.decompression = .disabled
            settings.connectionPool.retryConnectionEstablishment = false
            client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        }

        /// TLS that trusts only the authorities of the PEM file at `path`; nil (the system's) without one.
        static func trusting(_ path: String?) throws(RemoteProblem) -> TLSConfiguration? {
            guard let path else { return nil }
            var tls = TLSConfiguration.makeClientConfiguration()
            do {
                let certificates = try NIOSSLCertificate.fromPEMFile(path)
                guard !certificates.isEmpty else { throw RemoteProblem.unreachable("no certificate in it") }
                tls.trustRoots = .certificates(certificates)
            } catch {
                throw .unreachable("cannot use the certificate authorities in \(path): \(error)")
            }
            return tls
        }

        /// Why `pem`, the bytes of a file of certificate authorities (`--ca-file`), gives none to
        /// trust, in a few words; nil when it holds a certificate. A tool checks its file with it
        /// at start, so that a file that can never serve is its error once, not every connection's.
        package static func authoritiesProblem(in pem: [UInt8]) -> String? {
            // An empty file never reaches BoringSSL, whose memory reader is not for an empty buffer.
            let certificates = pem.isEmpty ? nil : (try? NIOSSLCertificate.fromPEMBytes(pem))
            return certificates?.isEmpty == false ? nil : "it holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
        }

        public func shutdown() async { try? await client.shutdown() }

        public func get(_ request: TransportRequest) async throws(RemoteProblem) -> TransportResponse {
            // The loader's timer ends a fetch at its deadline (``HTTPFetcher``); this one only lets
            // the client give up on its own as well. A timeout beyond a day, or not a number, is a day.
            let seconds = request.timeout.isNaN ? 86_400 : min(max(0, request.timeout), 86_400)
            let deadline = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
            var outgoing = HTTPClientRequest(url: request.url)
            for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
            let response: HTTPClientResponse
            do { response = try await client.execute(outgoing, deadline: deadline) } catch {
                throw describe(error, url: request.url, duringBody: false, timeout: request.timeout)
            }
            let status = Int(response.status.code)
            let headers = response.headers.map { (name: $0.name, value: $0.value) }
            guard status == 200 else { return TransportResponse(status: status, headers: headers) }
            if let length = response.headers.first(name: "content-length").flatMap(Int.init),
                length > request.maximumSize
            {
                throw .tooLarge(limit: request.maximumSize)  // refused before a byte of it is read
            }
            var body: [UInt8] = []
            do {
                for try await chunk in response.body {
                    guard body.count + chunk.readableBytes <= request.maximumSize else {
                        throw RemoteProblem.tooLarge(limit: request.maximumSize)
                    }
                    body.append(contentsOf: chunk.readableBytesView)
                    guard NIODeadline.now() < deadline else { throw RemoteProblem.timedOut(seconds: request.timeout) }
                }
            } catch let problem as RemoteProblem {
                throw problem
            } catch {
                throw describe(error, url: request.url, duringBody: true, timeout: request.timeout)
            }
            return TransportResponse(status: status, headers: headers, body: body)
        }

        /// A transport error as one readable reason.
        private func describe(_ error: any Error, url: String, duringBody: Bool, timeout: Double) -> RemoteProblem {
            let host = URL(string: url).map { ($0.host ?? "?") + ($0.port.map { ":\($0)" } ?? "") } ?? url
            if let reason = Self.certificateReason(error) {
                return .unreachable("the certificate of \(host) is refused: \(reason)")
            }
            // The server answered with more header bytes than the client reads: not a connection problem.
            if let error = error as? HTTPParserError, case .headerOverflow = error {
                return .protocolError("the headers from \(host) are larger than an answer's headers may be")
            }
            if let error = error as? HTTPClientError {
                switch error {
                case .deadlineExceeded, .readTimeout:
                    return .timedOut(seconds: timeout)
                case .connectTimeout:
                    return .unreachable(
                        "cannot connect to \(host) within \(Limits.formatSeconds(connectTimeout)) (--connect-timeout)")
                case .remoteConnectionClosed:
                    return duringBody
                        ? .truncated("the server closed the connection") : .unreachable("\(host) closed the connection")
                default:
                    if duringBody { return .truncated("\(error)") }
                    return .unreachable("cannot fetch from \(host): \(error)")
                }
            }
            if duringBody { return .truncated(Self.reason(error)) }
            return .unreachable("cannot connect to \(host): \(Self.reason(error))")
        }

        /// Why the server's certificate was refused, when that is what failed.
        static func certificateReason(_ error: any Error) -> String? {
            let text = "\(error)"
            if error is NIOSSLExtraError, text.lowercased().contains("hostname") {
                return "it is not for this host name"
            }
            guard text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") else {
                return nil
            }
            if text.contains("expired") { return "it has expired" }
            if text.contains("hostname") || text.contains("host name") || text.contains("IP address mismatch") {
                return "it is not for this host name"
            }
            return
                "it is not signed by a trusted authority, has expired, or is not for this host name (--ca-file trusts an authority)"
        }

        /// "connection refused", "cannot resolve the host name", or the error as NIO describes it.
        static func reason(_ error: any Error) -> String {
            if let error = error as? NIOConnectionError {
                if let failure = error.connectionErrors.first { return reason(failure.error) }
                if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve the host name" }
            }
            if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
            return "\(error)"
        }
    }
#endif
