/// The arguments of an async component's factory, produced by the engine as one value (the tuple of its
/// parameters), so that `resolveAsync` can await the factory with them after the engine has returned.
final class ArgumentsProvision: Provision, @unchecked Sendable {  // Immutable.
    let component: BoundComponent
    let parameters: FactoryParameters

    init(_ component: BoundComponent, parameters: FactoryParameters) {
        self.component = component
        self.parameters = parameters
    }

    override func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        do throws(DIError) {
            try component.binding.withGuaranteed { (binding) throws(DIError) in
                try withUnsafeMutablePointer(to: &context) { (pointer) throws(DIError) in
                    var reader = DependencyReader(
                        context: pointer, slots: UnsafeBufferPointer(binding.slots), position: 0, component: component)
                    try reader.read(parameters, into: target)
                }
            }
        } catch {
            context.noteFailure(component.step)
            throw error
        }
    }
}
