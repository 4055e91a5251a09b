"""The computer seats of a game at one screen: each plays on a worker thread, so the window
stays responsive (synchronously when headless), and wakes the window when its move is ready;
a replay's queue of recorded actions plays through the same door."""

from __future__ import annotations

import threading
from typing import Any

AI_DELAY = 0.35  # seconds a computer move stays on screen before the next one


class ComputerSeats:
    """The play scene's computer players (PlayScene mixes it in; online, they play on the server)."""

    def _agent(self, seat: int) -> Any:
        if seat not in self.agents:
            kind = self.session.seat_kind(seat)
            self.agents[seat] = self.session.ruleset.make_agent(kind, self.state.game, self.session.record.seed * 7 + seat)
        return self.agents[seat]

    def _run_computer(self, dt: float) -> None:
        if self.remote:
            return  # online, computer seats play on the server
        state = self.state
        if state.is_over() or self.view.busy() or self._covered_for is not None or self.session.stopped:
            return  # (stopped: the record holds the most actions it may; the game is kept as it stands)
        if self.replay_queue is not None:
            self._wait -= dt
            if self._wait > 0 or not self.replay_queue:
                return
            raw = self.replay_queue.pop(0)
            self.submit(state.game.decode_action(raw))
            self._wait = AI_DELAY
            return
        if self.session.is_human_turn():
            return
        if self._worker is None:
            self._wait -= dt
            if self._wait > 0:
                return
            agent = self._agent(state.current_player())
            snapshot = state.clone()
            if self.app.headless:
                self._worker_result = [agent.choose(snapshot)]
            else:
                self._worker_result = []

                def work() -> None:
                    try:
                        self._worker_result.append(agent.choose(snapshot))
                    except Exception as exc:  # surfaced on the main thread below
                        self._worker_result.append(exc)
                    self.app.wake()

                self._worker = threading.Thread(target=work, daemon=True)
                self._worker.start()
                return
        if self._worker is not None and self._worker.is_alive():
            return
        self._worker = None
        if not self._worker_result:
            return
        choice = self._worker_result.pop()
        if isinstance(choice, Exception):
            raise choice
        if not self.submit(choice):
            raise RuntimeError(f"computer player {self.session.seat_kind(state.current_player())!r} chose an "
                               f"illegal action: {choice.notation()} ({self.refusal})")
        self._wait = AI_DELAY if not self.app.headless else 0.0
