"""The compiled deal: card conservation, hand sizes, natural wins, seat priority."""

import numpy as np
import pytest

from sim.games.base import RunSpec
from sim.games.zipai.cards import N_KINDS, parse_hand
from sim.games.zipai.deal import (
    NATURAL_FIVE_KAN, NATURAL_NONE, NATURAL_THREE_TI, deal_hand, natural_kind,
)
from sim.games.zipai.deals import DealScan
from sim.rng import hand_seed


@pytest.mark.parametrize("seed", [0, 1, 2**63 + 5, 987654321])
def test_deal_conserves_the_80_cards_with_the_right_sizes(seed):
    hands, stock = deal_hand(seed)
    assert hands.sum(axis=1).tolist() == [21, 20, 20]
    assert stock.size == 19
    total = hands.sum(axis=0) + np.bincount(stock, minlength=N_KINDS)
    assert total.tolist() == [4] * N_KINDS


@pytest.mark.parametrize(
    "hand, kind",
    [
        ("一一一一 二二二二 三三三三 四五六七八", NATURAL_THREE_TI),  # 三提
        ("一一一一 二二二二 三三三 四四四 五五五 六七", NATURAL_FIVE_KAN),  # 2 提 + 3 坎
        ("一一一 二二二 三三三 四四四 五五五 六七八九十", NATURAL_FIVE_KAN),  # 五坎
        ("一一一一 二二二 三三三 四四四 五六七八九十拾", NATURAL_NONE),  # 1 提 + 3 坎 = 4
        ("一一一 二二二 三三三 四四四 五五 六六 七七 八八", NATURAL_NONE),  # four 坎 only
        ("一一一一 二二二二 三三三 四五六七八九十壹贰", NATURAL_NONE),  # 2 提 + 1 坎
    ],
)
def test_natural_kind_follows_three_ti_five_kan(hand, kind):
    counts = parse_hand(hand)
    ti = int((counts == 4).sum())
    kan = int((counts == 3).sum())
    expected = NATURAL_THREE_TI if ti >= 3 else NATURAL_FIVE_KAN if ti + kan >= 5 else NATURAL_NONE
    assert expected == kind
    assert natural_kind(counts) == expected


def test_scan_records_what_the_deal_gives():
    spec = RunSpec(game="zipai", workload="deals", rules={}, seed=42, hands=200, shard_size=200)
    table = DealScan().play(spec, 100, 200).to_pydict()
    for row in range(0, 200, 17):
        hand_index = 100 + row
        seed = int(hand_seed(np.uint64(42), hand_index))
        assert table["seed"][row] == seed
        hands, _ = deal_hand(seed)
        for s in range(3):
            assert table[f"ti_{s}"][row] == int((hands[s] == 4).sum())
            assert table[f"kan_{s}"][row] == int((hands[s] == 3).sum())
            red = sum(int(hands[s][k]) for k in (1, 6, 9, 11, 16, 19))
            assert table[f"red_{s}"][row] == red
            assert table[f"natural_{s}"][row] == natural_kind(hands[s])


@pytest.mark.slow  # exhaustive: `pytest -m slow`
def test_natural_winner_prefers_dealer_then_xiajia_then_shangjia():
    spec = RunSpec(game="zipai", workload="deals", rules={}, seed=3, hands=400_000, shard_size=400_000)
    table = DealScan().play(spec, 0, 400_000).to_pandas()
    nat = table[["natural_0", "natural_1", "natural_2"]].to_numpy() > 0
    expected = np.where(nat[:, 0], 0, np.where(nat[:, 1], 1, np.where(nat[:, 2], 2, -1)))
    assert np.array_equal(table["natural_winner"].to_numpy(), expected)
    assert (expected >= 0).sum() > 10  # the test saw natural wins
