import Behave

/// The seed's demo modules, as the `behave` tool carries them.
public enum DemoModules {
    /// `MyFirstModule`, `MySecondModule`, `MyThirdModule` and `Keynote`; `openURLs` lets
    /// `MyThirdModule.openUrl` launch a browser instead of printing the URL.
    public static func all(openURLs: Bool) -> [any BehaveModule] {
        [
            MyFirstModule(), MySecondModule(), MyThirdModule(opener: openURLs ? SystemOpener() : PrintingOpener()),
            Keynote(),
        ]
    }

    /// What the tool's `--open-urls` lets ``all(openURLs:)``'s modules do, for its help.
    public static let openURLsHelp = "Let MyThirdModule.openUrl launch xdg-open/open instead of printing 'open URL'."
}
