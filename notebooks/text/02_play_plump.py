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
# **Play Plump**: guess how many tricks you will take, then take exactly that many. How to play is under the table.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets import PlumpTable
PlumpTable("kids", rng=2, lang="en")

# %% [markdown]
# ## How to play
#
# **Aim.** Learn Plump (Oh Hell). First the children's version above (five cards, no trump, no hook), then the
# classic game with trump and the hook (kroken).
#
# You are seat 0 at the bottom. Click a number to bid, click a card to play it, press *Next* to let the bots
# move. At the end of each round the table tells you what happened; press *Next round* to go on. A card you may
# not play is grey; clicking it tells you which rule says no.

# %% tags=["output-free"]
from cardlab import PlumpRules, PlumpRound, Bid

# %% [markdown]
# ## The rules in one minute
#
# Each round everybody gets the same number of cards. Everybody **bids** how many tricks they think they will
# take, starting left of the dealer; the dealer bids last. Then the tricks are played: follow suit if you can,
# highest card of the led suit wins, trump beats everything. Taking **exactly** your bid scores 10 plus the
# tricks (bid 3, take 3: 13 points). Missing, by one or by five, scores nothing: a **plump**. The children's
# preset keeps it small:

# %%
kids = PlumpRules.preset("kids")
print("cards per round:", kids.hand_sizes(), "· trump:", kids.trump, "· hook:", kids.hook)

# %% [markdown]
# Five rounds down from five cards to one and back up: nine rounds, no trump and no hook.

# %% [markdown]
# ## The classic game and the hook
#
# The classic rules turn up a card after dealing: its suit is **trump**. They also have **the hook** (kroken,
# spärren): the dealer may not bid the number that makes all bids add up to the number of cards in the round,
# so at least one player has to miss. Here is a round where the hook bites. Three players have bid 1, 0 and 1
# with three cards each; the dealer may bid anything from 0 to 3 — except 1.

# %%
rules = PlumpRules(players=4)
rnd = PlumpRound.from_hands(["AS KH 2C", "QC 3C 4D", "9S 8S AD", "5S 6D 7C"], dealer=3, rules=rules, trump_card="5H")
for seat, tricks in [(0, 1), (1, 0), (2, 1)]:
    rnd.apply(Bid(seat=seat, tricks=tricks))
[bid.tricks for bid in rnd.legal_actions()]

# %%
rnd.why_illegal(Bid(seat=3, tricks=1), "en")

# %% [markdown]
# The engine left 1 out of the dealer's choices and says why. With 1 + 0 + 1 already bid, the dealer's 1 would
# make 3 = the number of cards. Now play the classic game (19 rounds from 10 cards down to 1 and back up; the
# table shows when the hook bites):

# %% tags=["nbval-ignore-output"]
PlumpTable("classic", rng=3, lang="en")

# %% [markdown]
# ## What happened
#
# * Bidding is guessing your tricks; the score rewards guessing **exactly**.
# * In the children's game there is no trump, so a high card of the led suit is safe.
# * In the classic game the hook means the bids never add up, so somebody plumps every round.
#
# ## Questions
#
# 1. Why does the hook hurt the dealer more than anybody else? (Notebook 12 measures it.)
# 2. With one card and four players, would you bid 0 or 1 holding an ace? (Notebook 10 works it out.)
# 3. Which is easier to make: a bid of 0 or a bid of 1?
