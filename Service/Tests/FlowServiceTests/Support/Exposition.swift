import HTTPTypes
import Synchronization
import Testing

@testable import FlowServiceCore

/// One sample of Prometheus's text format: `name{label="value",…} value`.
struct Sample: Hashable, CustomStringConvertible {
  var name: String
  var labels: [String: String]
  var value: String

  init(_ name: String, _ labels: [String: String] = [:], _ value: String) {
    self.name = name
    self.labels = labels
    self.value = value
  }

  var description: String {
    let labels = labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }
    return "\(name){\(labels.joined(separator: ","))} \(value)"
  }
}

/// A scrape of `GET /metrics`, read line by line.
struct Exposition {
  /// Every sample, in the order of the text.
  let samples: [Sample]
  /// The `# TYPE` lines' metric names and types.
  let types: [String: String]

  /// Reads the text; a line it can't read fails the test.
  init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var samples: [Sample] = []
    var types: [String: String] = [:]
    for line in text.split(separator: "\n") {
      if line.hasPrefix("# TYPE ") {
        let words = line.split(separator: " ")
        if words.count == 4 { types[String(words[2])] = String(words[3]) }
        continue
      }
      if line.hasPrefix("#") { continue }
      guard let sample = Self.sample(line) else {
        Issue.record("Not a sample: \(line)", sourceLocation: sourceLocation)
        continue
      }
      samples.append(sample)
    }
    self.samples = samples
    self.types = types
  }

  /// The samples named `name`, in the order of their descriptions.
  func samples(_ name: String) -> [Sample] {
    samples.filter { $0.name == name }.sorted { $0.description < $1.description }
  }

  /// The requests answered with an error (status 400 and over), by status, summed over
  /// methods and routes.
  var errorsByStatus: [String: Int] {
    var counts: [String: Int] = [:]
    for sample in samples(ServiceMetrics.Name.requests) {
      guard let status = sample.labels["status"], let code = Int(status), code >= 400 else { continue }
      counts[status, default: 0] += Int(Double(sample.value) ?? -1)
    }
    return counts
  }

  /// The value of the sample named `name` with exactly `labels`.
  func value(_ name: String, _ labels: [String: String] = [:]) -> String? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  private static func sample(_ line: Substring) -> Sample? {
    guard let space = line.lastIndex(of: " ") else { return nil }
    let value = String(line[line.index(after: space)...])
    let series = line[..<space]
    guard let brace = series.firstIndex(of: "{") else { return Sample(String(series), [:], value) }
    guard series.last == "}" else { return nil }
    var labels: [String: String] = [:]
    var rest = series[series.index(after: brace)..<series.index(before: series.endIndex)]
    while !rest.isEmpty {
      guard let equals = rest.firstIndex(of: "="), rest[rest.index(after: equals)...].first == "\"" else {
        return nil
      }
      let key = String(rest[..<equals])
      var index = rest.index(equals, offsetBy: 2)
      var text = ""
      while index < rest.endIndex, rest[index] != "\"" {
        if rest[index] == "\\", rest.index(after: index) < rest.endIndex { index = rest.index(after: index) }
        text.append(rest[index])
        index = rest.index(after: index)
      }
      guard index < rest.endIndex else { return nil }
      labels[key] = text
      rest = rest[rest.index(after: index)...]
      if rest.first == "," { rest = rest.dropFirst() }
    }
    return Sample(String(series[..<brace]), labels, value)
  }
}

extension ServiceClient {
  /// Scrapes `GET /metrics`, which must answer 200 in Prometheus's text format.
  func metrics(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Exposition {
    let answer = try await get("/metrics")
    #expect(answer.status == 200, sourceLocation: sourceLocation)
    #expect(answer.contentType == "text/plain; version=0.0.4; charset=utf-8", sourceLocation: sourceLocation)
    return Exposition(answer.body, sourceLocation: sourceLocation)
  }

  /// The sessions in memory, as `GET /metrics` counts them.
  func liveSessions(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String? {
    try await metrics(sourceLocation: sourceLocation).value(ServiceMetrics.Name.sessionsLive)
  }

  /// Waits until `GET /metrics` counts no session in memory: until the service's eviction
  /// sweep, which a test runs every few milliseconds, found the sessions idle. How long that
  /// takes depends on the machine's load, so the wait has no bound of its own: the test's
  /// time limit is the bound.
  func waitUntilNoSessionIsLive(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    while try await liveSessions(sourceLocation: sourceLocation) != "0.0" {
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}

/// A monotonic clock for tests that moves on by `step` at each reading, so that every
/// duration the service measures is a whole number of steps.
final class SteppingClock: Sendable {
  private let readings = Mutex<Int64>(0)
  private let step: Duration

  init(step: Duration = .milliseconds(1)) { self.step = step }

  /// The time now: one step later than the last reading.
  func now() -> Duration {
    step
      * readings.withLock { readings in
        readings += 1
        return readings
      }
  }
}
