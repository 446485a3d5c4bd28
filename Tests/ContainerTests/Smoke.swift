import Testing
@testable import Tether
