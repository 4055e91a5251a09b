"""Computer players for Warigami Tactics, written against the engine interface.

``ExpectimaxAgent`` ("ai"): moves each unit to the square that best trades the
expected damage it can deal from there against the expected damage the enemy
can deal to it next turn.  That danger respects walls and line of sight (an
enemy threatens a square only from squares it can reach and see it from), so
units seek cover; it presses on as the rounds pass or when it is ahead (the
round limit is a safety net, W-T4, not a plan); snipers and RPGs take positions
covering the squares round a forward "bait" unit (the designer's ambush); units
keep out of each other's 8 squares while the enemy has an RPG.  Attacks are a
one-ply expectimax over the die faces, valuing each outcome by what the remaining
attackers can still do afterwards (focus fire, no overkill); RPG shots whose
splash would hurt its own side more than the enemy are refused.

``GreedyAgent`` ("greedy"): the baseline; always the best immediate expected
damage, never thinks about the reply.
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from ...agents import Agent
from ...engine import Action, State
from .board import Square
from .state import MOVE, SETUP, SQUAD, Attack, EndTurn, Heal, Move, Place, Squad, Unit, WarigamiState
from .tables import KINDS, MAX_HP, MAX_RANGE, WEAPONS, Odds, distance, odds

#: What losing a unit costs beyond its HP (its future shots).
WORTH = {"smg": 4.0, "shotgun": 5.0, "sniper": 5.0, "medic": 4.0, "rpg": 6.0}
#: Preferred distance to the nearest enemy when nothing can be hit yet.
IDEAL = {"smg": 3, "shotgun": 2, "sniper": 5, "medic": 4, "rpg": 3}
#: The greedy baseline's squad (cycled for bigger squads).
SQUAD_MIX = ("smg", "shotgun", "sniper", "smg", "rpg", "smg", "sniper", "shotgun", "medic", "smg")
ENEMY_REACH = 3  # how far an enemy unit is assumed to step before shooting next turn
BAIT_KINDS = ("smg", "shotgun")  # forward units that may draw the enemy into an ambush
AMBUSH_KINDS = ("sniper", "rpg")  # the units that spring it
LOOK = 6  # the AI considers moves of at most this many spaces per unit and action
FRIENDLY_FIRE = 1.5  # splash on own units weighs this much more than splash on foes


@lru_cache(maxsize=4096)
def _odds(kind: str, d: int, crit: bool) -> Odds:
    return odds(kind, d, crit)


@lru_cache(maxsize=64)
def _ev_by_distance(kind: str, crit: bool) -> tuple[float, ...]:
    """Expected damage of one shot by ``kind`` at each distance (0 where it cannot fire)."""
    w = WEAPONS[kind]
    return tuple(0.0 if d < w.min_range else _odds(kind, d, crit).expected() for d in range(200))


def strength(units: list[Unit]) -> float:
    """HP plus what each unit's shots are worth: how strong a side still is."""
    return sum(u.hp + WORTH[u.kind] for u in units)


class _Look:
    """One decision's view of the battle: caches shared by every candidate move."""

    def __init__(self, s: WarigamiState, me: int, quiet: int = 0) -> None:
        self.s = s
        self.quiet = quiet
        self.me = me
        self.crit = s.crits
        self.miss_splash = bool(s.game.settings["rpg_miss_splash"])
        self.mine = [u for u in s.units.values() if u.owner == me]
        self.foes = [u for u in s.units.values() if u.owner != me]
        self._threat: dict[Square, float] = {}
        self._spots: dict[int, list[Square]] = {}
        self.enemy_rpg = any(u.kind == "rpg" for u in self.foes)
        self.aggression = self._aggression()
        self.bait = self._bait()
        self._zone: list[Square] | None = None
        self._fire: dict[tuple[str, int], list[Square]] = {}

    def _aggression(self) -> float:
        """0 (careful) .. 2 (press the attack): grows with quiet rounds, with a lead, and late in the game.

        Two careful sides would wait for each other for ever; the round limit is
        only a safety net (W-T4), so every round without a hit makes waiting less
        attractive.  Against an enemy who comes anyway it stays careful.
        """
        rnd = max(1, self.s.round)
        ratio = strength(self.mine) / max(1.0, strength(self.foes))
        a = (self.quiet - 1) / 4.0 + max(0.0, (rnd - 12) / 12.0)
        a += (0.4 if ratio > 1.15 else 0.0) + (0.3 if ratio > 1.5 else 0.0)
        return max(0.0, min(2.0, a))

    def _bait(self) -> Unit | None:
        """The healthy SMG or shotgun nearest the enemy: the one that draws them into the ambush."""
        cands = [u for u in self.mine if u.kind in BAIT_KINDS and u.hp >= 7]
        if not cands or not any(u.kind in AMBUSH_KINDS for u in self.mine):
            return None
        return min(cands, key=lambda u: self.nearest_foe(u.sq))

    # -- values of attacks -----------------------------------------------------------
    def shot_value(self, u: Unit, t: Unit, src: Square, hp: int | None = None, greedy: bool = False) -> float:
        """Expected worth of ``u`` at ``src`` shooting ``t``: damage (capped), kills, splash."""
        hp = t.hp if hp is None else hp
        d = distance(src, t.sq)
        od = _odds(u.kind, d, self.crit)
        w = WEAPONS[u.kind]
        total = 0.0
        for dmg in od.damage:
            if dmg:
                total += min(dmg, hp)
                if dmg >= hp and not greedy:
                    total += WORTH[t.kind]
        total /= 6.0
        if w.splash:
            p_splash = 1.0 if self.miss_splash else sum(1 for o in od.outcomes if o != "miss") / 6.0
            if p_splash:
                total += p_splash * self._splash_worth(u, t, src, w.splash, greedy)
        return total

    def _splash_worth(self, u: Unit, t: Unit, src: Square, amount: int, greedy: bool) -> float:
        worth = 0.0
        tx, ty = t.sq
        for sq in self.s.splash_squares(t.sq):
            if sq == src:
                v: Unit | None = u
            else:
                v = self.s.unit_at(sq)
                if v is u:
                    v = None
            if v is None:
                continue
            hit = min(amount, v.hp) + (0 if greedy or amount < v.hp else WORTH[v.kind])
            worth += hit if v.owner != u.owner else -FRIENDLY_FIRE * hit
        del tx, ty
        return worth

    def can_shoot(self, u: Unit, t: Unit, src: Square) -> bool:
        w = WEAPONS[u.kind]
        d = distance(src, t.sq)
        if d < w.min_range or _odds(u.kind, d, self.crit).s == 0:
            return False
        if w.straight_only and src[0] != t.x and src[1] != t.y:
            return False
        return not self.s.los_blocker(u, src, t.sq)

    def best_shot(self, u: Unit, src: Square, greedy: bool = False) -> float:
        """The best shot value from ``src`` (LOS checked only for shots that could be best)."""
        cands = []
        for t in self.foes:
            d = distance(src, t.sq)
            if d > 12:
                continue
            v = self.shot_value(u, t, src, greedy=greedy)
            if v > 0:
                cands.append((v, t))
        cands.sort(key=lambda c: -c[0])
        for v, t in cands:
            if self.can_shoot(u, t, src):
                return v
        return 0.0

    # -- danger ------------------------------------------------------------------------
    def walk(self, e: Unit) -> int:
        """How far enemy ``e`` is assumed to walk next turn (the Hard look counts its side's pool)."""
        return min(ENEMY_REACH, WEAPONS[e.kind].move_limit or ENEMY_REACH)

    def spots(self, e: Unit) -> list[Square]:
        """Squares enemy ``e`` can reach next turn (walls block; units are ignored, they move too)."""
        got = self._spots.get(e.id)
        if got is None:
            reach = self.walk(e)
            best = {e.sq: 0}
            frontier = [e.sq]
            adj = self.s.board.adjacency
            while frontier:
                nxt = []
                for sq in frontier:
                    c = best[sq]
                    for n, step in adj.get(sq, ()):
                        if c + step <= reach and c + step < best.get(n, 99):
                            best[n] = c + step
                            nxt.append(n)
                frontier = nxt
            got = list(best)
            self._spots[e.id] = got
        return got

    def threat(self, sq: Square) -> float:
        """Expected damage the enemy could pour onto ``sq`` next turn (sum over enemy units).

        Each enemy counts only from a square it can reach and from which a wall does
        not block the line (W-L3), the RPG only along a row or column: a square behind
        a wall is safer than one in the open at the same distance.
        """
        got = self._threat.get(sq)
        if got is None:
            got = 0.0
            board = self.s.board
            for e in self.foes:
                if distance(sq, e.sq) > ENEMY_REACH + MAX_RANGE[e.kind]:
                    continue
                ev = _ev_by_distance(e.kind, self.crit)
                straight = WEAPONS[e.kind].straight_only
                cands = []
                for c in self.spots(e):
                    if straight and c[0] != sq[0] and c[1] != sq[1]:
                        continue
                    v = ev[min(199, distance(c, sq))]
                    if v > 0:
                        cands.append((v, c))
                cands.sort(reverse=True)
                for v, c in cands:
                    if board.blocking_wall(c, sq) is None:
                        got += v
                        break
            self._threat[sq] = got
        return got

    def danger(self, u: Unit, sq: Square) -> float:
        th = self.threat(sq)
        if th <= 0:
            return 0.0
        loss = min(th, u.hp) + WORTH[u.kind] * min(1.0, th / max(1, u.hp)) * 0.5
        return loss * (1.6 if u.kind == "medic" else 1.0)

    def nearest_foe(self, sq: Square) -> int:
        return min((distance(sq, e.sq) for e in self.foes), default=0)

    def crowd(self, u: Unit, sq: Square) -> int:
        """Own units (other than ``u``) on the 8 squares around ``sq``: one RPG blast would catch them too."""
        return sum(1 for f in self.mine if f is not u and max(abs(f.x - sq[0]), abs(f.y - sq[1])) <= 1)

    def kill_zone(self) -> list[Square]:
        """The open squares within 2 of the bait: where the enemy comes to shoot it."""
        if self._zone is None:
            self._zone = []
            if self.bait is not None:
                bx, by = self.bait.sq
                self._zone = [(bx + dx, by + dy) for dx in range(-2, 3) for dy in range(-2, 3)
                              if 0 < abs(dx) + abs(dy) <= 2 and self.s.board.open((bx + dx, by + dy))]
        return self._zone

    def overwatch(self, u: Unit, sq: Square) -> float:
        """Share of the kill zone ``u`` could fire into from ``sq`` with 3:6 or better (the ambush)."""
        zone = self.kill_zone()
        if not zone or u is self.bait:
            return 0.0
        w = WEAPONS[u.kind]
        board = self.s.board
        seen = 0
        for z in zone:
            d = distance(sq, z)
            if d < w.min_range or _odds(u.kind, d, self.crit).s < 3:
                continue
            if w.straight_only and (z[0] != sq[0] and z[1] != sq[1]):
                continue
            if board.blocking_wall(sq, z) is None:
                seen += 1
        return seen / len(zone)

    def line_value(self, u: Unit, sq: Square) -> float:
        """The best shot ``u`` would have from ``sq`` at an enemy it sees past the walls (units
        ignored, they move): a position with a purpose for next turn, even if nothing is in reach now."""
        w = WEAPONS[u.kind]
        ev = _ev_by_distance(u.kind, self.crit)
        board = self.s.board
        best = 0.0
        for e in self.foes:
            v = ev[min(199, distance(sq, e.sq))]
            if v <= best or (w.straight_only and e.x != sq[0] and e.y != sq[1]):
                continue
            if board.blocking_wall(sq, e.sq) is None:
                best = v
        return best

    def firing_squares(self, kind: str, e: Unit) -> list[Square]:
        """Open squares from which a ``kind`` has 3:6 or better at ``e`` past the walls (RPG: in line)."""
        key = (kind, e.id)
        got = self._fire.get(key)
        if got is None:
            w = WEAPONS[kind]
            good = [d for d in range(w.min_range, MAX_RANGE[kind] + 1) if _odds(kind, d, self.crit).s >= 3]
            far = max(good, default=1)
            board = self.s.board
            got = []
            for dx in range(-far, far + 1):
                for dy in range(-(far - abs(dx)), far - abs(dx) + 1):
                    sq = (e.x + dx, e.y + dy)
                    if abs(dx) + abs(dy) not in good or (w.straight_only and dx and dy) or not board.open(sq):
                        continue
                    if board.blocking_wall(sq, e.sq) is None:
                        got.append(sq)
            self._fire[key] = got
        return got

    def to_fire(self, u: Unit, sq: Square) -> int:
        """Spaces from ``sq`` to the nearest square where ``u`` would have a good, unwalled shot."""
        foes = sorted(self.foes, key=lambda e: distance(sq, e.sq))[:3]
        best = 99
        for e in foes:
            for f in self.firing_squares(u.kind, e):
                d = abs(f[0] - sq[0]) + abs(f[1] - sq[1])
                if d < best:
                    best = d
                    if d == 0:
                        return 0
        return best if best < 99 else max(0, self.nearest_foe(sq) - IDEAL[u.kind])

    def place_value(self, u: Unit, sq: Square) -> float:
        """How good it is for ``u`` to stand on ``sq`` at the end of the movement phase."""
        agg = self.aggression
        off = self.best_shot(u, sq)
        dang = self.danger(u, sq)
        # a long stall (quiet rounds on quiet rounds) ends with someone stepping into the line of fire
        careful = (0.6 if off > 0 else 1.0) * max(0.15 if agg < 1.5 else 0.03, 1.0 - 0.55 * agg)
        if u is self.bait and off == 0:
            careful *= 0.6  # the bait shows itself: the ambush behind it answers
        val = off - careful * dang
        pull = 0.08 + 0.35 * min(1.0, agg)
        if WEAPONS[u.kind].heals or agg < 0.5:  # close in to the unit's best distance
            near = self.nearest_foe(sq)
            if near > IDEAL[u.kind]:
                val -= pull * (near - IDEAL[u.kind])
        else:  # a stall: walk round the walls to a square from which it would have a shot
            val -= pull * self.to_fire(u, sq)
        if off == 0 and agg > 0:
            val += 0.5 * min(1.5, agg) * self.line_value(u, sq)
        if u.kind in AMBUSH_KINDS and off == 0:
            val += 1.5 * self.overwatch(u, sq)
        if self.enemy_rpg:
            val -= 0.7 * self.crowd(u, sq)
        if WEAPONS[u.kind].heals:
            for f in self.mine:
                if f is not u and f.hp < MAX_HP and distance(f.sq, sq) == 1:
                    val += 0.5 * min(2, MAX_HP - f.hp)
        return val


# -- squad building (shared by both agents) ------------------------------------------------

def squad_weights(s: WarigamiState) -> dict[str, float]:
    """How much of each unit type suits this map: what the computer squad is made of.

    Snipers outrange everything (measured: the squad's backbone); the gap between the
    start zones says how soon the squads meet (a small map gets fewer snipers, they
    cannot fire closer than 4, and more shotguns and RPGs); walls make short fights
    (shotguns, RPGs down corridors); an open field with long sight lines favours
    snipers more; more enemies bunch up more for the RPG.
    """
    b = s.board
    n = int(s.game.settings["units"])
    walls = len(b.walls) / max(1, b.width * b.height)
    me = s.player
    gap = min((distance(a, c) for i, z in enumerate(b.zones[:s.game.num_players]) if i != me
               for a in b.zones[me] for c in z), default=10)
    w = {"smg": 3.0, "shotgun": 1.5 + 12.0 * walls + (1.0 if gap <= 7 else 0.0),
         "sniper": 2.0 if gap <= 7 else (3.2 + (1.0 if walls < 0.03 else 0.0) + (0.8 if gap >= 16 else 0.0)),
         "rpg": 1.5 + 8.0 * walls + (0.5 if s.game.num_players > 2 else 0.0) + (0.8 if gap <= 7 else 0.0),
         "medic": 0.0 if n < 6 else 0.9}
    return w


def choose_squad(s: WarigamiState, rng: Any) -> Squad:
    """W-B2: a squad for this map, chosen without seeing anyone else's (they are secret).

    Counts follow :func:`squad_weights` (largest remainders), then a swap or two at
    random, so a player does not meet the same squad every game.
    """
    n = int(s.game.settings["units"])
    w = squad_weights(s)
    total = sum(w.values())
    share = {k: n * v / total for k, v in w.items()}
    count = {k: int(v) for k, v in share.items()}
    for k in sorted(share, key=lambda k: share[k] - count[k], reverse=True)[:n - sum(count.values())]:
        count[k] += 1
    kinds = [k for k in w if w[k] > 0]
    for _ in range(rng.randint(0, 2)):
        a, b = rng.choice(kinds), rng.choice(kinds)
        if a != b and count[a] > 1 and (b != "medic" or count[b] < max(1, n // 8)):
            count[a] -= 1
            count[b] += 1
    return Squad(tuple(k for k in KINDS for _ in range(count[k])))


#: Placement order: the front line first (it takes the squares nearest the enemy).
PLACE_ORDER = ("shotgun", "smg", "rpg", "sniper", "medic")


def place_action(s: WarigamiState) -> Place:
    """Next unit of the chosen squad, on the best free square of the start zone.

    Front-line units (SMG, shotgun) go nearest the enemy zones, snipers, RPGs and
    medics further back; every unit keeps out of the 8 squares around its own units
    where it can, so one RPG blast (W-H6) catches as few as possible, and the more
    so when the revealed enemy squads carry RPGs.
    """
    me = s.player
    left = s.reserve[me]
    kind = next(k for k in PLACE_ORDER if k in left)
    zone = [sq for sq in s.board.zones[me] if sq not in s.at and sq not in s.board.walls]
    foes = [z for i, z in enumerate(s.board.zones) if i != me and i < s.game.num_players]
    cx = sum(x for z in foes for x, _ in z) / max(1, sum(len(z) for z in foes))
    cy = sum(y for z in foes for _, y in z) / max(1, sum(len(z) for z in foes))
    mx = sum(x for x, _ in zone) / len(zone)
    my = sum(y for _, y in zone) / len(zone)
    front = kind in ("smg", "shotgun")
    enemy_rpgs = sum(q.count("rpg") for i, q in enumerate(s.squads) if i != me and q)
    mine = [u.sq for u in s.units_of(me)]

    def key(sq: Square) -> tuple[int, float]:
        far = abs(sq[0] - cx) + abs(sq[1] - cy)
        spread = abs(sq[0] - mx) + abs(sq[1] - my)
        crowd = sum(1 for q in mine if max(abs(q[0] - sq[0]), abs(q[1] - sq[1])) <= 1)
        return (crowd * (2 if enemy_rpgs else 1), (far if front else -far) + 0.3 * spread)

    best = min(zone, key=key)
    return Place(kind, best[0], best[1])


class _Base(Agent):
    greedy = False

    def __init__(self, game: Any, seed: int = 0, budget_s: float = 0.5) -> None:
        super().__init__(game, seed, budget_s)
        self._round = -1
        self._hp = -1
        self.quiet = 0  # own turns in a row on which no unit lost or gained a hit point

    def _note_quiet(self, s: WarigamiState) -> None:
        """Count quiet rounds: at the start of each own turn, has anything been hit since the last?"""
        if s.round == self._round:
            return
        hp = sum(u.hp for u in s.units.values()) * 100 + len(s.units)
        self.quiet = self.quiet + 1 if hp == self._hp else 0
        self._round, self._hp = s.round, hp

    def choose(self, state: State) -> Action:
        assert isinstance(state, WarigamiState)
        if state.phase == SQUAD:
            if self.greedy:  # the baseline keeps one fixed squad
                n = int(state.game.settings["units"])
                return Squad(tuple(SQUAD_MIX[i % len(SQUAD_MIX)] for i in range(n)))
            return choose_squad(state, self.rng)
        if state.phase == SETUP:
            return place_action(state)
        self._note_quiet(state)
        look = self._look(state)
        if state.phase == MOVE:
            mv = self._best_move(look)
            if mv is not None:
                return mv
        act = self._best_act(look)
        return act if act is not None else EndTurn()

    def _look(self, state: WarigamiState) -> _Look:
        """This decision's view of the battle (``hard`` looks further)."""
        return _Look(state, state.player, self.quiet)

    # -- movement -----------------------------------------------------------------
    def _value(self, look: _Look, u: Unit, sq: Square) -> float:
        if self.greedy:
            off = look.best_shot(u, sq, greedy=True)
            return off if off > 0 else -0.1 * look.nearest_foe(sq)
        return look.place_value(u, sq)

    def _best_move(self, look: _Look) -> Move | None:
        s = look.s
        best: tuple[float, Move] | None = None
        deadline = time.perf_counter() + self.budget_s
        order = sorted(look.mine, key=lambda u: look.nearest_foe(u.sq))
        for u in order:
            if u.acted or s.move_budget(u) == 0:
                continue
            here = self._value(look, u, u.sq)
            for sq, cost in s.reachable(u.id, LOOK).items():
                gain = self._value(look, u, sq) - here - 0.02 * cost
                if gain > 0.05 and (best is None or gain > best[0]):
                    best = (gain, Move(u.id, sq[0], sq[1]))
            if time.perf_counter() > deadline:
                break
        return best[1] if best else None

    # -- attacks ------------------------------------------------------------------
    def _best_act(self, look: _Look) -> Action | None:
        s = look.s
        ready = [u for u in look.mine if not u.acted]
        options: dict[int, list[Unit]] = {}
        for u in ready:
            options[u.id] = [t for t in look.foes if look.can_shoot(u, t, u.sq)]
        hp = {t.id: t.hp for t in look.foes}
        best: tuple[float, Action] | None = None
        for u in ready:
            for t in options[u.id]:
                if self.greedy:
                    v = look.shot_value(u, t, u.sq, greedy=True)
                else:
                    v = self._expectimax(look, u, t, ready, options, hp)
                if v > 0.01 and (best is None or v > best[0]):
                    best = (v, Attack(u.id, t.id))
            if WEAPONS[u.kind].heals:
                for f in look.mine:
                    if f is not u and f.hp < MAX_HP and distance(f.sq, u.sq) == 1:
                        v = 0.8 * min(2, MAX_HP - f.hp) + (0.0 if self.greedy else 0.3 * look.danger(f, f.sq) / 5)
                        if best is None or v > best[0]:
                            best = (v, Heal(u.id, f.id))
        del s
        return best[1] if best else None

    def _expectimax(self, look: _Look, u: Unit, t: Unit, ready: list[Unit], options: dict[int, list[Unit]],
                    hp: dict[int, int]) -> float:
        """Expected value of ``u`` shooting ``t`` now, plus what the others can do after each face."""
        od = _odds(u.kind, distance(u.sq, t.sq), look.crit)
        splash = WEAPONS[u.kind].splash
        base = look.shot_value(u, t, u.sq)
        if splash and look._splash_worth(u, t, u.sq, splash, False) < -2.0:
            return -1.0  # the blast would hurt us more than them
        total = 0.0
        for dmg in od.damage:  # one branch per face
            after = dict(hp)
            after[t.id] = hp[t.id] - dmg
            total += self._rest(look, u, ready, options, after)
        return base + total / 6.0

    def _rest(self, look: _Look, skip: Unit, ready: list[Unit], options: dict[int, list[Unit]],
              hp: dict[int, int]) -> float:
        """Greedy estimate of the other attackers' worth given target HP ``hp`` (no double kills)."""
        total = 0.0
        left = dict(hp)
        for u in ready:
            if u is skip:
                continue
            best, pick = 0.0, None
            for t in options[u.id]:
                if left[t.id] <= 0:
                    continue
                v = look.shot_value(u, t, u.sq, hp=left[t.id])
                if v > best:
                    best, pick = v, t
            if pick is not None:
                total += best
                od = _odds(u.kind, distance(u.sq, pick.sq), look.crit)
                left[pick.id] -= round(od.expected())
        return total


class ExpectimaxAgent(_Base):
    """The real opponent (see the module docstring)."""

    name = "ai"


class GreedyAgent(_Base):
    """Always the best immediate expected damage."""

    name = "greedy"
    greedy = True


def random_games(level: str = "standard", units: int = 10, seconds: float = 2.0) -> dict[str, Any]:
    """Whole random games per second on one map, and how they end.

    The shared bench counts random games on the bench level (the huge map, 30 a
    side), where one random game is about 850 actions and a second or more: its
    half-second quick run finishes none and reports 0.0.  Random squads almost never
    meet, so nearly every random game runs to the round limit (50 rounds).
    """
    from ...engine import Chance
    from .state import WarigamiGame

    game = WarigamiGame({"level": level, "units": units})
    rng = Chance(5)
    games = actions = by_limit = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        s = game.new_initial_state(Chance(games + 1))
        while not s.is_over():
            s.apply(s.random_action(rng))
            actions += 1
        games += 1
        by_limit += s.round_limit_reached()
    dt = time.perf_counter() - t0
    return {"random_games_per_s": round(games / dt, 2), "actions_per_game": round(actions / games),
            "ended_by_round_limit": round(by_limit / games, 2), "level": level, "units": units}


def bench_extra() -> dict[str, Any]:
    """Random games per second on the standard and the huge map; ai decision times on the standard map
    (16 x 12, 10 units a side: the issue's figure)."""
    from ...engine import Chance
    from .state import WarigamiGame

    out: dict[str, Any] = {"random_games_standard": random_games("standard", 10),
                           "random_games_huge": random_games("huge", 30, 3.0)}

    game = WarigamiGame({"level": "standard", "units": 10})
    times: list[float] = []
    for seed in (7, 8, 9):  # three games against the greedy baseline; every battle decision of the ai timed
        s = game.new_initial_state(Chance(seed))
        agents = [ExpectimaxAgent(game, seed), GreedyAgent(game, seed + 1)]
        steps = 0
        while not s.is_over() and steps < 2000:
            seat = s.current_player()
            t0 = time.perf_counter()
            a = agents[seat].choose(s)
            if seat == 0 and s.phase not in (SQUAD, SETUP):
                times.append(time.perf_counter() - t0)
            s.apply(a)
            steps += 1
    times.sort()
    out.update({"ai_decision_median_s": round(times[len(times) // 2], 4) if times else 0.0,
                "ai_decision_max_s": round(times[-1], 4) if times else 0.0, "ai_decisions": len(times)})
    return out
