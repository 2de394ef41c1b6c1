# ---
# jupyter:
#   jupytext:
#     notebook_metadata_filter: kernelspec,jupytext,-jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Play together
#
# **Aim.** Play Plump, Femkamp or Rummy with your friends: each of you at your own computer, at the same
# table, or all of you at one computer passed round. You only ever see your own cards.
#
# **How to join a table.** Your teacher writes a table code on the board (five letters and digits, such as
# `KMX47`). Type the code and your name below and press **Sit down at the table**. When everyone at your
# table has sat down, the game starts. Bots play the seats nobody takes.

# %% tags=["output-free"]
import random

from cardlab.tables import TableService
from cardlab.tables.overview import server_is_running, tables_url
from cardlab.widgets.pass_and_play import PassAndPlayTable
from cardlab.widgets.shared_table import JoinForm, SharedTable, status_of

LANG = "en"

# %% [markdown]
# Is your teacher's table server running? If it is not (at home, or before the lesson), this notebook makes a
# **practice table** of its own, with two bots, so you can see how it works.

# %%
if server_is_running(tables_url()):
    practice = None
    print("The table server is running: type the code from the board.")
else:
    practice = TableService(away_after=float("inf"), code_rng=random.Random(3))
    practice_code = practice.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=6,
                                          teacher=practice.teacher_token)
    print(f"No table server is running, so here is a practice table: type the code {practice_code}.")

# %% [markdown]
# ## Sit down at the table
#
# Type the code and your name, then press the green button. A wrong code gets an answer saying so.

# %% tags=["nbval-ignore-output"]
JoinForm(service=practice, lang=LANG)

# %% [markdown]
# ## What you see at the table
#
# This is what a pupil called Anna sees at the practice table: her own cards face up at the bottom, the
# others' cards face down, whose turn it is, and one button for each move she may make. The page never has
# anybody else's cards: it is drawn only from what Anna's seat may see.

# %%
if practice is not None:
    annas_table = practice.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=6,
                                        teacher=practice.teacher_token)
    anna = practice.join(annas_table, "Anna", lang=LANG)
    seat = SharedTable.local(practice, annas_table, anna.token, lang=LANG)
    print(status_of(seat.view.update, LANG))
    print("Her buttons:", ", ".join(b.description for b in seat.action_buttons))

# %% tags=["nbval-ignore-output"]
seat if practice is not None else None

# %% [markdown]
# * **Undo** takes your last move back, but only if everyone at the table says yes.
# * If you close the page, a bot plays for you after half a minute; open it again and the seat is yours.
# * When the same deals are played at every table, you read under the table how the same cards went at
#   the other tables.

# %% [markdown]
# ## One computer, passed round
#
# At home at the kitchen table you can share one computer. The screen says whom to give it to; that child
# presses the button, looks at their own cards and plays. Then the cards are hidden again at once, until
# the next child has the computer.

# %%
kitchen = PassAndPlayTable("plump", ["Anna", "Bo"], rules="kids", players=3, seed=4, lang=LANG)
print(kitchen.session.curtain_text())

# %% tags=["nbval-ignore-output"]
kitchen
