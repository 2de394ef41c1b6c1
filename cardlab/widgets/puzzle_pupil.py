"""Whose puzzles these are: the pupil the classroom server let in on this page, else the notebook's name.

The puzzle tables (:class:`~cardlab.widgets.puzzle_table.PuzzleTable`, the Femkamp and Rummy ones)
and the lessons' "Mina misstag" cells ask :func:`whose_puzzles`, the one place that answers:

* on a page the classroom server serves, the pupil it let in
  (:func:`cardlab.classroom_server.identity.current_pupil`, as the quizzes ask): the name given
  when joining and the server's pupil id.  A name written in ``child=`` is not used there: a pupil
  who joined is that pupil in every table, as in the quizzes, so no cell can save into another
  child's boxes;
* anywhere else (JupyterLab at home, a script, a test), the name the notebook gives, or
  :data:`LONE_CHILD` (``"Mina"``, the lessons' example child) when it gives none.

How a pupil's progress file is named (:func:`cardlab.puzzles.repetition.file_name`): a served
pupil's file is ``<name>--<pupil id>.puzzles.json``.  The id is in the name because names are not
unique in a class (two pupils called Anna, or Anna and ANNA, would share ``anna.puzzles.json`` and
write over each other's boxes), while the server's id is one per pupil and stays the same on
every page the pupil opens.  The name comes first so a teacher looking in the folder still sees
whose file it is, and the name as given is kept inside the file (``child``, beside ``pupil_id``):
the teacher's :func:`cardlab.classroom.collect_results` (``puzzles=True``) reads names from there,
never from the file name, and tells two pupils of one name apart (``Anna (3f2a)``).  A child
working alone has no id and keeps ``<name>.puzzles.json``, as before.

>>> whose_puzzles(environ={})                      # at home: the lessons' lone child
PuzzleChild(name='Mina', pupil_id=None)
>>> whose_puzzles("Bo", environ={})
PuzzleChild(name='Bo', pupil_id=None)
>>> whose_puzzles("Bo", environ={"CARDLAB_PUPIL_ID": "0123456789abcdef", "CARDLAB_PUPIL_NAME": "Åsa"})
PuzzleChild(name='Åsa', pupil_id='0123456789abcdef')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..classroom_server.identity import current_pupil
from ..puzzles.repetition import Leitner

#: The child a lesson's puzzles belong to outside a class when the notebook names none.
LONE_CHILD = "Mina"


@dataclass(frozen=True)
class PuzzleChild:
    """The child whose puzzles these are: the name shown to the teacher and, for a pupil the
    classroom server let in, the server's pupil id (None for a child working alone)."""

    name: str
    pupil_id: "str | None" = None

    def boxes(self, folder: "str | Path | None", *, lang: "str | None" = None) -> Leitner:
        """This child's Leitner boxes from ``folder`` (fresh when there is no file yet; kept in
        memory only when ``folder`` is None).

        >>> PuzzleChild("Bo", "0123456789abcdef").boxes(None)
        Leitner(child='Bo', turn=0, entries={}, pupil_id='0123456789abcdef')
        """
        return Leitner.open(folder, self.name, pupil_id=self.pupil_id, lang=lang)


def whose_puzzles(child: "str | None" = None, *, environ: "Mapping[str, str] | None" = None) -> PuzzleChild:
    """The child whose puzzles these are (see the module docstring): the pupil the classroom server
    let in on this page, else ``child``, else :data:`LONE_CHILD`.  ``environ``: the environment to
    read instead of the kernel's (tests)."""
    pupil = current_pupil(environ=environ, timeout=2.0)
    if pupil is not None:
        return PuzzleChild(pupil.name.strip() or (child if child is not None else LONE_CHILD), pupil.pupil_id)
    return PuzzleChild(child if child is not None else LONE_CHILD)
