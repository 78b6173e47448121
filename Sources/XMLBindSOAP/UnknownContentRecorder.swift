import Synchronization
import XMLBind

/// Collects what the binder skipped while it read one envelope.
///
/// The binder's unknown-content policy is fixed when the binder is built; the recorder
/// of the parse under way is found through a task-local value, so one binder serves any
/// number of parses at once.
final class UnknownContentRecorder: Sendable {
    @TaskLocal static var current: UnknownContentRecorder?

    private let recorded = Mutex<[UnknownContent]>([])

    /// The policy that hands skipped content to the current parse's recorder.
    static let policy = UnknownContentPolicy.callback { content in current?.record(content) }

    func record(_ content: UnknownContent) {
        recorded.withLock { $0.append(content) }
    }

    var contents: [UnknownContent] { recorded.withLock { $0 } }
}
