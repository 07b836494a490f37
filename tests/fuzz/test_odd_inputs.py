"""What the fuzzer found, each pinned by its reproducer (they failed before the fix)."""

from __future__ import annotations

import inspect
import json
import sys
from decimal import Decimal
from fractions import Fraction

import pytest

from dicestats.cli import main


@pytest.mark.parametrize("word", ["-inf", "-1e-12", "-1_000", "-NaN", "-.5", "-٣"])
def test_a_negative_looking_word_is_a_value_for_its_parser(word, capsys):
    # dicestats fate --bonus -inf --difficulty 1 said "argument --bonus: expected one
    # argument": argparse took the word for an unknown option.
    assert main(["fate", "--bonus", word, "--difficulty", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "expected one argument" not in err, err
    # a rating is a number or a ladder name, read by the API: its refusal names the parameter
    assert err.startswith("dicestats fate: error: bonus must be an integer"), err


def test_json_of_a_fraction_longer_than_pythons_str_limit():
    # dicestats deck --draws 2400 --reshuffle-at 3 --run 1 --exact --json: "Exceeds the
    # limit (4300 digits) for integer string conversion" on stderr, exit 2.
    from dicestats.core.results import jsonable

    x = Fraction(2**20000 + 1, 3**10000)
    p, q = jsonable({"p": x})["p"].split("/")
    assert Decimal(p) == Decimal(x.numerator) and Decimal(q) == Decimal(x.denominator)
    assert jsonable(Fraction(-1, 3)) == "-1/3"


def test_an_exact_deck_session_with_long_denominators_prints_its_json(capsys):
    # The found session (--draws 2400: denominators 81**2400, over 4,300 digits) took 7 s;
    # Python's int-to-str limit lowered to its minimum (640 digits) fails the same way at
    # --draws 400 (81**400 has 764 digits) in a tenth of a second.
    if not hasattr(sys, "set_int_max_str_digits"):  # Python 3.10.6 and older: no limit
        pytest.skip("this Python has no int-to-str limit")
    words = ["deck", "--draws", "400", "--reshuffle-at", "3", "--run", "1", "--exact", "--json"]
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert len(str(81**200)) < 640  # the limit in force refuses only the long ones
        with pytest.raises(ValueError, match="integer string conversion"):
            str(81**400)
        assert main(words) == 0
    finally:
        sys.set_int_max_str_digits(limit)
    out, err = capsys.readouterr()
    assert err == "" and '"p_fail_streak_deck": "' in out
    p, q = json.loads(out)["p_fail_streak_dice"].split("/")
    assert len(q) > 640 and Fraction(int(p), int(q)) < 1


def test_the_exact_deck_cap_is_checked_before_the_decks_work(monkeypatch):
    # dicestats deck --draws 3354 --run 3 --reshuffle-at 3 --copies 87 --exact was refused
    # by the dice streak's draws² × run cap only after the deck's work (6-17 s).
    from dicestats import InputError, fate
    from dicestats.fate import deck

    def work(*args, **kwargs):
        raise AssertionError("the deck's work ran before the refusal")

    monkeypatch.setattr(deck, "deck_sum_var", work)
    monkeypatch.setattr(deck, "deck_streak_prob", work)
    with pytest.raises(InputError, match=r"^draws must be .* draws² × run"):
        fate.deck_vs_dice(3354, 0, 0, run=3, copies=87, reshuffle_at=3, exact=True)


def test_a_malformed_pips_matchup_is_a_value_error_not_an_index_error():
    # initiative_pips(matchups="3") raised IndexError ("string index out of range").
    from dicestats.tables.initiative import initiative_pips

    with pytest.raises(ValueError):
        initiative_pips("3", trials=200, rng=1)


def test_an_argparse_error_echoing_a_newline_stays_one_line(capsys):
    # dicestats anomalies $'a\nb': "unrecognized arguments: a" and "b" on two lines.
    assert main(["anomalies", "a\nb\x00"]) == 2
    err = capsys.readouterr().err
    assert err == "dicestats: error: unrecognized arguments: a\\nb\\x00\n", err


def test_a_sweep_value_beyond_64_bits_is_refused_not_a_traceback(capsys):
    # dicestats sweep initiative.defence --vs 10**30: OverflowError traceback from the frame's
    # Int64 column (found by the deep fuzz profile).
    assert main(["sweep", "--trials", "100", "initiative.defence", "--vs", "1" + "0" * 30]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("dicestats sweep: error: a value of versus must be") and err.count("\n") == 1
    ), err


@pytest.mark.parametrize(
    "call",
    [
        lambda mc: mc.wilson(1, 10**400),
        lambda mc: mc.mean_estimate(1, 1, 10**400),
        lambda mc: mc.ratio_estimate(1, 1, 1, 1, 1, 10**400),
    ],
    ids=["wilson", "mean_estimate", "ratio_estimate"],
)
def test_an_estimate_of_10_400_trials_is_refused_not_an_overflow(call):
    # montecarlo.wilson(1, 10**400): OverflowError "int too large to convert to float"
    # (found by the deep fuzz profile).
    from dicestats import InputError
    from dicestats.core import montecarlo

    with pytest.raises(InputError, match=r"^trials must be an integer in 1\.\."):
        call(montecarlo)


@pytest.mark.parametrize("pips", [Fraction(1, 3), 1.0, "1", True, None])
def test_solve_initiative_refuses_pips_of_the_wrong_kind(pips):
    # solve_initiative([3], [3], at_least=0.7, pips=Fraction(1, 3)): a bare TypeError
    # "'Fraction' object is not iterable" (found by the deep fuzz profile).
    from dicestats import InputError
    from dicestats.workbench import solve_initiative

    with pytest.raises(InputError, match=r"^pips must be an int or one margin per participant"):
        solve_initiative([3], [3], at_least=0.7, pips=pips)


@pytest.mark.parametrize(
    "builder, kwargs, message",
    [
        ("storyteller_ten_again", {"variants": True}, r"^variants must be a mapping"),
        ("storyteller_ten_again", {"variants": {"x": (None,)}}, r"^variants\['x'\] must be"),
        ("storyteller_editions", {"presets": {}}, r"^presets must be a sequence of preset"),
        ("storyteller_editions", {"presets": []}, r"^presets must be .* \(at least one\)"),
        ("storyteller_multiple_actions", {"pools": None}, r"^pools must be a sequence"),
        ("storyteller_multiple_actions", {"names": 3}, r"^names must be a sequence"),
        ("storyteller_extended", {"on_botch": None}, r"^on_botch must be a sequence"),
        ("storyteller_extended_summary", {"on_botch": False}, r"^on_botch must be a sequence"),
        ("initiative_first", {"matchups": {"a": 1}}, r"^matchups must be a sequence of \(label"),
        ("initiative_first", {"matchups": [([1], "yes")]}, r"^matchups\[0\] versus must be"),
        ("initiative_actions_before", {"matchups": [3]}, r"^matchups\[0\] must be a \(label"),
        ("initiative_pips", {"matchups": [([1],)]}, r"^matchups\[0\] must be a \(label"),
        ("initiative_slow", {"scenarios": [("x", [1], [1])]}, r"^scenarios\[0\] must be a"),
        ("initiative_slow", {"scenarios": [("x", [1], [1], {"a": 1})]}, r"^scenarios\[0\] options"),
        ("initiative_holding", {"scenarios": ["3"]}, r"^scenarios\[0\] must be a \(label, swift"),
        ("initiative_holding", {"policies": 2.5}, r"^policies must be a sequence"),
        ("initiative_defenders", {"respond": None}, r"^respond must be a sequence of responses"),
        ("initiative_defenders", {"scenarios": None}, r"^scenarios must be a sequence"),
        ("initiative_margins", {"scenarios": [("x", 3, [1])]}, r"^scenarios\[0\] defenders must"),
    ],
)
def test_a_malformed_list_of_a_table_builder_is_an_input_error(builder, kwargs, message):
    # storyteller_ten_again(variants=True): "'bool' object is not iterable";
    # storyteller_editions(presets={}): pandas' "No objects to concatenate";
    # initiative_first(matchups={'a': 1}), initiative_holding(scenarios=['3']): "not enough
    # values to unpack"; initiative_defenders(respond=None): "'NoneType' object is not
    # iterable". Python's own errors, naming no parameter.
    from dicestats import InputError, tables

    fn = getattr(tables, builder)
    if "trials" in inspect.signature(fn).parameters:
        kwargs = {**kwargs, "trials": 100, "rng": 1}
    with pytest.raises(InputError, match=message) as info:
        fn(**kwargs)
    assert "\n" not in str(info.value)


def test_initiative_pips_keeps_a_three_entry_matchup_without_its_pips():
    from dicestats.tables import initiative_pips

    df = initiative_pips([([3], [3], 2)], pips=[0], trials=100, rng=1)
    assert df["label"].tolist() == ["3 vs 3"]


def test_a_sweep_without_a_required_parameter_names_its_options(capsys):
    # dicestats sweep storyteller.extended --difficulty false --trials 100 printed Python's
    # "simulate_extended() missing 2 required positional arguments: 'dice' and 'target'".
    words = ["sweep", "storyteller.extended", "--difficulty", "false", "--trials", "100"]
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "dicestats sweep: error: storyteller.extended needs --dice and --target: values to sweep"
    ), err
    assert err.count("\n") == 1 and "positional" not in err, err


def test_the_api_sweep_refuses_a_grid_without_a_required_parameter_up_front():
    from dicestats import InputError
    from dicestats.sweep import sweep

    with pytest.raises(InputError, match=r"^grid must be a mapping that gives values of dice "):
        sweep("storyteller.extended", difficulty=6, trials=100, rng=1)


def test_a_repeated_sweep_value_hints_at_participant_lists_only_for_one(capsys):
    # dicestats sweep fate --bonus 1 1 --difficulty 1 added "to fix a participant list, give
    # it as the one value", which a bonus is not.
    assert main(["sweep", "fate", "--bonus", "1", "1", "--difficulty", "1"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "dicestats sweep: error: the values of bonus must be distinct, got [1, 1] (1 comes twice)\n"
    ), err
    assert main(["sweep", "initiative", "--swiftness", "3", "3", "--vs", "1"]) == 2
    assert "to fix a participant list" in capsys.readouterr().err


def test_armour_without_success_rolls_is_refused_in_the_command_lines_words(capsys):
    # dicestats defence --swiftness 8,10,12 --vs 7,15 --armour 737 --trials 100 said "armour
    # must be None without the attack and defend rolls, got SuccessRoll(dice=737, success=5)":
    # a SuccessRoll the command line never spelled. The API now reads the roll's text and
    # refuses it as given.
    words = ["defence", "--swiftness", "8,10,12", "--vs", "7,15", "--armour", "737"]
    assert main([*words, "--trials", "100"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "dicestats defence: error: armour must be omitted without success rolls, got '737' "
        "(it counts successes); give attack and defend too\n"
    ), err
    assert main(["defence", "--swiftness", "8", "--vs", "7", "--armour", "1001"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicestats defence: error: armour dice must be an integer in 0..1000")


def test_a_plot_path_too_long_to_look_up_is_one_line(capsys):
    # dicestats fate deck-vs-dice --plot=xxx... (300 x): "File name too long" escaped as an
    # OSError traceback from Path.is_dir().
    assert main(["fate", "deck-vs-dice", "10", "--plot=" + "x" * 300 + ".png"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "argument --plot: cannot write" in err, err


@pytest.mark.parametrize("argv", [["pool", "3"], ["sweep", "fate", "--bonus", "0", "--quiet"]])
def test_a_closed_standard_output_is_one_line_and_exit_1(capsys, monkeypatch, argv):
    # dicestats pool 3 >&-: Python starts with sys.stdout None, and main's flush raised
    # "AttributeError: 'NoneType' object has no attribute 'flush'" (the grown harness's
    # standard-output class found it).
    monkeypatch.setattr(sys, "stdout", None)
    assert main([*argv, "--difficulty", "2"] if argv[0] == "sweep" else argv) == 1
    err = capsys.readouterr().err
    assert err == f"dicestats {argv[0]}: error: cannot write standard output: Bad file descriptor\n"


def _bytes_calls():
    from dicestats import Dist
    from dicestats.core import markov
    from dicestats.fate import contest
    from dicestats.storyteller import anomalies, multiple_actions

    return {
        "fate versus": lambda b: contest(1, b),
        "storyteller pools": lambda b: multiple_actions(b, 6),
        "difficulty per pool": lambda b: multiple_actions([3, 3], b),
        "difficulties": lambda b: anomalies(dice=[3], difficulty=b),
        "markov row": lambda b: markov.solve_fraction([b], [[Fraction(1)]]),
        "Dist weights": lambda b: Dist(b),
    }


@pytest.mark.parametrize("where", list(_bytes_calls()))
@pytest.mark.parametrize("kind", [bytearray, memoryview])
def test_a_bytearray_is_never_a_list_of_numbers(where, kind):
    # contest(1, bytearray(b"3")) played +1 against +51, multiple_actions(bytearray(b"\x03\x03"),
    # 6) rolled pools of 3 and 3, Dist(bytearray(b"\x01\x02")) weighed 1 and 2: the checks
    # refused str and bytes only (the deep profile's bytes-and-numpy class found them).
    from dicestats import InputError

    with pytest.raises(InputError, match=r"must be .*, got (bytearray\(|<memory)"):
        _bytes_calls()[where](kind(b"\x06\x06"))


@pytest.mark.parametrize("word", ["1_0", "٣", "１", "1\u00a0"])
def test_sweep_timeout_reads_only_the_digits_0_9(word, capsys):
    # dicestats sweep fate ... --timeout=1_0 waited 10 s (float() reads 1_0, ٣ and ３), where
    # every other number of the command line refuses them (found by the deep profile).
    argv = ["sweep", "fate", "--bonus", "0", "--difficulty", "2", "--quiet", f"--timeout={word}"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("dicestats sweep: error: argument --timeout: expected a number"), err
    assert err.count("\n") == 1


def test_the_plans_of_a_challenge_are_those_of_a_search():
    # fate_challenge_plans(..., advantages=None) asked for no search and read its plans:
    # "'NoneType' object has no attribute 'items'" (found by the deep profile)
    from dicestats import InputError
    from dicestats.tables.fate import fate_challenge_plans

    with pytest.raises(InputError, match=r"^advantages must be an integer, got None"):
        fate_challenge_plans([1, 2], advantages=None)


def test_a_signal_whose_exception_was_lost_on_the_way_still_ends_the_run(monkeypatch, capsys):
    # A SIGTERM landing while numpy's extension imported datetime surfaced as numpy's
    # ImportError ("PyCapsule_Import could not import module 'datetime'", the signal's
    # exception not in its chain): exit 1 and a long message (found by the deep profile)
    import signal

    import dicestats.cli as cli

    def lost(args):
        try:
            signal.raise_signal(signal.SIGTERM)
            for _ in range(1000):  # the handler runs between these bytecodes
                pass
        except KeyboardInterrupt:  # cleared by C code, which set an error of its own
            pass
        raise ImportError("PyCapsule_Import could not import module 'datetime'")

    parser = cli._Parser(prog="dicestats")
    parser.add_subparsers(dest="command").add_parser("x").set_defaults(func=lost)
    monkeypatch.setattr(cli, "_parser", lambda: parser)
    assert cli.main(["x"]) == 143
    assert capsys.readouterr().err == "dicestats x: interrupted by SIGTERM\n"
