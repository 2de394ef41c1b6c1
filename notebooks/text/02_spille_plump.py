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
# **Spill plump**: gjett hvor mange stikk du tar, og ta så akkurat så mange. Hvordan du spiller, står under bordet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets import PlumpTable
PlumpTable("kids", rng=2, lang="nb")

# %% [markdown]
# ## Slik spiller du
#
# **Mål.** Lær deg plump. Først barnas spill her over (fem kort, ingen trumf, ingen krok), så det vanlige
# spillet med trumf og kroken.
#
# Du sitter nederst. Klikk på et tall for å melde, klikk på et kort for å legge det, og trykk på *Neste*, så
# gjør botene trekket sitt. Når en runde er slutt, forteller bordet hva som skjedde; trykk på *Neste runde* for å
# spille videre. Et kort du ikke kan legge, er grått; klikker du på det, får du vite hvorfor.

# %% tags=["output-free"]
from cardlab import PlumpRules, PlumpRound, Bid

# %% [markdown]
# ## Reglene på ett minutt
#
# I hver runde får alle like mange kort. Alle **melder** hvor mange stikk de tror de tar, med start til venstre
# for den som gir; den som gir, melder sist. Så spilles stikkene: legg samme farge som ble spilt ut hvis du kan,
# høyeste kort i den fargen vinner, og trumf slår alt. Tar du **akkurat** så mange stikk som du meldte, får du 10
# poeng og ett poeng per stikk (meld 3, ta 3: 13 poeng). Tar du for få eller for mange, får du ingen poeng: det
# er en **plump**. Barnas spill er lite:

# %%
barn = PlumpRules.preset("kids")
print("kort per runde:", barn.hand_sizes(), "· trumf:", "ingen" if barn.trump == "none" else "ja",
      "· kroken:", "ja" if barn.hook else "nei")

# %% [markdown]
# Fem runder ned fra fem kort til ett og så opp igjen: ni runder, uten trumf og uten krok.

# %% [markdown]
# ## Det vanlige spillet og kroken
#
# I det vanlige spillet snus et kort etter at kortene er gitt: fargen er **trumf**. Der finnes også **kroken**:
# den som gir, kan ikke melde det tallet som gjør at alle meldingene til sammen blir like mange som
# kortene i runden, så minst én spiller må bomme. Her er en runde der kroken slår til. Tre spillere har meldt
# 1, 0 og 1 med tre kort hver; den som gir, kan melde 0, 1, 2 eller 3, men ikke 1.

# %%
regler = PlumpRules(players=4)
runde = PlumpRound.from_hands(["AS KH 2C", "QC 3C 4D", "9S 8S AD", "5S 6D 7C"], dealer=3, rules=regler,
                              trump_card="5H")
for plass, stikk in [(0, 1), (1, 0), (2, 1)]:
    runde.apply(Bid(seat=plass, tricks=stikk))
[melding.tricks for melding in runde.legal_actions()]

# %%
runde.why_illegal(Bid(seat=3, tricks=1), "nb")

# %% [markdown]
# Spillet tok bort 1 fra valgene og sier hvorfor: 1 + 0 + 1 er allerede 2, og en melding på 1 til ville blitt 3,
# like mange som kortene. Spill nå det vanlige spillet (19 runder fra 10 kort ned til 1 og opp igjen; bordet viser
# når kroken slår til):

# %% tags=["nbval-ignore-output"]
PlumpTable("classic", rng=3, lang="nb")

# %% [markdown]
# ## Hva skjedde?
#
# * Å melde er å gjette hvor mange stikk du tar; poengene belønner den som gjetter **akkurat** riktig.
# * I barnas spill finnes ingen trumf, så et høyt kort i fargen som ble spilt ut, er trygt.
# * I det vanlige spillet gjør kroken at meldingene aldri går opp, så noen plumper i hver runde.
#
# ## Spørsmål
#
# 1. Hvorfor er kroken verst for den som gir?
# 2. Med ett kort og fire spillere: ville du meldt 0 eller 1 hvis du har et ess?
# 3. Hva er lettest å klare: en melding på 0 eller en melding på 1?
