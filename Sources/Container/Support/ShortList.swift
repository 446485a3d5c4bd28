/// A list that is nearly always empty or one long, kept without an array until it holds two: a change is made for
/// every registration, and an array is an allocation each.
struct ShortList<Element>: RandomAccessCollection {
    /// The element, when there is one; `nil` when `several` holds them (or there is none).
    private let one: Element?
    private let several: [Element]

    init() {
        one = nil
        several = []
    }

    init(_ element: Element) {
        one = element
        several = []
    }

    init(_ elements: [Element]) {
        one = elements.count == 1 ? elements[0] : nil
        several = elements.count == 1 ? [] : elements
    }

    var startIndex: Int { 0 }
    var endIndex: Int { one == nil ? several.count : 1 }

    subscript(position: Int) -> Element {
        one ?? several[position]
    }
}
