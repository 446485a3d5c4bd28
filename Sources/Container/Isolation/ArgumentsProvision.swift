/// The arguments of an async component's factory, produced by the engine as one value (the tuple of its
/// parameters), so that `resolveAsync` can await the factory with them after the engine has returned.
final class ArgumentsProvision: Provision, @unchecked Sendable {  // Immutable.
    let component: BoundComponent
    let parameters: FactoryParameters

    init(_ component: BoundComponent, parameters: FactoryParameters) {
        self.component = component
        self.parameters = parameters
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        do throws(DIError) {
            try component.withBinding { (binding) throws(DIError) in
                try DependencyReader.readArguments(parameters, of: component, binding, into: target, &context)
            }
        } catch {
            context.noteFailure(component.step)
            throw error
        }
    }
}
