import Behave

/// The seed's third module: opens a web page.
public struct MyThirdModule: BehaveModule {
    public let name = "MyThirdModule"
    public var doc: String { "Opens web pages (seed module)" }
    /// How URLs are opened.
    public var opener: any URLOpening

    /// A module that opens with `opener` (default: prints `open URL`).
    public init(opener: any URLOpening = PrintingOpener()) { self.opener = opener }

    public var actions: [Action] {
        let opener = self.opener
        return [
            Action(
                "openUrl", doc: "Opens an absolute http(s) URL",
                Action.Parameter("url", doc: "the page to open")
            ) { (context, url: String) in
                guard URLValidation.isValid(url) else { throw InvalidURL(url: url) }
                try opener.open(url, context: context)
            }
        ]
    }
}
