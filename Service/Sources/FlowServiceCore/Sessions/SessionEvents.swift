import AppFlow
import Navigator
import Synchronization

/// One journal event of a session, numbered in journal order from the session's first event
/// in this process.
struct SessionEvent: Codable, Hashable, Sendable {
  /// The event's number: 0 for the session's first event, then one more for each.
  var index: Int
  /// The event as the journal prints it (`Product(id: 42).viewDidAppear(animated: false)`).
  var event: String

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - index: The event's number.
  ///   - event: The event's text.
  init(index: Int, event: String) {
    self.index = index
    self.event = event
  }
}

/// The first message of a session's event stream: the session, and the number of the first
/// event the stream will carry.
struct EventsSubscribed: Codable, Hashable, Sendable {
  /// The session's identifier.
  var subscribed: String
  /// The index of the next event.
  var next: Int

  /// Creates the message.
  ///
  /// - Parameters:
  ///   - subscribed: The session's identifier.
  ///   - next: The index of the next event.
  init(subscribed: String, next: Int) {
    self.subscribed = subscribed
    self.next = next
  }
}

/// The sessions' journal events, handed to the streams that listen to them.
///
/// Every session's journal is on; after each call into a session the service takes the
/// events the call recorded out of the journal (so that it doesn't grow) and publishes them
/// here, numbered, before the session's next call, so they are published in journal order.
/// Instances sharing PostgreSQL publish every instance's events, relayed through the
/// database in commit order (``EventRelay``). Each subscriber receives each event published after it subscribed, once. The last
/// `recentLimit` events of each session are kept for the inspector's page.
final class SessionEvents: Sendable {
  private struct Channel {
    var next = 0
    var subscribers: [Int: AsyncStream<SessionEvent>.Continuation] = [:]
    /// The newest events, oldest first, at most `recentLimit` of them.
    var recent: [SessionEvent] = []
  }

  /// How many of a session's newest events `recent(_:)` keeps.
  let recentLimit: Int

  private struct State {
    var channels: [SessionID: Channel] = [:]
    var nextToken = 0
  }

  private let state = Mutex(State())

  /// Creates the channels, keeping the newest `recentLimit` events of each session.
  init(recentLimit: Int = 50) {
    self.recentLimit = recentLimit
  }

  /// Takes the events the session's journal recorded out of it, as the stream prints them.
  static func take(from app: AppController) -> [String] {
    let journal = app.window.journal
    guard !journal.events.isEmpty else { return [] }
    let texts = journal.events.map { "\($0)" }
    journal.removeAll()
    return texts
  }

  /// Numbers the session's events and hands them to its subscribers.
  func publish(_ id: SessionID, _ texts: [String]) {
    guard !texts.isEmpty else { return }
    state.withLock { state in
      var channel = state.channels[id, default: Channel()]
      for text in texts {
        let event = SessionEvent(index: channel.next, event: text)
        channel.next += 1
        channel.recent.append(event)
        for continuation in channel.subscribers.values { continuation.yield(event) }
      }
      if channel.recent.count > recentLimit { channel.recent.removeFirst(channel.recent.count - recentLimit) }
      state.channels[id] = channel
    }
  }

  /// The session's newest events in this process, oldest first (at most `recentLimit`).
  func recent(_ id: SessionID) -> [SessionEvent] {
    state.withLock { state in state.channels[id]?.recent ?? [] }
  }

  /// A stream of the session's events from now on, and the index of the first one.
  func subscribe(_ id: SessionID) -> (next: Int, token: Int, events: AsyncStream<SessionEvent>) {
    let (stream, continuation) = AsyncStream.makeStream(of: SessionEvent.self)
    return state.withLock { state in
      let token = state.nextToken
      state.nextToken += 1
      state.channels[id, default: Channel()].subscribers[token] = continuation
      return (state.channels[id]!.next, token, stream)
    }
  }

  /// Ends one subscriber's stream.
  func unsubscribe(_ id: SessionID, token: Int) {
    let continuation = state.withLock { state in state.channels[id]?.subscribers.removeValue(forKey: token) }
    continuation?.finish()
  }

  /// Ends every stream of a removed session, and forgets it.
  func close(_ id: SessionID) {
    let channel = state.withLock { state in state.channels.removeValue(forKey: id) }
    for continuation in channel?.subscribers.values ?? [:].values { continuation.finish() }
  }
}
