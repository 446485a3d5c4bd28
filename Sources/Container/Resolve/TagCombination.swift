/// What registration reads from a `DITagged` parameter's type, known there only through its metadata.
protocol TaggedDependency {
    static var tag: any Any.Type { get }
    static var value: any Any.Type { get }
}

extension DITagged: TaggedDependency {
    static var tag: any Any.Type { Tag.self }
    static var value: any Any.Type { Value.self }
}

/// The tag of a request that names several (`DITagged<A, DITagged<B, P>>`): only a provider that carries every one
/// of them matches. A registration with several tags also provides under each combination of them, so that such a
/// request is one look-up, as a request for one tag is, in the container and in validation alike.
enum TagCombination<First, Rest> {}

/// What a `TagCombination` stands for, read through its metadata.
protocol CombinedTags {
    static var parts: [any Any.Type] { get }
}

extension TagCombination: CombinedTags {
    static var parts: [any Any.Type] { [First.self] + Tags.parts(of: Rest.self) }
}

/// Tags as requests and registrations use them: one, or a combination of several.
package enum Tags {
    /// The tags `tag` stands for: itself, or each of a combination's.
    package static func parts(of tag: any Any.Type) -> [any Any.Type] {
        (tag as? any CombinedTags.Type)?.parts ?? [tag]
    }

    /// The tag that asks for every one of `tags`: the tag itself when there is one, else their combination, in an
    /// order that does not depend on how the request nested them.
    package static func combined(_ tags: [any Any.Type]) -> any Any.Type {
        var unique: [any Any.Type] = []
        for tag in tags.flatMap(parts(of:)) where !unique.contains(where: { $0 == tag }) { unique.append(tag) }
        let ordered = unique.sorted {
            (typeName($0), ObjectIdentifier($0).hashValue) < (typeName($1), ObjectIdentifier($1).hashValue)
        }
        return ordered.dropLast().reversed().reduce(ordered.last!) { rest, first in pair(first, rest) }
    }

    /// How many tags one request may name: a registration provides under every combination of up to this many of
    /// its tags, so that the keys grow with the square and cube of its tags, not their powers of two.
    static let maximumCombined = 3

    /// Every combination of two to `maximumCombined` of `tags`, which a registration tagged with all of them
    /// provides under.
    static func combinations(of tags: [any Any.Type]) -> [any Any.Type] {
        guard tags.count > 1 else { return [] }
        var subsets: [[any Any.Type]] = [[]]
        for tag in tags {
            subsets += subsets.filter { $0.count < maximumCombined }.map { $0 + [tag] }
        }
        return subsets.filter { $0.count > 1 }.map(combined)
    }

    /// `Primary`, or `Primary and Replica` for a combination: how errors and reports name a tag.
    package static func name(_ tag: any Any.Type) -> String {
        parts(of: tag).map(typeName).joined(separator: " and ")
    }

    /// How a near miss names the tags of `tag` a provider carrying `carried` lacks (all of `tag`'s, if it lacks
    /// none of them singly): what its help then tells to add.
    package static func lacking(_ tag: any Any.Type, carried: [any Any.Type]) -> String {
        let lacking = parts(of: tag).filter { part in !carried.contains { $0 == part } }
        return name(combined(lacking.isEmpty ? [tag] : lacking))
    }

    /// The builder calls that add the tags `name(_:)` named: `` `.tag(A.self)` and `.tag(B.self)` ``.
    package static func calls(adding names: String) -> String {
        names.split(separator: " and ").map { "`.tag(\($0).self)`" }.joined(separator: " and ")
    }

    private static func pair(_ first: any Any.Type, _ rest: any Any.Type) -> any Any.Type {
        func withFirst<F>(_: F.Type) -> any Any.Type {
            func withRest<R>(_: R.Type) -> any Any.Type { TagCombination<F, R>.self }
            return _openExistential(rest, do: withRest)
        }
        return _openExistential(first, do: withFirst)
    }
}
