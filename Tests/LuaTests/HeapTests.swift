import BehaveLua
import CBehave
import Testing

/// Every state places its small blocks in a heap of its own (heap.c): size classes, chunks of its
/// own and malloc past them. These run Lua's whole range of block sizes and resizes through it.
@Suite("A state's own heap")
struct HeapTests {
    /// Strings of every length (small blocks, then malloc's), tables grown one field at a time
    /// (resized through every class), closures with up to 40 upvalues; half dropped and made
    /// again each round, well past the heap's own chunks. Every value is checked at the end.
    static let churn = """
        local kept = {}
        local function text(n, round) return (string.char(65 + (n + round) % 26)):rep(n) .. round end
        local function grown(n, round)
          local t = {}
          for i = 1, n do t[i] = i * round end
          for i = 1, n // 2 do t['k' .. i] = i + round end
          return t
        end
        local function closure(n, round)
          local source = {'local a0'}
          for i = 1, n do source[#source + 1] = ', a' .. i end
          source[#source + 1] = ' = ... return function() return a0'
          for i = 1, n do source[#source + 1] = ' + a' .. i end
          source[#source + 1] = ' end'
          local values = {}
          for i = 0, n do values[#values + 1] = round end
          return load(table.concat(source))(table.unpack(values))
        end
        local function valid(entry)
          local n, round = entry.n, entry.round
          if entry.text ~= text(n, round) then return false end
          local t = entry.table
          if #t ~= n % 120 then return false end
          for i = 1, #t do if t[i] ~= i * round then return false end end
          for i = 1, #t // 2 do if t['k' .. i] ~= i + round then return false end end
          return entry.closure() == round * (n % 40 + 1)
        end
        for round = 1, 4 do
          for n = 0, 700 do
            if round == 1 or n % 2 == round % 2 then
              kept[n] = {n = n, round = round, text = text(n, round), table = grown(n % 120, round),
                         closure = closure(n % 40, round)}
            end
          end
          collectgarbage()
        end
        for n = 0, 700 do assert(valid(kept[n]), 'entry ' .. n .. ' changed') end
        kept = nil
        collectgarbage()
        return collectgarbage('count') * 1024
        """

    @Test("blocks of every size keep their contents through churn, past the heap's own chunks")
    func churnKeepsContents() throws {
        let lua = try LuaState()
        lua.openStandardLibraries()
        let counted = try lua.run(Self.churn, chunkName: "=churn")[0].number ?? -1
        // What the allocator counts is what Lua counts: every block freed was given back whole.
        #expect(Double(lua.memoryInUse) == counted)
    }

    @Test("many states made and closed in turn each start from a heap of their own")
    func statesInTurn() throws {
        var states: [LuaState] = []
        for round in 0..<40 {
            let lua = try LuaState()
            lua.openStandardLibraries()
            let count = try lua.run("local t = {} for i = 1, 500 do t[i] = ('x'):rep(i % 300) end return #t")
            #expect(count[0].integer == 500)
            states.append(lua)
            // Close every other state while the rest stay open, so closes and creations interleave.
            if round % 2 == 1 { states.removeFirst().close() }
        }
        for lua in states {
            #expect(try lua.run("return ('ok'):rep(2)")[0].string == "okok")
            lua.close()
        }
    }

    @Test("the allocator's blocks never overlap and keep their bytes through resizes, in the heap and past it")
    func blocksStayApart() throws {
        let lua = try LuaState()
        let control = lua.control.pointer
        let usedBefore = control.pointee.used
        var random = SplitMix(seed: 25)
        var live: [(block: UnsafeMutableRawPointer, size: Int, seed: UInt8)] = []
        func byte(_ seed: UInt8, _ offset: Int) -> UInt8 { seed &+ UInt8(truncatingIfNeeded: offset) }
        func fill(_ block: UnsafeMutableRawPointer, _ size: Int, _ seed: UInt8) {
            for i in 0..<size { block.storeBytes(of: byte(seed, i), toByteOffset: i, as: UInt8.self) }
        }
        func holds(_ block: UnsafeMutableRawPointer, _ size: Int, _ seed: UInt8) -> Bool {
            (0..<size).allSatisfy { block.load(fromByteOffset: $0, as: UInt8.self) == byte(seed, $0) }
        }
        // Mostly small blocks (the heap's), some past its largest class (malloc's); enough of
        // them alive at once to fill the heap's chunks and go past them.
        func size() -> Int { random.next(below: 8) == 0 ? 257 + random.next(below: 400) : 1 + random.next(below: 256) }
        for step in 1...30_000 {
            let choice = random.next(below: 10)
            if live.isEmpty || (choice < 5 && live.count < 1500) {
                let n = size()
                let seed = UInt8(truncatingIfNeeded: step)
                let block = try #require(behave_allocator(control, nil, 0, n))
                fill(block, n, seed)
                live.append((block, n, seed))
            } else if choice < 8 {
                let index = random.next(below: live.count)
                let (block, n, seed) = live[index]
                let m = size()
                let moved = try #require(behave_allocator(control, block, n, m))
                #expect(holds(moved, min(n, m), seed), "resize \(n) -> \(m) lost bytes")
                fill(moved, m, seed)
                live[index] = (moved, m, seed)
            } else {
                let (block, n, seed) = live.remove(at: random.next(below: live.count))
                #expect(holds(block, n, seed))
                _ = behave_allocator(control, block, n, 0)
            }
            if step % 2000 == 0 {
                let sorted = live.sorted { $0.block < $1.block }
                for (a, b) in zip(sorted, sorted.dropFirst()) {
                    #expect(a.block + a.size <= b.block, "blocks overlap")
                }
                #expect(live.allSatisfy { holds($0.block, $0.size, $0.seed) })
            }
        }
        for (block, n, _) in live { _ = behave_allocator(control, block, n, 0) }
        #expect(control.pointee.used == usedBefore)
        lua.close()
    }
}

/// A small deterministic generator, so a failure repeats.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
