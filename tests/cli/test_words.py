"""Issue 26's wording rules, over the commands' printed output (each case a few ms).

- A chance that is exactly 0 or 1 prints 0% / 100%, in float mode too; only a chance that
  merely rounds there reads "< 0.0001%" / "> 99.9999%".
- A refusal says what was given without judging it by the reason of the other end.
- A comparison's header names its two sides by what they are.
- The sweep's table (and chart) use words; the JSON keeps the field names.
"""

import json
import re

import pytest

from dicestats.cli import main


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's refusals
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


#: The old words at the ends, and "%%" (an argparse help that forgot to expand it).
OLD_ENDS = re.compile(r"<0\.000001%|>99\.999999%|%%|0\.0000\d*%")

#: Commands whose answers hold certain and impossible outcomes, or tiny chances.
AT_THE_ENDS = [
    ["pool", "3", "--willpower"],  # a Willpower success is certain: 100%, botch 0%
    ["pool", "9", "--difficulty", "3"],  # a botch of 9 dice at 3: a tiny chance
    ["table", "--dice", "1-3", "--difficulty", "4,8", "--willpower"],
    ["actions", "--pools", "6,6", "--willpower"],
    ["table", "--dice", "1,9", "--difficulty", "3,9"],
    ["compare", "storyteller", "--dice", "1-3", "--difficulty", "3-4", "--vs-preset", "first"],
    ["fate", "--dice", "30", "--difficulty", "-29"],
    ["cod", "roll", "1"],
    ["v5", "roll", "1"],
    ["exalted", "roll", "1"],
    ["blades", "roll", "0"],
    ["sweep", "--help"],
    ["calibrate", "--help"],
]


@pytest.mark.parametrize("argv", AT_THE_ENDS, ids=" ".join)
def test_chances_at_the_ends_read_one_way(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert not OLD_ENDS.search(out), OLD_ENDS.search(out)


def test_a_certain_success_prints_100_percent_in_float_mode(capsys):
    code, out, _ = run(capsys, "pool", "3", "--willpower")
    assert code == 0
    rows = dict(line.split()[:2] for line in out.splitlines()[3:6])
    assert rows == {"success": "100%", "failure": "0%", "botch": "0%"}


def test_a_certain_success_in_a_float_table_prints_100_percent(capsys):
    # the float grid's renormalised sums gave 0.9999999999999998: "> 99.9999%"
    code, out, _ = run(capsys, "table", "--dice", "2", "--difficulty", "4", "--willpower")
    assert code == 0 and out.splitlines()[-1].split()[2] == "100%"


def test_a_difference_that_is_exactly_0_prints_0_percent(capsys):
    # revised and first-edition rules agree on 1 and 2 dice: no difference, not "< 0.0001%"
    argv = ["compare", "storyteller", "--dice", "1-2", "--difficulty", "3-8", "--vs-preset"]
    code, out, _ = run(capsys, *argv, "first")
    assert code == 0 and "0.0001" not in out
    table = out.split("\n\n")[1].splitlines()[2:]
    assert all(row.split()[-2:] == ["0%", "0%"] for row in table)  # TV and max gap
    assert "agree on every outcome" in out


def test_only_a_chance_that_merely_rounds_reads_beyond_the_ends(capsys):
    code, out, _ = run(capsys, "fate", "--dice", "30", "--difficulty", "-29")
    assert code == 0 and "> 99.9999%" in out  # 1 - 3**-30: it can fail


@pytest.mark.parametrize(
    "argv, said",
    [
        (["pool", "0"], "dice must be an integer in 1..1000, got 0"),
        (["pool", "3", "--difficulty", "1"], "difficulty must be an integer in 2..10, got 1"),
        (["v5", "roll", "0"], "dice must be an integer in 1..100, got 0"),
        (["shadowrun", "roll", "0"], "dice must be an integer in 1..100, got 0"),
        (["fate", "--dice", "0", "--difficulty", "1"], "dice must be an integer in 1..200, got 0"),
        (["deck", "--draws", "-1"], "draws must be an integer in 1..100,000, got -1"),
        (["initiative", "--swiftness", "0", "--vs", "1"], "in 1..15, got 0"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else "",
)
def test_a_refusal_says_what_was_given_without_judging_it(capsys, argv, said):
    code, _, err = run(capsys, *argv)
    assert code == 2
    line = err.strip().splitlines()[-1]
    assert line.endswith(said), line  # no "(far beyond any character's pool)" after a 0


def test_a_value_above_the_cap_keeps_the_reason(capsys):
    code, _, err = run(capsys, "pool", "1001")
    assert code == 2 and err.strip().endswith("got 1001 (far beyond any character's pool)")


@pytest.mark.parametrize(
    "argv, header",
    [
        (["--preset", "revised", "--vs-preset", "first"], "revised rules vs first-edition rules"),
        (["--dice", "3", "--vs-dice", "4"], "revised rules, 3 dice vs revised rules, 4 dice"),
        (
            ["--dice", "5", "--difficulty", "6", "--vs-difficulty", "7"],
            "revised rules, difficulty 6 vs revised rules, difficulty 7",
        ),
    ],
)
def test_comparison_headers_name_the_sides(capsys, argv, header):
    code, out, _ = run(capsys, "compare", "storyteller", *argv)
    assert code == 0 and out.splitlines()[0] == header


def test_the_sweep_table_uses_words_and_the_json_field_names(capsys):
    argv = ["sweep", "fate", "--bonus", "0-1", "--difficulty", "1", "--exact", "--quiet"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.splitlines()[0].split("  ")[-1] == "P(success or better)"
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0 and "p_success_or_better" in json.loads(out)[0]


def test_the_sweep_chart_uses_words():
    from dicestats.sweep import sweep
    from dicestats.sweep.plot import heatmaps

    df = sweep("storyteller", dice=[1, 2], difficulty=[6, 7], rules=["revised", "v20"])
    fig = heatmaps(df)
    assert fig.get_suptitle() == "P(success) over dice × difficulty"
    assert fig.axes[-1].get_ylabel() == "P(success)"  # the colour bar
