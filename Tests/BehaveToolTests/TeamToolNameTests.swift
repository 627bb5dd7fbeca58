import Behave
import BehaveTesting
import Testing

@testable import BehaveCLI

/// A team's tool (`BehaveTool(name: "shop", …)`) writes its own name where `behave` writes
/// Behave's, and its help has only what it has. The built Examples tool is checked the same way
/// end to end by scripts/example.
@Suite("A team's tool is its own")
struct TeamToolNameTests {
    let shop = BehaveTool(name: "shop", version: "2.1.0", modules: [])

    @Test("the JUnit report, the REPL banner, the history and the translation carry its name")
    func name() {
        #expect(JUnitReport.xml([], tool: "shop").contains(#"<testsuites name="shop test""#))
        #expect(Repl.bannerName(shop) == "shop 2.1.0 (Behave \(BehaveVersion.current))")
        #expect(Repl.bannerName(BehaveTool(name: "behave", modules: [])) == "Behave \(BehaveVersion.current)")
        let history = History.defaultPath(tool: "shop")
        #expect(history?.hasSuffix("/shop/history") == true, "\(history ?? "nil")")
        #expect(shop.cacheDirectory.hasSuffix("/shop") && shop.cacheDirectoryHelp.contains("/shop"))
        let header =
            "-- Translated by `behave translate` from a.json.\n-- Runs to the same output as the action list: `behave run` on this file.\n"
        #expect(
            TranslateCommand.named(header, tool: "shop")
                == "-- Translated by `shop translate` from a.json.\n-- Runs to the same output as the action list: `shop run` on this file.\n"
        )
    }

    @Test("without remote support the remote options are hidden; handed off or linked they show")
    func remoteHelp() {
        #expect(shop.remoteHelpVisibility == .hidden)
        #expect(BehaveTool(name: "b", remote: .handOff(to: "b-remote"), modules: []).remoteHelpVisibility == .default)
    }
}
