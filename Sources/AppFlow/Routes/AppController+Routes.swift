public import Navigator

extension AppController {
  /// Opens a deep link: the route the URL names, on its chain of parents, each shown as
  /// its registration says; planned from the window's state and applied all-or-nothing
  /// (`Navigator.navigate(to:options:)`).
  ///
  /// Screens already shown are kept, only what is missing is made, pop guards are asked,
  /// and a refusal anywhere changes nothing. A URL comes from outside: a bad one is an
  /// error for `completion`, never a misuse.
  ///
  /// - Parameters:
  ///   - url: The URL, such as `shop://catalog/products/42/reviews`.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once: with the plan after the last did-callback, or with the
  ///     error (the matcher's, or ``RouteError/refused(_:)`` with the navigation's).
  public func open(
    _ url: some StringProtocol, animated: Bool = true,
    completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)? = nil
  ) {
    open(url, animated: animated, report: RouteReport(completion))
  }

  /// ``open(_:animated:completion:)`` reporting to `report`.
  private func open(_ url: some StringProtocol, animated: Bool, report: RouteReport) {
    recording(.open(url: String(url), animated: animated)) {
      openNow(url, animated: animated, report: report)
    }
  }

  /// ``open(_:animated:completion:)``, once its recorder heard it.
  private func openNow(_ url: some StringProtocol, animated: Bool, report: RouteReport) {
    let chain: [AnyRoute]
    do throws(RouteError) {
      chain = try routes.chain(to: try routes.route(for: url))
    } catch {
      report.failure?(error)
      return
    }
    navigate(along: chain, animated: animated, report: report)
  }

  /// Opens a deep link, throwing a refusal found during the call; nothing changes then.
  ///
  /// - Parameters:
  ///   - url: The URL, such as `shop://catalog/products/42/reviews`.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, unless the call throws: with the plan after the last
  ///     did-callback, or with a refusal found after the call returned. Without one, no plan
  ///     is built.
  /// - Throws: The ``RouteError`` found during the call: the matcher's, or
  ///   ``RouteError/refused(_:)`` with the navigation's.
  public func tryOpen(
    _ url: some StringProtocol, animated: Bool = true,
    completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)? = nil
  ) throws(RouteError) {
    guard let completion else {
      return try throwingEarlyFailure { open(url, animated: animated, report: RouteReport(failure: $0)) }
    }
    try throwingEarlyFailure(completion: completion) { open(url, animated: animated, completion: $0) }
  }

  /// Opens a deep link and returns the plan once applied.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The plan that was applied.
  /// - Throws: As ``open(_:animated:completion:)`` gives its errors.
  @discardableResult
  public func openAndWait(_ url: some StringProtocol, animated: Bool = true) async throws(RouteError)
    -> NavigationPlan<AnyRoute>
  {
    let result = Awaited<Result<NavigationPlan<AnyRoute>, RouteError>>()
    open(url, animated: animated) { result.value = $0 }
    return try await result.wait().get()
  }

  /// Navigates to `route` on its chain of parents, as a deep link to it would.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, with the plan or the error.
  public func navigate(
    to route: some Route, animated: Bool = true,
    completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)? = nil
  ) {
    navigate(to: route, animated: animated, report: RouteReport(completion))
  }

  /// ``navigate(to:animated:completion:)-(Route,_,_)`` reporting to `report`.
  private func navigate(to route: some Route, animated: Bool, report: RouteReport) {
    recording(.navigateToRoute(AnyRoute(route), animated: animated)) {
      navigateNow(to: route, animated: animated, report: report)
    }
  }

  /// ``navigate(to:animated:completion:)-(Route,_,_)``, once its recorder heard it.
  private func navigateNow(to route: some Route, animated: Bool, report: RouteReport) {
    let chain: [AnyRoute]
    do throws(RouteError) {
      chain = try routes.chain(to: route)
    } catch {
      report.failure?(error)
      return
    }
    navigate(along: chain, animated: animated, report: report)
  }

  /// Navigates to `route` on its chain of parents, throwing a refusal found during the call;
  /// nothing changes then.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, unless the call throws: with the plan, or with a refusal
  ///     found after the call returned. Without one, no plan is built.
  /// - Throws: The ``RouteError`` found during the call.
  public func tryNavigate(
    to route: some Route, animated: Bool = true,
    completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)? = nil
  ) throws(RouteError) {
    guard let completion else {
      return try throwingEarlyFailure {
        navigate(to: route, animated: animated, report: RouteReport(failure: $0))
      }
    }
    try throwingEarlyFailure(completion: completion) {
      navigate(to: route, animated: animated, completion: $0)
    }
  }

  /// Navigates to `route` on its chain of parents, and returns the plan once applied.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The plan that was applied.
  /// - Throws: A ``RouteError``.
  @discardableResult
  public func navigateAndWait(to route: some Route, animated: Bool = true) async throws(RouteError)
    -> NavigationPlan<AnyRoute>
  {
    let result = Awaited<Result<NavigationPlan<AnyRoute>, RouteError>>()
    navigate(to: route, animated: animated) { result.value = $0 }
    return try await result.wait().get()
  }

  /// Navigates to the state that shows `routes`, root first, each shown on the one before
  /// as its registration says.
  ///
  /// - Parameters:
  ///   - routes: The routes, root first.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, with the plan or the error.
  public func navigate(
    to routes: [any Route], animated: Bool = true,
    completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)? = nil
  ) {
    navigate(to: routes, animated: animated, report: RouteReport(completion))
  }

  /// ``navigate(to:animated:completion:)-([Route],_,_)`` reporting to `report`.
  private func navigate(to routes: [any Route], animated: Bool, report: RouteReport) {
    let chain = routes.map { AnyRoute($0) }
    recording(.navigateToRoutes(chain, animated: animated)) {
      navigate(along: chain, animated: animated, report: report)
    }
  }

  /// Navigates to the state that shows `routes`, throwing a refusal found during the call;
  /// nothing changes then.
  ///
  /// - Parameters:
  ///   - routes: The routes, root first.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, unless the call throws: with the plan, or with a refusal
  ///     found after the call returned. Without one, no plan is built.
  /// - Throws: The ``RouteError`` found during the call.
  public func tryNavigate(
    to routes: [any Route], animated: Bool = true,
    completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)? = nil
  ) throws(RouteError) {
    guard let completion else {
      return try throwingEarlyFailure {
        navigate(to: routes, animated: animated, report: RouteReport(failure: $0))
      }
    }
    try throwingEarlyFailure(completion: completion) {
      navigate(to: routes, animated: animated, completion: $0)
    }
  }

  /// Navigates to the state that shows `routes`, and returns the plan once applied.
  ///
  /// - Parameters:
  ///   - routes: The routes, root first.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The plan that was applied.
  /// - Throws: A ``RouteError``.
  @discardableResult
  public func navigateAndWait(to routes: [any Route], animated: Bool = true) async throws(RouteError)
    -> NavigationPlan<AnyRoute>
  {
    let result = Awaited<Result<NavigationPlan<AnyRoute>, RouteError>>()
    navigate(to: routes, animated: animated) { result.value = $0 }
    return try await result.wait().get()
  }

  /// Plans and applies the state of `chain`, and reports once.
  private func navigate(along chain: [AnyRoute], animated: Bool, report: RouteReport) {
    let target: NavigationState<AnyRoute>
    do throws(RouteError) {
      target = try routes.state(for: chain)
    } catch {
      report.failure?(error)
      return
    }
    // Every refusal, found now or later, goes to `onFailure`; the thrown one is the same.
    let failure = report.failure
    let options = StateNavigationOptions<AnyRoute>().animated(animated)
      .onFailure { error in failure?(.refused(error)) }
    // The plan (which reads the window's state) is built only for someone who receives it.
    try? navigator.tryNavigate(to: target, options: report.success.map(options.completion) ?? options)
  }
}

/// Where a navigation to routes reports: a caller's completion, or only the failure a `try`
/// form called without a completion throws.
private struct RouteReport {
  /// Hears a failure.
  let failure: ((RouteError) -> Void)?
  /// Hears the plan; `nil` when nobody receives it, so that none is built.
  let success: ((NavigationPlan<AnyRoute>) -> Void)?

  /// Reports to a completion, if there is one.
  init(_ completion: ((Result<NavigationPlan<AnyRoute>, RouteError>) -> Void)?) {
    failure = completion.map { completion in { completion(.failure($0)) } }
    success = completion.map { completion in { completion(.success($0)) } }
  }

  /// Reports failures only.
  init(failure: @escaping (RouteError) -> Void) {
    self.failure = failure
    success = nil
  }
}
