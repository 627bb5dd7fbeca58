#if Remote
    /// Draws that repeat for the same seed (SplitMix64): a rehearsal run twice picks the same
    /// devices for the same faults and contexts.
    struct SeededRandom: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// The draws of device `index`: its own stream, the same whichever worker runs it.
        static func forDevice(_ index: Int, seed: UInt64) -> SeededRandom {
            var mixer = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
            return SeededRandom(seed: mixer.next())
        }
    }
#endif
