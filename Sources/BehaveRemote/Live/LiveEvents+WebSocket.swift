#if Remote
    import AsyncHTTPClient
    import Behave
    import NIOConcurrencyHelpers
    import NIOCore
    import NIOHTTP1
    import NIOWebSocket
    import WebSocketKit

    extension LiveEvents {
        /// What the WebSocket's callbacks, on its event loop, hand to the connection's task.
        private enum Arrival: Sendable {
            case opened
            case text(String)
            case binary
            case closed(WebSocketErrorCode?)
            case failed(String)
            case connectTimedOut
        }

        /// One WebSocket connection: each text message a line of an events file.
        func streamWebSocket(channel: EventChannel, _ receive: (Happening) -> Void) async throws(ConnectionEnd) {
            let (settings, headers) = try webSocketSettings()
            // WebSocket has no way to ask the server to wait: what finds no room is dropped, reported once.
            let (arrivals, continuation) = AsyncStream.makeStream(
                of: Arrival.self, bufferingPolicy: .bufferingOldest(max(1, configuration.maximumWaiting)))
            let reportDrop = Self.once(
                configuration.report, "\(url): messages dropped: the behaviour is too far behind the server")
            // The socket, once upgraded; or that this attempt is over, so that a socket upgraded
            // after its timeout or cancellation is closed at once rather than left open.
            let socket = NIOLockedValueBox<(ws: WebSocket?, over: Bool)>((nil, false))
            let ping = Self.amount(configuration.idleTimeout / 2)
            WebSocket.connect(
                to: url, headers: headers, configuration: settings, on: HTTPClient.defaultEventLoopGroup
            ) { ws in
                let late = socket.withLockedValue { state in
                    state.ws = ws
                    return state.over
                }
                if late {
                    _ = ws.close()
                    return
                }
                ws.pingInterval = ping  // an unanswered ping closes it: a dead network is noticed
                ws.onText { _, text in
                    guard case .dropped = continuation.yield(.text(text)) else { return }
                    reportDrop()
                }
                ws.onBinary { _, _ in continuation.yield(.binary) }
                ws.onClose.whenComplete { _ in
                    continuation.yield(.closed(ws.closeCode))
                    continuation.finish()
                }
                continuation.yield(.opened)
            }.whenFailure { error in
                continuation.yield(.failed(Self.describeUpgrade(error)))
                continuation.finish()
            }
            let timeout = configuration.connectTimeout
            let timer = Task {
                try? await Task.sleep(nanoseconds: UInt64(min(max(0, timeout), 86_400) * 1e9))
                continuation.yield(.connectTimedOut)
            }
            defer {
                timer.cancel()
                let ws = socket.withLockedValue { state in
                    state.over = true
                    return state.ws
                }
                _ = ws?.close()
            }
            let reason = await withTaskCancellationHandler {
                var opened = false
                for await arrival in arrivals {
                    switch arrival {
                    case .opened:
                        opened = true
                        timer.cancel()
                        receive(.opened)
                    case .text(let text):
                        receive(.message(Array(text.utf8)))
                        await room(in: channel)
                    case .binary: receive(.refused("it is a binary message; events are text"))
                    case .closed(let code): return Self.describeClose(code, limit: configuration.maximumMessage)
                    case .failed(let reason): return reason
                    case .connectTimedOut:
                        if !opened {
                            return "cannot connect within \(Limits.formatSeconds(timeout)) (--connect-timeout)"
                        }
                    }
                }
                return "the server closed the connection"
            } onCancel: {
                continuation.finish()
            }
            throw .problem(reason)
        }

        /// The client's limits and TLS, and the upgrade request's headers.
        private func webSocketSettings() throws(ConnectionEnd) -> (WebSocketClient.Configuration, HTTPHeaders) {
            var settings = WebSocketClient.Configuration(maxFrameSize: Self.frameLimit(configuration.maximumMessage))
            do {
                settings.tlsConfiguration = try AsyncHTTPClientTransport.trusting(configuration.certificateAuthorities)
            } catch {
                throw .problem(error.description)
            }
            settings.maxAccumulatedFrameSize = Self.frameLimit(configuration.maximumMessage)
            // A message in endless empty pieces is refused like one too long.
            settings.minNonFinalFragmentSize = 1
            settings.maxAccumulatedFrameCount = 1024
            var headers = HTTPHeaders()
            if !configuration.headers.contains(where: { $0.name.lowercased() == "user-agent" }) {
                headers.add(name: "User-Agent", value: HTTPFetcher.userAgent)
            }
            for (name, value) in configuration.headers { headers.add(name: name, value: value) }
            return (settings, headers)
        }

        private static func frameLimit(_ limit: Int) -> Int {
            limit > 0 ? min(limit, Int(UInt32.max)) : Int(UInt32.max)
        }

        private static func describeClose(_ code: WebSocketErrorCode?, limit: Int) -> String {
            switch code {
            case .messageTooLarge?:
                return "a message is longer than the limit of \(limit) bytes; the connection was closed"
            case .normalClosure?, .goingAway?: return "the server closed the connection"
            case let code?: return "the connection was closed (\(code))"
            // Only NIO's own protocol checks close a connection without a code: the frame's
            // length over the limit is the one a server that speaks WebSocket trips.
            case nil:
                return
                    "a message is longer than the limit of \(limit) bytes, or broke the protocol; the connection was closed"
            }
        }

        /// A function that sends `line` to `report` the first time it is called, and does nothing after.
        private static func once(_ report: (@Sendable (String) -> Void)?, _ line: String) -> @Sendable () -> Void {
            let done = NIOLockedValueBox(false)
            return {
                let first = done.withLockedValue { seen in
                    defer { seen = true }
                    return !seen
                }
                if first { report?(line) }
            }
        }

        private static func describeUpgrade(_ error: any Error) -> String {
            if let error = error as? WebSocketClient.Error, case .invalidResponseStatus(let head) = error {
                return "the server answered \(head.status.code)"
            }
            return describe(error)
        }
    }
#endif
