import Tether
import TetherValidation

protocol PaymentGateway: AnyObject {}
final class StripeGateway: PaymentGateway {}
final class CheckoutService {
    init(cart: Cart, gateway: any PaymentGateway) {}
}
final class Cart {}
final class CheckoutViewModel {
    init(service: CheckoutService) {}
}

/// A checkout graph whose gateway is registered but not `.as` the protocol, under a name.
func brokenCheckout() -> (DIContainer, line: Int) {
    let container = DIContainer()
    let line = #line + 1
    container.register(CheckoutViewModel.init(service:)).lifetime(.objectGraph).root()
    container.register(CheckoutService.init(cart:gateway:))
    container.register(Cart.init)
    container.register(StripeGateway.init).as((any PaymentGateway).self, name: "stripe")
    return (container, line)
}

protocol XYZFetching: AnyObject {}
protocol XYZUpdating: AnyObject {}
final class XYZCombinedService: XYZFetching, XYZUpdating {}
final class XYZSessionService: Sendable {}
final class XYZService: Sendable {
    init(session: XYZSessionService) {}
}
final class XYZViewModel {
    init(fetcher: any XYZFetching, updater: any XYZUpdating, service: XYZService) {}
}

func xyzGraph() -> DIContainer {
    let container = DIContainer()
    container.register(XYZViewModel.init(fetcher:updater:service:)).lifetime(.objectGraph)
    container.register(XYZCombinedService.init).lifetime(.objectGraph)
        .as((any XYZFetching).self).as((any XYZUpdating).self)
    container.register(XYZService.init(session:)).lifetime(.objectGraph)
    container.register(XYZSessionService.init).lifetime(.objectGraph)
    return container
}
