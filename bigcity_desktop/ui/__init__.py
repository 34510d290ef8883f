"""What every window of the app shares: the keyboard help and the focus
outline (:mod:`.keyboard`), and the preferences with their dialog
(:mod:`.preferences`). The game window and the sandbox both use these; they
do not import each other."""
