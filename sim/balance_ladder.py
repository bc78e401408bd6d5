"""``paiju balance GAME --ladder A,B,C``: does a house rule's effect survive better play?

Every number of a balance run is a number about its players. A ladder plays the same
balance experiment (:func:`sim.balance.plan`: the same options, values, deals and seed)
once per strategy of the ladder, that strategy in every seat, each rung in a
sub-directory of its own (so a killed ladder resumes), and then asks of every variant and
every measure of the dealer edge and the outcome rates: does the effect keep its sign and
its significance (each rung's own Holm adjustment) from the weakest player to the
strongest?

* **holds** — significant, with the same sign, under every player;
* **flips** — significant with opposite signs under two players;
* **depends on the player** — significant under some players only (never with opposite
  signs);
* **none** — significant under no player;
* **unchanged** — the measure is the preset's in every hand under every player (an option
  of the scoring, say, leaves the winners as they were);
* **identical** — the option leaves every hand unchanged under every player.

The ladder's own report (:func:`write_ladder_report`) sets the rungs side by side; each
rung's directory also holds its ordinary balance report.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from sim import balance as bal
from sim import experiments
from sim.balance import DECIDED, EDGE, POINTS_EDGE, PRESET, Balance, estimate
from sim.errors import OptionError, RunDirError

LADDER = "ladder.json"
HOLDS, FLIPS, DEPENDS, NONE = "holds", "flips", "depends on the player", "none"
UNCHANGED, IDENTICAL = "unchanged", "identical"


def rung_dirname(index: int, name: str) -> str:
    """The sub-directory of rung ``index`` (0-based), whose strategy is ``name``."""
    return f"{index + 1}-" + re.sub(r"[^A-Za-z0-9_.=-]+", "_", name).strip("_")


def plan_ladder(game_name: str, ladder: Sequence[str], **plan_options: Any) -> dict[str, experiments.Experiment]:
    """One balance experiment per strategy of ``ladder`` (that strategy in every seat)."""
    names = [n.strip() for n in ladder if n.strip()]
    if len(names) < 2:
        raise OptionError("--ladder needs at least two strategies, weakest first, e.g. --ladder greedy,strong,search")
    if len(set(names)) != len(names):
        raise OptionError(f"--ladder names a strategy twice ({', '.join(names)}); give each once")
    if plan_options.get("strategies"):
        raise OptionError("--ladder sets the strategy of every seat; leave out --strategies")
    plan_options.pop("strategies", None)
    return {name: bal.plan(game_name, strategies=(name,), **plan_options) for name in names}


def run_ladder(plans: Mapping[str, experiments.Experiment], out: str | os.PathLike, *,
               on_run_of: Callable[[str], Callable[[str, int, int], Any]] | None = None,
               **run_options: Any) -> None:
    """Play every rung of the ladder into its sub-directory of ``out`` (resumable);
    ``on_run_of(strategy)`` gives the ``on_run`` callback of that rung's runs."""
    if not str(out).strip():
        raise RunDirError("the output directory is empty (-o ''); give it a name, e.g. -o runs/ladder")
    path = Path(out)
    names = list(plans)
    game = next(iter(plans.values())).game
    record = {"game": game, "ladder": names,
              "dirs": {n: rung_dirname(i, n) for i, n in enumerate(names)}}
    old = path / LADDER
    if old.exists():
        if _read(path)["ladder"] != names:
            raise RunDirError(f"{path} holds a ladder of other strategies; choose another --out")
    elif path.is_dir() and any(path.iterdir()):
        raise RunDirError(f"{path} is not empty and holds no paiju ladder; give --out a new or empty directory")
    path.mkdir(parents=True, exist_ok=True)
    (path / LADDER).write_text(json.dumps(record, indent=2, ensure_ascii=False), encoding="utf-8")
    for name, exp in plans.items():
        on_run = on_run_of(name) if on_run_of is not None else None
        bal.run_balance(exp, path / record["dirs"][name], on_run=on_run, **run_options)


def _read(out: Path) -> dict[str, Any]:
    try:
        return json.loads((out / LADDER).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RunDirError(f"{out / LADDER} cannot be read ({exc}); give a directory made by paiju balance --ladder") from None


def is_ladder(out: str | os.PathLike) -> bool:
    """Whether ``out`` holds a ladder (rather than one balance run)."""
    return (Path(out) / LADDER).exists()


@dataclasses.dataclass(frozen=True)
class Ladder:
    """An analysed ladder: each rung's balance, and the robustness of every effect."""

    game: str
    rungs: dict[str, Balance]  # strategy -> its balance, weakest first
    dirs: dict[str, Path]
    robustness: pl.DataFrame  # variant, option, option_value, measure, unit, <rung> …, verdict
    ranking: pl.DataFrame  # option, each rung's edge rank, the edge verdict of its biggest mover

    @property
    def names(self) -> list[str]:
        """The ladder's strategies, in order."""
        return list(self.rungs)


def _measures(result: Balance) -> list[str]:
    """The measures a ladder follows: the dealer edge (win rate, points) and every rate."""
    names = result.differences["measure"].unique(maintain_order=True).to_list()
    rates = [m for m in names if m.endswith(" rate") and m != "dealer win rate"]
    return [EDGE, POINTS_EDGE, DECIDED, *rates] if DECIDED in names else [EDGE, POINTS_EDGE, *rates]


def verdict(rows: Sequence[Mapping[str, Any]], identical: Sequence[bool]) -> str:
    """The robustness of one effect from its difference rows, one per rung (see the module)."""
    if all(identical):
        return IDENTICAL
    if all(r["diff"] == 0 and r["low"] == 0 and r["high"] == 0 for r in rows):
        return UNCHANGED
    signs = [int(np.sign(r["diff"])) if r["significant"] and r["diff"] is not None else 0 for r in rows]
    if 1 in signs and -1 in signs:
        return FLIPS
    if all(s != 0 for s in signs):
        return HOLDS
    return DEPENDS if any(signs) else NONE


def analyse_ladder(out: str | os.PathLike) -> Ladder:
    """Read a ladder directory and say, per variant and measure, whether each effect holds."""
    path = Path(out)
    record = _read(path)
    dirs = {n: path / d for n, d in record["dirs"].items()}
    rungs = {n: bal.analyse(dirs[n]) for n in record["ladder"]}
    first = rungs[record["ladder"][0]]
    identical = {n: {r["variant"]: r["identical"] for r in b.verdicts.iter_rows(named=True)}
                 for n, b in rungs.items()} if first.verdicts.height else {}
    rows = []
    for label in first.experiment.runs:
        if label == PRESET:
            continue
        option, _, value = label.partition("=")
        for measure in _measures(first):
            found = []
            for b in rungs.values():
                part = b.differences.filter((pl.col("variant") == label) & (pl.col("measure") == measure))
                found.append(part.row(0, named=True) if part.height else None)
            if any(f is None for f in found):
                continue
            row = {"variant": label, "option": option, "option_value": value, "measure": measure,
                   "unit": found[0]["unit"]}
            for name, f in zip(rungs, found):
                row[name] = estimate(f) + (" *" if f["significant"] else "")
            row["verdict"] = verdict(found, [identical[n].get(label, False) for n in rungs])
            rows.append(row)
    robustness = pl.DataFrame(rows) if rows else pl.DataFrame()
    return Ladder(record["game"], rungs, dirs, robustness, _ranking(rungs, robustness))


def _ranking(rungs: Mapping[str, Balance], robustness: pl.DataFrame) -> pl.DataFrame:
    """Per option: its dealer-edge rank under each player, and whether its largest effect holds."""
    rows: dict[str, dict[str, Any]] = {}
    for name, b in rungs.items():
        if not b.ranking.height:
            continue
        for r in b.ranking.iter_rows(named=True):
            entry = rows.setdefault(r["option"], {"option": r["option"]})
            entry[f"edge rank ({name})"] = r["edge rank"]
            entry[f"fairest value ({name})"] = r["fairest value"]
    if not rows or not robustness.height:
        return pl.DataFrame()
    edge = robustness.filter(pl.col("measure") == EDGE)
    for option, entry in rows.items():
        verdicts = edge.filter(pl.col("option") == option)["verdict"].to_list()
        entry["dealer edge effect"] = _summary(verdicts)
        ranks = [v for k, v in entry.items() if k.startswith("edge rank")]
        entry["same rank for every player"] = "yes" if len(set(ranks)) == 1 else "no"
    first = next(iter(rungs))
    return pl.DataFrame(list(rows.values())).sort(f"edge rank ({first})")


def _summary(verdicts: Sequence[str]) -> str:
    """One word for an option from its variants' verdicts: the least robust one wins."""
    for word in (FLIPS, DEPENDS, HOLDS, NONE, UNCHANGED, IDENTICAL):
        if word in verdicts:
            return word
    return "—"
