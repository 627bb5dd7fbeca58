import AsyncHTTPClient
import Behave
import BehavePlatform
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One answer from the server, after redirects.
struct HTTPAnswer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    /// The body of a 200, read in full within the size limit; empty otherwise.
    var body: [UInt8]
}

/// GET over AsyncHTTPClient with the loader's rules: https unless allowed, redirects counted and checked
/// one by one, the size limit enforced while the body streams in, one deadline for the whole fetch.
struct HTTPFetcher: Sendable {
    let configuration: RemoteConfiguration
    private let client: HTTPClient

    init(configuration: RemoteConfiguration) {
        self.configuration = configuration
        var settings = HTTPClient.Configuration(
            redirectConfiguration: .disallow,  // followed here, so each hop's scheme is checked
            timeout: .init(
                connect: .nanoseconds(Int64(configuration.connectTimeout * 1e9)),
                read: .nanoseconds(Int64(configuration.timeout * 1e9))))
        settings.decompression = .disabled
        // A refused connection fails now: retrying until the connect timeout would only delay the cached copy.
        settings.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
    }

    func shutdown() async { try? await client.shutdown() }

    /// Fetches `url`, following redirects, reading the body of a 200 up to `maximumSize` bytes.
    func get(
        _ url: String, headers extra: [(String, String)] = [], maximumSize: Int,
        deadline: NIODeadline
    ) async throws(RemoteProblem) -> HTTPAnswer {
        var current = url
        var redirects = 0
        while true {
            try checkScheme(current, redirected: redirects > 0)
            var request = HTTPClientRequest(url: current)
            request.headers.add(name: "User-Agent", value: "behave")
            request.headers.add(name: "Accept", value: "application/json, text/x-lua, text/plain;q=0.5, */*;q=0.1")
            for (name, value) in extra { request.headers.add(name: name, value: value) }
            let response: HTTPClientResponse
            do { response = try await client.execute(request, deadline: deadline) } catch {
                throw describe(error, url: current, duringBody: false)
            }
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status) {
                guard let location = response.headers.first(name: "location"),
                    let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString
                else {
                    throw .protocolError("the server answered \(status) without a usable Location")
                }
                redirects += 1
                guard redirects <= configuration.maximumRedirects else {
                    throw .redirect("more than \(configuration.maximumRedirects) redirects (--max-redirects)")
                }
                current = next
                continue
            }
            guard status == 200 else {
                return HTTPAnswer(status: status, headers: response.headers, body: [])
            }
            if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > maximumSize {
                throw .tooLarge(limit: maximumSize)  // refused before a byte of it is read
            }
            var body: [UInt8] = []
            do {
                for try await chunk in response.body {
                    guard body.count + chunk.readableBytes <= maximumSize else {
                        throw RemoteProblem.tooLarge(limit: maximumSize)
                    }
                    body.append(contentsOf: chunk.readableBytesView)
                    guard NIODeadline.now() < deadline else {
                        throw RemoteProblem.timedOut(seconds: configuration.timeout)
                    }
                }
            } catch let problem as RemoteProblem {
                throw problem
            } catch {
                throw describe(error, url: current, duringBody: true)
            }
            return HTTPAnswer(status: status, headers: response.headers, body: body)
        }
    }

    private func checkScheme(_ url: String, redirected: Bool) throws(RemoteProblem) {
        let lower = url.lowercased()
        if lower.hasPrefix("https://") { return }
        if lower.hasPrefix("http://") {
            if configuration.allowHTTP { return }
            throw .redirect(
                redirected
                    ? "a redirect leads to plain http (\(url)) and --allow-http is not set"
                    : "plain http is refused without --allow-http")
        }
        throw .redirect("\(url) is not an http or https URL")
    }

    /// A transport error as one readable reason.
    private func describe(_ error: any Error, url: String, duringBody: Bool) -> RemoteProblem {
        let host = URL(string: url).map { ($0.host ?? "?") + ($0.port.map { ":\($0)" } ?? "") } ?? url
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout:
                return .timedOut(seconds: configuration.timeout)
            case .connectTimeout:
                return .unreachable(
                    "cannot connect to \(host) within \(Limits.formatSeconds(configuration.connectTimeout)) (--connect-timeout)"
                )
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
