/// The parts of CPython's `random.Random` that `gen_workloads.py` calls, bit for bit.
///
/// A Mersenne Twister (MT19937) seeded as `random.Random(n)` seeds it for a small
/// non-negative integer `n` (`init_by_array` with the one-word key `[n]`), and the
/// derived draws exactly as CPython 3.11 computes them: ``random()`` (53-bit float from
/// two words), ``randint(_:_:)`` and ``choice(_:)`` (both through `_randbelow`, which
/// draws `getrandbits(k)` until the result is below the bound).
struct PythonRandom {
    private static let n = 624
    private static let m = 397
    private static let matrixA: UInt32 = 0x9908_b0df
    private static let upperMask: UInt32 = 0x8000_0000
    private static let lowerMask: UInt32 = 0x7fff_ffff

    private var state: [UInt32]
    private var index: Int

    /// Seeds the generator like `random.Random(seed)`.
    ///
    /// - Parameter seed: A non-negative integer below 2³², as the script's seeds (42, 7) are.
    init(seed: UInt32) {
        let n = Self.n
        // init_genrand(19650218)
        state = [UInt32](repeating: 0, count: n)
        state[0] = 19_650_218
        for i in 1..<n {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        // init_by_array(key: [seed])
        let key: [UInt32] = [seed]
        var i = 1
        var j = 0
        for _ in 0..<max(n, key.count) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ key[j] &+ UInt32(j)
            i += 1
            j += 1
            if i >= n {
                state[0] = state[n - 1]
                i = 1
            }
            if j >= key.count { j = 0 }
        }
        for _ in 0..<(n - 1) {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= n {
                state[0] = state[n - 1]
                i = 1
            }
        }
        state[0] = 0x8000_0000
        index = n
    }

    /// The next 32-bit output (`genrand_uint32`).
    mutating func nextWord() -> UInt32 {
        if index >= Self.n { twist() }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9d2c_5680
        y ^= (y << 15) & 0xefc6_0000
        y ^= y >> 18
        return y
    }

    /// `random.random()`: a float in [0, 1) with 53 random bits.
    mutating func random() -> Double {
        let a = Double(nextWord() >> 5)
        let b = Double(nextWord() >> 6)
        return (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `random.randint(low, high)`: an integer in `low...high`.
    mutating func randint(_ low: Int, _ high: Int) -> Int {
        low + below(high - low + 1)
    }

    /// `random.choice(items)`: one element, chosen through `_randbelow(len(items))`.
    mutating func choice<C: RandomAccessCollection>(_ items: C) -> C.Element where C.Index == Int {
        items[items.startIndex + below(items.count)]
    }

    /// `_randbelow_with_getrandbits(bound)`: draws `getrandbits(k)`, `k` the bit length of
    /// `bound`, until the result is below `bound`.
    private mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0 && bound <= Int(UInt32.max), "the generator only needs bounds that fit 32 bits")
        let bits = Int.bitWidth - bound.leadingZeroBitCount
        while true {
            let drawn = Int(nextWord() >> UInt32(32 - bits))
            if drawn < bound { return drawn }
        }
    }

    /// Refills the state with the next 624 words.
    private mutating func twist() {
        let n = Self.n
        let m = Self.m
        state.withUnsafeMutableBufferPointer { mt in
            func mix(_ upper: UInt32, _ lower: UInt32, _ far: UInt32) -> UInt32 {
                let y = (upper & Self.upperMask) | (lower & Self.lowerMask)
                return far ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : Self.matrixA)
            }
            for k in 0..<(n - m) {
                mt[k] = mix(mt[k], mt[k + 1], mt[k + m])
            }
            for k in (n - m)..<(n - 1) {
                mt[k] = mix(mt[k], mt[k + 1], mt[k + m - n])
            }
            mt[n - 1] = mix(mt[n - 1], mt[0], mt[m - 1])
        }
        index = 0
    }
}
