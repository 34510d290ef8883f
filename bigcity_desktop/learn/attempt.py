"""What a tutorial says to a move the board could not even begin: a
neighborhood, a building or a streetcar picked up that the step does not
offer. The board only knows the kind of move (and the piece); the step
answers as it answers a move it refuses, and nothing is played."""

from __future__ import annotations

from bigcity_desktop.engine import ActionKind, Build, PlaceTile

from .tutorial import Refusal, RefusalKind, TutorialRun


def refuse_attempt(
    run: TutorialRun,
    kind: ActionKind,
    building: str | None = None,
    size: int | None = None,
    tile: int | None = None,
) -> Refusal | None:
    """The step's refusal of any move of `kind` (of that `building` and
    `size`, or neighborhood `tile`): its teaching sentence where one of its
    likely wrong moves matches such a move, the rules' reason where none is
    legal, "not what this step is about" where one is; None when no such
    move is legal and the rules give no reason (the cards do not allow it)."""
    t = run.tutorial
    if run.finished or not t.steps[run.index].waits_for_action:
        return Refusal(RefusalKind.WAIT, t.refuse_wait)
    step = t.steps[run.index]
    state = run.state
    accepted = set(run.accepted_actions())

    def fits(action: object) -> bool:
        if isinstance(action, Build):
            return (building is None or action.building == building) and (
                size is None or len(action.properties) == size
            )
        if isinstance(action, PlaceTile):
            return tile is None or action.number == tile
        return True

    moves = [a for a in state.iter_legal(kind) if fits(a) and a not in accepted]
    for r in step.refuse:
        if any(r.match.matches(a) for a in moves):
            return Refusal(RefusalKind.TEACHING, r.text, step.hint)
    if moves:
        return Refusal(RefusalKind.OTHER, t.refuse_other, step.hint)
    reason = state.why_not(kind, tile)
    if reason is not None:
        return Refusal(RefusalKind.ILLEGAL, t.refuse_illegal, step.hint, reason)
    return None
