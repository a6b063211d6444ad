/// The body of `GET /metrics`.
struct MetricsBody: Codable, Hashable, Sendable {
  /// Sessions whose app controller is in memory.
  var sessionsLive: Int
  /// Sessions with a snapshot in the database.
  var sessionsStored: Int
  /// Requests answered since the start, this one excluded.
  var requests: Int
  /// Error answers since the start, by status code.
  var errors: [String: Int]

  /// Creates the body.
  ///
  /// - Parameters:
  ///   - sessionsLive: Sessions in memory.
  ///   - sessionsStored: Sessions in the database.
  ///   - requests: Requests answered.
  ///   - errors: Error answers by status.
  init(sessionsLive: Int, sessionsStored: Int, requests: Int, errors: [String: Int]) {
    self.sessionsLive = sessionsLive
    self.sessionsStored = sessionsStored
    self.requests = requests
    self.errors = errors
  }
}
