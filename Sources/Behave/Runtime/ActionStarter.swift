/// Hands async actions to the scheduler of the run in progress.
final class ActionStarter {
    weak var scheduler: Scheduler?
}
