"""Regression cases found in review: shared trump positions, throws, long tractors, ruffs.

Each test is a case of paiju's readings made precise after review (``docs/rules/shengji.md``): tractors and
tuples through 副2 / 副级 may use any suit's copies there; a throw fails when a part would
be beaten by the rule ``trick_winner`` uses; a failed throw plays exactly its own part;
long tractor leads demand a tractor; ruffs of a throw compare by their largest part.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from sim.games.shengji import ShengjiRules, legal_follow, trick_winner
from sim.games.shengji.cards import format_hand, parse_hand
from sim.games.shengji.combos import FMT_SIZE, carve_fmt, decompose, only_suit
from sim.games.shengji.follow import build_follow, follow_check
from sim.games.shengji.order import build_order
from sim.games.shengji.trick import beats_part, play_key, reduce_throw, throw_blocked

THROW_9 = "3S 3S 4S 4S 7S 7S 7S 9S 9S"  # tractor 3344, triple 777, pair 99
RUFF_9 = "AS AS 2C 2C 2C 2H 2H 2H 2H"  # AS AS 2H 2H + 2C 2C 2C + 2H 2H, but not with 2C in the tractor


def _fmt(cards: str, o) -> np.ndarray:
    cnt = parse_hand(cards)
    fmt = np.zeros(FMT_SIZE, dtype=np.int16)
    decompose(cnt, o.kat, o.nat, o.npos, only_suit(cnt, o.es), fmt)
    return fmt


def _throw(lead: str, others: list[str], *, level: int = 2, trump: int = 0,
           two_quads: bool = True) -> str | None:
    """The cards a throw really plays (None: it stands) when seats 1–3 hold ``others``."""
    o = build_order(level=level, trump=trump)
    hands = np.zeros((4, 54), dtype=np.int8)
    hands[0] = parse_hand(lead)
    for i, h in enumerate(others, start=1):
        hands[i] = parse_hand(h)
    fmt = _fmt(lead, o)
    i = throw_blocked(fmt, hands, 0, o.kat, o.nat, o.npos, two_quads)
    if i < 0:
        return None
    out = np.zeros(54, dtype=np.int8)
    reduce_throw(hands[0].copy(), fmt, i, o.kat, o.nat, out)
    return format_hand(out)


# ---------------------------------------------------------------- shared positions (issue item 4)
def test_follow_may_use_another_suits_copies_at_a_shared_position():
    hand = RUFF_9 + " JS JS"
    assert legal_follow(THROW_9, hand, RUFF_9, level=5, trump="S")
    # … and a play that does not make the whole shape is still refused
    assert not legal_follow(THROW_9, hand, "AS AS 2C 2C 2H 2H 2H 2H JS", level=5, trump="S")


@pytest.mark.parametrize("ruff", [RUFF_9, "2S 2S 5C 5C 5C 5H 5H 5H 5H"])  # through 副2, through 副5
def test_ruff_of_a_throw_through_a_shared_position_wins(ruff):
    assert trick_winner(["3H 3H 4H 4H 7H 7H 7H 9H 9H", ruff], level=5, trump="S") == 1


def test_builder_finds_the_carving_through_a_shared_position():
    o = build_order(level=5, trump=0)
    hand = parse_hand(RUFF_9 + " 3S")
    for lead in (THROW_9, "3H 3H 4H 4H 7H 7H 7H 9H 9H"):
        fmt = _fmt(lead, o)
        fmt[0] = 4  # answer in trumps: a follow of the trump throw, a ruff of the heart one
        for desc in (False, True):
            out = np.zeros(54, dtype=np.int8)
            build_follow(hand, fmt, o.es, o.kat, o.nat, o.npos, True, -o.pos.astype(np.float64),
                         desc, out)
            assert carve_fmt(out.copy(), o.kat, o.nat, o.npos, 4, fmt, False), format_hand(out)
    heart = _fmt("3H 3H 4H 4H 7H 7H 7H 9H 9H", o)
    ruff = heart.copy()
    ruff[0] = 4
    out = np.zeros(54, dtype=np.int8)
    build_follow(hand, ruff, o.es, o.kat, o.nat, o.npos, True, -o.pos.astype(np.float64), False, out)
    assert play_key(out, heart, False, o.es, o.pos, o.kat, o.nat, o.npos, True) > 1000


# ---------------------------------------------------------------- throws (issue items 5 and 6)
def test_a_throw_fails_when_a_wider_group_beats_a_part():
    assert trick_winner(["7H 7H 8H 8H", "3H 3H 3H 3H"], level=2, trump="S") == 1
    assert _throw("7H 7H 8H 8H AH", ["3H 3H 3H 3H", "3C", "5D"]) == "7H 7H 8H 8H"
    # a triple tractor against a three-pair tractor part
    assert trick_winner(["7H 7H 8H 8H 9H 9H", "3H 3H 3H 4H 4H 4H"], level=2, trump="S") == 1
    assert _throw("7H 7H 8H 8H 9H 9H AH", ["3C", "3H 3H 3H 4H 4H 4H", "5D"]) == "7H 7H 8H 8H 9H 9H"
    # two quads against a four-pair tractor part: only with two_quads_answer
    throw = "6H 6H 7H 7H 8H 8H 9H 9H AH"
    quads = ["3H 3H 3H 3H JH JH JH JH", "3C", "5D"]
    assert _throw(throw, quads) == "6H 6H 7H 7H 8H 8H 9H 9H"
    assert _throw(throw, quads, two_quads=False) is None
    # a wider group of another size does not beat a part: a triple is not a pair's match
    assert _throw("7H 7H 8H 8H AH", ["3H 3H 3H", "3C", "5D"]) is None


@pytest.mark.parametrize(
    ("throw", "holder", "played"),
    [
        ("2H 2H 2H 2C 2C", "2S 2S", "2C 2C"),  # the case: 主2 beats the pair 2C 2C
        ("5H 5H 5H 5C 5C", "5S 5S", "5C 5C"),  # the same through 副级
        ("2H 2H 2C", "2S", "2C"),  # a single at a shared position
    ],
)
def test_a_failed_throw_plays_exactly_its_part(throw, holder, played):
    assert _throw(throw, [holder, "3C", "5D"], level=5, trump=0) == played
    kept = parse_hand(throw) - parse_hand(played)
    assert (kept >= 0).all()  # the rest goes back to the thrower, card for card


def _brute_beats(hand: np.ndarray, part: str, o, two_quads: bool) -> bool:
    """Whether some play of ``part``'s size from ``hand`` wins against ``part`` led alone."""
    fmt = _fmt(part, o)
    lead_key = play_key(parse_hand(part), fmt, True, o.es, o.pos, o.kat, o.nat, o.npos, two_quads)
    kinds = [k for k in range(54) if hand[k] > 0 and o.es[k] == fmt[0]]
    pool = [k for k in kinds for _ in range(int(hand[k]))]
    for combo in set(itertools.combinations(pool, int(fmt[1]))):
        play = np.zeros(54, dtype=np.int8)
        for k in combo:
            play[k] += 1
        if play_key(play, fmt, False, o.es, o.pos, o.kat, o.nat, o.npos, two_quads) > lead_key:
            return True
    return False


def test_throw_check_uses_the_trick_rule():
    """For random hearts and random tractor or tuple parts, the throw check and trick_winner agree."""
    o = build_order(level=2, trump=0)
    rng = np.random.default_rng(9)
    parts = ["7H 7H 8H 8H", "9H 9H", "QH QH QH", "5H 5H 6H 6H 7H 7H", "10H 10H 10H JH JH JH", "KH",
             "6H 6H 7H 7H 8H 8H 9H 9H"]
    for _ in range(60):
        hand = np.zeros(54, dtype=np.int8)
        for k in rng.choice(np.arange(14, 26), size=9):  # 3H … AH
            hand[k] = min(4, hand[k] + rng.integers(1, 4))
        while hand.sum() > 10:
            hand[rng.choice(np.flatnonzero(hand))] -= 1
        for part in parts:
            fmt = _fmt(part, o)
            for tq in (False, True):
                got = beats_part(hand, 1, int(fmt[3]), int(fmt[4]), int(fmt[5]), o.kat, o.nat, o.npos, tq)
                assert got == _brute_beats(hand, part, o, tq), (format_hand(hand), part, tq)


# ---------------------------------------------------------------- long tractors and ruffs (item 7)
def test_a_long_pair_tractor_demands_the_longest_tractor_then_pairs():
    lead = "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H"
    hand = "8H 8H 9H 9H 10H 10H 3H 3H 5H 5H QH QH 2D"
    assert legal_follow(lead, hand, "8H 8H 9H 9H 10H 10H 3H 3H QH QH", level=2, trump="S")
    assert not legal_follow(lead, hand, "3H 3H 5H 5H QH QH 8H 8H 10H 10H", level=2, trump="S")
    # the longest tractor: 8-9-10-J and the pair, not 9-10-J
    hand = "8H 8H 9H 9H 10H 10H JH JH KH KH 3H 5H"
    assert legal_follow(lead, hand, "8H 8H 9H 9H 10H 10H JH JH KH KH", level=2, trump="S")
    assert not legal_follow(lead, hand, "9H 9H 10H 10H JH JH KH KH 8H 3H", level=2, trump="S")


def test_a_long_triple_tractor_demands_a_tractor():
    lead = "QH QH QH KH KH KH AH AH AH"
    hand = "3H 3H 3H 4H 4H 4H 7H 7H 7H 9H 9H 9H JH JH JH"
    assert legal_follow(lead, hand, "3H 3H 3H 4H 4H 4H JH JH JH", level=2, trump="S")
    assert not legal_follow(lead, hand, "7H 7H 7H 9H 9H 9H JH JH JH", level=2, trump="S")
    # no triple tractor: the longest pair tractor, before a triple
    hand = "3H 3H 4H 4H 5H 5H 6H 6H 9H 9H 9H JH"
    assert legal_follow(lead, hand, "3H 3H 4H 4H 5H 5H 6H 6H JH", level=2, trump="S")
    assert not legal_follow(lead, hand, "9H 9H 9H 3H 3H 5H 5H 6H 6H", level=2, trump="S")


def test_builder_answers_long_tractors_legally():
    o = build_order(level=2, trump=0)
    lead = _fmt("3H 3H 4H 4H 5H 5H 6H 6H 7H 7H", o)
    hand = parse_hand("8H 8H 9H 9H 10H 10H 3H 3H 5H 5H QH QH 2D")
    for desc in (False, True):
        out = np.zeros(54, dtype=np.int8)
        build_follow(hand, lead, o.es, o.kat, o.nat, o.npos, True, -o.pos.astype(np.float64), desc, out)
        assert follow_check(hand, out, lead, o.es, o.kat, o.nat, o.npos, True) == 0, format_hand(out)


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        # largest part = the triple: 555 beats 333 although the other ruff holds the big joker
        (["AH AH AH KH KH QH", "3S 3S 3S 4S 4S BJ", "5S 5S 5S 7S 7S 4S"], 2),  # four decks: at most four 3S
        # largest part = the tractor (4 cards) over the triple (3): 6677 beats 3344
        (["JH JH QH QH AH AH AH", "3S 3S 4S 4S AS AS AS", "6S 6S 7S 7S 8S 8S 8S"], 2),
        (["JH JH QH QH AH AH AH", "6S 6S 7S 7S 8S 8S 8S", "3S 3S 4S 4S AS AS AS"], 1),
        # equal largest parts: the first ruff wins
        (["AH AH KH", "4S 4S 3S", "4S 4S 5S"], 1),
    ],
)
def test_ruffs_of_a_throw_compare_by_their_largest_part(plays, winner):
    assert trick_winner(plays, level=2, trump="S") == winner


def test_random_answers_stay_legal_at_shared_positions():
    """The builder's answers to random trump throws at level 5 always pass the follow check."""
    o = build_order(level=5, trump=0)
    rng = np.random.default_rng(5)
    trumps = np.flatnonzero(o.es == 4)
    rules = ShengjiRules()
    for _ in range(200):
        hand = np.zeros(54, dtype=np.int8)
        lead = np.zeros(54, dtype=np.int8)
        for k in rng.choice(trumps, size=8):
            hand[k] = min(4, hand[k] + rng.integers(1, 5))
        for k in rng.choice(trumps, size=3):
            lead[k] = rng.integers(1, 4)
        if hand.sum() <= lead.sum():
            continue
        fmt = _fmt(format_hand(lead), o)
        out = np.zeros(54, dtype=np.int8)
        pref = rng.random(54)
        build_follow(hand, fmt, o.es, o.kat, o.nat, o.npos, rules.two_quads_answer, pref,
                     bool(rng.integers(2)), out)
        assert follow_check(hand, out, fmt, o.es, o.kat, o.nat, o.npos, True) == 0, (
            format_hand(hand), format_hand(lead), format_hand(out))
