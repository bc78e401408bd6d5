"""The ``play`` workload: rows, determinism, strategy checks, deals shared with ``deals``."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from sim import runner, store
from sim.errors import OptionError
from sim.games.base import RunSpec
from sim.games.zipai import Game, ZipaiRules
from sim.games.zipai import engine as E
from sim.games.zipai.deal import deal_hand, shuffled_deck
from sim.games.zipai.game import kernel_player
from sim.games.zipai.play import ZipaiPlay


def _spec(strategies=("greedy", "shape", "random"), hands=1200, seed=11, shard=400, **rules):
    return RunSpec(game="zipai", workload="play", rules=ZipaiRules(**rules).to_dict(),
                   strategies=tuple(strategies), seed=seed, hands=hands, shard_size=shard)


def test_run_writes_one_row_per_hand_and_is_deterministic(tmp_path) -> None:
    spec = _spec()
    runner.run(spec, tmp_path / "a", jobs=1, progress=False)
    df = store.load(tmp_path / "a").collect().sort("hand")
    assert df.height == 1200 and df["hand"].to_list() == list(range(1200))
    pts = df.select(pl.sum_horizontal("points_0", "points_1", "points_2")).to_series()
    assert (pts == 0).all()
    assert set(df["win_kind"].cast(pl.String).unique()) >= {"荒庄", "自摸", "他摸"}
    assert (df["dealer"].to_numpy() == np.arange(1200) % 3).all()
    assert df.filter(pl.col("win_kind") == "荒庄")["draws_left"].max() == 0
    won = df.filter(pl.col("winner") >= 0)
    assert (won["huxi"] >= 15).all() or (won.filter(pl.col("huxi") < 15)["outcome"] == "natural").all()
    # a second run with another shard size gives the same rows
    runner.run(_spec(shard=700), tmp_path / "b", jobs=1, progress=False)
    other = store.load(tmp_path / "b").collect().sort("hand")
    assert other.drop("strategy_0", "strategy_1", "strategy_2", "win_kind", "outcome").equals(
        df.drop("strategy_0", "strategy_1", "strategy_2", "win_kind", "outcome"))
    table = ZipaiPlay().summary(spec, store.load(tmp_path / "a"))
    assert {"seat", "strategy", "dealer", "dealer edge", "outcome", "天胡 kind", "胡 kind"} <= set(
        table["group"].to_list())


def test_tianhu_is_every_kind_and_each_kind_keeps_its_row(tmp_path) -> None:
    """天胡 (outcome natural) counts all four kinds; a kind with no hits keeps its upper bound."""
    spec = _spec(hands=3000)
    runner.run(spec, tmp_path, jobs=1, progress=False)
    df = store.load(tmp_path).collect()
    kinds = df["win_kind"].cast(pl.String)
    natural = df["outcome"].cast(pl.String) == "natural"
    assert natural.equals(kinds.str.starts_with("天胡"))  # 三提, 五坎, 庄家 and 亮张 alike
    table = ZipaiPlay().summary(spec, store.load(tmp_path))
    tianhu = table.filter(pl.col("name") == "天胡 (natural)").row(0, named=True)
    beneath = table.filter(pl.col("group") == "天胡 kind")
    assert beneath.height == 4 and beneath["hits"].sum() == tianhu["hits"] == int(natural.sum())
    assert (beneath["ci_high"] > 0).all()  # a 0-hit kind shows its Clopper–Pearson upper bound
    with_exact = beneath.filter(pl.col("exact").is_not_null())["name"].to_list()
    assert [n[:4] for n in with_exact] == ["天胡三提", "天胡五坎"]
    assert table.filter(pl.col("exact").is_not_null())["p"].is_not_null().all()


def test_rows_match_the_python_driver() -> None:
    spec = _spec(hands=60)
    t = ZipaiPlay().play(spec, 100, 60).to_pydict()
    for h in range(0, 60, 7):
        g = Game.from_run(root_seed=spec.seed, hand=100 + h)

        r = g.play([kernel_player(n) for n in spec.strategies])
        assert (t["winner"][h], t["win_kind"][h], t["length"][h], t["self_drawn"][h]) == (
            r.winner, r.win_kind, r.decisions, r.self_drawn)
        assert tuple(t[f"points_{p}"][h] for p in range(3)) == r.points


def test_strategy_checks() -> None:
    w = ZipaiPlay()
    w.check(_spec(strategies=()))  # empty → the default
    with pytest.raises(OptionError, match="needs 3 strategies"):
        w.check(_spec(strategies=("greedy", "greedy")))
    with pytest.raises(OptionError, match="no strategy 'best'; choose one of: .*greedy"):
        w.check(_spec(strategies=("greedy", "best", "random")))


def test_play_deals_the_same_hands_as_the_deal_scan() -> None:
    for i in range(30):
        g = Game.from_run(root_seed=4, hand=i)
        hands, stock = deal_hand(g.seed)  # seat 0 = the dealer there
        for j in range(3):
            seat = (g.dealer + j) % 3
            held = np.zeros(20, dtype=np.int64)
            s = g._s
            if any(e.kind == "天胡" for e in g.events):
                break
            held += s[E.HAND + seat * 20: E.HAND + seat * 20 + 20]
            for m in range(int(s[E.NM + seat])):
                if s[E.MK + seat * E.MAXM + m] == 1:  # 起手提
                    held[s[E.MV + seat * E.MAXM + m]] += 4
            if j == 0 and g.actor == g.dealer and g.legal_actions()[0].text.startswith("打"):
                assert (held == hands[0]).all()
            elif j > 0:
                assert (held == hands[j]).all()
        cards = np.empty(80, dtype=np.int8)
        shuffled_deck(np.array([g.seed], dtype=np.uint64), cards, 61)  # the deal scan's shuffle
        assert int(s[E.LIANG]) == int(cards[20])
        assert list(s[E.STOCK: E.STOCK + 19]) == list(stock)
