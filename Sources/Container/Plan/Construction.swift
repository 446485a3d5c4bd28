/// Building one new instance of a component: run its factory, share the instance with the rest of the resolve
/// where others may ask for it again, and set its injected properties.
extension BoundComponent {
    /// A new instance, in the form caches hold: the instance of a class, a boxed value otherwise.
    @inline(__always)
    func buildObject(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        if layout.isClass {
            return try receive(AnyObject.self) { (word) throws(DIError) in try build(into: word, &context) }
        }
        return try layout.withRoom { (room) throws(DIError) -> AnyObject in
            try build(into: room, &context)
            return layout.hold(movingFrom: room)
        }
    }

    /// Builds a new instance at `target`, which is initialized if and only if this returns.
    @inline(__always)
    func build(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        try binding.withGuaranteed { (binding) throws(DIError) in
            // Most builds have nothing to inject, guard or tell.
            if injections.isEmpty, !binding.onCycle, context.extras == nil {
                try buildPlainly(into: target, binding, &context)
                if keepsInGraph { context.remember(index, layout.holdCopy(of: target)) }
            } else {
                try build(into: target, binding, &context)
            }
        }
    }

    /// `build` for a step with nothing to inject, guard or tell: the stack check and the factory.
    @inline(__always)
    private func buildPlainly(
        into target: UnsafeMutableRawPointer, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        do throws(DIError) {
            let here = StackGuard.here()
            if here < context.stackCheckpoint { try context.checkStack(at: here, building: info) }
            try callFactory(into: target, binding, &context)
        } catch {
            context.noteFailure(step)
            throw error
        }
    }

    /// `build` with everything a step may need: the cycle guard, the observer, sharing and injections.
    private func build(
        into target: UnsafeMutableRawPointer, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        let onCycle = binding.onCycle
        if onCycle { try CycleGuard.enter(self, &context) }
        defer { if onCycle { CycleGuard.leave(&context) } }
        context.observer?.willBuild(step)
        do throws(DIError) {
            let here = StackGuard.here()
            if here < context.stackCheckpoint { try context.checkStack(at: here, building: info) }
            try callFactory(into: target, binding, &context)
            if keepsInGraph || !injections.isEmpty {
                do throws(DIError) {
                    try finish(target, binding, &context)
                } catch {
                    layout.destroy(target)
                    throw error
                }
            }
            context.observer?.didBuild(step, failed: false)
        } catch {
            context.observer?.didBuild(step, failed: true)
            // The path is gathered on the way out and joined once at the top, so a deep failure costs O(depth).
            context.noteFailure(step)
            throw error
        }
    }

    private func callFactory(
        into target: UnsafeMutableRawPointer, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        try withUnsafeMutablePointer(to: &context) { (pointer) throws(DIError) in
            var reader = DependencyReader(
                context: pointer, slots: UnsafeBufferPointer(binding.slots), position: 0, component: self)
            try factory(&reader, target)
        }
    }

    /// Shares the new instance with the resolve and sets its injected properties.
    private func finish(
        _ target: UnsafeMutableRawPointer, _ binding: Binding, _ context: inout ResolveContext
    ) throws(DIError) {
        if keepsInGraph { context.remember(index, layout.holdCopy(of: target)) }
        // An injection's slots follow those of the injections before it.
        var position = 0
        for injection in injections {
            defer { position += injection.dependencies.count }
            if injection.cycle {
                let owner = layout.holdCopy(of: target)
                context.enqueue(DeferredInjection(owner: step, ownerIndex: index) { [self, position] (context) throws(DIError) in
                    try layout.withRoom { (room) throws(DIError) in
                        layout.copy(owner, to: room)
                        defer { layout.destroy(room) }
                        try inject(injection, slot: position, of: binding, owner: room, &context)
                    }
                })
            } else {
                try inject(injection, slot: position, of: binding, owner: target, &context)
            }
        }
    }

    private func inject(
        _ injection: InjectionDescriptor, slot: Int, of binding: Binding, owner: UnsafeMutableRawPointer,
        _ context: inout ResolveContext
    ) throws(DIError) {
        try withUnsafeMutablePointer(to: &context) { (pointer) throws(DIError) in
            var reader = DependencyReader(
                context: pointer, slots: UnsafeBufferPointer(binding.injectionSlots), position: slot, component: self)
            try injection.inject(UnsafeRawPointer(owner), &reader)
        }
    }
}

extension DIError {
    /// The error as seen from the components that were building `steps` (outermost first) when it passed through.
    func prepending(_ steps: some Collection<DIResolutionStep>) -> DIError {
        guard !steps.isEmpty else { return self }
        var copy = self
        copy.path.insert(contentsOf: steps, at: 0)
        return copy
    }
}
