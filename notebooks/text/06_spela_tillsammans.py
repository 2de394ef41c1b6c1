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
# # Spela tillsammans
#
# **Mål.** Spela Plump, Femkamp eller Rummy med dina kompisar: var och en vid sin egen dator, vid samma
# bord, eller alla vid en dator som ni skickar runt. Du ser bara dina egna kort.
#
# **Så går du med vid ett bord.** Läraren skriver en bordskod på tavlan (fem bokstäver och siffror, till
# exempel `KMX47`). Skriv koden och ditt namn här nedanför och tryck på **Sätt dig vid bordet**. När alla
# vid ditt bord har satt sig börjar spelet. Botar spelar på platserna som ingen tar.

# %% tags=["output-free"]
import random

from cardlab.tables import TableService
from cardlab.tables.overview import server_is_running, tables_url
from cardlab.widgets.pass_and_play import PassAndPlayTable
from cardlab.widgets.shared_table import JoinForm, SharedTable, status_of

LANG = "sv"

# %% [markdown]
# Är lärarens bordsserver igång? Om den inte är det (hemma, eller före lektionen) gör den här
# anteckningsboken ett eget **övningsbord** med två botar, så att du kan se hur det fungerar.

# %%
if server_is_running(tables_url()):
    practice = None
    print("Bordsservern är igång: skriv koden från tavlan.")
else:
    practice = TableService(away_after=float("inf"), code_rng=random.Random(3))
    practice_code = practice.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=6,
                                          teacher=practice.teacher_token)
    print(f"Ingen bordsserver är igång, så här är ett övningsbord: skriv koden {practice_code}.")

# %% [markdown]
# ## Sätt dig vid bordet
#
# Skriv koden och ditt namn och tryck sedan på den gröna knappen. Skriver du fel kod får du veta det.

# %% tags=["nbval-ignore-output"]
JoinForm(service=practice, lang=LANG)

# %% [markdown]
# ## Det här ser du vid bordet
#
# Så här ser det ut för en elev som heter Anna vid ett övningsbord: hennes egna kort med framsidan upp längst
# ner, de andras kort med baksidan upp, vems tur det är och en knapp för varje drag hon får göra. Sidan har
# aldrig någon annans kort: den ritas bara av det som Annas plats får se.

# %%
if practice is not None:
    annas_table = practice.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=6,
                                        teacher=practice.teacher_token)
    anna = practice.join(annas_table, "Anna", lang=LANG)
    seat = SharedTable.local(practice, annas_table, anna.token, lang=LANG)
    print(status_of(seat.view.update, LANG))
    print("Hennes knappar:", ", ".join(b.description for b in seat.action_buttons))

# %% tags=["nbval-ignore-output"]
seat if practice is not None else None

# %% [markdown]
# * **Ångra** tar tillbaka ditt senaste drag, men bara om alla vid bordet säger ja.
# * Stänger du sidan spelar en bot åt dig efter en halv minut; öppna den igen så är platsen din.
# * När alla bord spelar samma givar kan du läsa under bordet hur det gick med samma kort vid de andra
#   borden.

# %% [markdown]
# ## En dator som skickas runt
#
# Hemma vid köksbordet kan ni dela på en dator. Skärmen säger vem du ska ge den till; det barnet trycker på
# knappen, tittar på sina egna kort och spelar. Sedan döljs korten direkt igen, tills nästa barn har datorn.

# %%
kitchen = PassAndPlayTable("plump", ["Anna", "Bo"], rules="kids", players=3, seed=4, lang=LANG)
print(kitchen.session.curtain_text())

# %% tags=["nbval-ignore-output"]
kitchen
