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
# # Spill sammen
#
# **Mål.** Spill Plump, Femkamp eller Rummy med vennene dine: hver ved sin egen datamaskin, ved det samme
# bordet, eller alle ved én datamaskin som dere sender rundt. Du ser bare dine egne kort.
#
# **Slik blir du med ved et bord.** Læreren skriver en bordkode på tavla (fem bokstaver og sifre, for
# eksempel `KMX47`). Skriv koden og navnet ditt her nedenfor og trykk på **Sett deg ved bordet**. Når alle
# ved bordet ditt har satt seg, begynner spillet. Boter spiller på plassene som ingen tar.

# %% tags=["output-free"]
import random

from cardlab.tables import TableService
from cardlab.tables.overview import server_is_running, tables_url
from cardlab.widgets.pass_and_play import PassAndPlayTable
from cardlab.widgets.shared_table import JoinForm, SharedTable, status_of

LANG = "nb"

# %% [markdown]
# Kjører lærerens bordserver? Hvis den ikke gjør det (hjemme, eller før timen), lager denne notatboken et
# eget **øvingsbord** med to boter, så du kan se hvordan det virker.

# %%
if server_is_running(tables_url()):
    practice = None
    print("Bordserveren kjører: skriv koden fra tavla.")
else:
    practice = TableService(away_after=float("inf"), code_rng=random.Random(3))
    practice_code = practice.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=6,
                                          teacher=practice.teacher_token)
    print(f"Ingen bordserver kjører, så her er et øvingsbord: skriv koden {practice_code}.")

# %% [markdown]
# ## Sett deg ved bordet
#
# Skriv koden og navnet ditt, og trykk så på den grønne knappen. Skriver du feil kode, får du vite det.

# %% tags=["nbval-ignore-output"]
JoinForm(service=practice, lang=LANG)

# %% [markdown]
# ## Dette ser du ved bordet
#
# Slik ser det ut for en elev som heter Anna ved et øvingsbord: hennes egne kort med forsiden opp nederst,
# de andres kort med baksiden opp, hvem sin tur det er og én knapp for hvert trekk hun kan gjøre. Siden har
# aldri noen andres kort: den tegnes bare av det Annas plass får se.

# %%
if practice is not None:
    annas_table = practice.create_table("plump", rules="kids", seats=["human", "easy", "easy"], seed=6,
                                        teacher=practice.teacher_token)
    anna = practice.join(annas_table, "Anna", lang=LANG)
    seat = SharedTable.local(practice, annas_table, anna.token, lang=LANG)
    print(status_of(seat.view.update, LANG))
    print("Knappene hennes:", ", ".join(b.description for b in seat.action_buttons))

# %% tags=["nbval-ignore-output"]
seat if practice is not None else None

# %% [markdown]
# * **Angre** tar tilbake det siste trekket ditt, men bare hvis alle ved bordet sier ja.
# * Lukker du siden, spiller en bot for deg etter et halvt minutt; åpne den igjen, så er plassen din.
# * Når alle bordene spiller den samme given, kan du lese under bordet hvordan det gikk med de samme kortene
#   ved de andre bordene.

# %% [markdown]
# ## Én datamaskin som sendes rundt
#
# Hjemme ved kjøkkenbordet kan dere dele én datamaskin. Skjermen sier hvem du skal gi den til; det barnet
# trykker på knappen, ser på sine egne kort og spiller. Så skjules kortene med en gang igjen, til neste barn
# har datamaskinen.

# %%
kitchen = PassAndPlayTable("plump", ["Anna", "Bo"], rules="kids", players=3, seed=4, lang=LANG)
print(kitchen.session.curtain_text())

# %% tags=["nbval-ignore-output"]
kitchen
