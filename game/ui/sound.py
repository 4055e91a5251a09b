"""Pencil sounds made with numpy at start-up (no audio files to ship)."""

from __future__ import annotations

import numpy as np
import pygame

RATE = 22050


class Sounds:
    """A scratch for strokes and a rattle for dice; silent if there is no audio device."""

    def __init__(self, volume: float) -> None:
        self.ok = False
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1)
            rng = np.random.default_rng(3)
            t = np.linspace(0, 0.18, int(RATE * 0.18), endpoint=False)
            scratch = rng.normal(0, 1, t.size) * np.exp(-t * 14) * (0.6 + 0.4 * np.sin(t * 90))
            rattle = np.zeros(int(RATE * 0.35))
            for k in range(6):
                start = int(RATE * (0.02 + 0.05 * k + 0.01 * rng.random()))
                burst = rng.normal(0, 1, 400) * np.exp(-np.arange(400) / 60)
                rattle[start:start + 400] += burst
            for name, wave in (("scratch", scratch), ("dice", rattle)):
                arr = (np.clip(wave / (np.abs(wave).max() + 1e-9), -1, 1) * 9000).astype(np.int16)
                init = pygame.mixer.get_init()
                if init and init[2] == 2:
                    arr = np.repeat(arr[:, None], 2, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(arr)
            self.ok = True
        except (pygame.error, ValueError):
            self.ok = False

    def play(self, name: str) -> None:
        snd = self.sounds.get(name)
        if self.ok and snd is not None and self.volume > 0:
            snd.set_volume(self.volume)
            snd.play()
