/// A protection that a navigation carries (``NavigationOptions/protect(with:)``): the
/// navigator's ``NavigationGatekeeper`` asks it before the protected screen is made.
///
/// The engine gives a protection no meaning of its own; AppFlow's `ProtectionSpace` (a
/// sign-in, say) refines it and its gatekeeper answers for it.
public protocol NavigationProtection: AnyObject {
  /// The protection's name in messages and the journal; the type's name by default.
  var name: String { get }
}

extension NavigationProtection {
  /// The type's name.
  public var name: String { String(describing: type(of: self)) }
}

/// Decides whether a navigation may make the screens it would newly show: the seam that
/// AppFlow's protection keeper fills.
///
/// The navigator asks its ``Navigator/gatekeeper`` before it makes any screen: for a push,
/// a presentation, a popover or a child whose options carry a protection, and for a
/// navigation to a state that would make screens for keys (when ``admitsKeys`` is `true`).
/// Nothing is made, and nothing changes, until the gatekeeper allowed.
public protocol NavigationGatekeeper: AnyObject {
  /// A Boolean value indicating whether the gatekeeper wants to be asked about the screens
  /// a navigation to a state makes for keys; when `false`, only navigations that carry a
  /// protection ask it, and state navigations pay nothing.
  var admitsKeys: Bool { get }

  /// Decides an admission: calls ``NavigationAdmission/allow()`` or
  /// ``NavigationAdmission/refuse(_:)`` once, during the call or later.
  ///
  /// - Parameter admission: The navigation and the screens it would newly show.
  func admit(_ admission: NavigationAdmission)
}

/// A navigation waiting to be let through: the screens it would newly show, each with its
/// protection or key, and the answer once given.
///
/// Answered during ``NavigationGatekeeper/admit(_:)``, the navigation goes on (or throws)
/// in the same call. Answered later, an allowed navigation runs again from the start,
/// checked and planned against the hierarchy at that moment, and a refused one hands the
/// error to its `onFailure` and its async caller; a denial is never a misuse. The first
/// answer counts; later ones, and answers to an admission that was superseded or withdrawn,
/// are ignored.
public final class NavigationAdmission {
  /// A screen the navigation would newly show.
  public struct Screen: CustomStringConvertible {
    /// The screen's key, for a navigation to a state; `nil` otherwise.
    public let key: AnyScreenKey?
    /// The protection the navigation carries for it, if any.
    public let protection: (any NavigationProtection)?
    /// How messages name the screen: its key, or its destination (`a screen of type Cart`).
    ///
    /// A screen a navigation to a state makes for a key is named by its key, described when
    /// this is read (describing a key costs thousands of instructions, and most admissions
    /// never read it).
    public var description: String { storedDescription ?? key.map { "\($0)" } ?? "" }
    /// The text given at creation; `nil` for a screen named by its key when read.
    private let storedDescription: String?

    /// Describes a screen a navigation would newly show.
    ///
    /// - Parameters:
    ///   - key: The screen's key, if it is made for one.
    ///   - protection: The protection the navigation carries for it.
    ///   - description: How messages name it.
    public init(key: AnyScreenKey?, protection: (any NavigationProtection)?, description: String) {
      self.key = key
      self.protection = protection
      storedDescription = description
    }

    /// Describes a screen made for `key`, named by its key (``description`` describes the
    /// key when read).
    init(key: AnyScreenKey) {
      self.key = key
      protection = nil
      storedDescription = nil
    }
  }

  /// The text of ``navigation``: given, or built when first read.
  enum NavigationText {
    case text(String)
    case described(() -> String)
  }

  /// Where an admission stands.
  enum State {
    case asking, waiting, allowed, refused(NavigationError), withdrawn
  }

  /// The navigator that asks; weak, so that a waiting navigation doesn't keep it.
  public private(set) weak var navigator: Navigator?
  /// The navigation, as messages name it: `push of a screen of type Cart`.
  ///
  /// The navigator's own admissions build the text when it is first read (a message, a
  /// gatekeeper that reads it): describing a target costs thousands of instructions, and
  /// most admissions never need it.
  public var navigation: String {
    switch navigationText {
    case .text(let text):
      return text
    case .described(let describe):
      let text = describe()
      navigationText = .text(text)
      return text
    }
  }
  /// ``navigation``, or how to build it.
  private var navigationText: NavigationText
  /// The screens the navigation would newly show, in the order it would make them.
  public let screens: [Screen]
  /// A Boolean value indicating whether the navigation can wait for a later answer; a `try`
  /// form that returns its screen can't, and is refused with
  /// ``NavigationError/Code/protectionPending`` when the answer doesn't come at once.
  public let canWait: Bool
  /// The protections that already let this navigation through in an earlier round, by
  /// identity: a navigation that runs again after waiting does not ask them again.
  public private(set) var grants: Set<ObjectIdentifier>
  var state = State.asking
  /// Runs when the navigation is allowed after the call that asked returned.
  var onAllow: (() -> Void)?
  /// Runs when the navigation is refused after the call that asked returned.
  var onRefuse: ((NavigationError) -> Void)?

  /// Creates an admission (for code built on the engine that asks the gatekeeper itself,
  /// such as a flow that runs under a protection).
  ///
  /// - Parameters:
  ///   - navigator: The navigator the navigation runs on.
  ///   - navigation: The navigation, as messages name it.
  ///   - screens: The screens it would newly show.
  ///   - canWait: Whether it can wait for a later answer.
  ///   - grants: The protections that already let it through.
  ///   - onAllow: Runs when it is allowed after the call that asked returned.
  ///   - onRefuse: Runs when it is refused after the call that asked returned.
  public init(
    navigator: Navigator, navigation: String, screens: [Screen], canWait: Bool,
    grants: Set<ObjectIdentifier> = [], onAllow: (() -> Void)? = nil,
    onRefuse: ((NavigationError) -> Void)? = nil
  ) {
    self.navigator = navigator
    navigationText = .text(navigation)
    self.screens = screens
    self.canWait = canWait
    self.grants = grants
    self.onAllow = onAllow
    self.onRefuse = onRefuse
  }

  /// Creates an admission whose ``navigation`` text `describe` builds when first read.
  init(
    navigator: Navigator, describing describe: @escaping () -> String, screens: [Screen], canWait: Bool,
    grants: Set<ObjectIdentifier> = [], onAllow: (() -> Void)? = nil,
    onRefuse: ((NavigationError) -> Void)? = nil
  ) {
    self.navigator = navigator
    navigationText = .described(describe)
    self.screens = screens
    self.canWait = canWait
    self.grants = grants
    self.onAllow = onAllow
    self.onRefuse = onRefuse
  }

  /// A Boolean value indicating whether the admission was answered, withdrawn or
  /// superseded: further answers are ignored.
  public var isSettled: Bool {
    switch state {
    case .asking, .waiting: false
    case .allowed, .refused, .withdrawn: true
    }
  }

  /// A Boolean value indicating whether `protection` already let this navigation through.
  ///
  /// - Parameter protection: A protection.
  /// - Returns: `true` when it was granted in an earlier round.
  public func isGranted(_ protection: any NavigationProtection) -> Bool {
    grants.contains(ObjectIdentifier(protection))
  }

  /// Records that `protection` lets this navigation through, so that a later round of the
  /// same navigation does not ask it again.
  ///
  /// - Parameter protection: The protection that allowed.
  public func grant(_ protection: any NavigationProtection) {
    grants.insert(ObjectIdentifier(protection))
  }

  /// Lets the navigation through: now, when the gatekeeper is still being asked, else by
  /// running it again from the start.
  public func allow() {
    switch state {
    case .asking:
      state = .allowed
    case .waiting:
      state = .allowed
      navigator?.forget(self)
      let onAllow = self.onAllow
      clearHandlers()
      onAllow?()
    case .allowed, .refused, .withdrawn:
      return
    }
  }

  /// Refuses the navigation with `error` (a ``NavigationError/Code/protectionDenied`` for
  /// a protection's denial); nothing of it happens.
  ///
  /// - Parameter error: Why the navigation is refused.
  public func refuse(_ error: NavigationError) {
    switch state {
    case .asking:
      state = .refused(error)
    case .waiting:
      state = .refused(error)
      navigator?.forget(self)
      let onRefuse = self.onRefuse
      clearHandlers()
      onRefuse?(error)
    case .allowed, .refused, .withdrawn:
      return
    }
  }

  /// Ends a waiting admission because a newer navigation replaced it.
  func supersede(by newer: String) {
    refuse(
      NavigationError(
        .superseded,
        "The \(navigation) waited for \(protectionNames) and was superseded by a newer navigation to "
          + "\(newer)."))
  }

  /// The names of the protections involved, for messages.
  var protectionNames: String {
    var names: [String] = []
    for screen in screens {
      if let name = screen.protection?.name, !names.contains(name) { names.append(name) }
    }
    return names.isEmpty ? "its gatekeeper" : names.joined(separator: ", ")
  }

  private func clearHandlers() {
    onAllow = nil
    onRefuse = nil
  }
}

extension Navigator {
  /// Asks the ``gatekeeper`` to admit a navigation before it makes its screens.
  ///
  /// The navigator asks for its own protected navigations; code built on the engine asks
  /// for its own (a flow that runs under a protection). An admission that waits is
  /// superseded by a newer navigation to a state (``NavigationError/Code/superseded``).
  ///
  /// - Parameter admission: The navigation and the screens it would newly show; asked once.
  /// - Returns: `true` when the navigation may go on now, `false` when it waits for a later
  ///   answer (its `onAllow` or `onRefuse` runs then).
  /// - Throws: The refusal given at once, ``NavigationError/Code/protectionPending`` for an
  ///   admission that can't wait and got no answer at once, or
  ///   ``NavigationError/Code/noGatekeeper``.
  public func admit(_ admission: NavigationAdmission) throws(NavigationError) -> Bool {
    guard let gatekeeper else {
      throw NavigationError(
        .noGatekeeper,
        "Can't run the \(admission.navigation): it is protected by \(admission.protectionNames), and the "
          + "navigator has no gatekeeper to ask; an AppController installs one.")
    }
    gatekeeper.admit(admission)
    switch admission.state {
    case .allowed:
      return true
    case .refused(let error):
      throw error
    case .asking:
      guard admission.canWait else {
        admission.state = .withdrawn
        throw NavigationError(
          .protectionPending,
          "Can't run the \(admission.navigation) now: \(admission.protectionNames) did not answer at once, "
            + "and a try form can't wait; use the form with a completion, or the async one.")
      }
      admission.state = .waiting
      waitingAdmissions.append(admission)
      return false
    case .waiting, .withdrawn:
      preconditionFailure("An admission is asked once.")
    }
  }

  /// Forgets an admission that was answered.
  func forget(_ admission: NavigationAdmission) {
    waitingAdmissions.removeAll { $0 === admission }
  }

  /// Refuses every navigation still waiting for its gatekeeper's answer with `error`: its
  /// `onFailure` and its async caller get it, and a later answer is ignored.
  ///
  /// For the owner of a navigator that stops (an app controller): no waiting navigation runs
  /// afterwards, and no caller waits for ever.
  ///
  /// - Parameter error: Why the navigations are refused.
  public func refuseWaitingNavigations(_ error: NavigationError) {
    let waiting = waitingAdmissions
    waitingAdmissions.removeAll()
    for admission in waiting { admission.refuse(error) }
  }

  /// Ends every waiting admission: a newer navigation to `target` replaces them.
  @usableFromInline
  func supersedeWaitingNavigations(by target: String) {
    let waiting = waitingAdmissions
    waitingAdmissions.removeAll()
    for admission in waiting { admission.supersede(by: target) }
  }

  /// Runs a push, a presentation, a popover or a child addition whose options carry a
  /// protection: once the gatekeeper allowed, without the protection; returns `nil` when it
  /// waits for a later answer.
  ///
  /// - Parameters:
  ///   - kind: The kind of navigation, for messages.
  ///   - destination: The screen to show, for messages.
  ///   - options: The options, which carry the protection.
  ///   - canWait: Whether the caller can wait for a later answer (not a `try` form).
  ///   - lateFailure: Receives a refusal found after the call returned (the async form).
  ///   - input: The input the navigation tells once let through, which the window's input
  ///     observer hears wrapped in ``WindowInput/protected(_:by:canWait:)`` before the
  ///     gatekeeper is asked.
  ///   - navigate: Runs the navigation with the options it is given.
  func protected<Screen>(
    _ kind: Request.Kind, _ destination: Destination<Screen>, _ options: NavigationOptions<Screen>,
    canWait: Bool, lateFailure: ((NavigationError) -> Void)?, input: @autoclosure () -> WindowInput,
    _ navigate: @escaping (NavigationOptions<Screen>) throws(NavigationError) -> Screen
  ) throws(NavigationError) -> Screen? {
    // The call is the input; the navigation, now or on a later answer, is its consequence.
    let observer = window.beginInput(
      options.protection.map { .protected(input(), by: $0, canWait: canWait) } ?? input())
    defer { observer?.windowDidHandleInput(window) }
    let unprotected = options.copy(protectedBy: nil)
    // The navigation's text is built only when read; the closure holds its own copy of the
    // destination and the options, not the navigator.
    let admission = NavigationAdmission(
      navigator: self, describing: { "\(kind) of \(Navigator.describedShown(destination, options))" },
      screens: [
        .init(key: nil, protection: options.protection, description: destination.described(as: "screen"))
      ],
      canWait: canWait,
      onAllow: { [weak self] in
        do throws(NavigationError) {
          _ = try navigate(unprotected)
        } catch {
          // `onFailure` heard it already.
          guard let window = self?.window else { return lateFailure?(error) ?? () }
          if let lateFailure {
            lateFailure(error)
            window.reportMisuse(error)
          } else {
            Misuse.handle(error, in: window)
          }
        }
      },
      onRefuse: { error in
        options.failureHandler?(error)
        lateFailure?(error)
      })
    do throws(NavigationError) {
      guard try admit(admission) else { return nil }
    } catch {
      options.failureHandler?(error)
      throw error
    }
    return try navigate(unprotected)
  }
}
