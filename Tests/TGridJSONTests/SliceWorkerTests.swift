import TGridSystem
import TermGridPlatform
import Testing

/// `SliceWorker`, one thread fed job after job (the timeline's reader hands it the later
/// half of every chunk): each job runs once, in the order handed over, its plain-memory
/// writes seen after `wait()`, while the owner works beside it; several owners with workers
/// of their own at once. Run under ThreadSanitizer too (`swift test --sanitize=thread`).
@Suite struct SliceWorkerTests {
  /// A box written by a job and read by the owner after `wait()`, with no lock of its own:
  /// the hand-over is what orders the two.
  final class Box: @unchecked Sendable {
    var values: [Int] = []
  }

  /// Four owners on threads of their own, each with its worker: every owner hands its
  /// worker 300 jobs, works on a half of its own meanwhile, and reads the job's box after
  /// waiting. Every job runs once, on the worker's thread, in order.
  @Test func ownersOnSeveralThreadsFeedTheirWorkersJobAfterJob() throws {
    let ownerCount = 4
    let jobs = 300
    // Per owner: the jobs in the order they ran, the jobs whose box was not as written,
    // and the owner's own work done while the jobs ran.
    let ran = Locked<[Int: [Int]]>([:])
    let mismatches = Locked<[Int: [Int]]>([:])
    let ownWork = Locked<[Int: Int]>([:])
    var owners: [WorkerThread] = []
    for owner in 0..<ownerCount {
      let thread = try #require(
        WorkerThread.start {
          guard let worker = SliceWorker.start() else { return }
          let box = Box()
          var mine = 0
          for job in 0..<jobs {
            box.values.removeAll(keepingCapacity: true)
            worker.run {
              for step in 0..<50 { box.values.append(owner * 1_000_000 + job * 100 + step) }
              ran.withLock { $0[owner, default: []].append(job) }
            }
            for step in 0..<50 { mine += step }  // the owner's half, meanwhile
            worker.wait()
            if box.values != (0..<50).map({ owner * 1_000_000 + job * 100 + $0 }) {
              mismatches.withLock { $0[owner, default: []].append(job) }
            }
          }
          worker.stop()
          ownWork.withLock { $0[owner] = mine }
        })
      owners.append(thread)
    }
    for owner in owners { owner.join() }
    #expect(ownWork.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<ownerCount).map { ($0, jobs * 1_225) }))
    #expect(mismatches.withLock { $0 }.isEmpty, "every job's writes are seen after wait()")
    let order = ran.withLock { $0 }
    #expect(order.count == ownerCount, "every owner had a worker")
    for owner in 0..<ownerCount {
      #expect(order[owner] == Array(0..<jobs), "owner \(owner)'s jobs, once each, in order")
    }
  }

  /// `wait()` blocks until the job has returned: a job that finishes only after the owner
  /// has let it go is still waited for.
  @Test func waitReturnsOnlyOnceTheJobHasReturned() throws {
    let worker = try #require(SliceWorker.start())
    let gate = ConditionLock(false)
    let finished = Locked(false)
    worker.run {
      gate.withLock { open in
        while !open.pointee { gate.wait() }
      }
      finished.withLock { $0 = true }
    }
    #expect(finished.withLock { $0 } == false)
    gate.withLock { open in
      open.pointee = true
      gate.broadcast()
    }
    worker.wait()
    #expect(finished.withLock { $0 })
    worker.wait()  // nothing handed over since: at once
    worker.stop()
    worker.stop()  // once only
  }

  /// A job handed over and not waited for still runs before `stop()` returns.
  @Test func stopLetsTheJobInHandFinish() throws {
    let count = Locked(0)
    for _ in 0..<50 {
      let worker = try #require(SliceWorker.start())
      worker.run { count.withLock { $0 += 1 } }
      worker.stop()
    }
    #expect(count.withLock { $0 } == 50)
  }
}
