"""Scenes by name: the one place that names each scene's module.

A scene asks the app to show another by its name and arguments (``app.push("pause", play)``,
``app.reset_to("menu")``, ``app.find("setup")``), as Tuxemon's state manager and boardgame.io's
client do; no scene imports another scene's module, and the app imports none: each module is
imported the first time its scene is shown.  A ruleset's editor is named the same way
("module:Class", ``Ruleset.editor``).
"""

from __future__ import annotations

import importlib
from typing import Any

#: name -> "module:Class".  The screens that others build on (the play scene, the pause menu,
#: the setup screen) live outside game/ui/scenes/, beside what the scenes share.
SCENES: dict[str, str] = {
    "menu": "game.ui.scenes.menu:MenuScene",
    "setup": "game.ui.setup:SetupScene",
    "play": "game.ui.playing.scene:PlayScene",
    "pause": "game.ui.playing.pause:PauseScene",
    "cover": "game.ui.scenes.cover:CoverScene",
    "gameover": "game.ui.scenes.gameover:GameOverScene",
    "rules": "game.ui.scenes.rules:RulesScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "credits": "game.ui.scenes.credits:CreditsScene",
    "load": "game.ui.scenes.load:LoadScene",
    "replay": "game.ui.scenes.replay:ReplayScene",
    "lessons": "game.ui.scenes.lessons:LessonsScene",
    "lesson": "game.ui.scenes.lesson:LessonScene",
    "online": "game.ui.scenes.online:OnlineScene",
    "host": "game.ui.scenes.host:HostSetupScene",
    "look": "game.ui.scenes.look:RoomSetupScene",
    "room": "game.ui.scenes.room:RoomScene",
    "connect": "game.ui.scenes.connect:ConnectScene",
}


def scene_class(name: str) -> Any:
    """The class of the scene called ``name`` (a name of SCENES, or "module:Class" itself)."""
    target = SCENES.get(name, name)
    module, sep, cls = target.partition(":")
    if not sep:
        raise KeyError(f"No scene is called {name!r}; the scenes are {', '.join(sorted(SCENES))}.")
    return getattr(importlib.import_module(module), cls)
