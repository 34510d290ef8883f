"""Name -> bot class. Difficulty levels register themselves here."""

from .random_bot import RandomBot
from .easy import EasyBot

BOTS = {"random": RandomBot, "easy": EasyBot}

try:  # the stronger bots, once written
    from .medium import MediumBot

    BOTS["medium"] = MediumBot
except ImportError:  # pragma: no cover
    pass
try:
    from .hard import HardBot

    BOTS["hard"] = HardBot
except ImportError:  # pragma: no cover
    pass
