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
///
/// A session keeps its recent events here while this instance holds it in memory
/// (``hold(_:)``). Once it is evicted (``release(_:)``) or removed (``close(_:)``), and its
/// last stream ended, nothing of it is left: its recent events and its count go, and a later
/// restoration counts from 0 again. Events relayed for a session this instance doesn't hold
/// are counted (so that the indices agree with the instance that holds it) but not kept, until
/// the next eviction sweeps such counts away (``releaseUnheld()``).
final class SessionEvents: Sendable {
  private struct Channel {
    var next = 0
    var subscribers: [Int: AsyncStream<SessionEvent>.Continuation] = [:]
    /// The newest events, oldest first, at most `recentLimit` of them; kept only while the
    /// session is held here.
    var recent = RecentEvents()
    /// Whether this instance holds the session in memory (``hold(_:)``, until
    /// ``release(_:)``).
    var isHeld = false
  }

  /// How many of a session's newest events `recent(_:)` keeps.
  let recentLimit: Int

  private struct State {
    var channels: [SessionID: Channel] = [:]
    var nextToken = 0
    /// One copy of each event text the sessions keep, up to ``sharedTextLimit`` texts, which
    /// their recent events refer to (``RecentEvents``).
    var sharedTexts = Set<String>()

    /// The shared copy of `text`: the one kept already, or `text`, kept now while there is
    /// room (a text beyond the limit is kept by the session that recorded it).
    mutating func shared(_ text: String) -> String {
      if let kept = sharedTexts.firstIndex(of: text) { return sharedTexts[kept] }
      if sharedTexts.count < SessionEvents.sharedTextLimit { sharedTexts.insert(text) }
      return text
    }

    /// Forgets the shared texts once no session is held here: only held sessions keep
    /// recent events, so none refers to them then, and an instance whose sessions were all
    /// evicted keeps none of their texts. Stops at the first held session it finds.
    mutating func forgetSharedTextsIfUnused() {
      guard !sharedTexts.isEmpty, !channels.values.contains(where: \.isHeld) else { return }
      sharedTexts = []
    }
  }

  /// The most event texts the sessions share.
  static let sharedTextLimit = 4_096

  private let state = Mutex(State())

  /// Creates the channels, keeping the newest `recentLimit` events of each session.
  init(recentLimit: Int = 50) {
    self.recentLimit = recentLimit
  }

  /// Takes the events the session's journal recorded out of it, as the stream prints them.
  static func take(from app: AppController) -> [String] {
    let journal = app.window.journal
    guard !journal.events.isEmpty else { return [] }
    // The description itself: an interpolation would look for the conformance at run time.
    let texts = journal.events.map(\.description)
    journal.removeAll()
    return texts
  }

  /// Notes that this instance holds the session in memory: its events are kept for the
  /// inspector until ``release(_:)``.
  func hold(_ id: SessionID) {
    state.withLock { state in
      if state.channels[id]?.isHeld != true { state.channels[id, default: Channel()].isHeld = true }
    }
  }

  /// Forgets what is kept of sessions this instance no longer holds (evicted): their recent
  /// events, and their channels, but for those a stream still listens to.
  func release(_ ids: some Sequence<SessionID>) {
    state.withLock { state in
      for id in ids {
        guard var channel = state.channels[id] else { continue }
        guard !channel.subscribers.isEmpty else {
          state.channels[id] = nil
          continue
        }
        channel.isHeld = false
        channel.recent = RecentEvents()
        state.channels[id] = channel
      }
      state.channels.shrinkIfSparse()
      state.forgetSharedTextsIfUnused()
    }
  }

  /// Forgets the counts of the sessions this instance doesn't hold and no stream listens to
  /// (those it heard of through the relay only).
  func releaseUnheld() {
    state.withLock { state in
      state.channels = state.channels.filter { $0.value.isHeld || !$0.value.subscribers.isEmpty }
    }
  }

  /// Numbers the session's events and hands them to its subscribers; keeps the newest while
  /// the session is held here.
  func publish(_ id: SessionID, _ texts: [String]) {
    guard !texts.isEmpty else { return }
    state.withLock { state in
      // The shared copies first (a held session's recent events refer to them), then the
      // channel in place: a copy of the channel would copy its recent events on every publish.
      let texts = state.channels[id]?.isHeld == true ? texts.map { state.shared($0) } : texts
      Self.publish(texts, in: &state.channels[id, default: Channel()], keeping: recentLimit)
    }
  }

  private static func publish(_ texts: [String], in channel: inout Channel, keeping recentLimit: Int) {
    for text in texts {
      let event = SessionEvent(index: channel.next, event: text)
      channel.next += 1
      if channel.isHeld { channel.recent.append(text) }
      for continuation in channel.subscribers.values { continuation.yield(event) }
    }
    channel.recent.keepLast(recentLimit)
  }

  /// How many sessions have a channel here, and how many recent events they keep in all
  /// (for tests).
  var footprint: (channels: Int, recentEvents: Int) {
    state.withLock { state in
      (state.channels.count, state.channels.values.reduce(0) { $0 + $1.recent.count })
    }
  }

  /// The capacity of the table of channels (for tests).
  var capacity: Int { state.withLock { $0.channels.capacity } }

  /// The session's newest events in this process, oldest first (at most `recentLimit`).
  func recent(_ id: SessionID) -> [SessionEvent] {
    state.withLock { state in state.channels[id].map { $0.recent.events(endingBefore: $0.next) } ?? [] }
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

  /// Ends one subscriber's stream; the last one of a session not held here takes its channel.
  func unsubscribe(_ id: SessionID, token: Int) {
    let continuation = state.withLock { state in
      let continuation = state.channels[id]?.subscribers.removeValue(forKey: token)
      if let channel = state.channels[id], channel.subscribers.isEmpty, !channel.isHeld {
        state.channels[id] = nil
        state.channels.shrinkIfSparse()
      }
      return continuation
    }
    continuation?.finish()
  }

  /// Ends every stream of a removed session, and forgets it.
  func close(_ id: SessionID) {
    let channel = state.withLock { state in
      defer {
        state.channels.shrinkIfSparse()
        state.forgetSharedTextsIfUnused()
      }
      return state.channels.removeValue(forKey: id)
    }
    for continuation in channel?.subscribers.values ?? [:].values { continuation.finish() }
  }
}

/// A session's newest events: their texts, each shared with every other session's same text
/// (``SessionEvents``' shared texts), so that a session holds an array of references rather than a copy of
/// each text. A new session's 10 events are the same texts in every session; kept apart, they
/// would cost each session about 1.2 KB (an allocation per text, and one for the array), against
/// about 0.2 KB shared.
struct RecentEvents {
  private var texts: [String] = []

  /// How many events it holds.
  var count: Int { texts.count }

  /// Appends an event's text.
  mutating func append(_ text: String) {
    texts.append(text)
  }

  /// Drops the oldest events beyond the newest `limit`.
  mutating func keepLast(_ limit: Int) {
    guard texts.count > limit else { return }
    texts.removeFirst(texts.count - limit)
  }

  /// The events, oldest first, numbered so that the newest is `next - 1`.
  func events(endingBefore next: Int) -> [SessionEvent] {
    texts.enumerated().map { SessionEvent(index: next - texts.count + $0.offset, event: $0.element) }
  }
}
