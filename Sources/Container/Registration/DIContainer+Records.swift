extension DIContainer {
    /// Records a registration of `T` made by `thunk` and returns its builder.
    func register<T>(
        _: T.Type, parameters: FactoryParameters, thunk: @escaping FactoryThunk, kind: DIFactoryKind,
        asyncFactory: AsyncFactory? = nil, lifetime: DILifeTime? = nil, sharing: DISharing? = nil,
        madeElsewhere: Bool = false, isInstance: Bool = false,
        file: StaticString, line: Int, filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let site = SiteText.strings(file: file, filePath: filePath)
        var registration = Registration(
            info: DIComponentInfo(type: T.self, file: site.file, line: line, filePath: site.filePath), type: T.self,
            parameters: RegisteredParameters(parameters), factory: thunk, kind: kind, asyncFactory: asyncFactory)
        if let lifetime {
            registration.lifetime = lifetime
            registration.lifetimeIsGiven = true
        }
        if let sharing { registration.sharing = sharing }
        registration.madeElsewhere = madeElsewhere
        registration.isInstance = isInstance
        return DIComponentBuilder(chain: add(registration))
    }

    /// A registration of `T` that the container never makes: its factory throws `made-elsewhere`. objectGraph, so
    /// that what leads back to the object within one `inject(into:)` shares it.
    func registerMadeElsewhere<T>(
        _: T.Type, file: StaticString, line: Int, filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let thunk: FactoryThunk = { (component, _, _, _) throws(DIError) in throw component.madeElsewhere() }
        return register(
            T.self, parameters: FactoryParameters(Void.self), thunk: thunk, kind: .synchronous, lifetime: .objectGraph,
            madeElsewhere: true, file: file, line: line, filePath: filePath)
    }
}
