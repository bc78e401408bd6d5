"""The 打马 board: 91 stations from 赤岸驿 (1) to 尚乘局 (91).

Station 0 stands for "off the board" (horses still to enter, or hit and waiting to enter
again). A 窝 (nest) is every 9th station, 1 + 9k; the sources name only the 窝, 房河 and
天龙, and the 夹 and the 堑, so the other stations go by their number.

>>> station_name(46), station_name(47), is_wo(82), is_wo(83)
('函谷关', '47路', True, False)
>>> jia_squares("seed"), jia_squares("tujing")
((85, 86, 87, 88, 89), (83, 84, 85))
"""

from __future__ import annotations

START = 1
HANGU = 46  # 函谷关
FEILONG = 82  # 飞龙院
QIAN = 90  # 堑
HOME = 91  # 尚乘局
N_STATIONS = 92  # 0 (off the board) .. 91
HANGU_STACK = 10
FEILONG_STACK = 20
HORSES = 20

WO_NAMES = {1: "赤岸驿", 10: "陇西监", 19: "玉门关", 28: "汧阳监", 37: "沙苑监", 46: "函谷关",
            55: "太仆寺", 64: "天驷监", 73: "骐骥院", 82: "飞龙院", 91: "尚乘局"}
OTHER_NAMES = {83: "房河", 84: "天龙", 90: "堑"}
JIA_LAYOUTS = {"seed": (85, 5), "tujing": (83, 3)}  # first 夹 and how many


def is_wo(station: int) -> bool:
    """Whether ``station`` is a 窝 (1 + 9k; 尚乘局 counts as the 11th)."""
    return 1 <= station <= HOME and (station - 1) % 9 == 0


def jia_squares(layout: str) -> tuple[int, ...]:
    """The 夹 stations of a layout (``seed``: five before the 堑; ``tujing``: three after 飞龙院)."""
    first, n = JIA_LAYOUTS[layout]
    return tuple(range(first, first + n))


def station_name(station: int, layout: str = "seed") -> str:
    """The name of a station (its number with 路 where the sources give no name)."""
    if station == 0:
        return "off the board"
    if station in WO_NAMES:
        return WO_NAMES[station]
    if station in jia_squares(layout):
        return f"夹{jia_squares(layout).index(station) + 1}"
    if station in OTHER_NAMES:
        return OTHER_NAMES[station]
    return f"{station}路"
