/// Keeps a resolve from overflowing its thread's stack.
///
/// A resolve goes one level down the stack for every level of the graph, so a deep graph, or a thread with a
/// small stack (512 KB for threads other than the main one on Apple systems), would crash the process. Each level
/// compares the address of its frame with a checkpoint: the first one lies a little below where the resolve
/// started, so that the common, shallow resolve never asks the system anything; a resolve that passes it looks up
/// where this thread's stack ends (once per thread) and stops with `stack-exhausted` before it gets there.
@safe enum StackGuard {
    /// Stack left free below the deepest level a resolve may start: room for one more factory, the error and the
    /// unwinding, even in a debug or sanitizer build.
    static let reserve: UInt = 96 << 10
    /// How far down the stack a resolve goes before it first asks where the stack ends.
    static let untroubled: UInt = 32 << 10

    /// The address of the caller's frame, near enough.
    @inline(__always)
    static func here() -> UInt {
        var marker: UInt8 = 0
        return unsafe withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The first checkpoint of a resolve starting at `start`.
    @inline(__always)
    static func firstCheckpoint(below start: UInt) -> UInt {
        start > untroubled ? start - untroubled : 0
    }

    /// The lowest address a resolve building at `here` on this thread may reach, or 0 when that is unknown: the
    /// system does not say where the stack is, or `here` is not on it (a sanitizer may keep frames elsewhere).
    static func floor(for here: UInt) -> UInt {
        let stack = stacks.value.range
        guard stack.contains(here) else { return 0 }
        return stack.lowerBound + reserve
    }

    /// Each thread's stack, looked up once per thread: finding the main thread's reads a file on Linux.
    private static let stacks = ThreadLocal { KnownStack(range: CurrentThread.stack() ?? 0..<0) }

    @safe private final class KnownStack {
        let range: Range<UInt>
        init(range: Range<UInt>) { self.range = range }
    }
}
