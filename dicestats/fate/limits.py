"""Every cap of the Fate system, in one table: what, at what, in which mode, and why.

The API checks its arguments through :data:`LIMITS`; the CLI derives its
ranges and help from it; ``docs/rules/fate.md`` lists it. The work caps keep
every answer within seconds.

Examples
--------
>>> LIMITS["contest dice"].check(13, name="dice")
Traceback (most recent call last):
...
dicestats.InputError: dice must be an integer in 1..12, got 13 (an exchange lists every \
joint roll of the participants)
"""

from __future__ import annotations

from ..core.limits import Limit, Limits

_NONSENSE = "beyond any ladder: catches nonsense, not designs"

LIMITS = Limits(
    # One roll
    Limit("dice", 1, 200, why="Fate dice in one roll"),
    Limit("rating", -10_000, 10_000, why=_NONSENSE),
    Limit("helpers", 0, 10_000, why="more helpers than any table seats: catches nonsense"),
    Limit("style_shifts", 1, 10_000, why="shifts that make a success with style"),
    # Invokes
    Limit("invokes", 0, 20, why="invokes on one roll; the policy is solved over invokes²"),
    Limit("invoke dice", 1, 50, why="the invoke policy is solved over every dice total"),
    Limit("point_value", 0, 1, real=True, why="a saved invoke is worth at most one success"),
    Limit(
        "point_value digits",
        1,
        100,
        why="every exact policy value carries the point value's digits: "
        "a million digits took minutes",
    ),
    Limit(
        "(2·versus_dice+1)·(2·dice+1)·(invokes+1)²",
        hi=400_000,
        when="float",
        why="one invoke policy per opposition total: about 4 s at the cap",
        instead="use fewer dice or invokes",
    ),
    Limit(
        "exact (2·versus_dice+1)·(2·dice+1)·(invokes+1)²",
        hi=40_000,
        when="exact",
        why="one exact invoke policy per opposition total: about 2 s at the cap",
        instead="use fewer dice or invokes, or exact=False",
    ),
    # Challenges
    Limit("challenge rolls", 1, 100, why="overcome rolls in one challenge"),
    Limit(
        "advantages per roll",
        0,
        10,
        why="create-advantage steps preparing one overcome roll: up to 2 free invokes each, "
        "at most 20 invokes on one roll",
    ),
    Limit(
        "challenge advantages",
        0,
        20,
        why="create-advantage steps the best plan may place",
    ),
    Limit(
        "Σ (2·dice+1)·(invokes+1)² over overcome rolls",
        hi=400_000,
        when="float",
        why="one invoke policy per overcome roll with free invokes: about 4 s at the cap",
        instead="use fewer create-advantage steps or dice",
    ),
    Limit(
        "exact Σ (2·dice+1)·(invokes+1)² over overcome rolls",
        hi=40_000,
        when="exact",
        why="one exact invoke policy per overcome roll with free invokes: about 2 s at the cap",
        instead="use fewer create-advantage steps or dice, or exact=False",
    ),
    Limit(
        "partial plans × (need+1)",
        hi=3_000_000,
        when="float",
        why="the best plan is searched over every placement of the advantages: "
        "about 3 s at the cap",
        instead="allow fewer advantages or split the challenge",
    ),
    Limit(
        "exact partial plans × (need+1)",
        hi=400_000,
        when="exact",
        why="the best plan is searched exactly over every placement of the advantages: "
        "about 3 s at the cap",
        instead="allow fewer advantages, or use exact=False",
    ),
    # Tables (fate.outcome_table, dicestats.tables)
    Limit("values listed", 1, 1000, why="ratings, bonuses, margins or difficulties of one table"),
    Limit("table rows", hi=10_000, why="one row per pair of listed values: about 0.4 s at the cap"),
    # Several wishes at once (dicestats.workbench.fate_wishes)
    Limit("difficulties listed", 1, 1000, why="difficulties tried against several wishes"),
    Limit(
        "Σ (2·dice+1)·(invokes+1)² over wished totals",
        hi=2_000_000,
        when="float",
        why="one invoke policy per dice total a wish with invokes needs: about 4 s at the cap",
        instead="use fewer dice or invokes",
    ),
    Limit(
        "exact Σ (2·dice+1)·(invokes+1)² over wished totals",
        hi=200_000,
        when="exact",
        why="one exact invoke policy per dice total a wish with invokes needs: about 3 s at cap",
        instead="use fewer dice or invokes, or exact=False",
    ),
    # Contests
    Limit("contest dice", 1, 12, why="an exchange lists every joint roll of the participants"),
    Limit(
        "joint rolls",
        hi=2_000_000,
        why="(2·dice+1) ** participants rolls are listed at once: about 2 s at the cap",
        instead="use fewer participants or dice",
    ),
    Limit("victories", 1, 50, why="victories that win a contest"),
    Limit("style_victories", 1, 50, why="victories for an exchange won with style"),
    Limit("max_exchanges", 1, 10_000, why="how far the distribution of exchanges is listed"),
    Limit(
        "victories ** participants",
        hi=40_000,
        why="the contest chain has one state per vector of victory counts: about 5 s at the cap",
        instead="lower victories or the number of participants",
    ),
    Limit(
        "victories ** participants × participants²",
        hi=40_000,
        when="exact",
        why="exact work grows with the states, the moves and the Fractions: about 1 s at the cap",
        instead="lower victories or the number of participants, or use exact=False",
    ),
    Limit(
        "contest states × max_exchanges",
        hi=200_000,
        when="exact",
        why="the exact distribution of exchanges, step by step: about 1 s at the cap",
        instead="lower max_exchanges or use exact=False",
    ),
    # The Deck of Fate
    Limit("deck dice", 1, 8, why="faces per card: 3 ** 8 = 6,561 cards per deck"),
    Limit("copies", 1, 100, why="decks shuffled together"),
    Limit("draws", 0, 100_000, why="draws in one session"),
    Limit("session draws", 1, 100_000, why="draws in one session"),
    Limit("run", 1, 100, why="a longer streak is vanishingly rare and slow to count"),
    Limit("summed draws", 0, 1_000_000, why="draws whose total is summed (closed form)"),
    Limit("summed draws (distribution)", 0, 100_000, why="the subset-sum polynomial grows"),
    Limit(
        "deck sum terms",
        hi=8_000_000,
        why="terms of the subset-sum polynomial of the deck, each a big integer: "
        "about 3 s at the cap",
        instead="sum fewer draws between reshuffles",
    ),
    Limit(
        "draws × (event cards + 1) × run",
        hi=200_000_000,
        when="float",
        why="state updates of the deck streak chain: about 3 s at the cap",
        instead="use fewer draws, a shorter run, fewer copies or an earlier reshuffle",
    ),
    Limit(
        "exact draws × (event cards + 1) × run",
        hi=200_000,
        when="exact",
        why="exact state updates of the deck streak chain: about 1 s at the cap "
        "(float mode allows more)",
        instead="use fewer draws, a shorter run, fewer copies or an earlier reshuffle",
    ),
    Limit(
        "draws² × run",
        hi=30_000_000,
        when="exact",
        why="exact denominators grow as 3 ** (dice · draws): about 4 s at the cap",
        instead="use fewer draws or exact=False",
    ),
)
