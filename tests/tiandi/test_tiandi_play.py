"""Random-play conformance, both drivers agreeing, and observations that leak nothing."""

import numpy as np
import pytest

from sim.games.chuanpai.tiandi import engine as E
from sim.games.chuanpai.tiandi import observe as O
from sim.games.chuanpai.tiandi import batch
from sim.games.chuanpai.tiandi.game import Game, KernelPlayer, kernel_player
from sim.games.chuanpai.tiandi.rules import CFG_SIZE, TiandiRules, rules_vector
from sim.games.chuanpai.tiandi.shapes import SET, code_size, code_types, key_beats, play_key
from sim.registry import get_strategy

LADDER = ("random", "greedy", "strong")


def _check_step(g, legal):
    s = g.state
    seat = g.actor
    cfg = s[E.CFG:E.CFG + CFG_SIZE]
    hand = s[E.HAND + seat * 21:E.HAND + seat * 21 + 21]
    cards = np.empty(4, dtype=np.int64)
    for c in legal:  # every legal play is held, and is a shape when it leads or beats
        need = np.zeros(21, dtype=int)
        for k in cards[:code_types(c, cards)]:
            need[k] += 1
        assert np.all(need <= hand)
        if s[E.TIDX] == 0:
            assert play_key(c, cfg) >= 0
        elif E.decision_mode(s) == E.MODE_BEAT:
            assert key_beats(s[E.BEST_KEY], play_key(c, cfg))
            assert code_size(c) == s[E.SIZE]
        elif s[E.SIZE] >= 3:  # face-down cards under a set go one at a time
            assert code_size(c) == 1
        else:
            assert code_size(c) == min(s[E.SIZE], s[E.NHAND + seat])


@pytest.mark.parametrize("rules", [TiandiRules(), TiandiRules(tier_ties="tiengow", nine_combos="red_high",
                                                             civil_pairs=False, tuoshou="win",
                                                             bao="opening", doubling="linear"),
                                   TiandiRules(combo_sizes="2-4", nine_combos="red_high")])
def test_conformance_random_and_strong(rules):
    rng = np.random.default_rng(0)
    outcomes = set()
    sets_led = 0
    for h in range(150):
        g = Game.from_run(root_seed=11, hand=h, rules=rules, dealer=h % 3)
        hands = [g.state[E.HAND + p * 21:E.HAND + p * 21 + 21].sum() + g.state[E.NHARD + p]
                 for p in range(3)]
        assert hands == [28, 28, 28] and g.card_total() == 84
        players = [kernel_player(LADDER[(h + p) % 3]) for p in range(3)]
        while not g.done:
            legal = [a.code for a in g.legal_actions()]
            _check_step(g, legal)
            p = players[g.actor]
            if h % 2:
                code = legal[rng.integers(len(legal))]
            else:
                n = E.legal_actions(g._s, g._buf)
                obs = np.zeros(O.OBS_SIZE, dtype=np.int16)
                O.observe(g._s, g.actor, obs)
                code = int(p.kernel(obs, g._buf, n, g.rng))
            g.step(code)
            assert g.card_total() == 84
            s = g.state
            laid = [int(s[E.LAID + q * 21:E.LAID + q * 21 + 21].sum()) for q in range(3)]
            assert laid == [int(x) for x in s[E.NLAID:E.NLAID + 3]]
        sets_led += sum(1 for a in g.decisions if a >= SET)
        r = g.result
        outcomes.add(r.outcome)
        assert sum(r.points) == 0
        if r.winner >= 0:
            assert r.outcome == "脱手 win" or r.laid[r.winner] >= rules.win_at
            assert r.points[r.winner] == 2 * r.stake
        else:
            assert r.points == (0, 0, 0)
    assert "win" in outcomes
    assert (sets_led > 0) == (rules.combo_sizes == "2-4")


@pytest.mark.parametrize("rules", [TiandiRules(), TiandiRules(combo_sizes="2-4")])
def test_both_drivers_agree(rules):
    cfg = rules_vector(rules)
    for names in (("strong",) * 3, ("random", "greedy", "strong")):
        kernels = [get_strategy("tiandi", n).kernel for n in names]
        n = 200
        seeds = np.zeros(n, dtype=np.uint64)
        res = np.zeros((n, batch.N_RESULT), dtype=np.int32)
        bad = batch.specialised(kernels).play_hands(np.uint64(5), np.int64(100), np.int64(n), cfg,
                                                    seeds, res)
        assert bad == -1
        for h in range(n):
            g = Game.from_run(root_seed=5, hand=100 + h, rules=rules, dealer=(100 + h) % 3)
            assert g.seed == int(seeds[h])
            r = g.play([KernelPlayer(k, nm) for k, nm in zip(kernels, names)])
            row = res[h]
            assert (r.winner, r.points, r.laid, r.redeals, r.tricks, r.decisions, r.bao, r.fan) == (
                row[batch.R_WINNER], tuple(row[batch.R_PTS:batch.R_PTS + 3]),
                tuple(row[batch.R_LAID:batch.R_LAID + 3]), row[batch.R_REDEALS],
                row[batch.R_TRICKS], row[batch.R_DEC], row[batch.R_BAO], row[batch.R_FAN])


def test_an_illegal_kernel_choice_is_caught():
    from numba import njit

    @njit
    def bad_kernel(obs, legal, n, rng):
        return 999

    seeds = np.zeros(3, dtype=np.uint64)
    res = np.zeros((3, batch.N_RESULT), dtype=np.int32)
    row = batch.specialised([bad_kernel] * 3).play_hands(np.uint64(1), np.int64(0), np.int64(3),
                                                         rules_vector(), seeds, res)
    assert row == 0 and res[0, batch.R_BAD_ACTION] == 999


@pytest.mark.parametrize("rules,hands", [(TiandiRules(), 40), (TiandiRules(combo_sizes="2-4"), 15)])
def test_observation_leaks_nothing_hidden(rules, hands):
    """Changing another seat's hidden cards (hand and face-down plays) never changes what
    the deciding seat observes."""
    rng = np.random.default_rng(3)
    checked = 0
    for h in range(hands):
        g = Game.from_run(root_seed=2, hand=h, rules=rules, dealer=h % 3)
        strong = kernel_player("strong")
        steps = 0
        while not g.done:
            seat = g.actor
            obs = g.observation(seat).array.copy()
            # swap hidden cards between the two other seats and move face-down records
            s = g._s.copy()
            others = [(seat + 1) % 3, (seat + 2) % 3]
            a, b = (E.HAND + o * 21 for o in others)
            ha, hb = s[a:a + 21].copy(), s[b:b + 21].copy()
            pool = ha + hb
            # a random split of the two hidden hands with the same sizes
            cards = np.repeat(np.arange(21), pool)
            rng.shuffle(cards)
            na = int(ha.sum())
            s[a:a + 21] = np.bincount(cards[:na], minlength=21)
            s[b:b + 21] = np.bincount(cards[na:], minlength=21)
            da, db = (E.DOWN + o * 21 for o in others)
            s[da:da + 21], s[db:db + 21] = s[db:db + 21].copy(), s[da:da + 21].copy()
            changed = np.zeros(O.OBS_SIZE, dtype=np.int16)
            O.observe(s, seat, changed)
            assert np.array_equal(obs, changed)
            checked += 1
            n = E.legal_actions(g._s, g._buf)
            O.observe(g._s, seat, g._obs)
            g.step(int(strong.kernel(g._obs, g._buf, n, g.rng)))
            steps += 1
    assert checked > 25 * hands


def test_python_players_play_through_the_driver():
    seen_modes = set()

    def last(observation, legal, rng):
        seen_modes.add(observation.mode)
        assert observation.hand and len(observation.n_hand) == 3 and legal
        return legal[-1]

    def by_text(observation, legal, rng):
        return legal[0].text  # e.g. '出 天 红九' or '盖 拐子'

    for seed in range(5):
        g = Game(seed=seed)
        r = g.play([last, kernel_player("strong"), by_text])
        assert sum(r.points) == 0 and g.card_total() == 84
        assert Game.replay(seed=seed, actions=g.decisions).result == r
    assert seen_modes >= {"lead", "face down"}


def test_a_failing_python_player_names_the_hand():
    from sim.errors import StrategyError

    def boom(observation, legal, rng):
        raise RuntimeError("no idea")

    with pytest.raises(StrategyError, match=r"'boom' \(seat 0\) raised RuntimeError: no idea in hand seed 5"):
        Game(seed=5).play([boom] * 3)


def test_repr_and_events_are_readable():
    g = Game(seed=1)
    text = repr(g)
    assert text.startswith("Game(seed=1, dealer=0, actor=0, trick=0)") and "seat 2: hand" in text
    g.play([kernel_player("greedy")] * 3)
    kinds = {e.kind for e in g.events}
    assert {"硬张", "出", "摆", "end"} <= kinds
