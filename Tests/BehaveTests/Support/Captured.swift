import Behave
import BehaveDemos
import BehaveLua
import Testing

final class Captured: @unchecked Sendable {
    var output = ""
    var diagnostics = ""
}
