import Testing
import Tether

/// The examples of Docs/*/GettingStarted.md.
@Suite("Docs: Getting started")
struct GettingStartedSnippets {
    // snippet: first-types
    protocol WeatherAPI: Sendable {
        func temperature(in city: String) -> Int
    }

    final class FixedWeatherAPI: WeatherAPI {
        func temperature(in city: String) -> Int { 21 }
    }

    final class ForecastModel {
        let api: any WeatherAPI
        init(api: any WeatherAPI) { self.api = api }

        func headline(for city: String) -> String { "\(city): \(api.temperature(in: city)) °C" }
    }
    // end-snippet

    // snippet: first-container
    func makeContainer() -> DIContainer {
        let container = DIContainer()
        container.register(FixedWeatherAPI.init)
            .as((any WeatherAPI).self)
            .lifetime(.perContainer(.strong))
        container.register(ForecastModel.init(api:))
        return container
    }
    // end-snippet

    @Test func resolveBuildsTheModelWithItsDependency() {
        // snippet: first-resolve
        let container = makeContainer()
        let model: ForecastModel = container.resolve()
        #expect(model.headline(for: "Oslo") == "Oslo: 21 °C")
        // end-snippet
    }

    @Test func resolveOrThrowExplainsWhatIsMissing() {
        // snippet: first-resolve-or-throw
        let container = DIContainer()
        container.register(ForecastModel.init(api:))  // WeatherAPI is left out on purpose
        do {
            _ = try container.resolveOrThrow(ForecastModel.self)
            Issue.record("resolved without a WeatherAPI")
        } catch {
            // `description` is the whole report; `code` and `path` are there for code that reacts to it.
            #expect(error.code == "not-registered")
            #expect(error.path.map(\.requested.typeName) == ["ForecastModel"])
        }
        // end-snippet
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(ForecastModel.self) }
        DocOutput.check(error?.description ?? "", named: "first-resolve-or-throw")
    }
}
