"""A game on the board: the play scene and its parts (margin, computer seats, online extras),
the pause menu, and what the panels over a game share.  The replay viewer and the lessons
(game/ui/scenes/) are built on these; nothing here imports a scene."""
