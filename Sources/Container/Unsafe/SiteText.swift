/// The `String`s of a registration site's `#fileID` and `#filePath`, which `register` takes as `StaticString`s.
///
/// Why not `String` parameters: a function of hundreds of `register` calls then shares two `String` values among
/// all of them, and two passes of the compiler's optimiser are quadratic in the uses of one value in a block (at
/// 1,000 registrations in one function, 40% of the module's compile). A `StaticString` is trivial, so the
/// optimiser has nothing to track. Making a `String` of a literal longer than 15 bytes allocates, so each thread
/// keeps the last site's strings, which nearly every registration reuses (registrations come a file at a time):
/// a lookup is two address compares.
///
/// Owner: each thread owns its cache (a `ThreadLocal`, released when the thread ends); the literals it compares
/// addresses of are in the binary's constant data and live as long as the process.
@safe enum SiteText {
    @safe private final class LastSite {
        var file: UInt = 0
        var filePath: UInt = 0
        var strings = ("", "")
    }

    private static let last = ThreadLocal { LastSite() }

    /// What tells one `#fileID` literal from another without reading it: its address, or 0 for a literal held
    /// otherwise.
    static func identity(of file: StaticString) -> UInt {
        unsafe file.hasPointerRepresentation ? UInt(bitPattern: file.utf8Start) : 0
    }

    /// `file` and `filePath` as strings.
    static func strings(file: StaticString, filePath: StaticString) -> (file: String, filePath: String) {
        guard file.hasPointerRepresentation, filePath.hasPointerRepresentation else {
            return (file.description, filePath.description)
        }
        let fileAddress = unsafe UInt(bitPattern: file.utf8Start)
        let pathAddress = unsafe UInt(bitPattern: filePath.utf8Start)
        let cache = last.value
        if cache.file != fileAddress || cache.filePath != pathAddress {
            (cache.file, cache.filePath, cache.strings) = (
                fileAddress, pathAddress, (file.description, filePath.description)
            )
        }
        return cache.strings
    }
}
