"""The ``dicestats`` command's entry point: the console script and ``python -m dicestats``.

:func:`run` holds SIGINT, SIGTERM and SIGHUP back (blocks them) before it imports anything
of dicestats: a signal that arrives while the command starts (the imports, building the
parser) waits until :func:`dicestats.cli.main` has taken the signals over, and then ends
the run at once with 130, 143 or 129 and one line, with nothing written. Once the work is
done they are held again: a signal that arrives while Python exits changes nothing (the
run's status stands, nothing is printed; they are ignored: the threads the work started
do not hold them).

Before this module's first line runs, the signals are CPython's: a SIGINT during the
interpreter's own start (``site``, the console script's first imports) ends it as CPython
decides. This module and ``dicestats/__init__.py`` import next to nothing, so that window
is the interpreter's start alone.
"""

import signal
import sys

#: The signals held back while the command starts: those
#: :func:`dicestats.core.files.interruptible` takes over (its ``SIGNALS``; a test checks
#: they agree: this module runs before dicestats' modules may be imported).
HELD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def run(argv: list[str] | None = None) -> int:
    """Run the ``dicestats`` command with ``argv``: its exit status.

    Without ``argv`` it is this process's command (``sys.argv[1:]``; the process exits
    next): the signals stay held and ignored when it returns. With ``argv`` they are as
    they were.

    Examples
    --------
    >>> run(["--version"])
    dicestats 0.1.0
    0
    """
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    handlers = {s: signal.getsignal(s) for s in HELD}
    try:
        from .cli import main

        return main(argv, held=set(HELD) - before)  # (a signal blocked before stays so)
    finally:
        if argv is not None:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


if __name__ == "__main__":
    sys.exit(run())
