"""What the deciding seat of 广水 sees: the observation array's layout (:data:`SPEC`) and the
compiled function that fills it for compiled and Python strategies alike.

Only public facts and the seat's own cards go in: the other hands and the stock are counted,
never shown (the contract's leak test checks it). Strategies take their offsets from the
``OB_*`` constants below, which are read off :data:`SPEC`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.sise.cards import N_KINDS
from sim.games.sise.guangshui import scoring as S
from sim.games.sise.guangshui.claims import group_cards
from sim.games.sise.guangshui.state import (
    ACTOR, BAR, CARD, DEAD, DEALER, DRAWN, HAND, HU_FORM, MAXM, MT, MV, N_SEATS, NM, OPTS, PILE,
    SP, SRC, ST_DEALER_HU, ST_DISCARD, ST_DONE, ST_OFFER, STAGE, STOCK_CARDS, XIANG,
)
from sim.games.spec import ObservationSpec

SPEC = ObservationSpec.build("int64", [
    ("seat", 1, "the seat observing"),
    ("dealer", 1, "the dealer's seat"),
    ("decision", 1, "what the seat decides now: 0 nothing, 1 the dealer's win on 31 dealt cards, "
                    "2 a discard, 3 a declaration on the card in play"),
    ("card", 1, "the kind of the card in play (-1 none)"),
    ("source", 1, "the seat the card in play came from (-1 none)"),
    ("drawn", 1, "1 when the card in play was turned up from the stock, 0 when discarded"),
    ("stock", 1, "cards left in the stock"),
    ("options", 1, "bit flags of the seat's choices on the card in play (state.O_*; 0 unless "
                   "it declares)"),
    ("barred", 1, "1 when the seat may not win this hand (有子不发 / 有车不出)"),
    ("held", N_SEATS, "concealed cards per seat (counts only)"),
    ("xiang", N_SEATS, "1 per seat that is 相公"),
    ("reserved", 1, "always 0"),
    ("hand", N_KINDS, "the seat's own concealed cards per kind"),
    ("dead", N_KINDS, "1 per kind the seat passed (it may not claim or win on it again)"),
    ("piles", N_SEATS * N_KINDS, "per seat, the unused cards it drew or discarded (public)"),
    ("table", N_SEATS * N_KINDS, "per seat, the cards in its table groups per kind (public)"),
    ("meld_types", N_SEATS * MAXM, "per seat, the type of each table group (scoring.M_*)"),
    ("meld_values", N_SEATS * MAXM, "per seat, each table group's kind, or group number for 吃"),
    ("melds", N_SEATS, "table groups per seat"),
    ("hu_form", 1, "the best winning formation on the card in play, as an action code "
                   "(-1 unless the seat declares)"),
])

OB_SEAT, OB_DEALER, OB_DECISION = SPEC.offset("seat"), SPEC.offset("dealer"), SPEC.offset("decision")
OB_CARD, OB_SRC, OB_DRAWN = SPEC.offset("card"), SPEC.offset("source"), SPEC.offset("drawn")
OB_STOCK, OB_OPTS, OB_BAR = SPEC.offset("stock"), SPEC.offset("options"), SPEC.offset("barred")
OB_HELD, OB_XIANG = SPEC.offset("held"), SPEC.offset("xiang")
OB_HAND, OB_DEAD, OB_PILE = SPEC.offset("hand"), SPEC.offset("dead"), SPEC.offset("piles")
OB_TABLE, OB_MT, OB_MV = SPEC.offset("table"), SPEC.offset("meld_types"), SPEC.offset("meld_values")
OB_NM, OB_HUFORM = SPEC.offset("melds"), SPEC.offset("hu_form")
OBS_SIZE = SPEC.size

# values of the ``decision`` field
D_NONE, D_DEALER_HU, D_DISCARD, D_OFFER = 0, 1, 2, 3


@njit(cache=True)
def decision_kind(s: np.ndarray) -> int:
    """D_NONE, D_DEALER_HU, D_DISCARD or D_OFFER."""
    st = s[STAGE]
    if s[ACTOR] < 0 or st == ST_DONE:
        return D_NONE
    if st == ST_DEALER_HU:
        return D_DEALER_HU
    if st == ST_DISCARD:
        return D_DISCARD
    return D_OFFER




@njit(cache=True)
def observe(s: np.ndarray, seat: int, obs: np.ndarray) -> None:
    """Fill ``obs`` with what ``seat`` may see (never another seat's hand or the stock)."""
    obs[:] = 0
    obs[OB_SEAT] = seat
    obs[OB_DEALER] = s[DEALER]
    me = seat == s[ACTOR]
    d = decision_kind(s)
    obs[OB_DECISION] = d if me else D_NONE
    in_play = s[STAGE] == ST_OFFER
    obs[OB_CARD] = s[CARD] if in_play else -1
    obs[OB_SRC] = s[SRC] if in_play else -1
    obs[OB_DRAWN] = s[DRAWN] if in_play else 0
    obs[OB_STOCK] = STOCK_CARDS - s[SP]
    obs[OB_OPTS] = s[OPTS + seat] if me and d == D_OFFER else 0
    obs[OB_HUFORM] = s[HU_FORM + seat] if me and d == D_OFFER else -1
    obs[OB_BAR] = s[BAR + seat]
    for p in range(N_SEATS):
        held = 0
        for k in range(N_KINDS):
            held += s[HAND + p * N_KINDS + k]
            obs[OB_PILE + p * N_KINDS + k] = s[PILE + p * N_KINDS + k]
        obs[OB_HELD + p] = held
        obs[OB_XIANG + p] = s[XIANG + p]
        obs[OB_NM + p] = s[NM + p]
        for j in range(s[NM + p]):
            t = s[MT + p * MAXM + j]
            v = s[MV + p * MAXM + j]
            obs[OB_MT + p * MAXM + j] = t
            obs[OB_MV + p * MAXM + j] = v
            if t == S.M_CHI:
                cs = group_cards(s, v)
                for i in range(3):
                    obs[OB_TABLE + p * N_KINDS + cs[i]] += 1
            else:
                obs[OB_TABLE + p * N_KINDS + v] += (3 if t == S.M_PENG else 4 if t == S.M_LOU
                                                    else 2 if t == S.M_ZHAN else 1)
    for k in range(N_KINDS):
        obs[OB_HAND + k] = s[HAND + seat * N_KINDS + k]
        obs[OB_DEAD + k] = s[DEAD + seat * N_KINDS + k]

