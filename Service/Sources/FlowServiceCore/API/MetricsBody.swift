/// The body of `GET /metrics`.
public struct MetricsBody: Codable, Hashable, Sendable {
  /// Sessions whose app controller is in memory.
  public var sessionsLive: Int
  /// Sessions with a snapshot in the database.
  public var sessionsStored: Int
  /// Requests answered since the start, this one excluded.
  public var requests: Int
  /// Error answers since the start, by status code.
  public var errors: [String: Int]

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - sessionsLive: Sessions in memory.
  ///   - sessionsStored: Sessions in the database.
  ///   - requests: Requests answered.
  ///   - errors: Error answers by status.
  public init(sessionsLive: Int, sessionsStored: Int, requests: Int, errors: [String: Int]) {
    self.sessionsLive = sessionsLive
    self.sessionsStored = sessionsStored
    self.requests = requests
    self.errors = errors
  }
}
