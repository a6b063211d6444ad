public import Navigator

/// Guards the screens only some users may see: asked before a navigation makes a protected
/// screen, it allows the navigation, denies it, or requires a flow first (a sign-in).
///
/// Attach a space to a route (``RouteTable/register(_:url:presentation:parent:protectedBy:keepAlive:makeScreen:)``),
/// to one navigation (`NavigationOptions.protect(with:)`), or to a flow
/// (``AnyFlow/protection``). The app controller's protection keeper asks it on every path
/// that would newly show a protected screen: a push, a modal presentation, a popover, a
/// child, a navigation to a state, a deep link (for every screen of its path), a flow's
/// run. A screen already shown is not asked about again, and nothing of the protected
/// navigation happens, no screen is even made, before the space allowed it.
///
/// ```swift
/// final class SignIn: ProtectionSpace {
///   var account: Account?
///   func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
///     decide(account == nil ? .require(SignInFlow(session: self)) : .allow)
///   }
/// }
/// try app.routes.register(Orders.self, url: "shop://orders", protectedBy: signIn) { _ in OrdersScreen() }
/// app.open("shop://orders")  // signs in first, then opens Orders; or fails with protectionDenied
/// ```
///
/// A space lives in its app controller's isolation domain: call `decide` there, once, now or
/// later. The first answer counts; later ones are ignored.
public protocol ProtectionSpace: NavigationProtection {
  /// Decides whether the navigation in `request` may show its protected screen.
  ///
  /// - Parameters:
  ///   - request: The protected screen and the navigation that would show it.
  ///   - decide: Call it once, now or later, with the decision.
  func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void)
}

/// What a protection space is asked about: one protected screen that a navigation would
/// newly show.
public struct ProtectionRequest: CustomStringConvertible {
  /// The protected screen, as messages name it: its route, or its destination.
  public let screen: String
  /// The protected screen's route, for a navigation to routes; `nil` otherwise.
  public let route: AnyRoute?
  /// The navigation, as messages name it: `push of a screen of type Orders`.
  public let navigation: String

  /// A readable form: the screen and the navigation.
  public var description: String { "\(screen) (\(navigation))" }
}

/// A protection space's answer: allow, deny, or require a flow first.
public struct ProtectionDecision {
  enum Kind {
    case allow
    case deny(String)
    case require(RequiredFlow)
  }

  let kind: Kind

  /// Lets the navigation show the screen.
  public static var allow: ProtectionDecision { ProtectionDecision(kind: .allow) }

  /// Refuses the navigation: its `onFailure` (or completion, or thrower) gets a
  /// `NavigationError` with the code `protectionDenied` naming the space, the screen and
  /// `reason`.
  ///
  /// - Parameter reason: Why, for the error's message.
  /// - Returns: The decision.
  public static func deny(_ reason: String) -> ProtectionDecision { ProtectionDecision(kind: .deny(reason)) }

  /// Runs `flow` first (a sign-in) as `presentation` says: the protected navigation waits,
  /// and runs once the flow finished, planned again from the state at that moment; when the
  /// flow ends any other way (dismissed, replaced, cancelled), the navigation is denied.
  ///
  /// One flow runs per space at a time: a protected navigation asked while the space's flow
  /// runs waits for that flow, and `flow` is not run.
  ///
  /// - Parameters:
  ///   - flow: The flow to run, which has not run.
  ///   - presentation: How it shows its first screen; a sheet in a navigation controller by
  ///     default.
  /// - Returns: The decision.
  public static func require<Output>(
    _ flow: Flow<Output>, as presentation: FlowPresentation = .sheet(embeddedInNavigationController: true)
  ) -> ProtectionDecision {
    ProtectionDecision(
      kind: .require(
        RequiredFlow(flow: flow) { app, animated, ended throws(NavigationError) in
          try app.tryRun(flow, as: presentation, animated: animated) { outcome in
            switch outcome {
            case .finished: ended(nil)
            case .dismissed(let exit): ended("\(flow.id) was dismissed (\(exit))")
            case .replaced(let exit): ended("\(flow.id) was replaced (\(exit))")
            case .cancelled(let error): ended("\(flow.id) was cancelled: \(error.message)")
            }
          }
        }))
  }
}

/// A flow that a decision requires, with the way to run it whatever its output.
struct RequiredFlow {
  /// The flow.
  let flow: AnyFlow
  /// Runs the flow on an app controller; `ended` gets `nil` when it finished, else why not.
  let run: (AppController, Bool, @escaping (String?) -> Void) throws(NavigationError) -> Void
}

/// The seed's protection shape: `shouldProtect(unprotect:failure:)` returns `false` to let
/// the navigation through at once, or `true` and calls `unprotect` (go on) or `failure`
/// (deny) later.
///
/// ```swift
/// final class SignIn: CallbackProtectionSpace {
///   func shouldProtect(unprotect: @escaping () -> Void, failure: @escaping (any Error) -> Void) -> Bool {
///     guard session.account == nil else { return false }
///     showSignIn(onSignedIn: unprotect, onCancel: { failure(SignInCancelled()) })
///     return true
///   }
/// }
/// ```
///
/// Unlike the seed, a protection that calls neither keeps only its own navigation waiting,
/// and a failure is never taken for a success.
public protocol CallbackProtectionSpace: ProtectionSpace {
  /// Returns `false` to allow the navigation at once; `true` to hold it until `unprotect`
  /// (allow) or `failure` (deny) is called, once.
  ///
  /// - Parameters:
  ///   - unprotect: Lets the navigation go on.
  ///   - failure: Denies the navigation with an error, described in the denial's message.
  /// - Returns: A Boolean value indicating whether the navigation waits.
  func shouldProtect(unprotect: @escaping () -> Void, failure: @escaping (any Error) -> Void) -> Bool
}

extension CallbackProtectionSpace {
  /// Asks ``shouldProtect(unprotect:failure:)`` and turns its answer into a decision.
  ///
  /// - Parameters:
  ///   - request: The protected screen and the navigation.
  ///   - decide: Gets the decision.
  public func evaluate(_ request: ProtectionRequest, decide: @escaping (ProtectionDecision) -> Void) {
    if !shouldProtect(unprotect: { decide(.allow) }, failure: { decide(.deny("\($0)")) }) {
      decide(.allow)
    }
  }
}
