"""``paiju balance GAME``: what each house rule does to fairness, in one run.

For every option of a game's :class:`~sim.rules.RuleSet` (or the ones asked for) and a
few of its allowed values, the same deals are played as under the preset — a sweep with
one option changed at a time, run by :mod:`sim.experiments` (one run directory per
variant, so a killed balance run resumes). Each variant is then measured against the
preset on those common deals:

* the dealer's edge in win rate and in points, the seat spread (largest minus smallest
  seat win rate) with a test that all seats are equal (Cochran's Q, since the seats of a
  hand are not independent), every outcome rate, hand length, the winner's points and
  the game's own metrics (:meth:`~sim.games.base.Workload.metrics`);
* each as a paired difference against the preset, with its interval and a p-value;
  every p-value of the run is adjusted together (Holm), and the verdicts use the
  adjusted ones;
* a variant whose every hand is identical to the preset's (an option the ``play``
  workload ignores) is reported as having no effect, and left out of the tests.

Which values are tried (:func:`option_values`): a boolean both ways, an option with a
list of allowed values every one of them, a numeric range its two ends and its thirds
(so the preset and up to four others). Only the generic contracts are used — options
with their allowed values, the ``play`` workload's columns, outcome names and metrics —
so a new game joins without changes here.
"""

from __future__ import annotations

import dataclasses
import os
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from scipy import stats as sps
from statsmodels.stats.contingency_tables import cochrans_q
from statsmodels.stats.multitest import multipletests

from sim import experiments
from sim.errors import OptionError, PaijuError
from sim.games import get_game
from sim.games.base import RunSpec, Workload
from sim.stats import mean_interval, outcome_label, rate_interval, seat_count

PRESET = "preset"
EDGE = "dealer edge (win rate)"
POINTS_EDGE = "dealer points per hand"
SPREAD = "seat spread (win rate)"
SEATS_EQUAL = "all seats equal (Cochran's Q)"
DECIDED = "hands with a winner"
PERCENT_UNITS = ("%", "percentage points")
BOOTSTRAP = 2000  # resamples for the seat spread's interval
ALPHA = 0.05


# ----------------------------------------------------------------------------- the plan


def option_values(rules_cls: type, name: str, preset_value: Any) -> list[Any]:
    """The values of option ``name`` a balance run tries, the preset's first.

    A boolean both ways; an option with allowed values every one of them; a numeric
    range its two ends and its thirds (an open end lies one preset-size away); a
    free-form option only the preset's value (nothing to enumerate).

    >>> from sim.games.zipai.rules import ZipaiRules
    >>> option_values(ZipaiRules, "min_huxi", 15), option_values(ZipaiRules, "mingtang", False)
    ([15, 10, 9, 6, 18], [False, True])
    """
    f = rules_cls.option_fields()[name]
    meta, kind = f.metadata, type(f.default)
    if kind is bool:
        values = [preset_value, not preset_value]
    elif meta.get("choices"):
        values = [preset_value, *meta["choices"]]
    elif kind in (int, float):
        size = max(abs(preset_value), 1)
        lo = meta["minimum"] if meta.get("minimum") is not None else preset_value - size
        hi = meta["maximum"] if meta.get("maximum") is not None else preset_value + size
        points = [lo + (hi - lo) * k / 3 for k in range(4)]
        values = [preset_value, *(int(round(p)) if kind is int else float(p) for p in points)]
    else:
        values = [preset_value]
    return list(dict.fromkeys(values))


def plan(
    game_name: str, *, options: Sequence[str] | None = None, preset: str = "seed",
    overrides: Mapping[str, Any] | None = None, strategies: tuple[str, ...] = (),
    seed: int, hands: int, shard_size: int | None = None,
    until: Mapping[str, Any] | None = None,
) -> experiments.Experiment:
    """The balance experiment: the preset and one run per other value of each option."""
    game = get_game(game_name)
    workload = game.workload("play")
    base = game.rules.from_options(preset=preset, overrides=overrides or {})
    fields = game.rules.option_fields()
    names = list(dict.fromkeys(options)) if options else list(fields)
    unknown = [n for n in names if n not in fields]
    if unknown:
        raise OptionError(f"{game.name} has no option {unknown[0]!r}; options are: {', '.join(fields)}")
    shard = shard_size or workload.default_shard_size

    def spec_for(rules) -> RunSpec:
        spec = RunSpec(game=game.name, workload="play", rules=rules.to_dict(), seed=seed,
                       hands=hands, shard_size=shard, strategies=tuple(strategies))
        workload.check(spec)
        return spec

    runs = {PRESET: spec_for(base)}
    tried: dict[str, list[str]] = {}
    skipped: dict[str, str] = {}
    for name in names:
        preset_value = getattr(base, name)
        kept = [text(preset_value)]
        for value in option_values(game.rules, name, preset_value)[1:]:
            try:
                spec = spec_for(dataclasses.replace(base, **{name: value}))
            except PaijuError as exc:  # a value the game or the strategies refuse
                skipped[f"{name}={text(value)}"] = str(exc)
                continue
            runs[f"{name}={text(value)}"] = spec
            kept.append(text(value))
        if len(kept) == 1 and name not in skipped:
            skipped[name] = "no other value to try (a free-form option)"
        tried[name] = kept
    params = {
        "preset": preset, "overrides": {k: text(v) for k, v in (overrides or {}).items()},
        "options": tried, "requested": list(options) if options else None, "skipped": skipped,
        "strategies": list(strategies), "until": dict(until) if until else None,
    }
    return experiments.Experiment(kind="balance", game=game.name, runs=runs, params=params)


def text(value: Any) -> str:
    """An option value as the command line writes it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def run_balance(exp: experiments.Experiment, out: str | os.PathLike, **run_options: Any) -> None:
    """Play every variant of ``exp`` into ``out`` (resumable; any backend)."""
    until = exp.params.get("until")
    if until:
        until = {"target": until["target"], "metric": "dealer-edge", "max_hands": until["max_hands"]}
    experiments.run_experiment(exp, out, until=until, **run_options)


# ------------------------------------------------------------------------- the analysis


@dataclasses.dataclass(frozen=True)
class Balance:
    """The analysed balance run: every table of the report."""

    experiment: experiments.Experiment
    values: pl.DataFrame  # variant, option, option_value, metric, value, low, high, unit
    differences: pl.DataFrame  # variant × measure against the preset: diff, low, high, p, p_holm
    verdicts: pl.DataFrame  # one line per variant
    ranking: pl.DataFrame  # one line per option
    seats: dict[str, int]  # seats at the table per variant
    strategies: list[str]  # the strategies that played (from the data)

    @property
    def tests(self) -> int:
        """How many tests the Holm adjustment covered."""
        return int(self.differences["p"].is_not_null().sum())


def _split(label: str) -> tuple[str, str]:
    if label == PRESET:
        return "", ""
    name, _, value = label.partition("=")
    return name, value


def hand_measures(frame: pl.DataFrame, workload: Workload) -> dict[str, tuple[str, np.ndarray]]:
    """Per hand, every measure whose mean the report compares: name -> (unit, values).

    NaN marks a hand the measure does not apply to (e.g. the winner's points of a draw).
    """
    n = frame.height
    seats = seat_count(frame)
    dealer = frame["dealer"].to_numpy().astype(np.int64)
    rows = np.arange(n)
    won = np.stack([frame[f"won_{s}"].to_numpy() for s in range(seats)], 1).astype(np.float64)
    pts = np.stack([frame[f"points_{s}"].to_numpy() for s in range(seats)], 1).astype(np.float64)
    out = {
        "dealer win rate": ("%", won[rows, dealer]),
        EDGE: ("percentage points", won[rows, dealer] - won.mean(1)),
        POINTS_EDGE: ("points", pts[rows, dealer] - pts.mean(1)),
    }
    outcome = frame["outcome"].cast(pl.String).to_numpy()
    names = workload.outcome_names
    for label in list(names or {}) or ["draw", "natural"]:  # named as the sweep's rates are
        out[f"{outcome_label(label, names)} rate"] = ("%", (outcome == label).astype(np.float64))
    winner = frame["winner"].to_numpy().astype(np.int64)
    win_pts = np.full(n, np.nan)
    has = winner >= 0
    win_pts[has] = pts[rows[has], winner[has]]
    out["points of the winner"] = ("points", win_pts)
    out["hand length"] = (workload.length_unit, frame["length"].to_numpy().astype(np.float64))
    extra = workload.metrics()
    if extra:
        values = frame.select([expr.cast(pl.Float64).alias(k) for k, expr in extra.items()])
        for k in extra:
            out[k] = ("mean per hand", values[k].to_numpy().astype(np.float64))
    return out


def _won(frame: pl.DataFrame) -> np.ndarray:
    return np.stack([frame[f"won_{s}"].to_numpy() for s in range(seat_count(frame))], 1).astype(np.int8)


def _spread(rates: np.ndarray) -> np.ndarray:
    """Largest minus smallest seat win rate, per row of ``rates`` (resamples × seats)."""
    return rates.max(-1) - rates.min(-1)


def _bootstrap(won: np.ndarray, base_won: np.ndarray | None, seed: int) -> np.ndarray:
    """Seat spreads of :data:`BOOTSTRAP` resamples of the hands (minus the preset's, paired).

    A hand's seat results form one of a few patterns (who won), so resampling the hands
    with replacement is a multinomial draw over the patterns seen — exact, and cheap
    however many hands were played. With ``base_won`` the pattern is the pair (variant
    hand, preset hand) of each deal, so both are resampled together: a paired bootstrap.
    The draws are a fixed function of the run's seed and the number of hands.
    """
    n = won.shape[0]
    parts = [won] if base_won is None else [won, base_won]
    codes = np.zeros(n, dtype=np.int64)
    for part in parts:
        for s in range(part.shape[1]):
            codes = codes * 2 + part[:, s].astype(np.int64)
    _, first, counts = np.unique(codes, return_index=True, return_counts=True)
    draws = np.random.default_rng([seed, n]).multinomial(n, counts / n, size=BOOTSTRAP) / n
    spread = _spread(draws @ won[first].astype(np.float64))
    if base_won is not None:
        spread = spread - _spread(draws @ base_won[first].astype(np.float64))
    return spread


def _paired(a: np.ndarray, b: np.ndarray, level: float) -> dict[str, Any]:
    """Mean of ``a - b`` over hands where both apply: interval and two-sided t-test."""
    keep = ~(np.isnan(a) | np.isnan(b))
    d = a[keep] - b[keep]
    if d.size < 2:
        return {"diff": None, "low": None, "high": None, "p": None, "pairs": int(d.size)}
    diff, lo, hi = mean_interval(d, level=level)
    sd = float(d.std(ddof=1))
    if sd == 0.0:
        p = 1.0 if diff == 0.0 else 0.0
    else:
        p = float(2 * sps.t.sf(abs(diff) / (sd / np.sqrt(d.size)), d.size - 1))
    return {"diff": diff, "low": lo, "high": hi, "p": p, "pairs": int(d.size)}


def _seats_equal_p(won: np.ndarray) -> float:
    if won.shape[0] < 2 or np.all(won == won[:, :1]):
        return 1.0  # every seat won exactly the same hands
    p = float(cochrans_q(won).pvalue)
    return 1.0 if np.isnan(p) else p


def analyse(out: str | os.PathLike, *, level: float = 0.95) -> Balance:
    """Read a balance directory and compute every table of its report."""
    exp = experiments.read_experiment(out)
    if exp.kind != "balance":
        raise PaijuError(f"{out} holds a {exp.kind}, not a balance run; give a directory made by paiju balance")
    workload = get_game(exp.game).workload("play")
    seed = exp.runs[PRESET].seed
    base = experiments.load_run(out, PRESET)
    base_measures = hand_measures(base, workload)
    values, diffs, seats, identical = [], [], {}, {}
    for label in exp.runs:  # one variant in memory at a time
        frame = base if label == PRESET else experiments.load_run(out, label)
        option, value = _split(label)
        key = {"variant": label, "option": option, "option_value": value}
        seats[label] = seat_count(frame)
        values += [key | m for m in _values(frame, workload, seed, level)]
        if label == PRESET:
            continue
        identical[label] = frame.height == base.height and frame.columns == base.columns and frame.equals(base)
        rows = _differences(frame, base, base_measures, workload, seed, level)
        if identical[label]:  # known exactly: no test
            rows = [r | {"p": None} for r in rows]
        diffs += [key | r for r in rows]
    values_t = pl.DataFrame(values, schema_overrides={"low": pl.Float64, "high": pl.Float64},
                            infer_schema_length=None)
    diffs_t = _holm(diffs, values_t, identical)
    strategies = sorted({str(x) for s in range(seats[PRESET])
                         for x in base[f"strategy_{s}"].cast(pl.String).unique().to_list()})
    verdicts = _verdicts(exp, diffs_t, identical, seats)
    ranking = _ranking(exp, diffs_t, values_t)
    return Balance(exp, values_t, diffs_t, verdicts, ranking, seats, strategies)


def _values(frame: pl.DataFrame, workload: Workload, seed: int, level: float) -> list[dict]:
    """One variant's measures with their intervals, the seat spread and seat test included."""
    out = experiments.run_metrics(frame, workload, level=level)
    for m in out:
        if m["metric"] == "hand length":
            m["unit"] = workload.length_unit
    won = _won(frame)
    decided = int(won.any(1).sum())
    d_lo, d_hi = rate_interval(decided, max(len(won), 1), level=level)
    out.append({"metric": DECIDED, "value": decided / max(len(won), 1), "low": float(d_lo),
                "high": float(d_hi), "unit": "%"})
    lo, hi = np.quantile(_bootstrap(won, None, seed), [(1 - level) / 2, (1 + level) / 2])
    out.append({"metric": SPREAD, "value": float(_spread(won.mean(0))), "low": float(lo),
                "high": float(hi), "unit": "percentage points"})
    out.append({"metric": SEATS_EQUAL, "value": _seats_equal_p(won), "low": None, "high": None, "unit": "p"})
    return out


def _differences(frame: pl.DataFrame, base: pl.DataFrame, base_measures: dict, workload: Workload,
                 seed: int, level: float) -> list[dict]:
    """One variant against the preset, paired on the hands both played."""
    n = min(frame.height, base.height)
    rows = []
    for name, (unit, xs) in hand_measures(frame, workload).items():
        if name in base_measures:
            rows.append({"measure": name, "unit": unit, **_paired(xs[:n], base_measures[name][1][:n], level)})
    rows.append({"measure": SPREAD, "unit": "percentage points",
                 **_spread_difference(_won(frame)[:n], _won(base)[:n], seed, level)})
    return rows


def _spread_difference(won: np.ndarray, base_won: np.ndarray, seed: int, level: float) -> dict[str, Any]:
    """Paired bootstrap of (variant spread − preset spread) on the common hands."""
    n = won.shape[0]
    if n < 2:
        return {"diff": None, "low": None, "high": None, "p": None, "pairs": n}
    d = _bootstrap(won, base_won, seed)
    lo, hi = np.quantile(d, [(1 - level) / 2, (1 + level) / 2])
    k = min(int((d <= 0).sum()), int((d >= 0).sum()))
    p = min(1.0, 2 * (k + 1) / (BOOTSTRAP + 1))
    diff = float(_spread(won.mean(0)) - _spread(base_won.mean(0)))
    return {"diff": diff, "low": float(lo), "high": float(hi), "p": p, "pairs": n}


def _holm(diffs: list[dict], values: pl.DataFrame, identical: dict[str, bool]) -> pl.DataFrame:
    """Adjust every p-value of the run together (Holm), the seat-equality tests included."""
    seat_rows = values.filter(pl.col("metric") == SEATS_EQUAL)
    rows = list(diffs)
    for r in seat_rows.iter_rows(named=True):
        rows.append({"variant": r["variant"], "option": r["option"], "option_value": r["option_value"],
                     "measure": SEATS_EQUAL, "unit": "p", "diff": None, "low": None, "high": None,
                     "p": None if identical.get(r["variant"]) else r["value"], "pairs": None})
    table = pl.DataFrame(rows, schema_overrides={k: pl.Float64 for k in ("diff", "low", "high", "p")},
                         infer_schema_length=None)
    p = table["p"].to_numpy()
    adjusted = np.full(p.shape, np.nan)
    has = ~np.isnan(p)
    if has.any():
        adjusted[has] = multipletests(p[has], alpha=ALPHA, method="holm")[1]
    table = table.with_columns(pl.Series("p_holm", adjusted).fill_nan(None))
    return table.with_columns((pl.col("p_holm") < ALPHA).fill_null(False).alias("significant"))


def _fmt(value: float | None, unit: str) -> str:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "—"
    scale = 100 if unit in PERCENT_UNITS else 1
    return f"{value * scale:+.3g}" + (" pp" if unit in PERCENT_UNITS else "")


def estimate(row: Mapping[str, Any], key: str = "diff") -> str:
    """``+1.2 [+0.4, +2.0] pp`` for a row with ``key`` (diff or value), ``low``, ``high``, ``unit``."""
    unit = row["unit"]
    scale = 100 if unit in PERCENT_UNITS else 1
    v, lo, hi = row[key], row["low"], row["high"]
    if v is None:
        return "—"
    sign = "+" if key == "diff" else ""
    suffix = "%" if (unit == "%" and key != "diff") else (" pp" if unit in PERCENT_UNITS else "")
    core = f"{v * scale:{sign}.3g}"
    if lo is None or hi is None or np.isnan(lo):
        return core + suffix
    return f"{core} [{lo * scale:{sign}.3g}, {hi * scale:{sign}.3g}]{suffix}"


def _verdicts(exp: experiments.Experiment, diffs: pl.DataFrame, identical: dict[str, bool],
              seats: dict[str, int]) -> pl.DataFrame:
    """One line per variant: what it does to the dealer edge, and what else it changes."""
    rows = []
    for label in exp.runs:
        if label == PRESET:
            continue
        option, value = _split(label)
        part = diffs.filter(pl.col("variant") == label)
        edge = part.filter(pl.col("measure") == EDGE).row(0, named=True)
        if identical[label]:
            verdict = "no effect: every hand is identical to the preset's"
        else:
            if edge["significant"]:
                verdict = ("raises" if edge["diff"] > 0 else "lowers") + f" the dealer edge by {_fmt(edge['diff'], edge['unit'])}"
            else:
                verdict = "no significant change to the dealer edge"
            others = part.filter(pl.col("significant") & ~pl.col("measure").is_in([EDGE, "dealer win rate"]))
            if others.height:
                verdict += "; changes " + ", ".join(
                    (f"{r['measure']} {_fmt(r['diff'], r['unit'])}" if r["diff"] is not None
                     else "its seats are unequal (Cochran's Q)") for r in others.iter_rows(named=True))
            else:
                verdict += "; nothing else changes significantly"
            if seats[label] != seats[PRESET]:
                verdict += f" (a table of {seats[label]} seats, not {seats[PRESET]}: the deals differ)"
        rows.append({"variant": label, "option": option, "option_value": value,
                     "identical": identical[label], "dealer edge change": estimate(edge),
                     "Holm p": edge["p_holm"], "verdict": verdict})
    return pl.DataFrame(rows, schema_overrides={"Holm p": pl.Float64}, infer_schema_length=None) if rows else pl.DataFrame()


def _largest_move(part: pl.DataFrame, measure: str) -> dict:
    """The row of ``part`` (an option's differences from the preset) in which ``measure``
    moves most, with its size."""
    rows = part.filter(pl.col("measure") == measure).with_columns(pl.col("diff").abs().alias("size"))
    return rows.sort("size", descending=True, nulls_last=True).row(0, named=True)


def _moved(top: dict) -> str:
    """A largest move in words: the value, its estimate, and ``*`` when significant."""
    return f"{top['option_value']}: {estimate(top)}" + (" *" if top["significant"] else "")


def _value_of(values: pl.DataFrame, label: str) -> dict:
    return values.filter(pl.col("variant") == label).row(0, named=True)


def _fairest(candidates: list[tuple[str, str]], edge_v: pl.DataFrame, spread_v: pl.DataFrame,
             decided) -> tuple[str, str]:
    """The candidate (label, value) with the smallest dealer edge, then seat spread, among
    those under which at least half as many hands have a winner as under the preset."""
    best_label, best_value, best_key = candidates[0][0], candidates[0][1], None
    for lab, val in candidates:
        if lab != PRESET and decided(lab) < 0.5 * decided(PRESET):
            continue  # a value under which most hands lose their winner is no fair game
        key = (abs(_value_of(edge_v, lab)["value"]), _value_of(spread_v, lab)["value"])
        if best_key is None or key < best_key:
            best_label, best_value, best_key = lab, val, key
    return best_label, best_value


def _ranked(rows: list[dict]) -> pl.DataFrame:
    """The options' rows by how far they move the edge, with the edge and spread ranks first."""
    if not rows:
        return pl.DataFrame()
    table = pl.DataFrame(rows).sort("edge move", descending=True)
    table = table.with_columns(
        pl.int_range(1, table.height + 1).alias("edge rank"),
        pl.col("spread move").rank("ordinal", descending=True).cast(pl.Int64).alias("spread rank"),
    )
    return table.select(["edge rank", "spread rank", *[c for c in table.columns
                                                       if c not in ("edge rank", "spread rank", "edge move", "spread move")],
                         "edge move", "spread move"])


def _ranking(exp: experiments.Experiment, diffs: pl.DataFrame, values: pl.DataFrame) -> pl.DataFrame:
    """Per option: how far it moves the dealer edge and the seat spread, and its fairest value."""
    edge_v = values.filter(pl.col("metric") == EDGE)
    spread_v = values.filter(pl.col("metric") == SPREAD)
    decided_v = values.filter(pl.col("metric") == DECIDED)

    def decided(label: str) -> float:
        return _value_of(decided_v, label)["value"]

    rows = []
    for option, tried in exp.params["options"].items():
        labels = [f"{option}={v}" for v in tried[1:] if f"{option}={v}" in exp.runs]
        if not labels:
            continue
        part = diffs.filter(pl.col("variant").is_in(labels))
        e_top, p_top, s_top = (_largest_move(part, m) for m in (EDGE, POINTS_EDGE, SPREAD))
        candidates = [(PRESET, tried[0])] + [(lab, lab.partition("=")[2]) for lab in labels]
        best_label, best_value = _fairest(candidates, edge_v, spread_v, decided)
        if best_label == PRESET:
            vs = "the preset itself"
        else:
            d = part.filter((pl.col("measure") == EDGE) & (pl.col("variant") == best_label)).row(0, named=True)
            vs = estimate(d) + (" (significant)" if d["significant"] else " (not significant)")
        rows.append({
            "option": option, "values tried": ", ".join(tried),
            "moves the dealer edge most": _moved(e_top),
            "edge move": abs(e_top["diff"]) if e_top["diff"] is not None else 0.0,
            "moves the dealer's points most": _moved(p_top),
            "moves the seat spread most": _moved(s_top),
            "spread move": abs(s_top["diff"]) if s_top["diff"] is not None else 0.0,
            "fairest value": f"{best_value}" + (" (preset)" if best_label == PRESET else ""),
            "its dealer edge": estimate(_value_of(edge_v, best_label), "value"),
            "its seat spread": estimate(_value_of(spread_v, best_label), "value"),
            "its hands with a winner": f"{100 * decided(best_label):.3g}%",
            "its edge against the preset's": vs,
        })
    return _ranked(rows)


def command_for(exp: experiments.Experiment, out: str | os.PathLike | None = None) -> str:
    """The ``paiju balance`` command that plays ``exp``."""
    spec = exp.runs[PRESET]
    p = exp.params
    parts = ["paiju", "balance", exp.game]
    until = p.get("until")
    if until:
        parts += ["-n", str(spec.hands), "--until-ci", str(until["target"]), "--max-hands",
                  str(until["max_hands"])]
    else:
        parts += ["-n", str(spec.hands)]
    parts += ["--seed", str(spec.seed), "--shard-size", str(spec.shard_size)]
    if p.get("preset", "seed") != "seed":
        parts += ["--preset", p["preset"]]
    for name, value in (p.get("overrides") or {}).items():
        parts += ["--rule", f"{name}={value}"]
    if p.get("requested"):
        parts += ["--options", ",".join(p["requested"])]
    if p.get("strategies"):
        parts += ["--strategies", shlex.quote(",".join(p["strategies"]))]
    if out is not None:
        parts += ["-o", Path(out).as_posix()]
    return " ".join(parts)
