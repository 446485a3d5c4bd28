/// A factory parameter or injected property, described: its kind, the type it looks up (and the name or tag it asks
/// for), and how to make its slot once the binder knows the target. Registration describes an injected property, and
/// a parameter unless each of its factory's is plain (`RegisteredParameters`); binding describes the plain ones.
@usableFromInline
struct DependencyDescriptor: Sendable {
    let kind: DIDependency.Kind
    /// Whether the declared type is a class, so that the slot hands over a reference (see `DependencyReader`).
    /// Beside `kind`, in the same word: a described registration holds one per parameter (48 bytes, not 56).
    let isObject: Bool
    /// The type a registration of exactly it wins over the kind (`Optional<P>`, `[P]`); inside a `DITagged`, the
    /// tagged type.
    let declaredType: any Any.Type
    let element: any Any.Type
    /// The name, tag and inner shape, which almost no dependency has: out of line, one word, since descriptors are
    /// made and copied for every dependency a plan binds.
    private var details: DependencyDetails?
    /// The name of the providers it asks for, given at registration (`.parameter(at:name:)`, `.injection(name:)`).
    var name: String? {
        get { details?.name }
        set { details = DependencyDetails(name: newValue, tag: tag, inner: inner, unsupported: unsupported) }
    }
    /// The tag of the providers it asks for, from a `DITagged` parameter or given at registration.
    var tag: (any Any.Type)? {
        get { details?.tag }
        set { details = DependencyDetails(name: name, tag: newValue, inner: inner, unsupported: unsupported) }
    }
    /// Why Tether cannot resolve this dependency as its type says (a `DITagged` four deep), which its registration
    /// reports as a problem rather than resolve something else.
    var unsupported: String? { details?.unsupported }
    /// `Optional<element>`, for the "registered only as Optional" near miss; made when asked, since making the
    /// metadata of a new generic type is not free and registration should not pay for it.
    var optionalElement: any Any.Type { Self.optionalType(of: element) }
    let shape: (any DependencyShape.Type)?
    /// The shape inside the shape, for the nestings Tether resolves (`[Lazy<P>]`, `Lazy<[P]>`, `Lazy<P>?`, ...; see
    /// `ShapeDetection.nests`); `element` is then the type inside both.
    var inner: (any DependencyShape.Type)? { details?.inner }

    /// Describes a dependency of type `P`; generic only through `P`'s metadata, so compiled once in Tether.
    @usableFromInline
    init<P>(_: P.Type) {
        if let tagged = ShapeDetection.tagged(P.self) {
            // `DITagged<Tag, Value>` has `Value`'s layout: the slot is `Value`'s, asking for tagged providers; a
            // `DITagged` inside asks for its tag too.
            self = DependencyDescriptor(erased: tagged.value)
            let tag = Tags.combined([tagged.tag] + (tag.map { [$0] } ?? []))
            details = DependencyDetails(
                name: name, tag: tag, inner: inner, unsupported: Self.tooManyTags(tag, in: P.self) ?? unsupported)
            return
        }
        declaredType = P.self
        isObject = P.self is AnyClass
        if let shape = ShapeDetection.shape(of: P.self) {
            kind = shape.shapeKind
            self.shape = shape
            // `DITagged<Tag, P>?`, `[DITagged<Tag, P>]`, `Lazy<DITagged<Tag, P>>`, `[Lazy<DITagged<Tag, P>>]`: the
            // shape of `P`'s providers under the tag (a tagged value has its value's layout), at either level.
            let outer = Self.untagged(shape.element)
            let outerKind = shape.shapeKind
            let inner = ShapeDetection.shape(of: outer.type).flatMap {
                ShapeDetection.nests($0.shapeKind, in: outerKind) ? $0 : nil
            }
            let innermost = inner.map { Self.untagged($0.element) }
            element = innermost?.type ?? outer.type
            let tags = outer.tags + (innermost?.tags ?? [])
            let tag = tags.isEmpty ? nil : Tags.combined(tags)
            let unsupported = tag.flatMap { Self.tooManyTags($0, in: P.self) }
            details =
                tag != nil || inner != nil
                ? DependencyDetails(name: nil, tag: tag, inner: inner, unsupported: unsupported) : nil
        } else {
            kind = .plain
            element = P.self
            shape = nil
            details = nil
        }
    }

    /// Why a request for `tag` cannot be resolved: it names more tags than registrations provide combinations of.
    private static func tooManyTags(_ tag: any Any.Type, in type: any Any.Type) -> String? {
        let count = Tags.parts(of: tag).count
        guard count > Tags.maximumCombined else { return nil }
        return "\(codeSpelling(type)) asks for \(count) tags, and a request names at most \(Tags.maximumCombined): "
            + "tag the providers with one tag that stands for several"
    }

    /// `type` without the `DITagged`s around it: the type inside, and their tags.
    private static func untagged(_ type: any Any.Type) -> (type: any Any.Type, tags: [any Any.Type]) {
        guard let tagged = ShapeDetection.tagged(type) else { return (type, []) }
        let inside = untagged(tagged.value)
        return (inside.type, [tagged.tag] + inside.tags)
    }

    /// The dependency inside a nested one (`Lazy<P>` for `[Lazy<P>]`), under the same name or tag.
    var innerDependency: DependencyDescriptor? {
        guard let shape, inner != nil else { return nil }
        return DependencyDescriptor(erased: shape.element).asking(name: name, tag: tag)
    }

    /// Describes a dependency on exactly `type`, which is no shape and no `DITagged` (`ShapeDetection.isPlain`):
    /// what `init(_:)` makes of it, without opening the type.
    init(plain type: any Any.Type) {
        kind = .plain
        isObject = type is AnyClass
        declaredType = type
        element = type
        shape = nil
        details = nil
    }

    /// Describes a dependency whose type is known only at run time (a top-level request for `T?`, `[T]`, ...).
    init(erased type: any Any.Type) {
        func describe<P>(_ type: P.Type) -> DependencyDescriptor { DependencyDescriptor(type) }
        self = _openExistential(type, do: describe)
    }

    /// The same dependency asking for providers under `name` or `tag`, where given.
    @usableFromInline
    func asking(name: String?, tag: (any Any.Type)?) -> DependencyDescriptor {
        guard name != nil || tag != nil else { return self }
        var qualified = self
        qualified.details = DependencyDetails(
            name: name ?? self.name, tag: tag ?? self.tag, inner: inner, unsupported: unsupported)
        return qualified
    }

    /// The same parameter passed by the caller at resolve, as a `DIArgument` of its declared type is
    /// (`.argument(at:)`). Its slot writes a `DIArgument`, whose one stored property gives it the parameter's layout.
    func asRuntimeArgument() -> DependencyDescriptor {
        func argument<P>(_: P.Type) -> DependencyDescriptor { DependencyDescriptor(DIArgument<P>.self) }
        return _openExistential(declaredType, do: argument)
    }

    /// The providers it looks for: of `type` (its element or its declared type), under its name or tag.
    func key(_ type: any Any.Type) -> ProviderKey {
        ProviderKey(type: ObjectIdentifier(type), name: name, tag: tag.map(ObjectIdentifier.init))
    }

    /// The request its element stands for, in errors.
    var request: DIRequest { DIRequest(type: element, name: name, tag: tag) }

    static func optionalType(of type: any Any.Type) -> any Any.Type {
        func wrap<E>(_: E.Type) -> any Any.Type { E?.self }
        return _openExistential(type, do: wrap)
    }

    /// The slot's provision, for a shaped dependency bound to `target`.
    func bindShape(_ target: SlotTarget) -> Provision {
        shape!.provision(for: target)
    }

    func dependency(at position: DIDependency.Position) -> DIDependency {
        DIDependency(
            kind: kind, type: element, declaredType: declaredType, position: position, name: name, tag: tag,
            innerKind: inner?.shapeKind)
    }
}

/// What few dependencies have (see `DependencyDescriptor.details`). Immutable, so that copies of a descriptor share
/// it; a change makes a new one.
final class DependencyDetails: Sendable {
    let name: String?
    let tag: (any Any.Type)?
    let inner: (any DependencyShape.Type)?
    let unsupported: String?

    init(name: String?, tag: (any Any.Type)?, inner: (any DependencyShape.Type)?, unsupported: String? = nil) {
        self.name = name
        self.tag = tag
        self.inner = inner
        self.unsupported = unsupported
    }
}

/// Tells the dependency shapes (`P?`, `[P]`, `Lazy<P>`, `Provider<P>`, `DIArgument<P>`) from plain types without
/// asking the runtime whether a type conforms to `DependencyShape`.
///
/// That question, for a type that does not conform (almost every parameter), makes the runtime scan every
/// protocol conformance in the process the first time it is asked about the type: 38 ms of a cold start-up with a
/// thousand registrations, and more in an app binary with more conformances. Every shape is a generic value type,
/// and the nominal type descriptor in a value type's metadata is shared by all its instantiations
/// (`TypeMetadata.nominalDescriptor`), so comparing the descriptor with the shapes'
/// answers it in a few loads. Only a type found to be a shape is then cast, which succeeds.
enum ShapeDetection {
    /// The nominal type descriptors of the shapes.
    private static let shapeDescriptors: [UInt?] = [
        descriptor(of: Int?.self), descriptor(of: [Int].self), descriptor(of: Lazy<Int>.self),
        descriptor(of: Provider<Int>.self), descriptor(of: DIArgument<Int>.self),
    ]

    private static let taggedDescriptor = descriptor(of: DITagged<Int, Int>.self)

    /// The shape `type` is, if it is one.
    static func shape(of type: any Any.Type) -> (any DependencyShape.Type)? {
        guard let descriptor = TypeMetadata(type).nominalDescriptor, shapeDescriptors.contains(descriptor) else {
            return nil
        }
        return type as? any DependencyShape.Type
    }

    /// Whether a dependency of shape `outer` around shape `inner` is resolved as both (`[Lazy<P>]`, `[P?]`,
    /// `Lazy<P>?`, `Lazy<[P]>`, `Lazy<P?>`, and the same with `Provider`). Other nestings (`P??`, `[[P]]`,
    /// `Lazy<Lazy<P>>`, anything around `DIArgument`) look their inner type up as a type, as they always did: a
    /// registration of `[P]` is what `[[P]]` lists.
    static func nests(_ inner: DIDependency.Kind, in outer: DIDependency.Kind) -> Bool {
        switch (outer, inner) {
        case (.many, .lazy), (.many, .provider), (.many, .optional), (.optional, .lazy), (.optional, .provider),
            (.lazy, .many), (.lazy, .optional), (.provider, .many), (.provider, .optional):
            true
        default:
            false
        }
    }

    /// Whether `type` is neither a shape nor a `DITagged`: a dependency on exactly it, which its type describes.
    static func isPlain(_ type: any Any.Type) -> Bool {
        guard let descriptor = TypeMetadata(type).nominalDescriptor else { return true }
        return descriptor != taggedDescriptor && !shapeDescriptors.contains(descriptor)
    }

    /// The `DITagged` `type` is, if it is one.
    static func tagged(_ type: any Any.Type) -> (any TaggedDependency.Type)? {
        guard let descriptor = TypeMetadata(type).nominalDescriptor, descriptor == taggedDescriptor else {
            return nil
        }
        return type as? any TaggedDependency.Type
    }

    private static func descriptor(of type: any Any.Type) -> UInt? {
        TypeMetadata(type).nominalDescriptor
    }
}

/// How a request for `type` asks (`T?` is `.optional`, `[T]` `.many`, `Lazy<T>` `.lazy`, ...), for validation's
/// roots: a request of a shape resolves without a registration of its own type.
package func requestKind(of type: any Any.Type) -> DIDependency.Kind {
    DependencyDescriptor(erased: type).kind
}
