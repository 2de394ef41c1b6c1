"""Where cardlab's data tables live, and :func:`load_table`, which reads them.

Two places hold tables (CSV files listed in a ``manifest.json``):

* **shipped** — the tables that come with cardlab, inside the package
  (``cardlab/data/``), read through :mod:`importlib.resources`, so they load
  from an installed wheel as well as from a clone;
* **yours** — tables you build with ``cardlab data build``: in the folder
  ``$CARDLAB_DATA_DIR`` when that is set, else in your user data folder
  (``~/.local/share/cardlab/tables`` on Linux, ``~/Library/Application
  Support/cardlab/tables`` on macOS, ``%LOCALAPPDATA%\\cardlab\\tables`` on Windows).

:func:`load_table` looks in a folder you name, else in yours, else in the
shipped tables; :func:`table_path` says which file it would read.

>>> from cardlab import load_table
>>> df = load_table("plump_one_card_exact", directory=shipped_dir())
>>> {"players", "trump", "seat_from_leader"} <= set(df.columns)
True
>>> table_path("plump_hook", directory=shipped_dir()).name
'plump_hook.csv'
"""

from __future__ import annotations

import json
import os
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

import pandas as pd

__all__ = ["shipped_dir", "user_data_dir", "table_path", "load_table", "load_manifest", "table_file"]


def shipped_dir() -> Path:
    """The folder of the tables that ship with cardlab (``cardlab/data`` in the installed package)."""
    return Path(str(resources.files("cardlab") / "data"))


def user_data_dir() -> Path:
    """Where ``cardlab data build`` writes by default: ``$CARDLAB_DATA_DIR``, else the user data folder.

    >>> import os
    >>> os.environ["CARDLAB_DATA_DIR"] = "/tmp/my-tables"
    >>> str(user_data_dir())
    '/tmp/my-tables'
    >>> del os.environ["CARDLAB_DATA_DIR"]
    """
    override = os.environ.get("CARDLAB_DATA_DIR")
    if override:
        return Path(override).expanduser()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "cardlab" / "tables"


#: tables that are measured by a benchmark rather than built by ``cardlab data build`` (listed in the
#: manifest's ``measurements`` with the commands that made their rows)
MEASURED = {"strength_arena": "strength_arena.csv"}
#: The environment variable that sets the class folder (the teacher sets it before starting the app);
#: the class's quiz results and the pupils' puzzle progress go there.
CLASS_DIR_ENV = "CARDLAB_CLASS_DIR"


@lru_cache(maxsize=1)
def _shipped_files() -> dict[str, str]:
    """Table name → file name, as the shipped manifest lists the tables ``cardlab data build`` makes."""
    return {name: entry["file"] for name, entry in load_manifest()["tables"].items()}


def table_file(name: str) -> str:
    """The file name of table ``name`` (an error listing the tables when there is none).

    The names are read from the shipped ``manifest.json`` (which ``cardlab data build`` writes from
    its list of tables, :data:`cardlab.data_build.TABLES`), so reading a table needs no build code.

    >>> table_file("plump_zero_bids"), table_file("strength_arena")
    ('plump_zero_bids.csv', 'strength_arena.csv')
    """
    if name in MEASURED:
        return MEASURED[name]
    files = _shipped_files()
    if name in files:
        return files[name]
    from .errors import RulesError

    raise RulesError("rules.choice", field="table", value=name, allowed=", ".join([*files, *MEASURED]))


def table_path(name: str, directory: "str | os.PathLike[str] | None" = None) -> Path:
    """The file :func:`load_table` reads for ``name``: in ``directory``, else yours, else the shipped one."""
    file = table_file(name)
    if directory is not None:
        return Path(directory) / file
    mine = user_data_dir() / file
    return mine if mine.is_file() else shipped_dir() / file


def load_table(name: str, directory: "str | os.PathLike[str] | None" = None) -> pd.DataFrame:
    """Read table ``name`` (see :data:`cardlab.data_build.TABLES`) as a DataFrame.

    With ``directory`` the table is read from there; otherwise from the
    tables you built (:func:`user_data_dir`) when that folder has it, else
    from the tables shipped with cardlab.
    """
    return pd.read_csv(table_path(name, directory))


def load_manifest(directory: "str | os.PathLike[str] | None" = None) -> dict:
    """Read ``manifest.json`` from ``directory`` (default: the shipped tables)."""
    folder = Path(directory) if directory is not None else shipped_dir()
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
