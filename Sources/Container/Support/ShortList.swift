/// A list that is nearly always empty or one long, kept without an array until it holds two: a change is made for
/// every registration, and an array is an allocation each.
struct ShortList<Element>: RandomAccessCollection {
    /// The element, when there is exactly one; `several` holds them otherwise.
    private var one: Element?
    private var several: [Element] = []

    init() {}

    init(_ element: Element) {
        one = element
    }

    var startIndex: Int { 0 }
    var endIndex: Int { one == nil ? several.count : 1 }

    subscript(position: Int) -> Element {
        one ?? several[position]
    }

    /// Adds `element` at the end; the second element moves the first into an array.
    mutating func append(_ element: Element) {
        if let first = one {
            several = [first, element]
            one = nil
        } else if several.isEmpty {
            one = element
        } else {
            several.append(element)
        }
    }
}
