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
# **Spela plump**: gissa hur många stick du tar, och ta sedan precis så många. Hur man spelar står under bordet.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets import PlumpTable
PlumpTable("kids", rng=2, lang="sv")

# %% [markdown]
# ## Så spelar du
#
# **Mål.** Lär dig plump. Först barnens spel här ovanför (fem kort, ingen trumf, ingen spärr), sedan det
# vanliga spelet med trumf och spärren (kroken).
#
# Du sitter längst ned. Klicka på ett tal för att bjuda, klicka på ett kort för att lägga det, och tryck på
# *Nästa* så gör botarna sitt drag. När en runda är slut berättar bordet vad som hände; tryck på *Nästa runda*
# för att spela vidare. Ett kort som du inte får lägga är grått; klickar du på det får du veta varför.

# %% tags=["output-free"]
from cardlab import PlumpRules, PlumpRound, Bid

# %% [markdown]
# ## Reglerna på en minut
#
# I varje runda får alla lika många kort. Alla **bjuder** hur många stick de tror att de tar, med början till
# vänster om given; den som ger bjuder sist. Sedan spelas sticken: lägg samma färg som spelades ut om du kan,
# högsta kortet i den färgen vinner, och trumf slår allt. Tar du **precis** så många stick som du bjöd får du 10
# poäng och ett poäng per stick (bjud 3, ta 3: 13 poäng). Tar du för få eller för många får du inga poäng: det är
# en **plump**. Barnens spel är litet:

# %%
barn = PlumpRules.preset("kids")
print("kort per runda:", barn.hand_sizes(), "· trumf:", "ingen" if barn.trump == "none" else "ja",
      "· spärren:", "ja" if barn.hook else "nej")

# %% [markdown]
# Fem rundor ned från fem kort till ett och sedan upp igen: nio rundor, utan trumf och utan spärr.

# %% [markdown]
# ## Det vanliga spelet och spärren
#
# I det vanliga spelet vänds ett kort upp efter given: dess färg är **trumf**. Där finns också **spärren**
# (kroken): den som ger får inte bjuda det tal som gör att alla bud tillsammans blir lika många som korten i
# rundan, så minst en spelare måste missa. Här är en runda där spärren slår till. Tre spelare har bjudit 1, 0 och
# 1 med tre kort var; den som ger får bjuda 0, 1, 2 eller 3, men inte 1.

# %%
regler = PlumpRules(players=4)
runda = PlumpRound.from_hands(["AS KH 2C", "QC 3C 4D", "9S 8S AD", "5S 6D 7C"], dealer=3, rules=regler,
                              trump_card="5H")
for plats, stick in [(0, 1), (1, 0), (2, 1)]:
    runda.apply(Bid(seat=plats, tricks=stick))
[bud.tricks for bud in runda.legal_actions()]

# %%
runda.why_illegal(Bid(seat=3, tricks=1), "sv")

# %% [markdown]
# Spelet tog bort 1 ur valen och säger varför: 1 + 0 + 1 är redan 2, och ett bud på 1 till skulle bli 3, lika
# många som korten. Spela nu det vanliga spelet (19 rundor från 10 kort ned till 1 och upp igen; bordet visar
# när spärren slår till):

# %% tags=["nbval-ignore-output"]
PlumpTable("classic", rng=3, lang="sv")

# %% [markdown]
# ## Vad hände?
#
# * Att bjuda är att gissa hur många stick du tar; poängen belönar den som gissar **precis** rätt.
# * I barnens spel finns ingen trumf, så ett högt kort i den färg som spelades ut är säkert.
# * I det vanliga spelet gör spärren att buden aldrig går jämnt upp, så någon plumpar i varje runda.
#
# ## Frågor
#
# 1. Varför är spärren sämst för den som ger?
# 2. Med ett kort och fyra spelare: skulle du bjuda 0 eller 1 om du har ett ess?
# 3. Vilket är lättast att klara: ett bud på 0 eller ett bud på 1?
