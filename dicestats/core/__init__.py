"""The core floor: what every dice system is built on.

* :mod:`~dicestats.core.dist`: :class:`~dicestats.core.dist.Dist`, an immutable
  finite distribution over integers, float64 or exact;
* :mod:`~dicestats.core.markov`: absorbing Markov chains solved exactly;
* :mod:`~dicestats.core.montecarlo`: the one seeded, vectorized Monte Carlo engine;
* :mod:`~dicestats.core.checks`: argument validation with one-line messages.

Nothing here knows about a particular game.
"""
