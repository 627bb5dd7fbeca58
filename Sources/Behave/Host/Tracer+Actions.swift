import BehaveLua
import CBehave

extension Tracer {
    /// The Lua function body of the immediate action `module.action` (`name`): `body` itself
    /// while nothing watches, else `body` with its call reported to whoever watches the run.
    /// Made once per state; whether anything watches is read at each call.
    func watching(
        _ body: @escaping (ActionContext, LuaStack) throws -> Int32, of module: String, _ action: String,
        named name: String, context: ActionContext
    ) -> (LuaStack) throws -> Int32 {
        let number = self.number(ofAction: name)
        let cost = RecordedEntry.journalCost(of: name)
        return { stack in
            guard let journal = self.journal else {
                guard self.isWatching else { return try body(context, stack) }
                return try self.call(module, action, named: name, on: stack) { try body(context, $0) }
            }
            // Only the recorder watches: a typed action keeps its plain result as it pushes it
            // (ActionContext.push(_:to:)), C reads back any other plain one, and Swift the rest.
            let record = behave_journal_open(journal)
            let count: Int32
            do { count = try body(context, stack) } catch {
                behave_journal_abandon(journal)
                self.journalThrew(error, by: name)
                throw error
            }
            guard count >= 0 else {
                behave_journal_abandon(journal)
                return count
            }
            if behave_journal_close(journal, record, number, count, cost) == 1 { return count }
            let kept = behave_journal_returned(journal, stack.pointer, number, count, cost)
            if kept != 1 {
                self.recorder?.returned(name, number: number, cost: cost, stack: stack, count: count, kept: kept)
            }
            return count
        }
    }
}
