"""The game contract (DESIGN.md), checked for every registered game with no per-game code.

Each test takes its games from the registry (``sim.games.game_names``), so a new game —
built in or from an outside distribution — is held to the same contract the moment it is
registered: a Python driver from ``GameInfo.new_game``; random play that only ever meets
legal actions; replay from the decision log; ``clone``; an observation array laid out by
``GameInfo.observation_spec`` that hidden cards cannot reach (``resample`` redraws them and
the seat's view stays the same); typed events; the Python driver giving the batch driver's
rows; one-line errors for illegal actions; bad options refused. Determinism across workers
and shards is in ``test_determinism.py`` (registry-driven too).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.errors import IllegalActionError, OptionError, PaijuError
from sim.games import game_names, get_game
from sim.games.base import RunSpec
from sim.games.driver import Action, DriverGame, Event
from sim.games.spec import ObservationSpec
from sim.registry import get_strategy

GAMES = game_names()
SEEDS = (3, 11, 2026)


def _random_play(game: DriverGame, rng: np.random.Generator, *, limit: int = 100_000,
                 stop: int | None = None) -> list[int]:
    """Play random legal actions (to the end, or ``stop`` decisions); returns their codes."""
    codes = []
    while not game.done and len(codes) < (stop if stop is not None else limit):
        legal = game.legal_actions()
        assert legal, "a running hand with no legal action"
        assert all(isinstance(a, Action) and isinstance(a.code, int) and isinstance(a.text, str)
                   for a in legal)
        assert len({a.code for a in legal}) == len(legal), "two legal actions share a code"
        assert game.legal_codes() == [a.code for a in legal]  # the adapters' cheap list
        choice = legal[int(rng.integers(len(legal)))]
        game.step(choice)
        codes.append(choice.code)
    assert len(codes) < limit, "the hand did not end"
    return codes


def _fingerprint(game: DriverGame) -> tuple:
    return (game.done, repr(game.result) if game.done else None, tuple(game.events))


@pytest.mark.parametrize("name", GAMES)
def test_the_driver_comes_from_the_registry(name):
    info = get_game(name)
    game = info.new_game(seed=SEEDS[0])
    assert isinstance(game, DriverGame) and isinstance(game, info.driver)
    assert isinstance(info.observation_spec, ObservationSpec) and info.observation_spec.size > 0


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_ends_with_typed_events_and_a_result(name, seed):
    game = get_game(name).new_game(seed=seed)
    _random_play(game, np.random.default_rng(seed))
    assert game.done and game.result is not None and game.legal_actions() == []
    events = list(game.events)
    assert events and all(isinstance(e, Event) for e in events)
    for e in events:
        assert isinstance(e.kind, str) and e.kind and isinstance(e.text, str)
        assert isinstance(e.seat, int)
        assert all(isinstance(c, str) for c in e.cards)
        assert all(isinstance(a, int) for a in e.amounts)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_hand_replays_from_its_decisions(name, seed):
    info = get_game(name)
    game = info.new_game(seed=seed)
    _random_play(game, np.random.default_rng(seed + 1))
    again = info.new_game(seed=seed)
    for d in game.decisions:
        again.step(d[1] if isinstance(d, tuple) else d)
    assert _fingerprint(again) == _fingerprint(game)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_clone_continues_identically_and_independently(name, seed):
    info = get_game(name)
    game = info.new_game(seed=seed)
    rng = np.random.default_rng(seed + 2)
    _random_play(game, rng, stop=3)
    if game.done:
        pytest.skip("the hand ended before the clone point")
    copy = game.clone()
    before = _fingerprint(game), game.observation_array(game.actor).tobytes()
    codes = _random_play(copy, rng)  # the copy plays on; the original must not move
    assert (_fingerprint(game), game.observation_array(game.actor).tobytes()) == before
    for c in codes:
        game.step(c)
    assert _fingerprint(game) == _fingerprint(copy)


def _chance_play(game: DriverGame, rng: np.random.Generator) -> int:
    """Random play, settling any chance event the hand waits for by its odds; the decisions."""
    n = 0
    while not game.done:
        outcomes = game.chance_outcomes()
        if outcomes:
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            game.apply_chance(outcomes[int(rng.choice(len(outcomes), p=[p for _, p in outcomes]))][0])
            continue
        _random_play(game, rng, stop=1)
        n += 1
    return n


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_card_by_card_is_a_full_deck_and_a_legal_hand(name):
    # chance_deal: every chance event explicit (OpenSpiel's chance nodes); each draw's odds sum
    # to one, the deck is dealt whole, and the hand dealt plays to its end
    info = get_game(name)
    rules = info.rules_of(None)
    rng = np.random.default_rng(5)
    for _ in range(2):
        deal = info.driver.chance_deal(rules=rules)
        draws = 0
        while not deal.done:
            outcomes = deal.outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            deal.apply(outcomes[int(rng.choice(len(outcomes), p=[p for _, p in outcomes]))][0])
            draws += 1
        assert draws >= deal.size + len(deal.extras_sizes)  # the whole deck (and any redeal)
        assert sorted(deal.order) == sorted(np.repeat(np.arange(len(deal.counts)), deal.counts))
        game = deal.game
        assert isinstance(game, info.driver)
        _chance_play(game, rng)
        assert game.result is not None


@pytest.mark.parametrize("name", GAMES)
def test_observation_arrays_follow_the_spec(name):
    info = get_game(name)
    spec = info.observation_spec
    assert spec.fields and spec.size >= spec.fields[-1].end
    for f in spec:
        assert f.name and f.meaning and f.length > 0
    assert spec.offsets() == tuple(spec.offset(n) for n in spec.names)
    assert list(spec.offsets()) == sorted(set(spec.offsets()))  # in array order, one per field
    game = info.new_game(seed=SEEDS[1])
    rng = np.random.default_rng(5)
    while not game.done:
        seat = game.actor
        obs = game.observation_array(seat)
        assert obs.shape == (spec.size,) and obs.dtype == spec.dtype
        view = spec.view(obs)
        assert set(view) == set(spec.names)
        _random_play(game, rng, stop=1)


def _arrays(value, depth: int = 0):
    """The numpy arrays reachable from an observation (dataclass fields, dicts, sequences)."""
    if depth > 4:
        return
    if isinstance(value, np.ndarray):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _arrays(getattr(value, f.name), depth + 1)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _arrays(v, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _arrays(v, depth + 1)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_hidden_information_cannot_reach_a_seat(name, seed):
    """``resample`` redraws what a seat cannot see; its observation must stay the same,
    the redrawn hand must play on legally, and over several draws the hidden part moves."""
    info = get_game(name)
    game = info.new_game(seed=seed)
    rng = np.random.default_rng(seed + 3)
    moved = 0
    checked = 0
    while not game.done and checked < 6:
        seat = game.actor
        view = game.observation_array(seat)
        for k in range(3):
            other = game.resample(seat, np.random.default_rng([seed, checked, k]))
            assert other is not game
            assert np.array_equal(other.observation_array(seat), view), "a hidden card reached the seat"
            assert [a.code for a in other.legal_actions()] == [a.code for a in game.legal_actions()]
            moved += any(not np.array_equal(other.observation_array(s), game.observation_array(s))
                         for s in range(_seats(game)) if s != seat) or _hidden_moved(game, other)
            _random_play(other, rng, stop=len(other.decisions) + 80)  # the redrawn deal plays on
        python_view = game.observation(seat)
        for arr in _arrays(python_view):
            for own in _arrays(vars(game)):
                assert not np.shares_memory(arr, own), "an observation shares memory with the engine"
        checked += 1
        _random_play(game, rng, stop=len(game.decisions) + 3)
    assert moved, "resample never changed anything hidden"


def _seats(game: DriverGame) -> int:
    return int(getattr(game, "_n_seats", 0) or getattr(game, "seats", 0) or 2)


def _hidden_moved(a: DriverGame, b: DriverGame) -> bool:
    sa, sb = getattr(a, "state", None), getattr(b, "state", None)
    return isinstance(sa, np.ndarray) and isinstance(sb, np.ndarray) and not np.array_equal(sa, sb)


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_is_refused_in_one_line_and_changes_nothing(name):
    info = get_game(name)
    game = info.new_game(seed=SEEDS[2])
    seat = game.actor
    before = game.observation_array(seat).tobytes(), [a.code for a in game.legal_actions()]
    bad = max(a.code for a in game.legal_actions()) + 1_000_003
    for action in (bad, "no such action", None, 1.5):
        with pytest.raises(IllegalActionError) as err:
            game.step(action)
        assert "\n" not in str(err.value) and str(game.seed) in str(err.value)
        assert (game.observation_array(seat).tobytes(), [a.code for a in game.legal_actions()]) == before
    _random_play(game, np.random.default_rng(1))
    with pytest.raises(IllegalActionError):
        game.step(bad)


@pytest.mark.parametrize("name", GAMES)
def test_bad_options_are_refused(name):
    info = get_game(name)
    with pytest.raises(OptionError):
        info.new_game(seed=1, rules={"no_such_option": "1"})
    with pytest.raises(OptionError):
        info.new_game(seed=1, rules="no such preset")
    with pytest.raises(OptionError):
        info.new_game(seed=1, rules=object())
    first = next(iter(info.rules.option_fields()))
    with pytest.raises(PaijuError):
        info.new_game(seed=1, rules={first: "not a value of any option"})


@pytest.mark.parametrize("name", [g for g in GAMES if "play" in get_game(g).workloads])
def test_the_python_driver_gives_the_batch_rows(name):
    """Compiled strategies played one hand at a time through the driver give the batch rows."""
    info = get_game(name)
    workload = info.workload("play")
    spec = workload.fill_strategies(RunSpec(game=name, workload="play",
                                            rules=info.rules().to_dict(), seed=17, hands=12,
                                            shard_size=12))
    names = tuple(spec.strategies) or tuple(workload.default_strategies)
    spec = dataclasses.replace(spec, strategies=names)
    players = [get_strategy(name, n) for n in names]
    assert all(p.kernel is not None for p in players)
    assert workload.play_python(spec, 0, 12, players).equals(workload.play(spec, 0, 12))


@pytest.mark.parametrize("name", [g for g in GAMES if "play" in get_game(g).workloads])
def test_from_run_deals_the_stored_hand(name, tmp_path):
    from sim import runner
    from sim.replay import game_from_run
    from sim.store import load

    info = get_game(name)
    spec = RunSpec(game=name, workload="play", rules=info.rules().to_dict(), seed=23, hands=6,
                   shard_size=6)
    runner.run(spec, tmp_path / "run", jobs=1, progress=False)
    rows = load(tmp_path / "run").collect()
    for row in rows.iter_rows(named=True):
        game = game_from_run(tmp_path / "run", row["hand"])
        assert type(game) is info.driver
        assert game.seed == row["seed"]
        same = info.driver.from_run(root_seed=23, hand=row["hand"], rules=info.rules(),
                                    dealer=row["dealer"])
        assert _fingerprint(same) == _fingerprint(game)


GARBAGE = st.one_of(st.integers(-1000, 1000), st.none(), st.text(max_size=5), st.floats(),
                    st.lists(st.integers(-3, 60), max_size=6))
FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _snapshot(game: DriverGame) -> tuple:
    seat = game.actor
    return (tuple(map(str, game.decisions)), [a.code for a in game.legal_actions()],
            tuple(game.events), game.observation_array(seat).tobytes() if seat >= 0 else b"")


def _fuzz(game: DriverGame, moves) -> None:
    """Legal moves and garbage in turn: garbage is refused in one line and changes nothing."""
    for legal_move, garbage, pick in moves:
        if game.done:
            break
        legal = game.legal_actions()
        if legal_move:
            game.step(legal[pick % len(legal)])
            continue
        if (isinstance(garbage, int) and not isinstance(garbage, bool)
                and garbage in [a.code for a in legal]) or garbage in [a.text for a in legal]:
            continue
        try:  # a game may take a legal action in another form too (升级: a play's cards)
            game.clone().step(garbage)
            continue
        except PaijuError:
            pass
        before = _snapshot(game)
        with pytest.raises(PaijuError) as err:
            game.step(garbage)
        assert "\n" not in str(err.value)
        assert _snapshot(game) == before
    if game.done:
        with pytest.raises(IllegalActionError):
            game.step(0)


MOVES = st.lists(st.tuples(st.booleans(), GARBAGE, st.integers(0, 99)), max_size=60)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(seed=st.integers(0, 2**32), moves=MOVES)
def test_every_driver_refuses_garbage_and_stays_unchanged(name, seed, moves):
    _fuzz(get_game(name).new_game(seed=seed), moves)


PRESETS = [(g, p) for g in GAMES for p in get_game(g).rules.PRESETS if p != "seed"]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "preset"), PRESETS)
@FUZZ
@given(seed=st.integers(0, 2**32), moves=MOVES)
def test_every_preset_refuses_garbage_and_stays_unchanged(name, preset, seed, moves):
    _fuzz(get_game(name).new_game(seed=seed, rules=preset), moves)
