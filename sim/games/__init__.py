"""The registry of games. Each game lives in its own package and exposes ``GAME``."""

from __future__ import annotations

import importlib

from sim.errors import OptionError
from sim.games.base import GameInfo

# name -> module; aliases are listed by each GameInfo and resolved below.
_MODULES = {
    "zipai": "sim.games.zipai",
    "shengji": "sim.games.shengji",
    "guangshui": "sim.games.sise.guangshui",
    "tiandi": "sim.games.chuanpai.tiandi",
    "dama": "sim.games.dama",
    "fengshun": "sim.games.sise.fengshun",
    "pairs": "sim.games.chuanpai.pairs",
}
_ALIASES = {
    "paohuzi": "zipai", "跑胡子": "zipai", "字牌": "zipai",
    "升级": "shengji", "tractor": "shengji", "拖拉机": "shengji", "四副牌升级": "shengji",
    "广水": "guangshui", "广水四色": "guangshui", "广水四色牌": "guangshui",
    "天地人和": "tiandi", "川牌天地人和": "tiandi",
    "打马": "dama", "打馬": "dama", "yijingma": "dama", "依经马": "dama",
    "丰顺": "fengshun", "丰顺四色": "fengshun",
    "川牌配对": "pairs",  # 斗十四 is its preset doushisi (--preset doushisi)
}


def game_names() -> list[str]:
    """The names of the games paiju can play."""
    return sorted(_MODULES)


def get_game(name: str) -> GameInfo:
    """The game called ``name`` (or one of its aliases), or a one-line error."""
    key = _ALIASES.get(name, name)
    if key not in _MODULES:
        raise OptionError(f"unknown game {name!r}; choose one of: {', '.join(game_names())}")
    return importlib.import_module(_MODULES[key]).GAME
