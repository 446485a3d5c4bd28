/// A fixed number of elements in one allocation, read through `FixedSlots.View` without retaining anything: a
/// binding's slots, which every resolve reads.
///
/// Owner: the non-copyable value that holds it, which frees it; a view is read only while its reader is pinned (see
/// `Unretained`), so the owner outlives it.
@usableFromInline
struct FixedSlots<Element>: ~Copyable {
    private let buffer: UnsafeMutableBufferPointer<Element>

    init(_ elements: [Element]) {
        // No allocation for none (a leaf's slots, most components' injection slots): `allocate(capacity: 0)`
        // still calls malloc, twice for every leaf a plan binds.
        guard !elements.isEmpty else {
            unsafe buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
            return
        }
        unsafe buffer = .allocate(capacity: elements.count)
        _ = unsafe buffer.initialize(from: elements)
    }

    deinit {
        unsafe buffer.deinitialize()
        unsafe buffer.deallocate()  // Nothing for an empty buffer, whose base address is nil.
    }

    var count: Int { unsafe buffer.count }

    /// The elements, to be read without retaining the owner.
    var view: View { unsafe View(buffer: UnsafeBufferPointer(buffer)) }

    /// The elements of a `FixedSlots`, valid while its owner is (see the type's rule).
    @usableFromInline
    struct View {
        @usableFromInline let buffer: UnsafeBufferPointer<Element>

        fileprivate init(buffer: UnsafeBufferPointer<Element>) {
            unsafe self.buffer = unsafe buffer
        }

        @inlinable
        subscript(position: Int) -> Element {
            @inline(__always) get { unsafe buffer[position] }
        }
    }
}

extension FixedSlots: @unchecked Sendable where Element: Sendable {}  // Immutable after `init`.
