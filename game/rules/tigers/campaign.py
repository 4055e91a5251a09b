"""T-E3 campaigns: a series of battles whose results earn campaign points.

Complete victory 3, marginal victory 2, draw 1 (each side), defeat 0.  A campaign
is plain JSON so it can be saved between battles and read back exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...jsonio import FileProblem, read_json, write_atomic
from ...limits import MAX_CAMPAIGN_NAME
from ...msg import M, Mn
from .words import listing

CAMPAIGN_FORMAT = "paperwars-tigers-campaign"
POINTS = {"complete": 3, "marginal": 2, "draw": 1}
#: Limits of a campaign file (the app writes 10 battles and names of at most 24 letters,
#: or "Computer (<player>)"); the reader applies them, so what is written always reads back.
MAX_CAMPAIGN_BYTES = 1024 * 1024
MAX_BATTLES = 1000
MAX_NAME = MAX_CAMPAIGN_NAME
MAX_VP = 10 ** 6


class CampaignError(FileProblem):
    """A campaign file that cannot be used, with the reason."""


def outcome(vp: tuple[int, int] | list[int]) -> tuple[int, str]:
    """T-E2: (winner or -1, "complete" | "marginal" | "draw") from the victory points."""
    a, b = int(vp[0]), int(vp[1])
    if a == b:
        return -1, "draw"
    return (0 if a > b else 1), ("marginal" if abs(a - b) < 3 else "complete")


@dataclass
class Campaign:
    """A series of battles (10 by default) between two named commanders."""

    names: tuple[str, str] = ("Blue", "Orange")
    battles: int = 10
    results: list[dict[str, Any]] = field(default_factory=list)

    def record(self, level: str, vp: tuple[int, int] | list[int], key: str = "",
               result: tuple[int, str] | None = None, names: tuple[str, str] | None = None) -> dict[str, Any]:
        """Add one finished battle (its scenario and victory points); returns the entry.

        ``key`` names the battle itself (one battle, one key, however often its end is reached),
        so a battle counts exactly once (T-E3 rev 4): a battle already counted keeps its place
        and takes the result it ended with this time."""
        winner, kind = result or outcome(vp)
        who = list(names or self.names)
        entry = {"level": str(level), "vp": [int(vp[0]), int(vp[1])], "winner": winner, "victory": kind, "key": key,
                 "names": who}
        if key:
            for r in self.results:
                if r.get("key") == key:
                    r.update(entry)
                    return r
        if self.is_over():
            raise CampaignError(Mn("The campaign's {n} battle is fought.", "The campaign's {n} battles are all fought.",
                                    self.battles))
        self.results.append(entry)
        return entry

    def record_state(self, level: str, state: Any, key: str = "",
                     names: tuple[str, str] | None = None) -> dict[str, Any]:
        """Add a finished Paper Tigers game."""
        if not state.is_over():
            raise CampaignError(M("Only a finished battle counts for the campaign."))
        res = state.result()
        winner = res.winners[0] if res is not None and res.winners else -1
        return self.record(level, state.vp, key, (winner, state.victory()), names)  # a wipe-out wins outright (T-E2)


    def points(self) -> list[int]:
        pts = [0, 0]
        for r in self.results:
            if r["winner"] < 0:
                pts[0] += POINTS["draw"]
                pts[1] += POINTS["draw"]
            else:
                pts[r["winner"]] += POINTS[r["victory"]]
        return pts

    def standings(self) -> list[tuple[str, int]]:
        """T-E3 per player name (a commander keeps its points whichever colour it plays), best first."""
        pts: dict[str, int] = {}
        for r in self.results:
            who = r.get("names") or list(self.names)
            for n in who:
                pts.setdefault(n, 0)
            if r["winner"] < 0:
                for n in who:
                    pts[n] += POINTS["draw"]
            else:
                pts[who[r["winner"]]] += POINTS[r["victory"]]
        for n in self.names:
            pts.setdefault(n, 0)
        return sorted(pts.items(), key=lambda kv: (-kv[1], kv[0]))

    def is_over(self) -> bool:
        return len(self.results) >= self.battles

    def leader(self) -> int:
        """The side ahead on campaign points, -1 when level."""
        a, b = self.points()
        return -1 if a == b else (0 if a > b else 1)

    def summary(self) -> str:
        # TRANSLATORS: a commander's name and campaign points ("Anna 6")
        table = listing([M("{name} {points}", name=n, points=p) for n, p in self.standings()])
        # TRANSLATORS: {n} battles fought of {battles}; {table} lists each commander's campaign points ("Anna 6, Computer (Normal) 3")
        return M("Battle {n} of {battles}: {table} campaign points.", n=len(self.results), battles=self.battles,
                 table=table)

    def to_json(self) -> dict[str, Any]:
        return {"format": CAMPAIGN_FORMAT, "version": 1, "names": list(self.names), "battles": self.battles,
                "results": [dict(r, vp=list(r["vp"]), names=list(r.get("names") or self.names)) for r in self.results]}

    @classmethod
    def from_json(cls, data: Any, source: str = "campaign") -> Campaign:
        if not isinstance(data, dict) or data.get("format") != CAMPAIGN_FORMAT:
            raise CampaignError(f"The {source} is not a Paper Tigers campaign.")
        names, battles, results = data.get("names"), data.get("battles"), data.get("results")

        def name_pair(value: Any) -> bool:
            return isinstance(value, list) and len(value) == 2 and all(
                isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in value)

        if (not isinstance(names, list) or not name_pair(names) or not isinstance(battles, int) or isinstance(battles, bool)
                or not 1 <= battles <= MAX_BATTLES or not isinstance(results, list) or len(results) > battles):
            raise CampaignError(f"The {source} has names, battles or results of the wrong shape.")
        camp = cls((names[0], names[1]), battles, [])
        for i, r in enumerate(results):
            if not isinstance(r, dict) or not isinstance(r.get("vp"), list) or len(r["vp"]) != 2 or not all(
                    isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_VP for v in r["vp"]):
                raise CampaignError(f"The {source}: battle {i + 1} has no victory points.")
            winner, kind = outcome(r["vp"])
            if r.get("winner") in (0, 1) and r.get("victory") == "complete":
                winner, kind = int(r["winner"]), "complete"  # a wipe-out (T-E2 rev 2)
            who = r.get("names")
            if not name_pair(who):
                who = list(camp.names)
            level, key = r.get("level", ""), r.get("key", "")
            camp.results.append({"level": level[:80] if isinstance(level, str) else "",
                                 "vp": [int(r["vp"][0]), int(r["vp"][1])], "winner": winner, "victory": kind,
                                 "key": key[:200] if isinstance(key, str) else "", "names": who})
        return camp

    def save(self, path: Path) -> None:
        """Write the campaign: only what reads back (CampaignError otherwise), and a file there that
        cannot be read is kept as tigers_campaign.damaged.json first, never written over."""
        data = self.to_json()
        Campaign.from_json(data, f"campaign {Path(path).name}")
        write_atomic(Path(path), data, reader=Campaign.load, what="campaign", max_bytes=MAX_CAMPAIGN_BYTES)

    @classmethod
    def load(cls, path: Path) -> Campaign:
        return cls.from_json(read_json(Path(path), "campaign", MAX_CAMPAIGN_BYTES), f"campaign {Path(path).name}")


def campaign_path() -> Path:
    """The running campaign's save in the user's data folder."""
    from ...paths import data_dir
    return data_dir() / "tigers_campaign.json"


def load_running(path: Path | None = None) -> Campaign:
    """The running campaign, or a fresh one when there is none (or it cannot be read)."""
    try:
        return Campaign.load(path or campaign_path())
    except FileProblem:
        return Campaign()


def record_battle(level: str, state: Any, key: str, path: Path | None = None,
                  seats: tuple[str, str] = ("human", "human")) -> Campaign:
    """Count a finished battle in the running campaign (a new one starts after the last).

    Points go to the commanders' names (T-E3): each seat, a person's or the computer's, plays
    under the name the player set for that colour, so the standings name those commanders
    once each and never a computer player's internal name.  ``seats`` is kept for callers."""
    path = path or campaign_path()
    camp = load_running(path)
    if camp.is_over() and all(r.get("key") != key for r in camp.results):
        camp = Campaign(camp.names, camp.battles)
    camp.record_state(level, state, key, (camp.names[0], camp.names[1]))
    camp.save(path)
    return camp


def reset_campaign(path: Path | None = None) -> Campaign:
    """Start the campaign afresh, keeping the commanders' names and the number of battles."""
    path = path or campaign_path()
    old = load_running(path)
    camp = Campaign(old.names, old.battles)
    camp.save(path)
    return camp
