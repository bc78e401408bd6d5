"""The layout of one game's state: a flat ``int64`` array the compiled kernels share.

A flat array passes cheaply between Python and numba and copies in one call (the Python
driver's replay and the tests use that). Offsets are module constants, which numba
compiles in. ``cnt[p, s]`` (at ``CNT + p * N_STATIONS + s``) is how many of player
``p``'s horses stand on station ``s`` (0: off the board, 90: the 堑, 91: home). The small
kernels here keep the state's books: the event log, 帖 between players, a horse's station.
"""

from __future__ import annotations

from numba import njit

from sim.games.dama.board import HORSES, N_STATIONS

MAXP = 5
CNT = 0
HPOS = CNT + MAXP * N_STATIONS  # station of horse h of player p: HPOS + p * HORSES + h
HBATCH = HPOS + MAXP * HORSES  # the entering batch of that horse
BENCAI = HBATCH + MAXP * HORSES  # 真本采 (throw index) per player
HANGU_OPEN = BENCAI + MAXP  # 1 once the player's ten have passed 函谷关
FEILONG = HANGU_OPEN + MAXP  # 0 gathering, 1 all twenty at 飞龙院 (stuck), 2 free to go on
TIE = FEILONG + MAXP  # net 帖 from throws, hits and fly-outs
POTNET = TIE + MAXP  # net 帖 from the pot (the stake is paid in, pots are taken out)
HITS_GIVEN = POTNET + MAXP  # horses hit by the player
HITS_TAKEN = HITS_GIVEN + MAXP  # horses of the player that were hit
ROUGH = HITS_TAKEN + MAXP  # 1 once a horse overshot 尚乘局 or flew out of the 堑
NBATCH = ROUGH + MAXP  # entering batches so far
THROWS_BY = NBATCH + MAXP  # throws taken (本采 throws included)
WIPES = THROWS_BY + MAXP  # half pots won by hitting all of a player's horses
S = WIPES + MAXP  # scalars from here
POT = S + 0
HANGU_TAKER = S + 1  # who took the 函谷关 half pot (-1: nobody yet)
TURN = S + 2  # the player throwing now
PREV_THROW = S + 3  # the previous throw (-1 at the start)
PREV_SEAT = S + 4
NTHROWS = S + 5  # throws so far (本采 throws included)
OVER = S + 6
WINNER = S + 7
END_KIND = S + 8  # 0 draw (safety limit), 1 细满, 2 麤满
CUR_THROW = S + 9
EXTRA = S + 10  # the current throw earned an extra throw
NEV = S + 11  # events recorded for the current throw
R_NP = S + 12  # rule options from here
R_ENTRY = S + 13
R_MOVE = S + 14
R_JIA0 = S + 15  # first 夹 station
R_JIAN = S + 16  # number of 夹
R_FEILONG = S + 17  # 0 every 赏 frees 飞龙院, 1 only the listed ones
R_HITTRUE = S + 18
R_STAKE = S + 19
R_FA = S + 20
HALF_POTS = S + 21  # half pots taken (函谷关 and wipes)
ERROR = S + 22  # 1 once a strategy chose an illegal move (the batch stops the game)
ERR_SEAT = S + 23  # the seat that chose it
EMAX_FOR = S + 24  # the player EMAX is current for (-1: a horse moved since)
EMAX = S + 25  # scratch: the largest enemy group on each station, for the player to move
ERR_CODE = EMAX + N_STATIONS  # the illegal code it chose
R_LIMIT = ERR_CODE + 1  # throws after which the game is stopped as a draw (throw_limit)
SIZE = R_LIMIT + 1
# the hand loop's words after the engine's (:mod:`sim.games.dama.batch`, :mod:`sim.loops`)
DICE = SIZE  # the dice stream's generator word (a uint64 seen as int64)
ACTOR = DICE + 1  # the seat to choose a move, -1 once the game is over
PTS = ACTOR + 1  # each seat's points (帖 with the pot flows), written when the game ends
LOOP_SIZE = PTS + MAXP
MAX_LEGAL = 32768  # split moves: ≤ 20 stacks × 19 × 17 parts × 2 × 2, with the single moves

# events: rows of (kind, seat, a, b, c, d)
EV_BENCAI, EV_THROW, EV_ENTER, EV_MOVE, EV_HIT, EV_TIE, EV_POT, EV_FLY, EV_GATE, EV_EXTRA, EV_END = range(11)
MAXEV = 128
EV_WIDTH = 6
# why 帖 moved (EV_TIE's third field) and why a pot moved (EV_POT's second)
TIE_OWN, TIE_FOREIGN, TIE_ZHUANG, TIE_FA, TIE_HIT, TIE_FLY = range(6)
POT_HANGU, POT_WIPE, POT_XIMAN, POT_CUMAN, POT_DRAW = range(5)


@njit(cache=True)
def log(st, ev, kind, seat, a, b, c, d) -> None:
    """Append an event row ``(kind, seat, a, b, c, d)`` (the log holds one throw's events)."""
    n = st[NEV]
    if n < MAXEV:
        ev[n, 0] = kind
        ev[n, 1] = seat
        ev[n, 2] = a
        ev[n, 3] = b
        ev[n, 4] = c
        ev[n, 5] = d
        st[NEV] = n + 1


@njit(cache=True)
def pay(st, ev, payer, payee, amount, reason) -> None:
    """Move ``amount`` 帖 from ``payer`` to ``payee`` and log why."""
    if amount <= 0 or payer == payee:
        return
    st[TIE + payer] -= amount
    st[TIE + payee] += amount
    log(st, ev, EV_TIE, payer, payee, amount, reason, 0)


@njit(cache=True)
def cnt(st, p, s) -> int:
    """Horses of player ``p`` on station ``s``."""
    return st[CNT + p * N_STATIONS + s]


@njit(cache=True)
def place(st, p, h, s) -> None:
    """Put horse ``h`` of player ``p`` on station ``s`` (the counts follow)."""
    old = st[HPOS + p * HORSES + h]
    st[CNT + p * N_STATIONS + old] -= 1
    st[CNT + p * N_STATIONS + s] += 1
    st[HPOS + p * HORSES + h] = s
    st[EMAX_FOR] = -1  # the enemy maxima of :func:`sim.games.dama.moves.enemy_max` are stale
