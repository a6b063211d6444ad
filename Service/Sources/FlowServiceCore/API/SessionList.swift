import AppFlow

/// The body of `GET /sessions`' answer: a page of the stored sessions, and the cursor of the
/// next page.
struct SessionList: Codable, Hashable, Sendable {
  /// A session of the page.
  struct Entry: Codable, Hashable, Sendable {
    /// The session's identifier.
    var id: String
    /// When its snapshot was last saved (ISO 8601, UTC), when the store keeps it.
    var updatedAt: String?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: The session's identifier.
    ///   - updatedAt: When its snapshot was last saved.
    init(id: String, updatedAt: String?) {
      self.id = id
      self.updatedAt = updatedAt
    }
  }

  /// The page's sessions, in ascending order of their identifiers.
  var sessions: [Entry]
  /// The `after` of the next page, or `nil` (`null` in the JSON) when this page is the last.
  var next: String?

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - sessions: The page's sessions.
  ///   - next: The cursor of the next page.
  init(sessions: [Entry], next: String?) {
    self.sessions = sessions
    self.next = next
  }

  /// The body of a page.
  ///
  /// - Parameter page: The page.
  init(_ page: SessionPage) {
    self.init(
      sessions: page.sessions.map { Entry(id: $0.id.rawValue, updatedAt: $0.updatedAt) },
      next: page.next?.rawValue)
  }

  private enum CodingKeys: String, CodingKey {
    case sessions, next
  }

  /// Encodes `next` as `null` when there is no next page, rather than leaving it out.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sessions, forKey: .sessions)
    try container.encode(next, forKey: .next)
  }
}
