#if Remote
    import Behave

    extension RemoteLoader {
        /// The body of `url`, fetched once as a copy is (the scheme checked on every redirect, the
        /// configuration's headers, authorities, timeouts and size limit), with nothing cached and
        /// nothing verified: for files that are data, such as collected health reports.
        nonisolated(nonsending) public func download(_ url: String) async throws(RemoteProblem) -> [UInt8] {
            let fetcher = try HTTPFetcher(configuration: configuration)
            let answer: TransportResponse
            do {
                answer = try await fetcher.get(
                    url, maximumSize: configuration.maximumSize, deadline: WallClock.now() + configuration.timeout)
            } catch {
                await fetcher.shutdown()
                throw error
            }
            await fetcher.shutdown()
            guard answer.status == 200 else { throw .status(answer.status) }
            return answer.body
        }
    }
#endif
