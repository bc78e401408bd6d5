"""Experiments on common deals: strategy comparisons and rule sweeps.

Both play several ordinary runs with the *same* root seed, so hand ``i`` is dealt the
same cards in every run (common random numbers), and analyse them side by side:

* a **comparison** seats strategy A, then strategy B, in each seat in turn, the other
  seats fixed, and measures A's edge over B per deal — a paired difference, whose
  interval is much narrower than that of two independent samples;
* a **sweep** plays the same deals under each rule variant and tabulates the dealer's
  edge, draw and natural-win rates, scores and hand length per variant.

An experiment directory holds ``experiment.json`` and one run directory per run.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim import runner, store
from sim.errors import OptionError, RunDirError
from sim.games import get_game
from sim.games.base import RunSpec, Workload
from sim.stats import mean_interval, outcome_label, paired_difference, rate_interval

EXPERIMENT = "experiment.json"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Experiment:
    """A set of runs on common deals (see the module docstring)."""

    kind: str  # "comparison" or "sweep"
    game: str
    runs: dict[str, RunSpec]  # label -> spec; every spec has the same seed and hands
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The experiment as JSON."""
        return {
            "kind": self.kind,
            "game": self.game,
            "params": self.params,
            "runs": {label: dataclasses.asdict(spec) | {"strategies": list(spec.strategies)}
                     for label, spec in self.runs.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Experiment:
        """Read an experiment written by :meth:`to_json`."""
        runs = {label: RunSpec(**{**spec, "strategies": tuple(spec["strategies"])})
                for label, spec in data["runs"].items()}
        return cls(kind=data["kind"], game=data["game"], runs=runs, params=dict(data["params"]))


def _play_workload(game_name: str) -> tuple[Any, Workload]:
    game = get_game(game_name)
    return game, game.workload("play")


def comparison(
    game_name: str, *, a: str, b: str, others: str | None = None, rules: Mapping[str, Any],
    seed: int, hands: int, shard_size: int | None = None,
) -> Experiment:
    """A and B in every seat in turn, the other seats playing ``others``."""
    game, workload = _play_workload(game_name)
    others = others or workload.default_strategies[0]
    shard = shard_size or workload.default_shard_size
    runs = {}
    seats = workload.seat_count(rules)
    for seat in range(seats):
        for label, name in (("a", a), ("b", b)):
            strategies = tuple(name if s == seat else others for s in range(seats))
            spec = RunSpec(game=game.name, workload="play", rules=dict(rules), seed=seed,
                           hands=hands, shard_size=shard, strategies=strategies)
            workload.check(spec)
            runs[f"{label}-seat{seat}"] = spec
    return Experiment(kind="comparison", game=game.name, runs=runs,
                      params={"a": a, "b": b, "others": others, "seats": seats})


def parse_vary(items: tuple[str, ...] | list[str], rules_cls) -> list[tuple[str, list[Any]]]:
    """Read ``--vary NAME=V1,V2,…`` options into (name, values) pairs, each value checked.

    Repeated ``--vary`` of one option are merged into one list of values (in the order
    given, each value once), so ``--vary a=1 --vary a=2`` plays both.
    """
    merged: dict[str, list[Any]] = {}
    for item in items:
        name, sep, values = item.partition("=")
        if not sep or not values.strip():
            raise OptionError(f"cannot read --vary {item!r}; write it as NAME=V1,V2 (e.g. min_huxi=10,15)")
        parsed = [rules_cls.parse_value(name.strip(), v.strip()) for v in values.split(",")]
        for value in parsed:
            rules_cls.from_options(overrides={name.strip(): value})  # refuses a bad value
        seen = merged.setdefault(name.strip(), [])
        for value in parsed:
            if value not in seen:
                seen.append(value)
    return list(merged.items())


def sweep(
    game_name: str, *, vary: list[tuple[str, list[Any]]], rules: Mapping[str, Any],
    strategies: tuple[str, ...] = (), seed: int, hands: int, shard_size: int | None = None,
) -> Experiment:
    """One run per combination of the varied options, all on the same deals."""
    game, workload = _play_workload(game_name)
    if not vary:
        raise OptionError("a sweep needs at least one --vary NAME=V1,V2")
    shard = shard_size or workload.default_shard_size
    names = [name for name, _ in vary]
    runs = {}
    for combo in itertools.product(*[values for _, values in vary]):
        variant = dict(zip(names, combo))
        rule_set = game.rules(**{**rules, **variant})  # validates every value
        label = ",".join(f"{k}={_text(v)}" for k, v in variant.items())
        spec = RunSpec(game=game.name, workload="play", rules=rule_set.to_dict(), seed=seed,
                       hands=hands, shard_size=shard, strategies=tuple(strategies))
        spec = workload.fill_strategies(spec)  # the seats may differ between variants
        workload.check(spec)
        runs[label] = spec
    params = {"vary": {name: [_text(v) for v in values] for name, values in vary}}
    return Experiment(kind="sweep", game=game.name, runs=runs, params=params)


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def run_experiment(
    exp: Experiment, out: str | os.PathLike, *, until: Mapping[str, Any] | None = None,
    on_run: Callable[[str, int, int], Any] | None = None, **run_options: Any,
) -> None:
    """Play every run of ``exp`` into its own sub-directory of ``out`` (resumable).

    With ``until`` (the keyword arguments of :func:`sim.stopping.run_until`: ``target``,
    ``metric``, ``max_hands``) each run grows from its ``hands`` until that metric's
    interval is narrow enough. ``on_run(label, index, total)`` is called before each run.
    """
    if not str(out).strip():
        raise RunDirError("the output directory is empty (-o ''); give it a name, e.g. -o runs/mine")
    path = Path(out)
    old = read_experiment(path) if (path / EXPERIMENT).exists() else None
    if old is None and path.is_dir() and any(path.iterdir()):
        raise RunDirError(
            f"{path} is not empty and holds no paiju experiment; give --out a new or empty directory"
        )
    if old is not None and old.to_json()["runs"].keys() != exp.to_json()["runs"].keys():
        raise RunDirError(f"{path} holds a different experiment; choose another --out")
    path.mkdir(parents=True, exist_ok=True)
    (path / EXPERIMENT).write_text(json.dumps(exp.to_json(), indent=2, ensure_ascii=False))
    for i, (label, spec) in enumerate(exp.runs.items()):
        if on_run is not None:
            on_run(label, i, len(exp.runs))
        if until:
            from sim.stopping import run_until

            start = _resume_round(spec, run_path(path, label), until["max_hands"])
            run_until(start, run_path(path, label), **until, **run_options)
        else:
            runner.run(spec, run_path(path, label), **run_options)


def _resume_round(spec: RunSpec, out: Path, max_hands: int) -> RunSpec:
    """Where a stopping run left off: the round it reached, if it is one of this spec's rounds.

    Rounds double from ``spec.hands``; starting again from the first one would drop the
    shards of later rounds and play them again. Starting from the round on disk gives the
    same data and the same stopping point, since every round before it fell short.
    """
    manifest = store.read_manifest(out)
    if manifest is None or store.spec_from_manifest(manifest).identity() != spec.identity():
        return spec
    hands, reached = spec.hands, int(manifest["hands"])
    while hands < reached and hands < max_hands:
        hands = min(max_hands, 2 * hands)
    return dataclasses.replace(spec, hands=hands) if hands == reached else spec


def run_path(out: str | os.PathLike, label: str) -> Path:
    """The run directory of the run ``label`` inside the experiment directory ``out``."""
    return Path(out) / _dirname(label)


def _dirname(label: str) -> str:
    return label.replace("=", "-").replace(",", "_").replace("/", "_")


def read_experiment(out: str | os.PathLike) -> Experiment:
    """The experiment stored in ``out``."""
    path = Path(out) / EXPERIMENT
    try:
        return Experiment.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError) as exc:
        raise RunDirError(f"{path} cannot be read ({exc}); give an experiment directory") from None


def load_run(out: str | os.PathLike, label: str) -> pl.DataFrame:
    """The rows of one run of an experiment, in hand order."""
    return store.load(run_path(out, label)).collect().sort("hand")


def comparison_table(out: str | os.PathLike, *, level: float = 0.95) -> pl.DataFrame:
    """A's edge over B on common deals: win rate and points per hand, paired and unpaired.

    For deal ``i``, A's result is its mean over the seats it sat in (one run per seat),
    and likewise for B; the table reports the paired difference of those per-deal
    results, per seat and over all seats.
    """
    exp = read_experiment(out)
    seats = int(exp.params["seats"])
    rows = []
    for measure, column in (("win rate", "won"), ("points per hand", "points")):
        series_a = seat_series(out, [f"a-seat{s}" for s in range(seats)], column)
        series_b = seat_series(out, [f"b-seat{s}" for s in range(seats)], column)
        for seat in range(seats):
            rows.append(_paired_row(measure, f"seat {seat}", series_a[seat], series_b[seat], level))
        rows.append(_paired_row(measure, "all seats", series_a.mean(axis=0),
                                series_b.mean(axis=0), level))
    table = pl.DataFrame(rows)
    return table.with_columns(pl.lit(exp.params["a"]).alias("a"), pl.lit(exp.params["b"]).alias("b"))


def seat_series(out: str | os.PathLike, labels: list[str], column: str) -> np.ndarray:
    """Per seat ``s`` and deal, ``column_s`` of the run ``labels[s]`` (a seats × deals array).

    The measured strategy sits in seat ``s`` of run ``labels[s]``; the mean over axis 0 is
    its per-deal result over every seat, the unit of every paired difference here.
    """
    cache: dict[str, pl.DataFrame] = {}
    rows = []
    for seat, label in enumerate(labels):
        if label not in cache:
            cache[label] = load_run(out, label)
        rows.append(cache[label][f"{column}_{seat}"].to_numpy().astype(np.float64))
    return np.stack(rows)


def _paired_row(measure: str, where: str, xa: np.ndarray, xb: np.ndarray, level: float) -> dict:
    p = paired_difference(xa, xb, level=level)
    return {"measure": measure, "seats": where, "n": p.n, "mean_a": p.mean_a, "mean_b": p.mean_b,
            "diff": p.diff, "diff_low": p.low, "diff_high": p.high,
            "unpaired_low": p.unpaired_low, "unpaired_high": p.unpaired_high,
            "narrowing": p.narrowing}


def run_metrics(frame: pl.DataFrame, workload: Workload, *, level: float = 0.95) -> list[dict]:
    """The per-run metrics of a sweep, each with its interval (one dict per metric)."""
    from sim.stats import dealer_edge, seat_count

    n = frame.height
    n_seats = seat_count(frame)
    names = workload.outcome_names
    out = []

    def rate(label: str, hits: int, method: str = "wilson") -> None:
        lo, hi = rate_interval(hits, max(n, 1), level=level, method=method)
        out.append({"metric": label, "value": hits / max(n, 1), "low": float(lo), "high": float(hi),
                    "unit": "%"})

    def mean(label: str, values: np.ndarray, unit: str) -> None:
        m, lo, hi = mean_interval(values[~np.isnan(values)], level=level)
        out.append({"metric": label, "value": m, "low": lo, "high": hi, "unit": unit})

    dealer = frame["dealer"].to_numpy().astype(np.int64)
    won = np.stack([frame[f"won_{s}"].to_numpy() for s in range(n_seats)], 1)
    rate("dealer win rate", int(won[np.arange(n), dealer].sum()))
    edge = dealer_edge(frame, level=level).row(0, named=True)
    out.append({"metric": "dealer edge (win rate)", "value": edge["edge"],
                "low": edge["edge_low"], "high": edge["edge_high"], "unit": "percentage points"})
    points = dealer_edge(frame, level=level).row(1, named=True)
    out.append({"metric": "dealer points per hand", "value": points["edge"],
                "low": points["edge_low"], "high": points["edge_high"], "unit": "points"})
    outcomes = frame["outcome"].cast(pl.String)
    kinds = workload.outcome_kinds()
    for label in list(names) or ["draw", "natural"]:
        rate(f"{outcome_label(label, names)} rate", int((outcomes == label).sum()), "clopper-pearson")
        for kind, expr in kinds.get(label, {}).items():  # the kinds beneath their outcome
            rate(f"  {kind}", int(frame.select(expr.cast(pl.Int64).sum()).item() or 0), "clopper-pearson")
    winner = frame["winner"].to_numpy().astype(np.int64)
    has_winner = winner >= 0
    pts = np.stack([frame[f"points_{s}"].to_numpy() for s in range(n_seats)], 1).astype(np.float64)
    win_pts = np.full(n, np.nan)
    win_pts[has_winner] = pts[np.flatnonzero(has_winner), winner[has_winner]]
    mean("points of the winner", win_pts, "points")
    mean("hand length", frame["length"].to_numpy().astype(np.float64), workload.length_unit)
    extra = workload.metrics()
    if extra:
        values = frame.select([expr.cast(pl.Float64).alias(k) for k, expr in extra.items()])
        for k in extra:
            mean(k, values[k].to_numpy().astype(np.float64), "mean per hand")
    return out


def sweep_table(out: str | os.PathLike, *, level: float = 0.95) -> pl.DataFrame:
    """Per variant and metric: the value with its interval (long format)."""
    exp = read_experiment(out)
    workload = get_game(exp.game).workload("play")
    rows = []
    for label in exp.runs:
        for m in run_metrics(load_run(out, label), workload, level=level):
            rows.append({"variant": label, **m})
    return pl.DataFrame(rows)


def sweep_differences(out: str | os.PathLike, *, level: float = 0.95) -> pl.DataFrame:
    """Each variant against the first, paired on the same deals: dealer win and points."""
    exp = read_experiment(out)
    labels = list(exp.runs)
    base = load_run(out, labels[0])
    rows = []
    for label in labels[1:]:
        other = load_run(out, label)
        for measure, column in (("dealer win rate", "won"), ("dealer points per hand", "points")):
            xb = _dealer_values(base, column)
            xa = _dealer_values(other, column)
            rows.append({"variant": label, "baseline": labels[0], **_paired_row(measure, "dealer", xa, xb, level)})
    return pl.DataFrame(rows) if rows else pl.DataFrame()


def _dealer_values(frame: pl.DataFrame, column: str) -> np.ndarray:
    from sim.stats import seat_count

    n_seats = seat_count(frame)
    values = np.stack([frame[f"{column}_{s}"].to_numpy() for s in range(n_seats)], 1)
    dealer = frame["dealer"].to_numpy().astype(np.int64)
    return values[np.arange(frame.height), dealer].astype(np.float64)
