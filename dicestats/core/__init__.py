"""The core floor: what every dice system is built on, knowing no game.

:mod:`~dicestats.core.dist` (``Dist``), :mod:`~dicestats.core.markov` (absorbing
Markov chains), :mod:`~dicestats.core.montecarlo` (the Monte Carlo engine),
:mod:`~dicestats.core.question` (a question declared once), :mod:`~dicestats.core.checks`
(one-line refusals), :mod:`~dicestats.core.limits` (caps as data),
:mod:`~dicestats.core.results`, :mod:`~dicestats.core.files` (atomic writes),
:mod:`~dicestats.core.progress` and :mod:`~dicestats.core.lazy`.
"""
