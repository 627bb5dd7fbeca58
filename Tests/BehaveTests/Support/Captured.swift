import Behave
import Keynote
import Lua
import Testing

final class Captured: @unchecked Sendable {
    var output = ""
    var diagnostics = ""
}
