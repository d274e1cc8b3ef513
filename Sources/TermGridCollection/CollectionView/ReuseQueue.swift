import TermGridViews

/// Views waiting to be handed out again, one queue per reuse identifier.
///
/// Each identifier (qualified by category and kind) gets a slot number once, when it is
/// registered; views remember their slot, so recycling and dequeuing never hash a string.
struct ReuseQueue {
  private var queues: [[ReusableView]] = []
  private var slots: [String: Int] = [:]

  /// The number of views waiting, over all identifiers.
  private(set) var count = 0

  /// An empty queue.
  init() {}

  /// The slot for a qualified identifier, made on first use.
  mutating func slot(for identifier: String) -> Int {
    if let slot = slots[identifier] { return slot }
    queues.append([])
    slots[identifier] = queues.count - 1
    return queues.count - 1
  }

  /// Puts a view back to wait in its slot.
  mutating func enqueue(_ view: ReusableView, slot: Int) {
    queues[slot].append(view)
    count += 1
  }

  /// Takes a waiting view from the slot, if there is one.
  mutating func dequeue(slot: Int) -> ReusableView? {
    guard let view = queues[slot].popLast() else { return nil }
    count -= 1
    return view
  }

  /// Drops every waiting view (the slots stay).
  mutating func removeAll() {
    for slot in queues.indices { queues[slot].removeAll() }
    count = 0
  }
}
