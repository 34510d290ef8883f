"""Dragging a piece from a panel onto the board: the game's panels and the
sandbox's docks share one piece, :mod:`bigcity_desktop.scene.paneldrag`."""

from bigcity_desktop.scene.paneldrag import BoardDrag, BoardDragMixin

__all__ = ["BoardDrag", "BoardDragMixin"]
