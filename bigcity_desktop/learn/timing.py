"""How long a tutorial takes a new player, worked out from its content
(issue 46.10: the tutorial said "about 15 minutes" and took a new player
5 min 23 s; the jumbo one said "about 6" and took 2 min 18 s).

The estimate is the sum of

- reading every step's words at :data:`READING_WPM` words a minute (a
  practised reader on screen; the words are counted in the language asked
  for),
- :data:`MOVE_SECONDS` for each move a step waits for (find the lit spot or
  card, pick the piece up, put it down),
- :data:`NEXT_SECONDS` for each press of Next,
- the scripted replies played at the window's normal bot speed
  (:data:`REPLY_SECONDS` each).

With these figures the original tutorial comes to about 6½ minutes and the
jumbo one to about 2½, against the 5 min 23 s and 2 min 18 s one new player
took (a reader quicker than 300 words a minute). The minutes a tutorial
announces stay in its file (``"minutes"``); ``tests/learn/test_timing.py``
holds them within a band of this estimate, and ``benchmarks/learn.py``
prints both.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tutorial import Tutorial

#: words a minute: a practised reader on screen (an average adult reads prose at about 240)
READING_WPM = 300
#: a move the step waits for: find where, pick up, put down
MOVE_SECONDS = 4.0
#: a press of Next (or Enter) on a step that only talks
NEXT_SECONDS = 1.0
#: one scripted reply, at the window's normal bot speed (Preferences → Normal, 700 ms)
REPLY_SECONDS = 0.7
#: how far the announced minutes may be from the estimate: this share of it, or one minute if more
BAND = 0.25


@dataclass(frozen=True, slots=True)
class LessonTime:
    """A tutorial's estimated time, in its parts (seconds)."""

    words: int
    moves: int
    nexts: int
    replies: int

    @property
    def reading(self) -> float:
        return self.words * 60.0 / READING_WPM

    @property
    def seconds(self) -> float:
        return self.reading + self.moves * MOVE_SECONDS + self.nexts * NEXT_SECONDS + self.replies * REPLY_SECONDS

    @property
    def minutes(self) -> float:
        return self.seconds / 60.0


def estimate(tutorial: Tutorial, language: str = "en") -> LessonTime:
    """How long `tutorial` takes, read in `language` (see the module text)."""
    steps = tutorial.steps
    return LessonTime(
        words=sum(len(step.text.get(language).split()) for step in steps),
        moves=sum(1 for step in steps if step.waits_for_action),
        nexts=sum(1 for step in steps if not step.waits_for_action),
        replies=sum(len(step.replies) for step in steps),
    )


def announced_fits(announced: int, estimated_minutes: float) -> bool:
    """Whether `announced` minutes are within the band around the estimate."""
    return abs(announced - estimated_minutes) <= max(1.0, BAND * estimated_minutes)
