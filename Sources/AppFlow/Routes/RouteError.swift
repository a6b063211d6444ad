public import Navigator

/// Why a URL, a pattern or a route could not be matched, printed, registered or opened.
///
/// Every input gives a match or one of these, never a crash. URLs stored in a case are
/// shortened to their first 200 characters (followed by `…`), so an error stays small
/// whatever the input.
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The URL is empty.
  case emptyURL
  /// The URL has no scheme (`/products/42`, `catalog`).
  case relativeURL(String)
  /// The URL breaks the syntax: bad percent-encoding, invalid UTF-8 after decoding, a scheme
  /// without `//`.
  case malformedURL(String, reason: String)
  /// The URL is longer than 4,096 bytes; the URL kept is a prefix.
  case urlTooLong(String, length: Int)
  /// The URL's path has more than 64 segments.
  case tooManySegments(String, count: Int)
  /// No registered pattern has the URL's scheme.
  case unknownScheme(String, scheme: String)
  /// No registered pattern with the URL's scheme has its host.
  case unknownHost(String, host: String)
  /// No registered pattern matches the URL's path; names the pattern sharing the longest
  /// prefix of segments with it, if any.
  case noMatch(String, closestPattern: String?)
  /// A parameter's value does not fit its type (an `int` that overflows, a query item that
  /// is not a `uuid`), or a value handed to the Codable bridge does not fit the property.
  case invalidParameter(String, name: String, value: String, expected: URLParameterType)
  /// Printing a pattern, or decoding a value, lacks a required parameter.
  case missingParameter(pattern: String, name: String)
  /// Two patterns could match the same URL with the same precedence: the new one, then the
  /// registered one.
  case ambiguousPatterns(String, String)
  /// A pattern's text breaks the pattern syntax.
  case invalidPattern(String, reason: String)
  /// A route whose type is not registered in the route table.
  case unregisteredRoute(String)
  /// A route's URL would parse as another route, so it can't be printed: the route, the URL
  /// its pattern prints, and the route that URL parses as (another pattern takes it first).
  case urlParsesAsAnotherRoute(String, url: String, parsed: String)
  /// The URL matches a pattern of another route type than the one asked for: the URL, the
  /// pattern, the route type it belongs to and the one asked for (their `routeName`s).
  case wrongRouteType(String, pattern: String, matched: String, expected: String)
  /// The navigation to a route's screens was refused.
  case refused(NavigationError)
  /// A route type registered a second time in one route table, or a second route type with
  /// the same `routeName` (a route's tag in snapshots).
  case duplicateRoute(String)
  /// A flow type, or a flow tag, registered a second time for snapshots in one route table.
  case duplicateFlow(String)
  /// A screen type, a screen tag, a storyboard's name or a container's name registered a
  /// second time for session logs in one route table (``RouteTable/registerScreen(_:tag:)``,
  /// ``RouteTable/registerStoryboard(_:)``, ``RouteTable/registerContainer(named:_:)``; the
  /// container name `NavigationController` is a navigation controller's, always there).
  case duplicateScreen(String)
  /// A protection space registered for session logs (``RouteTable/registerProtection(_:)``)
  /// whose name another space of the route table has already: the name.
  case duplicateProtection(String)
  /// A chain of routes that can't be shown: an empty one, a route pushed onto a screen
  /// presented outside a navigation controller, a route after a child route, a chain of
  /// parents longer than 64; the route and the reason.
  case invalidChain(String, reason: String)

  /// A readable message naming the rule that was broken, the URL, the pattern(s) and the
  /// parameter.
  public var description: String {
    switch self {
    case .emptyURL:
      return "emptyURL: the URL is empty"
    case .relativeURL(let url):
      return "relativeURL: '\(url)' has no scheme; a deep link is absolute (scheme://host/path)"
    case .malformedURL(let url, let reason):
      return "malformedURL: '\(url)': \(reason)"
    case .urlTooLong(let url, let length):
      return
        "urlTooLong: the URL is \(length) bytes, more than \(URLLimits.maximumLength) ('\(url)')"
    case .tooManySegments(let url, let count):
      return
        "tooManySegments: '\(url)' has \(count) path segments, more than \(URLLimits.maximumSegments)"
    case .unknownScheme(let url, let scheme):
      return "unknownScheme: no pattern has the scheme '\(scheme)' of '\(url)'"
    case .unknownHost(let url, let host):
      return "unknownHost: no pattern has the host '\(host)' of '\(url)'"
    case .noMatch(let url, let closest):
      let hint = closest.map { "; the closest pattern is '\($0)'" } ?? ""
      return "noMatch: no pattern matches '\(url)'\(hint)"
    case .invalidParameter(let url, let name, let value, let expected):
      return
        "invalidParameter: parameter '\(name)' of '\(url)' is '\(value)', which is not a valid \(expected.rawValue)"
    case .missingParameter(let pattern, let name):
      return "missingParameter: '\(pattern)' needs the parameter '\(name)'"
    case .ambiguousPatterns(let new, let existing):
      return
        "ambiguousPatterns: '\(new)' could match the same URLs as '\(existing)' with the same precedence"
    case .invalidPattern(let pattern, let reason):
      return "invalidPattern: '\(pattern)': \(reason)"
    case .unregisteredRoute(let route):
      return "unregisteredRoute: no route is registered for \(route)"
    case .urlParsesAsAnotherRoute(let route, let url, let parsed):
      return "urlParsesAsAnotherRoute: \(route) prints as '\(url)', which parses as \(parsed); "
        + "the URL would open another route"
    case .wrongRouteType(let url, let pattern, let matched, let expected):
      return "wrongRouteType: '\(url)' matches '\(pattern)', a pattern of \(matched), not of \(expected)"
    case .refused(let error):
      return "refused: \(error)"
    case .duplicateFlow(let flow):
      return "duplicateFlow: \(flow) is registered already; a flow type (and a flow tag) is registered once"
    case .duplicateScreen(let screen):
      return "duplicateScreen: \(screen) is registered already; a screen type, a screen tag, a "
        + "storyboard's name and a container's name are each registered once (the container name "
        + "NavigationController is a navigation controller's)"
    case .duplicateProtection(let name):
      return
        "duplicateProtection: a protection space named \(name) is known already; a name names one space in "
        + "a route table, so that a session log can name it"
    case .duplicateRoute(let route):
      return "duplicateRoute: \(route) is registered already; a route type (and a route name) is "
        + "registered once"
    case .invalidChain(let route, let reason):
      return "invalidChain: \(route) can't be shown: \(reason)"
    }
  }
}

/// The limits on what a URL may be before matching starts.
enum URLLimits {
  /// The longest URL, in UTF-8 bytes.
  static let maximumLength = 4096
  /// The most path segments.
  static let maximumSegments = 64
  /// The most characters of a URL kept in an error.
  static let shownLength = 200

  /// The URL as an error keeps it: its first 200 characters, then `…` if it was longer.
  ///
  /// - Complexity: O(1) for a URL of at most 200 UTF-8 bytes, which has at most 200
  ///   characters and is kept whole; otherwise O(*n*) in the 200 characters kept, each found
  ///   by grapheme breaking (about 140 instructions an ASCII character, measured with
  ///   callgrind).
  static func shown(_ url: String) -> String {
    url.utf8.count <= shownLength ? url : shortened(url)
  }

  /// The URL as an error keeps it, as the `String` form does.
  static func shown(_ url: some StringProtocol) -> String {
    url.utf8.count <= shownLength ? String(url) : shortened(url)
  }

  /// The first 200 characters of `url`, then `…` if it was longer.
  private static func shortened(_ url: some StringProtocol) -> String {
    var count = 0
    var end = url.startIndex
    while end < url.endIndex, count < shownLength {
      url.formIndex(after: &end)
      count += 1
    }
    return end == url.endIndex ? String(url) : String(url[..<end]) + "…"
  }
}
