import Navigator

/// An app controller's gatekeeper: asks the protection spaces of the screens a navigation
/// would newly show, one after the other, and runs the flows they require, one per space.
///
/// The navigator holds it weakly; the app controller holds it. Nothing in it is global, so
/// the protections of two app controllers never wait on each other.
final class ProtectionKeeper {
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

  /// One admission being decided: the protected screens and their spaces, in order.
  final class Evaluation {
    /// The admission.
    let admission: NavigationAdmission
    /// The protected screens, each with its space.
    let asked: [(NavigationAdmission.Screen, any ProtectionSpace)]

    init(_ admission: NavigationAdmission, _ asked: [(NavigationAdmission.Screen, any ProtectionSpace)]) {
      self.admission = admission
      self.asked = asked
    }
  }

  /// The evaluations under way, by their admission's identity: the keeper holds them, and
  /// the `decide` closures handed to spaces hold them weakly.
  private var evaluations: [ObjectIdentifier: Evaluation] = [:]

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

  /// Refuses an admission whose app controller is gone.
  static func refuseOrphaned(_ admission: NavigationAdmission) {
    admission.refuse(
      NavigationError(
        .protectionDenied, "The \(admission.navigation) was denied: its app controller is gone."))
  }

  /// The flows running for spaces now, for inspection.
  var runningSignIns: [AnyFlow] { signIns.values.map(\.flow) }

  /// Asks each protected screen's space in turn; allows once all allowed.
  func admit(_ admission: NavigationAdmission) {
    guard let app else { return Self.refuseOrphaned(admission) }
    // Evaluations whose admission was settled elsewhere (superseded, refused on a stop).
    if !evaluations.isEmpty { evaluations = evaluations.filter { !$0.value.admission.isSettled } }
    var asked: [(NavigationAdmission.Screen, any ProtectionSpace)] = []
    for screen in admission.screens {
      guard let space = protection(of: screen, in: app), !admission.isGranted(space) else { continue }
      asked.append((screen, space))
    }
    let evaluation = Evaluation(admission, asked)
    evaluations[ObjectIdentifier(admission)] = evaluation
    ask(evaluation, from: 0)
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

  /// Asks the space of the evaluation's screen at `index`, then the next ones; allows after
  /// the last.
  private func ask(_ evaluation: Evaluation, from index: Int) {
    let admission = evaluation.admission
    guard !admission.isSettled else { return drop(evaluation) }
    guard index < evaluation.asked.count else {
      drop(evaluation)
      return admission.allow()
    }
    let (screen, space) = evaluation.asked[index]
    let request = ProtectionRequest(
      screen: screen.description, route: screen.key?.base as? AnyRoute, navigation: admission.navigation)
    app?.window.journal.record(.protectionAsked(space.name, screen.description))
    let asking = Asking()
    // Weak: a space that keeps a `decide` it never calls must not keep the navigation (whose
    // screens hold the space) alive.
    let decide: (ProtectionDecision) -> Void = { [weak self, weak evaluation] decision in
      guard !asking.answered, let self, let evaluation else { return }
      // An answer to a settled evaluation changes nothing: no input.
      guard asking.isNamed, !evaluation.admission.isSettled, let recorder = self.app?.sessionRecorder else {
        asking.answered = true
        return self.decided(decision, evaluation, index)
      }
      // A late answer while a recorder records: an input (when no other input is under way).
      let input = self.recordedAnswer(decision, asking, evaluation.asked[index])
      asking.answered = true
      recorder.begin(input)
      defer { recorder.end() }
      self.decided(decision, evaluation, index)
    }
    space.evaluate(request, decide: decide)
    // Only a recording app controller keeps the evaluations waiting for a late answer, and
    // only those asked during a recorded input, which a replay asks again: a navigation to
    // routes, a deep link, a flow's run, or a navigator call protected by its options (an
    // input told before its admission, `WindowInput.protected`), whose late answer is an
    // input as theirs are.
    if !asking.answered, let recorder = app?.sessionRecorder, recorder.isHandlingInput {
      asking.isNamed = true
      lateAnswers.removeAll { !$0.isWaiting }
      lateAnswers.append(LateAnswer(asking: asking, evaluation: evaluation, decide: decide))
    }
  }

  // MARK: Late answers (recording)

  /// Whether a space's `decide` was called, and whether a recorder names the evaluation.
  final class Asking {
    /// A Boolean value indicating whether the space decided.
    var answered = false
    /// A Boolean value indicating whether the space's `evaluate` returned without deciding
    /// while a recorder recorded the input that asked: its answer is an input.
    var isNamed = false
  }

  /// An evaluation whose space returned without deciding, while a recorder recorded.
  struct LateAnswer {
    /// The asking's state.
    let asking: Asking
    /// The evaluation, while it is under way.
    weak var evaluation: Evaluation?
    /// The `decide` handed to the space: a replay answers through it.
    let decide: (ProtectionDecision) -> Void

    /// A Boolean value indicating whether the evaluation still waits for this answer.
    var isWaiting: Bool {
      guard !asking.answered, let evaluation else { return false }
      return !evaluation.admission.isSettled
    }
  }

  /// The evaluations waiting for a late answer, oldest first (kept only while recording).
  private var lateAnswers: [LateAnswer] = []

  /// The evaluations still waiting for a late answer, oldest first: a recorded answer names
  /// its evaluation by its index here.
  var waitingForLateAnswers: [LateAnswer] {
    lateAnswers.removeAll { !$0.isWaiting }
    return lateAnswers
  }

  /// A late answer as a log records it.
  private func recordedAnswer(
    _ decision: ProtectionDecision, _ asking: Asking,
    _ asked: (screen: NavigationAdmission.Screen, space: any ProtectionSpace)
  ) -> RecordedInput {
    let (screen, space) = asked
    let named = "the protection \(space.name) of \(screen.description)"
    guard let pending = waitingForLateAnswers.firstIndex(where: { $0.asking === asking }) else {
      // Kept until answered or settled, and the decide closure checked both.
      return .unreplayable("a late answer to \(named), which no evaluation waits for")
    }
    switch decision.kind {
    case .allow: return .answerProtection(pending: pending, decision: .allow)
    case .deny(let reason): return .answerProtection(pending: pending, decision: .deny(reason))
    case .require(let required):
      return .unreplayable(
        "a late answer to \(named) requiring the flow \(required.flow.name): a required flow is not recorded")
    }
  }

  /// Acts on a space's decision about the evaluation's screen at `index`.
  private func decided(_ decision: ProtectionDecision, _ evaluation: Evaluation, _ index: Int) {
    let admission = evaluation.admission
    guard !admission.isSettled, let app else { return drop(evaluation) }
    let (screen, space) = evaluation.asked[index]
    switch decision.kind {
    case .allow:
      app.window.journal.record(.protectionAllowed(space.name, screen.description))
      admission.grant(space)
      ask(evaluation, from: index + 1)
    case .deny(let reason):
      deny(evaluation, space, screen, reason)
    case .require(let required):
      let resume: (String?) -> Void = { [weak self, weak evaluation] failure in
        guard let self, let evaluation else { return }
        if let failure {
          self.deny(evaluation, space, screen, failure)
        } else {
          self.app?.window.journal.record(.protectionAllowed(space.name, screen.description))
          evaluation.admission.grant(space)
          self.ask(evaluation, from: index + 1)
        }
      }
      let id = ObjectIdentifier(space)
      if let running = signIns[id] {
        running.waiting.append(resume)
        return
      }
      guard admission.canWait else {
        // A try form can't wait for a flow: the navigator refuses it as pending.
        return drop(evaluation)
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
        deny(evaluation, space, screen, "its flow \(required.flow.name) could not run: \(error.message)")
      }
    }
  }

  /// Forgets a settled evaluation.
  private func drop(_ evaluation: Evaluation) {
    evaluations[ObjectIdentifier(evaluation.admission)] = nil
  }

  /// Refuses the evaluation's admission with a denial naming the space and the screen.
  private func deny(
    _ evaluation: Evaluation, _ space: any ProtectionSpace, _ screen: NavigationAdmission.Screen,
    _ reason: String
  ) {
    drop(evaluation)
    let admission = evaluation.admission
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
