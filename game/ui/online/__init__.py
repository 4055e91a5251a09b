"""The shell's side of online play, shared by the online scenes and the menu: the server this
app hosts, the "your turn" check, and opening a room (the window's network client is
game/net/remote.py; the scenes are game/ui/scenes/online.py, host.py, look.py, room.py,
connect.py)."""
