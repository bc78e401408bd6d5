"""paiju show: a stored row replayed through the game's Python driver, for every game."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import sim
from sim import runner
from sim.cli import main
from sim.errors import OptionError, RunDirError
from sim.games import game_names, get_game
from sim.games.base import RunSpec
from sim.replay import select, show
from sim.replay_html import hand_page

HANDS = 6
DEFAULT_GAME = "zipai"  # the tests that name no game show 跑胡子's run (tests/conftest.py)


class _Runs(dict):
    """A tiny played run of each game (default strategies, shards of 3 hands), played when
    a test first asks for that game: each game's tests run on that game's xdist worker, so a
    worker plays (and compiles) only the games its tests show."""

    def __init__(self, root):
        super().__init__()
        self.root = root

    def __missing__(self, game: str):
        spec = RunSpec(game=game, workload="play", rules={}, seed=11, hands=HANDS, shard_size=3)
        runner.run(spec, self.root / game, progress=False)
        self[game] = self.root / game
        return self[game]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Every game's tiny run, each played on first use."""
    return _Runs(tmp_path_factory.mktemp("show"))


@pytest.mark.parametrize("game", game_names())
def test_every_hand_replays_to_its_row(runs, game):
    rows = sim.load(runs[game]).collect().to_dicts()
    for row in rows:
        log = show(runs[game], row["hand"])
        assert log.row == row
        assert len(log) > 0 and all(e.kind for e in log)
        assert len(log.dealt) == sum(1 for k in row if k.startswith("strategy_"))
        assert all(v.cards for v in log.dealt), "every seat holds something at the deal"


@pytest.mark.parametrize("game", game_names())
def test_text_and_page_show_the_deal_the_log_and_the_result(runs, game):
    log = sim.show(runs[game], 1)
    text = log.text()
    assert get_game(game).title in text and "play:" in text
    assert ("at the first choice:" if game == "dama" else "deal:") in text
    assert f"outcome {log.row['outcome']}" in text
    page = hand_page(log)
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page
    assert page.count('<td class="who">seat ') == 2 * len(log.dealt)  # as dealt and at the end
    if game != "dama":
        assert page.count('class="card') >= sum(len(v.cards) for v in log.dealt)
    assert (log.stock is not None) == ("stock (" in page)


def test_a_row_that_does_not_replay_is_refused(runs, tmp_path):
    import shutil

    run = tmp_path / "zipai"
    shutil.copytree(runs["zipai"], run)
    shard = run / "part-00000.parquet"
    table = pq.read_table(shard)
    points = table.column("points_0").to_pylist()
    points[1] += 1
    i = table.schema.get_field_index("points_0")
    table = table.set_column(i, table.schema.field(i), pa.array(points, type=table.schema.field(i).type))
    pq.write_table(table, shard)
    with pytest.raises(RunDirError, match="hand 1 .* does not replay to its row .*points_0"):
        show(run, 1)
    show(run, 0)  # the other rows still replay


def test_where_picks_matching_rows(runs):
    rows = sim.load(runs["zipai"]).collect()
    want = rows.filter(rows["points_0"] > 0)["hand"].to_list()[:2]
    assert select(runs["zipai"], "points_0 > 0", limit=2) == want
    assert select(runs["zipai"], 'pl.col("points_0") > 0', limit=2) == want
    assert select(runs["zipai"], "self_drawn", limit=9) == rows.filter("self_drawn")["hand"].to_list()
    wins = rows.filter(rows["outcome"] == "win")["hand"].to_list()
    assert select(runs["zipai"], "胡", limit=9) == wins == select(runs["zipai"], "win", limit=9)
    assert select(runs["zipai"], "outcome = 'win'", limit=9) == wins


@pytest.mark.parametrize("where, message", [
    ("nope", "no column or outcome 'nope'.*columns: hand"),
    ("points_0 >", "does not parse"),
    ("pl.col('nope') > 1", "cannot be applied"),
    ("3", "not a filter|cannot be applied|does not parse"),
])
def test_a_bad_filter_says_how_to_write_one(runs, where, message):
    with pytest.raises(OptionError, match=message):
        select(runs["zipai"], where)


def test_a_hand_the_run_does_not_hold_is_refused(runs):
    with pytest.raises(OptionError, match=f"no hand {HANDS}; its hands are 0 .. {HANDS - 1}"):
        show(runs["zipai"], HANDS)


def test_a_deals_run_is_refused(tmp_path):
    spec = RunSpec(game="zipai", workload="deals", rules={}, seed=1, hands=10, shard_size=10)
    runner.run(spec, tmp_path / "d", progress=False)
    with pytest.raises(OptionError, match="replays the hands of play runs.*paiju run zipai.*without --matches"):
        show(tmp_path / "d", 0)


def test_cli_show_prints_checks_and_writes_the_page(runs, tmp_path):
    page = tmp_path / "hand.html"
    res = CliRunner().invoke(main, ["show", str(runs["pairs"]), "--hand", "2", "--html", str(page)])
    assert res.exit_code == 0, res.output
    assert "it matches row 2 of the run" in res.output and page.exists()
    res = CliRunner().invoke(main, ["show", str(runs["zipai"]), "--where", "hand >= 4", "--limit", "5",
                                    "--html", str(page)])
    assert res.exit_code == 0, res.output
    assert res.output.count("it matches row") == 2
    assert (tmp_path / "hand-hand4.html").exists() and (tmp_path / "hand-hand5.html").exists()
    res = CliRunner().invoke(main, ["show", str(runs["zipai"]), "--where", "hand > 99"])
    assert res.exit_code == 0 and "no hand" in res.output


@pytest.mark.parametrize("args", [[], ["--hand", "1", "--where", "win"]])
def test_cli_show_wants_one_way_to_pick_a_hand(runs, args):
    res = CliRunner().invoke(main, ["show", str(runs["zipai"]), *args])
    assert res.exit_code == 2
    assert res.output.strip().count("\n") == 0 and "give --hand N" in res.output
