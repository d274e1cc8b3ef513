import TGridSystem
import Testing

/// `ConditionLock`, the system target's mutex with a condition variable (the file reader's
/// and the parser's meeting point), exercised by threads of its own: waiters must wake when
/// another thread changes the value and broadcasts, see what it wrote, and never lose a
/// change. Run under ThreadSanitizer too (`swift test --sanitize=thread`).
@Suite struct ConditionLockTests {
  /// Four threads take turns by the value (thread `k` goes when the count is `k` modulo
  /// four): each waits for the others' broadcasts, so every turn is a wait and a wake-up
  /// across threads.
  @Test func threadsTakingTurnsWakeEachOtherInOrder() throws {
    let threadCount = 4
    let rounds = 2_000
    let lock = ConditionLock(Turns())
    var workers: [WorkerThread] = []
    for thread in 0..<threadCount {
      let worker = try #require(
        WorkerThread.start {
          for _ in 0..<rounds {
            lock.withLock { turns in
              while turns.pointee.count % threadCount != thread { lock.wait() }
              turns.pointee.order.append(thread)
              turns.pointee.count += 1
              lock.broadcast()
            }
          }
        })
      workers.append(worker)
    }
    for worker in workers { worker.join() }
    let turns = lock.withLock { $0.pointee }
    #expect(turns.count == threadCount * rounds)
    #expect(turns.order == (0..<threadCount * rounds).map { $0 % threadCount })
  }

  /// A producer and two consumers share a queue of at most four items: the producer waits
  /// while it is full, the consumers while it is empty. Every item arrives once, and each
  /// consumer sees the items it takes in the order they were produced.
  @Test func producerAndConsumersWaitForRoomAndForItems() throws {
    let itemCount = 5_000
    let capacity = 4
    let lock = ConditionLock(Queue())
    let producer = try #require(
      WorkerThread.start {
        for item in 0..<itemCount {
          lock.withLock { queue in
            while queue.pointee.items.count >= capacity { lock.wait() }
            queue.pointee.items.append(item)
            lock.broadcast()
          }
        }
        lock.withLock { queue in
          queue.pointee.isFinished = true
          lock.broadcast()
        }
      })
    var consumers: [WorkerThread] = []
    for consumer in 0..<2 {
      let worker = try #require(
        WorkerThread.start {
          while true {
            let goesOn = lock.withLock { queue -> Bool in
              while queue.pointee.items.isEmpty && !queue.pointee.isFinished { lock.wait() }
              guard !queue.pointee.items.isEmpty else { return false }
              queue.pointee.taken[consumer].append(queue.pointee.items.removeFirst())
              lock.broadcast()
              return true
            }
            if !goesOn { return }
          }
        })
      consumers.append(worker)
    }
    producer.join()
    for consumer in consumers { consumer.join() }
    let queue = lock.withLock { $0.pointee }
    #expect(queue.items.isEmpty)
    #expect((queue.taken[0] + queue.taken[1]).sorted() == Array(0..<itemCount))
    for taken in queue.taken { #expect(taken == taken.sorted()) }
  }

  /// A value that `withLock` hands out and takes back, thrown errors included.
  @Test func withLockReturnsTheBodysResultAndRethrows() {
    let lock = ConditionLock(41)
    #expect(
      lock.withLock { value in
        value.pointee += 1
        return value.pointee
      } == 42)
    #expect(throws: Refusal.self) {
      try lock.withLock { _ in throw Refusal() }
    }
    #expect(lock.withLock { $0.pointee } == 42)
  }

  // MARK: - Fixtures

  /// Whose turn it is, and the order turns were taken in.
  struct Turns {
    var count = 0
    var order: [Int] = []
  }

  /// A bounded queue, what each consumer took, and whether the producer is done.
  struct Queue {
    var items: [Int] = []
    var taken: [[Int]] = [[], []]
    var isFinished = false
  }

  /// An error a body throws.
  struct Refusal: Error {}
}
