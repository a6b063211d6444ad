import Navigator

/// An app controller's gatekeeper: asks the protection spaces of the screens a navigation
/// would newly show, one after the other, and runs the flows they require, one per space.
///
/// The navigator holds it weakly; the app controller holds it. Nothing in it is global, so
/// the protections of two app controllers never wait on each other.
final class ProtectionKeeper: NavigationGatekeeper {
  /// A flow a space required, and the navigations waiting for it.
  final class SignIn {
    /// The flow.
    let flow: AnyFlow
    /// Each waiting navigation's continuation: `nil` when the flow finished, else why not.
    var waiting: [(String?) -> Void] = []

    init(flow: AnyFlow) {
      self.flow = flow
    }
  }

  /// The app controller, which owns this keeper.
  weak var app: AppController?
  /// The flow running for each space, by the space's identity.
  private var signIns: [ObjectIdentifier: SignIn] = [:]

  init(app: AppController) {
    self.app = app
  }

  /// The protections a restoration's delegate asked for, by route, while it runs.
  var restorationProtections: [AnyRoute: any ProtectionSpace] = [:]
  /// The route of the last screen a space denied, for a restoration that stops before it.
  var lastDenied: AnyRoute?

  /// Asked about state navigations only when a route (or a running restoration) has a
  /// protection.
  var admitsKeys: Bool { !restorationProtections.isEmpty || (app?.routes.hasProtections ?? false) }

  /// The flows running for spaces now, for inspection.
  var runningSignIns: [AnyFlow] { signIns.values.map(\.flow) }

  /// Asks each protected screen's space in turn; allows once all allowed.
  func admit(_ admission: NavigationAdmission) {
    guard let app else {
      return admission.refuse(
        NavigationError(
          .protectionDenied, "The \(admission.navigation) was denied: its app controller is gone."))
    }
    var asked: [(NavigationAdmission.Screen, any ProtectionSpace)] = []
    for screen in admission.screens {
      guard let space = protection(of: screen, in: app), !admission.isGranted(space) else { continue }
      asked.append((screen, space))
    }
    ask(asked, from: 0, admission)
  }

  /// The space that protects `screen`: the navigation's, else its route's.
  private func protection(of screen: NavigationAdmission.Screen, in app: AppController) -> (
    any ProtectionSpace
  )? {
    if let protection = screen.protection {
      // A protection that is not a space has no one to answer for it here.
      return protection as? any ProtectionSpace ?? UnansweredProtection(protection)
    }
    guard let route = screen.key?.base as? AnyRoute else { return nil }
    return restorationProtections[route] ?? app.routes.protection(of: route)
  }

  /// Asks the space of `asked[index]`, then the next ones; allows after the last.
  private func ask(
    _ asked: [(NavigationAdmission.Screen, any ProtectionSpace)], from index: Int,
    _ admission: NavigationAdmission
  ) {
    guard !admission.isSettled else { return }
    guard index < asked.count else { return admission.allow() }
    let (screen, space) = asked[index]
    let request = ProtectionRequest(
      screen: screen.description, route: screen.key?.base as? AnyRoute, navigation: admission.navigation)
    app?.window.journal.record(.protectionAsked(space.name, screen.description))
    var answered = false
    space.evaluate(request) { [weak self] decision in
      guard !answered else { return }
      answered = true
      self?.decided(decision, asked, index, admission)
    }
  }

  /// Acts on a space's decision about `asked[index]`.
  private func decided(
    _ decision: ProtectionDecision, _ asked: [(NavigationAdmission.Screen, any ProtectionSpace)],
    _ index: Int,
    _ admission: NavigationAdmission
  ) {
    guard !admission.isSettled, let app else { return }
    let (screen, space) = asked[index]
    switch decision.kind {
    case .allow:
      app.window.journal.record(.protectionAllowed(space.name, screen.description))
      admission.grant(space)
      ask(asked, from: index + 1, admission)
    case .deny(let reason):
      deny(admission, space, screen, reason)
    case .require(let required):
      let resume: (String?) -> Void = { [weak self] failure in
        guard let self else { return }
        if let failure {
          self.deny(admission, space, screen, failure)
        } else {
          self.app?.window.journal.record(.protectionAllowed(space.name, screen.description))
          admission.grant(space)
          self.ask(asked, from: index + 1, admission)
        }
      }
      let id = ObjectIdentifier(space)
      if let running = signIns[id] {
        running.waiting.append(resume)
        return
      }
      guard admission.canWait else {
        // A try form can't wait for a flow: the navigator refuses it as pending.
        return
      }
      let signIn = SignIn(flow: required.flow)
      signIn.waiting.append(resume)
      signIns[id] = signIn
      app.window.journal.record(.protectionRequired(space.name, screen.description))
      do throws(NavigationError) {
        try required.run(app, true) { [weak self] failure in
          guard let self, let signIn = self.signIns.removeValue(forKey: id) else { return }
          for resume in signIn.waiting { resume(failure) }
        }
      } catch {
        signIns[id] = nil
        deny(admission, space, screen, "its flow \(required.flow.name) could not run: \(error.message)")
      }
    }
  }

  /// Refuses `admission` with a denial naming the space and the screen.
  private func deny(
    _ admission: NavigationAdmission, _ space: any ProtectionSpace, _ screen: NavigationAdmission.Screen,
    _ reason: String
  ) {
    guard !admission.isSettled else { return }
    lastDenied = screen.key?.base as? AnyRoute
    let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    app?.window.journal.record(.protectionDenied(space.name, screen.description))
    admission.refuse(
      NavigationError(
        .protectionDenied,
        "\(space.name) denied the \(admission.navigation) (\(screen.description) is protected): \(reason)."))
  }
}

/// Stands for a protection that is not a ``ProtectionSpace``: the protection keeper can't
/// ask it, so it denies.
private final class UnansweredProtection: ProtectionSpace {
  let protection: any NavigationProtection

  init(_ protection: any NavigationProtection) {
    self.protection = protection
  }

  var name: String { protection.name }

  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    decide(.deny("\(protection.name) is not a ProtectionSpace, so no one can answer for it"))
  }
}
