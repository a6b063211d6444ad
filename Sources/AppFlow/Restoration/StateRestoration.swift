public import Navigator

/// Decides, screen by screen, what a restoration brings back (the seed's name).
///
/// ```swift
/// final class Restorer: StateRestorationDelegate {
///   func restoration(of route: AnyRoute, at path: StatePath) -> RestorationDecision {
///     if route.as(Checkout.self) != nil { return .protect(signIn) }     // ask again
///     if route.as(Draft.self) != nil { return .reject }                 // cut the path here
///     return .allow
///   }
/// }
/// ```
public protocol StateRestorationDelegate: AnyObject {
  /// Decides about the screen of `route`, at `path` in the snapshot's state.
  ///
  /// - Parameters:
  ///   - route: The screen's route.
  ///   - path: Where the screen is in the snapshot's state.
  /// - Returns: The decision.
  func restoration(of route: AnyRoute, at path: StatePath) -> RestorationDecision
}

/// A ``StateRestorationDelegate``'s decision about one screen.
public enum RestorationDecision {
  /// Restore the screen.
  case allow
  /// Cut the restored path here: the screen, the stack entries after it and everything they
  /// present are not restored (a container's other children are).
  case reject
  /// Restore the screen once `space` allowed it, as any protected navigation; when the
  /// space denies, the restored path stops before the screen.
  case protect(any ProtectionSpace)
  /// Restore another route in the screen's place.
  case replace(any Route)
}

/// Why a restoration did not happen.
public enum RestorationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The snapshot could not be read.
  case snapshot(SnapshotError)
  /// The navigation to the snapshot's state was refused; nothing changed.
  case refused(NavigationError)

  /// The reason.
  public var description: String {
    switch self {
    case .snapshot(let error): "snapshot: \(error)"
    case .refused(let error): "refused: \(error.code): \(error.message)"
    }
  }
}

extension AppController {
  /// Takes a snapshot of the window's navigation.
  ///
  /// - Returns: The window's state keyed by routes.
  /// - Throws: ``SnapshotError/Code/unkeyedScreen`` when a screen the window shows has no
  ///   route (it was pushed as an instance or a type, not through the route table), so a
  ///   restoration couldn't make it again.
  public func snapshot() throws(SnapshotError) -> NavigationSnapshot {
    let state = window.navigationState(keyedBy: AnyRoute.self)
    if let unkeyed = state.root.flatMap(Self.firstUnkeyed) {
      throw SnapshotError(
        .unkeyedScreen,
        "Can't take a snapshot: \(unkeyed) has no route, so it couldn't be made again; show it through the "
          + "route table.")
    }
    return NavigationSnapshot(
      state: state, flows: keeper.roots.compactMap(flowSnapshot), keptAlive: keptAlive())
  }

  /// The screens the navigator keeps off screen for routes (their keys are their routes),
  /// with what is left of their lifetimes.
  private func keptAlive() -> [KeptAliveSnapshot] {
    guard routes.keepsScreensAlive else { return [] }
    return navigator.keepAliveCache.offScreenEntries().compactMap { entry in
      guard let route = entry.screen.navigationKey as? AnyRoute,
        entry.key == KeepAliveKey(type(of: route.base), identifier: route)
      else { return nil }
      return KeptAliveSnapshot(route: route, secondsLeft: entry.secondsLeft)
    }
  }

  /// Keeps the snapshot's off-screen screens again: each made anew by the route table and
  /// kept for what was left of its lifetime. Routes with a protection are skipped (their
  /// screens are made only once their protection allows), as are routes the cache holds
  /// already and screens that can't be made.
  private func keepAgain(_ kept: [KeptAliveSnapshot]) {
    for entry in kept {
      let key = KeepAliveKey(type(of: entry.route.base), identifier: entry.route)
      guard routes.protection(of: entry.route) == nil, !navigator.keepAliveCache.contains(key),
        let screen = try? routes.makeScreen(for: entry.route)
      else { continue }
      navigator.keepAliveCache.keepRestored(
        screen, for: key, within: entry.secondsLeft.map { .duration(seconds: $0) } ?? .session)
    }
  }

  /// The snapshot of `flow` and its children, when its type is registered for snapshots and
  /// its first screen has a route.
  private func flowSnapshot(_ flow: AnyFlow) -> FlowSnapshot? {
    guard let tag = routes.flowTags[ObjectIdentifier(type(of: flow))],
      let route = flow.firstScreen?.navigationKey as? AnyRoute
    else { return nil }
    return FlowSnapshot(tag: tag, route: route, children: flow.children.compactMap(flowSnapshot))
  }

  /// Makes the snapshot's flows again on the screens of their routes, parents first; a flow
  /// whose screen isn't shown (the restoration cut it) is skipped with its children.
  private func adopt(_ flows: [FlowSnapshot], parent: AnyFlow?) {
    for entry in flows {
      guard let screen = Self.screen(of: entry.route, in: window.rootViewController),
        keeper.live.allSatisfy({ $0.firstScreen !== screen }),
        let flow = routes.flowRestorers[entry.tag]?(entry.route, routes.context), flow.state == .ready
      else { continue }
      keeper.adopt(flow, screen, parent: parent)
      adopt(entry.children, parent: flow)
    }
  }

  /// The screen whose key is `route`, in the hierarchy under `screen`.
  private static func screen(of route: AnyRoute, in screen: ViewController?) -> ViewController? {
    guard let screen else { return nil }
    if let key = screen.navigationKey as? AnyRoute, key == route { return screen }
    for child in screen.children {
      if let found = Self.screen(of: route, in: child) { return found }
    }
    return Self.screen(of: route, in: screen.presentedViewController)
  }

  /// Takes a snapshot and writes it as JSON: the bytes of ``RouteTable/encode(_:)-(NavigationSnapshot)``, written
  /// directly rather than through Foundation's `JSONEncoder`.
  ///
  /// - Returns: The snapshot's bytes.
  /// - Throws: As ``snapshot()`` and ``RouteTable/encode(_:)-(NavigationSnapshot)``.
  public func encodeSnapshot() throws(SnapshotError) -> [UInt8] {
    try routes.writeSnapshot(try snapshot())
  }

  /// Restores a snapshot: plans from the window's state to the snapshot's, through the same
  /// checks, protections and all-or-nothing apply as any navigation.
  ///
  /// The delegate decides per screen first (allow, reject, protect, replace). A screen
  /// whose protection (its route's, or the delegate's) denies stops the restored path before
  /// it: what stands below it is restored. Screens already shown are kept.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot.
  ///   - delegate: Decides per screen; every screen is restored when `nil`.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once: with the plan that ran, or the error (nothing changed then).
  public func restore(
    _ snapshot: NavigationSnapshot, delegate: (any StateRestorationDelegate)? = nil, animated: Bool = false,
    completion: ((Result<NavigationPlan<AnyRoute>, RestorationError>) -> Void)? = nil
  ) {
    recording(
      delegate == nil
        ? .restore(snapshot, animated: animated)
        : .unreplayable("restore(\(snapshot)) with a delegate, whose decisions are not recorded")
    ) {
      restoreNow(snapshot, delegate: delegate, animated: animated, completion: completion)
    }
  }

  /// ``restore(_:delegate:animated:completion:)-(NavigationSnapshot,_,_,_)``, once its
  /// recorder heard it.
  private func restoreNow(
    _ snapshot: NavigationSnapshot, delegate: (any StateRestorationDelegate)?, animated: Bool,
    completion: ((Result<NavigationPlan<AnyRoute>, RestorationError>) -> Void)?
  ) {
    var protections: [AnyRoute: any ProtectionSpace] = [:]
    let target = Restoration.decide(
      snapshot.state, delegate: delegate, protections: &protections,
      fallback: window.navigationState(keyedBy: AnyRoute.self))
    restore(to: target, protections: protections, animated: animated, rounds: 0) { [weak self] result in
      if case .success = result {
        self?.adopt(snapshot.flows, parent: nil)
        self?.keepAgain(snapshot.keptAlive)
      }
      completion?(result)
    }
  }

  /// Reads a snapshot's bytes (``RouteTable/decodeSnapshot(_:)``) and restores it; a
  /// snapshot that can't be read is an error for `completion`, and the window stays as it is.
  ///
  /// - Parameters:
  ///   - bytes: The snapshot's JSON bytes.
  ///   - delegate: Decides per screen; every screen is restored when `nil`.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, with the plan or the error.
  public func restore(
    _ bytes: some Collection<UInt8>, delegate: (any StateRestorationDelegate)? = nil, animated: Bool = false,
    completion: ((Result<NavigationPlan<AnyRoute>, RestorationError>) -> Void)? = nil
  ) {
    let snapshot: NavigationSnapshot
    do throws(SnapshotError) {
      snapshot = try routes.decodeSnapshot(bytes)
    } catch {
      completion?(.failure(.snapshot(error)))
      return
    }
    restore(snapshot, delegate: delegate, animated: animated, completion: completion)
  }

  /// Restores a snapshot, throwing a refusal found during the call; the window stays as it is
  /// then.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot.
  ///   - delegate: Decides per screen; every screen is restored when `nil`.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, unless the call throws: with the plan that ran, or with a
  ///     refusal found after the call returned.
  /// - Throws: The ``RestorationError`` found during the call.
  public func tryRestore(
    _ snapshot: NavigationSnapshot, delegate: (any StateRestorationDelegate)? = nil, animated: Bool = false,
    completion: ((Result<NavigationPlan<AnyRoute>, RestorationError>) -> Void)? = nil
  ) throws(RestorationError) {
    try throwingEarlyFailure(completion: completion) {
      restore(snapshot, delegate: delegate, animated: animated, completion: $0)
    }
  }

  /// Reads a snapshot's bytes and restores it, throwing an unreadable snapshot or a refusal
  /// found during the call; the window stays as it is then.
  ///
  /// - Parameters:
  ///   - bytes: The snapshot's JSON bytes.
  ///   - delegate: Decides per screen; every screen is restored when `nil`.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  ///   - completion: Runs once, unless the call throws: with the plan that ran, or with a
  ///     refusal found after the call returned.
  /// - Throws: The ``RestorationError`` found during the call.
  public func tryRestore(
    _ bytes: some Collection<UInt8>, delegate: (any StateRestorationDelegate)? = nil, animated: Bool = false,
    completion: ((Result<NavigationPlan<AnyRoute>, RestorationError>) -> Void)? = nil
  ) throws(RestorationError) {
    try throwingEarlyFailure(completion: completion) {
      restore(bytes, delegate: delegate, animated: animated, completion: $0)
    }
  }

  /// Restores a snapshot and returns the plan once applied.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot.
  ///   - delegate: Decides per screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The plan that ran.
  /// - Throws: A ``RestorationError``.
  @discardableResult
  public func restoreAndWait(
    _ snapshot: NavigationSnapshot, delegate: (any StateRestorationDelegate)? = nil, animated: Bool = false
  ) async throws(RestorationError) -> NavigationPlan<AnyRoute> {
    let result = Awaited<Result<NavigationPlan<AnyRoute>, RestorationError>>()
    restore(snapshot, delegate: delegate, animated: animated) { result.value = $0 }
    return try await result.wait().get()
  }

  /// Reads a snapshot's bytes and restores it; returns the plan once applied.
  ///
  /// - Parameters:
  ///   - bytes: The snapshot's JSON bytes.
  ///   - delegate: Decides per screen.
  ///   - animated: A Boolean value indicating whether the navigation animates.
  /// - Returns: The plan that ran.
  /// - Throws: A ``RestorationError``.
  @discardableResult
  public func restoreAndWait(
    _ bytes: some Collection<UInt8>, delegate: (any StateRestorationDelegate)? = nil, animated: Bool = false
  ) async throws(RestorationError) -> NavigationPlan<AnyRoute> {
    let result = Awaited<Result<NavigationPlan<AnyRoute>, RestorationError>>()
    restore(bytes, delegate: delegate, animated: animated) { result.value = $0 }
    return try await result.wait().get()
  }

  /// Navigates to `target`; a protection's denial cuts the target before the denied screen
  /// and tries again, at most once per screen.
  private func restore(
    to target: NavigationState<AnyRoute>, protections: [AnyRoute: any ProtectionSpace], animated: Bool,
    rounds: Int, completion: ((Result<NavigationPlan<AnyRoute>, RestorationError>) -> Void)?
  ) {
    protectionKeeper.restorationProtections = protections
    protectionKeeper.lastDenied = nil
    let options = StateNavigationOptions<AnyRoute>().animated(animated).onFailure { [weak self] error in
      guard let self else { return completion?(.failure(.refused(error))) ?? () }
      self.protectionKeeper.restorationProtections = [:]
      if error.code == .protectionDenied, let denied = self.protectionKeeper.lastDenied,
        rounds < target.screenCount,
        let cut = Restoration.cutting(
          denied, from: target, fallback: self.window.navigationState(keyedBy: AnyRoute.self))
      {
        self.restore(
          to: cut, protections: protections, animated: animated, rounds: rounds + 1, completion: completion)
        return
      }
      completion?(.failure(.refused(error)))
    }
    .completion { [weak self] plan in
      self?.protectionKeeper.restorationProtections = [:]
      completion?(.success(plan))
    }
    try? navigator.tryNavigate(to: target, options: options)
  }

  /// The first screen without a route key, depth first.
  private static func firstUnkeyed(_ node: NavigationState<AnyRoute>.Node) -> String? {
    if case .instance(let screen) = node.key { return "\(screen)" }
    for child in node.contained {
      if let found = firstUnkeyed(child) { return found }
    }
    return node.presentation.flatMap { firstUnkeyed($0.screen) }
  }
}
