import Testing
import Tether

/// Swinject's employment graph: an employer, its employee who points back at it, and a `Provider` of employees.
final class Employee {
    var employer: Employer?  // set at the end of the resolve, as Swinject's `initCompleted`
}
final class Employer {
    let employee: Employee
    let providedEmployee: Provider<Employee>
    var metDuringTheResolve: Employee?
    init(employee: Employee, providedEmployee: Provider<Employee>) {
        self.employee = employee
        self.providedEmployee = providedEmployee
    }
}
/// What a later factory of the same resolve makes with a `Provider` of a graph member built before it.
final class Visitor {
    let met: Employee
    init(employees: Provider<Employee>) throws { met = try employees.get() }
}
final class Office {
    let employer: Employer
    let visitor: Visitor
    init(employer: Employer, visitor: Visitor) { (self.employer, self.visitor) = (employer, visitor) }
}

@Suite("A Provider shares its graph while its resolve runs, and after it when it closes a cycle back")
struct ProviderGraphTests {
    static func employment() -> DIContainer {
        let container = DIContainer()
        container.register(Employee.init).lifetime(.objectGraph)
            .injection(cycle: true) { (employee: Employee, employer: Employer) in employee.employer = employer }
        container.register(Employer.init(employee:providedEmployee:)).lifetime(.objectGraph)
        return container
    }

    /// Breaks the employer ↔ employee cycles the test made.
    static func release(_ employees: Employee...) {
        for employee in employees { employee.employer = nil }
    }

    @Test func aProviderCalledAfterItsResolveReturnedStartsANewGraphEachCall() throws {
        let container = Self.employment()
        let employer = try container.resolveOrThrow(Employer.self)
        #expect(employer.employee.employer === employer, "one graph: the employee points back at its employer")
        let provided = try employer.providedEmployee.get()
        #expect(provided !== employer.employee)
        #expect(provided.employer !== employer, "Swinject: a provided employee has an employer of its own")
        #expect(provided.employer?.employee === provided, "in a graph of its own")
        let again = try employer.providedEmployee.get()
        #expect(again !== provided, "each call a new one")
        Self.release(employer.employee, provided, again)
    }

    @Test func aProviderUsedByADeferredStepOfItsResolveGetsThatGraphsInstance() throws {
        let container = Self.employment()
        container.register(Employer.init(employee:providedEmployee:)).lifetime(.objectGraph)
            .completion(cycle: true) { (employer: Employer) in
                employer.metDuringTheResolve = try employer.providedEmployee.get()
            }
            .replacing()
        let employer = try container.resolveOrThrow(Employer.self)
        #expect(employer.metDuringTheResolve === employer.employee, "DITranquillity: the graph's, inside the resolve")
        let after = try employer.providedEmployee.get()
        #expect(after !== employer.employee)
        employer.metDuringTheResolve = nil
        Self.release(employer.employee, after)
    }

    @Test func aProviderMadeByALaterFactoryOfTheResolveGetsTheInstanceItsGraphBuilt() throws {
        let container = Self.employment()
        container.register(Visitor.init(employees:))
        container.register(Office.init(employer:visitor:))
        let office = try container.resolveOrThrow(Office.self)
        #expect(office.visitor.met === office.employer.employee)
        Self.release(office.employer.employee)
    }

    final class Draft {}
    final class Editor {
        let draft: Draft
        let metThroughLazy: Draft
        let metThroughProvider: Draft
        init(draft: Draft, later: Lazy<Draft>, each: Provider<Draft>) throws {
            self.draft = draft
            metThroughLazy = try later.get()
            metThroughProvider = try each.get()
        }
        init(later: Lazy<Draft>, draft: Draft, each: Provider<Draft>) throws {
            self.draft = draft
            metThroughLazy = try later.get()
            metThroughProvider = try each.get()
        }
    }

    @Test(arguments: [true, false])
    func aLazyAndAProviderReadInTheFactoryThatTakesTheirGraphsInstanceBothGiveIt(lazyFirst: Bool) throws {
        let container = DIContainer()
        container.register(Draft.init).lifetime(.objectGraph)
        if lazyFirst {
            container.register(Editor.init(later:draft:each:))
        } else {
            container.register(Editor.init(draft:later:each:))
        }
        let editor = try container.resolveOrThrow(Editor.self)
        #expect(editor.metThroughLazy === editor.draft, "the Lazy reads its graph (Lifetimes.md)")
        #expect(editor.metThroughProvider === editor.draft, "the Provider too, inside the resolve")
    }

    /// DITranquillity's test07_ProvideCycleTest: an objectGraph `A` holds `B`, which holds `Provider<A>`.
    final class Owner {
        let part: Part
        init(part: Part) { self.part = part }
    }
    final class Part {
        let owner: Provider<Owner>
        init(owner: Provider<Owner>) { self.owner = owner }
    }

    @Test func aProviderClosingACycleBackToItsGraphsInstanceGivesThatInstanceAfterTheResolveWhileItLives() throws {
        let container = DIContainer()
        container.register(Owner.init(part:)).lifetime(.objectGraph)
        container.register(Part.init(owner:))
        var owner: Owner? = try container.resolveOrThrow(Owner.self)
        let part = owner!.part
        #expect(try part.owner.get() === owner)
        #expect(try part.owner.get() === owner, "and again the same")
        weak let gone = owner
        owner = nil
        #expect(gone == nil, "the Provider held it weakly")
        let next = try part.owner.get()
        #expect(next.part !== part, "once it is gone, a graph of its own")
    }
}
