"""``dicestats explore``: its arguments, its refusals, and a light ``--help``."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from dicestats.cli import main


def test_help_imports_neither_numpy_nor_the_widgets():
    code = (
        "import sys\n"
        "from dicestats.cli import main\n"
        "try:\n    main(['explore', '--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('numpy', 'ipywidgets', 'voila', 'matplotlib') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"
    assert "--no-browser" in out.stdout and "--port" in out.stdout


@pytest.mark.parametrize("port", ["0", "65536", "80x", "-1"])
def test_a_bad_port_is_one_line_and_status_2(port, capsys):
    assert main(["explore", "--no-browser", "--port", port]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "port" in err


def test_a_port_in_use_is_refused_before_anything_starts(capsys):
    pytest.importorskip("voila")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["explore", "--no-browser", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"dicestats explore: error: port must be a free port on 127.0.0.1, got {port} "
        "(it is in use); pass --port with another\n"
    )


def test_the_served_notebook_shows_the_page():
    import json

    from dicestats.explore.server import notebook_text

    nb = json.loads(notebook_text())
    assert "".join(nb["cells"][0]["source"]) == (
        "from dicestats.explore.link import served_page\nserved_page()"
    )
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_another_host_is_said_out_loud_with_the_address(capsys, monkeypatch):
    # a refusal is one line (the warning came first, so a refused port printed two)
    assert main(["explore", "--no-browser", "--host", "0.0.0.0", "--port", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("dicestats explore: error: port must be")

    from dicestats.explore import app

    def served(port, *, host, echo, **kw):
        echo(f"http://{host}:{port}/?token=t")
        return 0

    monkeypatch.setattr(app, "serve", served)
    assert main(["explore", "--no-browser", "--host", "0.0.0.0", "--port", "8866"]) == 0
    out, err = capsys.readouterr()
    assert out == "http://0.0.0.0:8866/?token=t\n"
    assert err.splitlines()[0] == (
        "dicestats explore: warning: listening on 0.0.0.0: anyone who can reach this port "
        "and has the address with its token can use the page"
    )
    assert main(["explore", "--no-browser", "--host", "localhost", "--port", "8866"]) == 0
    assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--idle", "--max-pages"])
def test_the_idle_timeout_and_the_page_cap_are_checked(option, capsys):
    assert main(["explore", "--no-browser", option, "0"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and option[2:].replace("-", "_") in err
