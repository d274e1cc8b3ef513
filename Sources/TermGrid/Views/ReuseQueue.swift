/// Views waiting to be handed out again, by reuse identifier.
struct ReuseQueue {
  private var queues: [String: [ReusableView]] = [:]

  /// The number of views waiting, over all identifiers.
  private(set) var count = 0

  /// Puts a view back to wait for its identifier.
  mutating func enqueue(_ view: ReusableView, identifier: String) {
    queues[identifier, default: []].append(view)
    count += 1
  }

  /// Takes a waiting view for the identifier, if there is one.
  mutating func dequeue(identifier: String) -> ReusableView? {
    guard let view = queues[identifier]?.popLast() else { return nil }
    count -= 1
    return view
  }

  /// Drops every waiting view.
  mutating func removeAll() {
    queues.removeAll()
    count = 0
  }
}
