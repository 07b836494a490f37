"""The core floor: what every dice system is built on.

* :mod:`~dicestats.core.dist`: :class:`~dicestats.core.dist.Dist`, an immutable
  finite distribution over integers, float64 or exact, with its convolution kernels,
  the checks of its weights and its ``LIMITS``;
* :mod:`~dicestats.core.markov`: absorbing Markov chains solved exactly or in
  float64, by strongly connected components, with the distribution of the number
  of steps and its ``LIMITS``;
* :mod:`~dicestats.core.montecarlo`: the one seeded, vectorized Monte Carlo engine,
  its interval formulas, ``Totals`` and ``LIMITS``;
* :mod:`~dicestats.core.checks`: argument validation with one-line messages
  (``refuse``, ``InputError``; every public parameter follows one rule: a bool
  is never a number, a float is never truncated, a string is never a number,
  ``exact`` is a bool, and a long value is cut to about 60 characters in the
  message);
* :mod:`~dicestats.core.limits`: caps as data; ``dist.LIMITS`` (outcomes, exact
  digits, convolution work, moment order), ``markov.LIMITS`` (states, steps,
  step work) and ``montecarlo.LIMITS`` (trials, workers, batch size) bound the
  work of the core, so nothing in it runs for minutes unasked;
* :mod:`~dicestats.core.files`: atomic writes and output-path checks; SIGINT,
  SIGTERM and SIGHUP as an exception during them, and the clean-up of the
  temporary files of killed writes;
* :mod:`~dicestats.core.results` and :mod:`~dicestats.core.progress`: the result
  convention and the progress-bar policy;
* :mod:`~dicestats.core.lazy`: a package's public names imported on first use.

Nothing here knows about a particular game.
"""
