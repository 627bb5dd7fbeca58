#if Remote
    import Behave

    /// A served behaviour's format: from its Content-Type, then the URL's extension, then its content.
    enum ServedFormat {
        static func format(contentType: String?, url: String, body: [UInt8]) throws(RemoteProblem) -> Behaviour.Format {
            let media =
                contentType.map { type in
                    String(type.split(separator: ";", maxSplits: 1).first ?? "").trimmingWhitespace().lowercased()
                } ?? ""
            switch media {
            case "application/json", "text/json":
                return .json
            case "text/x-lua", "application/x-lua", "text/lua", "application/lua":
                return .lua
            case "", "text/plain", "application/octet-stream", "binary/octet-stream":
                return Behaviour.detectFormat(name: path(of: url), bytes: body)
            default:
                if media.hasSuffix("+json") { return .json }
                // An HTML page (a captive portal, an error page served as 200) or an image is never a behaviour.
                throw .contentType(media)
            }
        }

        /// The URL's path, without query or fragment, for its extension.
        static func path(of url: String) -> String {
            String(url.split(whereSeparator: { $0 == "?" || $0 == "#" }).first ?? "")
        }
    }
#endif
