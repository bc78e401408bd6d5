"""A replayed hand as one self-contained HTML page (no scripts, no network): the cards drawn
in rows — one per seat, its table groups beside it, then the stock — as dealt and at the
end, the log of every decision and event, and the result row."""

from __future__ import annotations

from html import escape
from pathlib import Path

from sim.replay import HandLog, SeatView

_RED_ZIPAI = set("二七十贰柒拾")

_CSS = """
body{font-family:"Noto Sans CJK SC","Source Han Sans SC","PingFang SC","Microsoft YaHei",sans-serif;
 margin:1.5em;color:#222;background:#f4f1ea;max-width:70em}
h1{font-size:1.35em;margin:.2em 0} h2{font-size:1.1em;margin:1.2em 0 .4em}
.meta{color:#555;margin:.2em 0}
table.seats{border-collapse:collapse;background:#2e6b46;border-radius:.5em}
table.seats td{padding:.35em .6em;vertical-align:middle;color:#fff}
td.who{white-space:nowrap;font-weight:bold}
.card{display:inline-block;min-width:1.5em;padding:.3em .25em;margin:.12em;border:1px solid #777;
 border-radius:.3em;background:#fffdf5;color:#111;text-align:center;font-size:1.05em;
 box-shadow:1px 1px 0 #1b3d28}
.card.red{color:#c0221b} .card.yellow{color:#a66f00} .card.green{color:#1d7a3c}
.group{display:inline-block;margin:.12em .3em;padding:.2em .45em;border:1px dashed #cfe3d5;
 border-radius:.35em;color:#fff}
.none{color:#cfe3d5}
ol.log{columns:2;column-gap:2.5em;font-size:.95em;padding-left:3em}
ol.log li{break-inside:avoid}
.seat{display:inline-block;min-width:3.6em;color:#2e6b46;font-weight:bold}
table.result{border-collapse:collapse} table.result td{border:1px solid #ccc;padding:.15em .5em}
"""


def _card(game: str, token: str) -> str:
    colour = ""
    if any(c in token for c in "红♥♦") or (game == "zipai" and token in _RED_ZIPAI):
        colour = " red"
    elif token.startswith("黄"):  # 四色: the yellow and green suits
        colour = " yellow"
    elif token.startswith("绿"):
        colour = " green"
    return f'<span class="card{colour}">{escape(token)}</span>'


def _row(log: HandLog, view: SeatView, label: str) -> str:
    cards = "".join(_card(log.game, t) for t in view.cards) or '<span class="none">—</span>'
    groups = "".join(f'<span class="group">{escape(g)}</span>' for g in view.table)
    return f'<tr><td class="who">{escape(label)}</td><td>{cards}</td><td>{groups}</td></tr>'


def _table(log: HandLog, views: tuple[SeatView, ...], stock: tuple[str, ...] | None) -> str:
    dealer = log.row.get("dealer")
    rows = [_row(log, v, f"seat {v.seat}" + (" 庄" if v.seat == dealer else "")) for v in views]
    if stock is not None:
        rows.append(_row(log, SeatView(-1, stock, ()), f"stock ({len(stock)})"))
    return '<table class="seats">' + "".join(rows) + "</table>"


def hand_page(log: HandLog) -> str:
    """The page of one replayed hand."""
    r = log.row
    n = len(log.dealt)
    who = ", ".join(f"seat {s} {escape(str(r[f'strategy_{s}']))}" for s in range(n))
    events = "".join(
        f'<li><span class="seat">{"seat " + str(e.seat) if e.seat >= 0 else ""}</span> '
        f"<b>{escape(e.kind)}</b> {escape(e.text)}</li>" for e in log.events)
    result = "".join(f"<tr><td>{escape(k)}</td><td>{escape(str(v))}</td></tr>" for k, v in r.items())
    start = "At the first choice (horses on the board)" if log.game == "dama" else "As dealt"
    return f"""<!DOCTYPE html>
<html lang="zh"><head><meta charset="utf-8">
<title>{escape(log.title)} — hand {log.hand}</title><style>{_CSS}</style></head><body>
<h1>{escape(log.title)} — hand {log.hand}</h1>
<p class="meta">seed {r['seed']} · dealer seat {r['dealer']} · {who}</p>
<p class="meta">outcome <b>{escape(str(r.get('outcome')))}</b> · winner seat {r.get('winner')} ·
points {' / '.join(str(r[f'points_{s}']) for s in range(n))} · {len(log.events)} events</p>
<h2>{start}</h2>{_table(log, log.dealt, log.stock)}
<h2>At the end</h2>{_table(log, log.final, None)}
<h2>Every decision and event</h2><ol class="log">{events}</ol>
<h2>The row</h2><table class="result">{result}</table>
</body></html>
"""


def write_page(log: HandLog, path: str | Path) -> Path:
    """Write :func:`hand_page` of ``log`` to ``path`` (UTF-8) and return the path."""
    out = Path(path)
    out.write_text(hand_page(log), encoding="utf-8")
    return out
