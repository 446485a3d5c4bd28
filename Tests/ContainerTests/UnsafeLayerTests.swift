import Dispatch
import Testing
import TetherTestSupport

@testable import Tether

/// The types of Sources/Container/Unsafe, each checked with values that count their own lives: a leak leaves a
/// value alive, a double release takes the count below zero (and is a use after free under ASan, which CI runs).
@Suite("The unsafe layer: every reference it takes is given back once")
struct UnsafeLayerTests {
    /// Counts the `Tracked` values alive, per test.
    final class Lives: Sendable {
        let made = Counter()
        let released = Counter()
        var alive: Int { made.count - released.count }
    }

    final class Tracked {
        let lives: Lives
        let number: Int
        init(_ lives: Lives, _ number: Int = 0) {
            self.lives = lives
            self.number = number
            lives.made.increment()
        }
        deinit { lives.released.increment() }
    }

    /// A value type of mixed sizes around a tracked object, for the raw-memory paths of values.
    struct Mixed {
        let small: Int8
        let object: Tracked
        let wide: Int64
    }

    @Test func aRoomMovesCopiesAndDestroysAValueExactlyOnce() throws {
        let lives = Lives()
        try InstanceLayout.of(Mixed.self).withRoom { (room) throws(DIError) in
            room.initialize(to: Mixed(small: 1, object: Tracked(lives, 7), wide: 2))
            let copy = room.copy(Mixed.self)
            #expect(copy.object.number == 7 && lives.alive == 1)
            let moved = room.move(Mixed.self)
            #expect(moved.object === copy.object)
            room.initialize(to: moved)
            room.destroy(instanceOf: Mixed.self)
        }
        #expect(lives.alive == 0)
    }

    /// A `Tracked` that may cross threads, for the boxes whose values must be `Sendable`.
    final class SendableTracked: Sendable {
        let lives: Lives
        let number: Int
        init(_ lives: Lives, _ number: Int) {
            self.lives = lives
            self.number = number
            lives.made.increment()
        }
        deinit { lives.released.increment() }
    }

    @Test func aCopyOnWriteBoxChangesOnlyTheCopyThatChangesAndReleasesEachValueOnce() {
        let lives = Lives()
        do {
            var original = CopyOnWrite([SendableTracked(lives, 1)])
            var copy = original
            copy.value.append(SendableTracked(lives, 2))
            #expect(original.value.map(\.number) == [1] && copy.value.map(\.number) == [1, 2])
            #expect(original.value[0] === copy.value[0] && lives.alive == 2)
            // Alone in its box now: changed in place, and the replaced element is released at once.
            original.value[0] = SendableTracked(lives, 3)
            #expect(original.value.map(\.number) == [3] && copy.value.map(\.number) == [1, 2])
            #expect(lives.alive == 3)
        }
        #expect(lives.alive == 0)
    }

    @Test func aMovedClassInstanceHandsItsReferenceOverWithoutALeak() {
        let lives = Lives()
        do {
            let object = Tracked(lives, 4)
            let taken = movedClassInstance(object, as: Tracked.self)
            #expect(taken === object)
        }
        #expect(lives.alive == 0)
    }

    @Test func sharedInstancesHoldWhatTheyRememberUntilReleasedAndSayWhenFull() throws {
        let lives = Lives()
        try SharedInstances.withBuffer(capacity: 2) { (shared) throws(DIError) in
            var shared = shared
            var remembered = 0
            for index in 0..<3 where shared.hasRoom {
                shared.remember(index, Tracked(lives, index))
                remembered += 1
            }
            #expect(remembered == 2 && !shared.hasRoom, "the third does not fit in a buffer of two")
            #expect(lives.alive == 2, "each entry holds its instance")
            let found = shared.recall(1).map { ($0 as! Tracked).number }
            #expect(found == 1 && shared.recall(2) == nil && shared.remembers(1) && !shared.remembers(2))
            shared.releaseAll()
            #expect(shared.hasRoom, "released, the buffer is empty again")
        }
        #expect(lives.alive == 0)
    }

    @Test func anAtomicReferenceReleasesWhatItReplacesAndWhatItHoldsWhenItGoes() {
        let lives = Lives()
        final class Holder: Sendable { let reference = AtomicReference() }
        do {
            let holder = Holder()
            holder.reference.exchange(Tracked(lives, 1))
            let read = holder.reference.load() as? Tracked
            holder.reference.exchange(Tracked(lives, 2))
            #expect(read?.number == 1 && lives.alive == 2, "the reader's reference keeps the replaced one")
            #expect((holder.reference.load() as? Tracked)?.number == 2)
            holder.reference.exchange(nil)
            #expect(holder.reference.load() == nil && lives.alive == 1)
            holder.reference.exchange(Tracked(lives, 3))
        }
        #expect(lives.alive == 0)
    }

    @Test func anAtomicReferenceReadWhileAnotherThreadReplacesItReleasesEachObjectOnceAndNoneEarly() throws {
        let lives = Lives()
        final class Holder: Sendable { let reference = AtomicReference() }
        let holder = Holder()
        holder.reference.exchange(Tracked(lives, 0))
        let torn = Counter()
        let readers = (0..<3).map { _ in
            startThread {
                for _ in 0..<50_000 {
                    // Read through the reference only: a released object would be a use after free under ASan, and
                    // a number below zero here. Emptied now and then: a read that meets it empty after a retry must
                    // leave nothing announced, or a later release of an object at that address waits for ever.
                    guard let object = holder.reference.load() else { continue }
                    guard let tracked = object as? Tracked, tracked.number >= 0 else {
                        torn.increment()
                        continue
                    }
                }
            }
        }
        let writer = startThread {
            for number in 1...20_000 { holder.reference.exchange(number % 3 == 0 ? nil : Tracked(lives, number)) }
        }
        for reader in readers { reader.wait() }
        // A release waiting for an announcement nobody clears would never return: fail, not hang.
        try #require(writer.wait(timeout: .now() + 30) == .success, "the writer waits for ever to release")
        #expect(torn.count == 0)
        #expect(lives.alive == 1, "every replaced object released, the last one (20,000) held")
        holder.reference.exchange(nil)
        #expect(lives.alive == 0)
    }

    @Test func anUnretainedReferenceTakesNoCount() {
        let lives = Lives()
        var object = Tracked(lives, 5)
        let unretained = Unretained(object)
        #expect(isKnownUniquelyReferenced(&object), "the reference does not retain it")
        #expect(unretained.refers(to: object) && unretained.peek { $0.number } == 5)
    }

    @Test func aRetiringReferenceOwnsWhatItHoldsLendsItAndHandsBackWhatItReplaces() throws {
        let lives = Lives()
        do {
            let reference = RetiringReference<Tracked>()
            #expect(reference.isEmpty && reference.peek { $0 == nil })
            #expect(reference.exchange(with: Tracked(lives, 1)) == nil)
            #expect(lives.alive == 1, "it holds what it was given")
            #expect(reference.peek { $0?.number } == 1)
            let made = try reference.readPinned(orMake: Tracked(lives, 9)) { $0.number }
            #expect(made == 1 && lives.made.count == 1, "it lends what it holds and makes nothing")
            let previous = reference.exchange(with: Tracked(lives, 2))
            #expect(previous?.number == 1 && lives.alive == 2, "what it replaced is handed back, not released")
            _ = consume previous
            #expect(lives.alive == 1)
            #expect(reference.object?.number == 2)
        }
        #expect(lives.alive == 0, "what it held goes with it")
    }

    @Test func tupleMetadataGivesEachElementsTypeAndOffset() {
        typealias Parameters = (Int8, Int64, String, Int16, Mixed)
        let metadata = TypeMetadata(Parameters.self)
        let offsets = [
            MemoryLayout<Parameters>.offset(of: \.0), MemoryLayout<Parameters>.offset(of: \.1),
            MemoryLayout<Parameters>.offset(of: \.2), MemoryLayout<Parameters>.offset(of: \.3),
            MemoryLayout<Parameters>.offset(of: \.4),
        ]
        #expect(metadata.isTuple && metadata.elementCount == 5)
        #expect((0..<5).map { metadata.elementOffset(at: $0) } == offsets)
        let types: [any Any.Type] = [Int8.self, Int64.self, String.self, Int16.self, Mixed.self]
        #expect((0..<5).map { ObjectIdentifier(metadata.elementType(at: $0)) } == types.map(ObjectIdentifier.init))
        let single = TypeMetadata(String.self)
        #expect(!single.isTuple && single.elementCount == 1 && single.elementOffset(at: 0) == 0)
        #expect(TypeMetadata(Void.self).elementCount == 0)
    }

    protocol ClassBound: AnyObject {}
    protocol Unbound {}

    @Test func existentialMetadataTellsClassBoundProtocolsFromOthers() {
        #expect(TypeMetadata((any ClassBound).self).isClassBoundExistential)
        #expect(TypeMetadata(AnyObject.self).isClassBoundExistential)
        #expect(!TypeMetadata((any Unbound).self).isClassBoundExistential)
        #expect(!TypeMetadata(Any.self).isClassBoundExistential && TypeMetadata(Any.self).isExistential)
        #expect(!TypeMetadata(Tracked.self).isExistential && !TypeMetadata(Int.self).isExistential)
    }

    @Test func genericValueTypesShareOneNominalDescriptorAndClassesHaveNone() {
        let lazy = TypeMetadata(Lazy<Int>.self).nominalDescriptor
        #expect(lazy != nil && lazy == TypeMetadata(Lazy<String>.self).nominalDescriptor)
        #expect(TypeMetadata(Int?.self).nominalDescriptor == TypeMetadata(String?.self).nominalDescriptor)
        #expect(lazy != TypeMetadata(Provider<Int>.self).nominalDescriptor)
        #expect(TypeMetadata(Tracked.self).nominalDescriptor == nil)
        #expect(TypeMetadata((Int, Int).self).nominalDescriptor == nil)
    }

    @Test func aLayoutHoldsCopiesAndDestroysValuesAndObjectsExactlyOnce() throws {
        let lives = Lives()
        let values = InstanceLayout.of(Mixed.self)
        let objects = InstanceLayout.of(Tracked.self)
        try values.withRoom { (room) throws(DIError) in
            room.initialize(to: Mixed(small: 1, object: Tracked(lives, 9), wide: 2))
            let held = values.holdCopy(of: room)
            values.destroy(room)
            #expect(lives.alive == 1, "the box holds a copy")
            values.copy(held, to: room)
            #expect((values.erased(room) as? Mixed)?.object.number == 9)
            _ = values.hold(movingFrom: room)
        }
        try objects.withRoom { (room) throws(DIError) in
            room.initialize(to: Tracked(lives, 10))
            let held = objects.hold(movingFrom: room)
            #expect((held as? Tracked)?.number == 10)
            #expect(objects.cast(held, to: room))
            #expect(!objects.cast("not a Tracked", to: room))
            objects.destroy(room)
        }
        #expect(lives.alive == 0)
    }
}
