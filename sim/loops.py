"""One hand loop and one sampled-world search, written once and compiled for each game.

The functions here are templates: they call a game's primitives by name, and
:func:`hand_loop` / :func:`search_loop` compile them for one game with
:func:`sim.specialise.specialise`, which writes a module in which the game's ``batch``
and ``search`` modules supply those names (and ``choose`` dispatches to the strategy
kernels). Numba cannot keep on disk a function that takes functions as arguments, while
a generated module of ordinary functions is cached like any other, so each game and
palette compiles once per machine and the game's calls are direct (inlined where LLVM
sees fit), as fast as a loop written for the game. Called directly, a template raises
``NameError``: only a specialised copy runs.

A game's ``batch`` module supplies the hand loop's primitives (``ctx`` is the game's
compiled rules — its rules vector, or a tuple of it and its tables; ``out`` its result
arrays, one array or a tuple):

* ``ACTOR`` (the state's offset of the seat to act, negative once the hand is over) and
  ``new_state()``, ``new_actions()``, ``new_obs()``, ``new_carry()`` (the state, the
  legal-action list, the observation storage, what one hand passes to the next); the
  first three default to arrays of the game's ``STATE_SIZE``, ``MAX_ACTIONS`` and
  ``OBS_SIZE`` integers of its ``DTYPE``;
* ``first_hand(start, ctx)``: the first hand to play so that hand ``start`` is dealt as a
  run from hand 0 would deal it (the start of its session; ``start`` without sessions);
* ``seed_of_hand(root, i, ctx)``: the seed hand ``i`` is dealt from (``hand_seed(root, i)``;
  a game's matches number their hands within each match);
* ``strategy_start(seed)``: where the strategies' generator of the hand with ``seed``
  starts (:func:`sim.rng.strategy_seed` unless the game's drivers seed it otherwise);
* ``deal_hand(s, ctx, i, seed, carry, obs)``: deal hand ``i`` from ``seed``;
* ``settle(s, ctx, legal)``: play what needs no choice, then list the legal actions
  (0 once the hand is over);
* ``seat_view(s, ctx, seat, obs)``: fill and return the seat's observation (by default
  the game's ``OBSERVE(s, seat, obs)`` fills ``obs``);
* ``act(s, ctx, action)`` (by default the game's ``APPLY(s, action)``);
* ``end_hand(s, ctx, carry)``, ``write_row(s, ctx, carry, out, row)`` (by default the
  game's ``RECORD(s, out[row])``) and ``write_bad(s, ctx, carry, out, row, seat, action,
  hand)``: the finished hand's row, and the row of a hand stopped by an illegal action.

Its ``search`` module supplies the search's: ``ROLLOUT`` (``slots[ROLLOUT + p]`` is seat
``p``'s rollout kernel), ``PTS`` (the state's offset of the seats' points),
``resample_world(s, seat, out, rng)``, ``rank_keys(s, seat, legal, n, keys)`` (the
candidates' cheap ranking, smallest first) and ``start_rollout(obs)`` (forget what the
observation storage remembers of another hand).

A game whose state is not one array, whose strategies are called otherwise, draw from
their own seat's generator or whose actions are not listed supplies more, each with a
default for the games that need none: ``seat_to_act(s)`` (``s[ACTOR]``),
``copy_state(dst, src)`` (``dst[:] = src``), ``seat_points(t, seat)``
(``t[PTS + seat]``), ``allowed(s, ctx, legal, n, action)`` (``action`` among
``legal[:n]``), ``call_kernel(choose, slot, s, ctx, obs, legal, n, rng)`` (``choose(slot,
obs, legal, n, rng)``), ``seat_rng(s, seat, rng)`` (the hand's one generator),
``seed_rollout(t, rng)`` (nothing: a rollout draws from ``rng``) and ``candidates(choose,
slots, s, ctx, seat, width, legal, n, gen, obs, buf, roll)`` (the actions a search tries
and how many: :func:`default_candidates`). A game's ``call_kernel`` and ``candidates`` call
strategies, so they are compiled into the loop's module like the templates here. The small
defaults and the templates a decision passes through are marked :func:`sim.specialise.inlined`:
their bodies are inlined where they are called, as a game's own ``@njit(inline="always")``
primitives are (a call costs the reference counts of its array arguments).

Strategy kernels are ``kernel(obs, legal, n, rng) -> action``. The search
(:class:`sim.search.SearchParams`): with more than one legal action, ``k`` worlds, each
candidate applied to a copy of the world and played to the end by the rollout kernel in
every seat, the same world and the same rollout generator seed for every candidate
(common random numbers); the best mean of the seat's points wins, ties to the earlier
candidate. One draw of the hand's strategy generator seeds everything it samples, so the
batch and the Python driver make the same choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType

import numpy as np
from numba import njit

from sim.games.sampled import best_candidate, pick_candidates  # noqa: F401 (the templates' names)
from sim.rng import hand_seed, next_u64, strategy_seed  # noqa: F401
from sim.specialise import inlined


@njit(cache=True)
def is_legal(legal: np.ndarray, n: int, action: int) -> bool:
    """Whether ``action`` is among ``legal[:n]``."""
    for t in range(n):
        if legal[t] == action:
            return True
    return False


@inlined
def _own_choice(choose, slots, s, ctx, seat, obs, legal, n, rng, ks, widths):
    """The seat's strategy decides (the hand loop without search seats)."""
    return call_kernel(choose, slots[seat], s, ctx, obs, legal, n, rng)  # noqa: F821


@inlined
def _search_or_own(choose, slots, s, ctx, seat, obs, legal, n, rng, ks, widths):
    """A search seat searches; any other seat's strategy decides."""
    if ks[seat] > 0:
        return search_choice(choose, slots, s, ctx, seat, ks[seat], widths[seat], legal, n, rng)  # noqa: F821
    return call_kernel(choose, slots[seat], s, ctx, obs, legal, n, rng)  # noqa: F821


@inlined
def play_dealt(choose, slots, s, ctx, i, seed, carry, obs, legal, rng, ks, widths, out, row):
    """Deal hand ``i`` from ``seed`` and play it to its end (``end_hand`` included); False
    once a strategy chose an illegal action (``write_bad`` wrote row ``row``). The one hand
    body: :func:`play_range` runs it for each hand, a game's matches for each of theirs."""
    rng[0] = strategy_start(seed)  # noqa: F821
    deal_hand(s, ctx, i, seed, carry, obs)  # noqa: F821
    n = settle(s, ctx, legal)  # noqa: F821
    while seat_to_act(s) >= 0:  # noqa: F821
        seat = seat_to_act(s)  # noqa: F821
        o = seat_view(s, ctx, seat, obs)  # noqa: F821
        a = decide(choose, slots, s, ctx, seat, o, legal, n, seat_rng(s, seat, rng),  # noqa: F821
                   ks, widths)
        if not allowed(s, ctx, legal, n, a):  # noqa: F821
            write_bad(s, ctx, carry, out, row, seat, a, i)  # noqa: F821
            return False
        act(s, ctx, a)  # noqa: F821
        n = settle(s, ctx, legal)  # noqa: F821
    end_hand(s, ctx, carry)  # noqa: F821
    return True


def play_range(root, start, count, ctx, choose, slots, ks, widths, seeds, out):
    """Play hands ``start .. start+count-1`` (hand ``i`` from ``seed_of_hand(root, i, ctx)``, its
    strategies from ``strategy_start`` of it); seat ``p`` plays palette slot ``slots[p]``,
    or searches where ``ks[p]`` > 0. Returns -1, or the row of the first hand in which a
    strategy chose an illegal action (``write_bad`` wrote it)."""
    s = new_state()  # noqa: F821
    legal = new_actions()  # noqa: F821
    obs = new_obs()  # noqa: F821
    carry = new_carry()  # noqa: F821
    rng = np.zeros(1, dtype=np.uint64)
    for i in range(first_hand(start, ctx), start + count):  # noqa: F821
        h = i - start
        seed = seed_of_hand(root, i, ctx)  # noqa: F821
        row = h if h >= 0 else 0
        if not play_dealt(choose, slots, s, ctx, i, seed, carry, obs, legal, rng, ks, widths,
                          out, row):
            seeds[row] = seed
            return row
        if h >= 0:
            seeds[h] = seed
            write_row(s, ctx, carry, out, h)  # noqa: F821
    return -1


def play_hands(root, start, count, ctx, choose, slots, seeds, out):
    """:func:`play_range` with no search seats."""
    none = np.zeros(1, dtype=np.int64)
    return play_range(root, start, count, ctx, choose, slots, none, none, seeds, out)


def play_search_hands(root, start, count, ctx, choose, slots, ks, widths, seeds, out):
    """:func:`play_range` with the seats whose ``ks`` is positive playing
    :func:`search_choice` (``ks``, ``widths`` per seat)."""
    return play_range(root, start, count, ctx, choose, slots, ks, widths, seeds, out)


def default_new_state():
    """``STATE_SIZE`` zeros of the game's ``DTYPE``."""
    return np.zeros(STATE_SIZE, dtype=DTYPE)  # noqa: F821


def default_new_actions():
    """Room for ``MAX_ACTIONS`` legal actions (``settle`` writes them)."""
    return np.empty(MAX_ACTIONS, dtype=DTYPE)  # noqa: F821


def default_new_obs():
    """One observation storage of ``OBS_SIZE`` zeros, for every seat."""
    return np.zeros(OBS_SIZE, dtype=DTYPE)  # noqa: F821


@inlined
def default_seat_view(s, ctx, seat, obs):
    """The game's ``OBSERVE`` fills the one observation storage."""
    OBSERVE(s, seat, obs)  # noqa: F821
    return obs


@inlined
def default_act(s, ctx, action):
    """The game's ``APPLY`` applies the action."""
    APPLY(s, action)  # noqa: F821


def default_write_row(s, ctx, carry, out, row):
    """The game's ``RECORD`` fills row ``row`` of the one result array."""
    RECORD(s, out[row])  # noqa: F821


@inlined
def default_first_hand(start, ctx):
    """No sessions: every hand is dealt by itself."""
    return start


@inlined
def default_seed_of_hand(root, i, ctx):
    """Hand ``i`` of a run is dealt from ``hand_seed(root, i)``."""
    return hand_seed(root, i)


@inlined
def default_strategy_start(seed):
    """The strategies' generator starts at :func:`sim.rng.strategy_seed` of the hand's seed."""
    return strategy_seed(seed)


def default_new_carry():
    """Nothing passes from one hand to the next."""
    return np.zeros(1, dtype=np.int64)


@inlined
def default_end_hand(s, ctx, carry):
    """Nothing to carry."""
    return


def default_write_bad(s, ctx, carry, out, row, seat, action, hand):
    """The seat and the illegal action in the game's ``R_BAD_SEAT``, ``R_BAD_ACTION``."""
    out[row, R_BAD_SEAT] = seat  # noqa: F821
    out[row, R_BAD_ACTION] = action  # noqa: F821


@inlined
def default_start_rollout(obs):
    """The observation storage remembers nothing between hands."""
    return


@inlined
def default_seat_to_act(s):
    """The state's ``ACTOR``."""
    return s[ACTOR]  # noqa: F821


@inlined
def default_copy_state(dst, src):
    """The state is one array."""
    dst[:] = src


@inlined
def default_seat_points(t, seat):
    """The state's ``PTS + seat``."""
    return t[PTS + seat]  # noqa: F821


@inlined
def default_allowed(s, ctx, legal, n, action):
    """The legal actions are listed."""
    return is_legal(legal, n, action)


@inlined
def default_call_kernel(choose, slot, s, ctx, obs, legal, n, rng):
    """``kernel(obs, legal, n, rng) -> action``."""
    return choose(slot, obs, legal, n, rng)


@inlined
def default_seat_rng(s, seat, rng):
    """Every seat draws from the hand's one generator."""
    return rng


@inlined
def default_seed_rollout(t, rng):
    """A rollout draws from ``rng``."""
    return


def default_candidates(choose, slots, s, ctx, seat, width, legal, n, gen, obs, buf, roll):
    """All ``n`` legal actions, or with ``width`` < ``n`` the rollout's choice (one draw of
    ``gen``) and the next by ``rank_keys``: ``(actions, how many)``."""
    first = legal[0]
    if width > 0 and width < n:
        o = seat_view(s, ctx, seat, obs)  # noqa: F821
        buf[:n] = legal[:n]
        roll[0] = next_u64(gen)
        first = rollout_choice(choose, slots, seat, s, ctx, o, buf, n, roll)
    keys = np.zeros(n, dtype=np.int64)
    rank_keys(s, seat, legal, n, keys)  # noqa: F821
    cand = np.empty(n, dtype=np.int64)
    return cand, pick_candidates(legal, n, first, keys, width, cand)


_DEFAULTS = {"new_state": default_new_state, "new_actions": default_new_actions,
             "new_obs": default_new_obs, "seat_view": default_seat_view, "act": default_act,
             "write_row": default_write_row,
             "first_hand": default_first_hand, "seed_of_hand": default_seed_of_hand,
             "strategy_start": default_strategy_start,
             "new_carry": default_new_carry,
             "end_hand": default_end_hand, "write_bad": default_write_bad,
             "start_rollout": default_start_rollout, "seat_to_act": default_seat_to_act,
             "copy_state": default_copy_state, "seat_points": default_seat_points,
             "allowed": default_allowed, "call_kernel": default_call_kernel,
             "seat_rng": default_seat_rng, "seed_rollout": default_seed_rollout,
             "candidates": default_candidates}
_CALLS_STRATEGIES = ("call_kernel", "candidates")  # a game's own is compiled into the loop


@inlined
def rollout_choice(choose, slots, who, t, ctx, obs, legal, n, rng):
    """Seat ``who``'s rollout kernel decides (for every seat of its rollouts)."""
    return call_kernel(choose, slots[ROLLOUT + who], t, ctx, obs, legal, n, rng)  # noqa: F821


def play_out(choose, slots, who, t, ctx, obs, legal, rng):
    """Play the hand ``t`` to its end with seat ``who``'s rollout kernel in every seat."""
    start_rollout(obs)  # noqa: F821
    seed_rollout(t, rng)  # noqa: F821
    n = settle(t, ctx, legal)  # noqa: F821
    while seat_to_act(t) >= 0:  # noqa: F821
        seat = seat_to_act(t)  # noqa: F821
        o = seat_view(t, ctx, seat, obs)  # noqa: F821
        act(t, ctx, rollout_choice(choose, slots, who, t, ctx, o, legal, n,  # noqa: F821
                                   seat_rng(t, seat, rng)))  # noqa: F821
        n = settle(t, ctx, legal)  # noqa: F821


def search_choice(choose, slots, s, ctx, seat, k, width, legal, n, rng):
    """The action seat ``seat`` (to act in ``s``) takes under ``search(k, width)`` among
    ``legal[:n]``; one draw of ``rng`` seeds everything it samples."""
    if n == 1:
        return legal[0]
    gen = np.zeros(1, dtype=np.uint64)
    gen[0] = next_u64(rng)
    obs = new_obs()  # noqa: F821
    buf = new_actions()  # noqa: F821
    roll = np.zeros(1, dtype=np.uint64)
    cand, m = candidates(choose, slots, s, ctx, seat, width, legal, n, gen, obs, buf, roll)  # noqa: F821
    if m == 1:
        return cand[0]
    totals = np.zeros(m, dtype=np.float64)
    world = new_state()  # noqa: F821
    trial = new_state()  # noqa: F821
    for _ in range(k):
        resample_world(s, seat, world, gen)  # noqa: F821
        seed = next_u64(gen)
        for c in range(m):
            copy_state(trial, world)  # noqa: F821
            act(trial, ctx, cand[c])  # noqa: F821
            roll[0] = seed
            play_out(choose, slots, seat, trial, ctx, obs, buf, roll)
            totals[c] += seat_points(trial, seat)  # noqa: F821
    return cand[best_candidate(totals, m)]


def _game_modules(game: ModuleType | Sequence[ModuleType]) -> list[ModuleType]:
    return [game] if isinstance(game, ModuleType) else list(game)


def _defaults(modules: Sequence[ModuleType]) -> list[tuple[str, Callable]]:
    """The default primitives the game's modules do not define, and the game's own of those
    that call strategies (they take ``choose``, so they are compiled into the loop too;
    later modules win)."""
    out = []
    for name, f in _DEFAULTS.items():
        own = [getattr(m, name) for m in modules if hasattr(m, name)]
        if not own:
            out.append((name, f))
        elif name in _CALLS_STRATEGIES:
            out.append((name, own[-1]))
    return out


def hand_loop(game: ModuleType | Sequence[ModuleType], kernels: Sequence[Callable], *,
              palette: Sequence[Callable] = (), also: Sequence[Callable] = ()) -> object:
    """:func:`play_hands` compiled over the game's primitives (its ``batch`` module, or
    several modules, later ones winning) with seat ``p`` playing ``kernels[p]``; its
    ``play_hands(root, start, count, ctx, seeds, out)`` plays the hands. ``also``: the
    game's functions compiled beside it that call :func:`play_dealt` (升级's matches)."""
    import sys

    from sim.specialise import specialise

    modules = _game_modules(game)
    return specialise([sys.modules[__name__], *modules],
                      [*_defaults(modules), ("decide", _own_choice), play_dealt, play_range,
                       play_hands, *also],
                      kernels, palette=palette)


def search_loop(game: ModuleType | Sequence[ModuleType], kernels: Sequence[Callable], *,
                palette: Sequence[Callable] = ()) -> object:
    """:func:`play_hands` with search seats and :func:`search_choice`, compiled over the
    game's primitives (its ``batch`` and ``search`` modules) with ``kernels``: each seat's
    strategy, then each seat's rollout kernel: ``play_search_hands(root, start, count,
    ctx, ks, widths, seeds, out)`` and ``search_choice(s, ctx, seat, k, width, legal, n,
    rng)``."""
    import sys

    from sim.specialise import specialise

    modules = _game_modules(game)
    return specialise([sys.modules[__name__], *modules],
                      [*_defaults(modules), rollout_choice, play_out, search_choice,
                       ("decide", _search_or_own), play_dealt, play_range, play_search_hands],
                      kernels, palette=palette)

