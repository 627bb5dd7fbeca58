import BehaveLua
import CBehave
import CBehaveLua
import Foundation
import Testing

/// The C-stack floor on a thread with a small stack, as Apple's secondary threads have (512 KiB).
@Suite("A small C stack")
struct SmallStackTests {
    /// What the thread saw; written by it before the semaphore is signalled.
    final class Outcome: @unchecked Sendable {
        var text = ""
    }

    /// Coroutines whose `__close` closes the one made before: Lua 5.4.4's `coroutine.close`
    /// recurses in C without counting.
    static let chain = """
        local previous, stopped
        for i = 1, 10000 do
          local p = previous
          local co = coroutine.create(function()
            local x <close> = setmetatable({}, {__close = function()
              if p then local ok, e = coroutine.close(p) stopped = stopped or (not ok and e) end
            end})
            coroutine.yield()
          end)
          coroutine.resume(co)
          previous = co
        end
        coroutine.close(previous)
        return tostring(stopped)
        """

    @Test("on a 512 KiB thread, coroutines closing each other in __close stop with an error, not a crash")
    func closeChainOnSmallThread() throws {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            do {
                let lua = try LuaState()
                lua.openStandardLibraries()
                let L = lua.pointer
                // The guarded close, as the sandbox and --trusted install it.
                lua_getglobal(L, "coroutine")
                lua_getfield(L, -1, "close")
                lua_pushcclosure(L, behave_close, 1)
                lua_setfield(L, -2, "close")
                luashim_pop(L, 1)
                var saved = behave_slice_saved()
                behave_enter_slice(lua.control.pointer, L, 0, 0, &saved)
                defer { behave_leave_slice(lua.control.pointer, &saved) }
                outcome.text = try lua.run(Self.chain).first?.string ?? "no result"
            } catch {
                outcome.text = "\(error)"
            }
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(outcome.text.contains("C stack overflow"), "\(outcome.text)")
    }
}
