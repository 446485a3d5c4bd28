/// A list of values that cannot be copied, filled once and then read in place: what lets a binding's slots own
/// their provisions. A read lends the element where it lies, and no copy of it is ever made, so reading what it
/// owns takes no count; a copyable value that owned them retained them for every copy's lifetime
/// (Benchmarks/README.md, "twelfth part").
///
/// `@safe`: it owns its memory, reads only the elements it initialized, checks every index, and deinitializes and
/// frees them once.
@safe struct InPlaceList<Element: ~Copyable>: ~Copyable {
    /// `nil` for a list of no elements, which most components' slots are: those allocate nothing.
    private let base: UnsafeMutablePointer<Element>?
    private let capacity: Int
    private(set) var count = 0

    /// An empty list with room for `capacity` elements.
    init(capacity: Int) {
        unsafe base = capacity > 0 ? UnsafeMutablePointer<Element>.allocate(capacity: capacity) : nil
        self.capacity = capacity
    }

    deinit {
        guard let base = unsafe base else { return }
        unsafe base.deinitialize(count: count)
        unsafe base.deallocate()
    }

    /// Adds `element` after the others (within the capacity it was made with).
    mutating func append(_ element: consuming Element) {
        precondition(count < capacity, "InPlaceList: more elements than its capacity")
        unsafe (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Element `index`, lent where it lies: an addressor, not a closure, so that a call made on the element runs
    /// from the caller's frame (a debug build stacks every closure, and a deep graph's build stacks this per level).
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "InPlaceList: index out of range")
            return unsafe UnsafePointer(base.unsafelyUnwrapped + index)
        }
    }
}

/// Sendable where its elements are: they are never written once the list is shared.
extension InPlaceList: @unchecked Sendable where Element: Sendable {}
