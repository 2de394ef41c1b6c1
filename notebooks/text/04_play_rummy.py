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
# **Play Rummy**: collect sets and runs, lay them down, and be the first with an empty hand. How to play is under the table.

# %% tags=["nbval-ignore-output"]
from cardlab.widgets.rummy_table import RummyTable
RummyTable(rng=4, lang="en")

# %% [markdown]
# ## How to play
#
# **Aim.** Learn Rummy: collect **sets** (3 or 4 cards of one rank) and **runs** (3 or more in a row in one
# suit), lay them down, and be the first with an empty hand.
#
# Three players, seven cards each. Draw, select cards and press *Meld*, then discard. At the end of each round
# the table says how it went; press *Next round* to go on.

# %% tags=["output-free"]
from cardlab import RummyRules, is_set, is_run, hand_penalty, parse_cards

# %% [markdown]
# ## Sets and runs
#
# The engine can tell a meld when it sees one. Three sevens are a set:

# %%
is_set(parse_cards("7H 7S 7C")), is_run(parse_cards("7H 7S 7C"))

# %% [markdown]
# Three hearts in a row are a run. The ace is low only, so A-2-3 is a run and Q-K-A is not:

# %%
is_run(parse_cards("AH 2H 3H")), is_run(parse_cards("QH KH AH"))

# %% [markdown]
# ## A turn
#
# 1. **Draw** the top card of the stock or of the discard pile.
# 2. **Meld**: lay down sets and runs, or lay cards off on melds already on the table (yours or anyone's).
# 3. **Discard** one card: your turn is over.
#
# Whoever empties their hand first wins the round; everybody else scores **penalty points** for the cards left
# (ace 1, 2–10 face value, picture cards 10). Lowest total wins. These three cards would cost:

# %%
hand_penalty(parse_cards("AS 7D KH"))

# %% [markdown]
# 1 + 7 + 10 = 18. Cards left over are expensive, so lay down early when you can.

# %% [markdown]
# ## What happened
#
# * Drawing from the discard pile shows everybody what you collect.
# * Holding picture cards is risky: they cost 10 each if somebody else goes out.
#
# ## Questions
#
# 1. Is it better to start? (Notebook 14 measures the going-out rate by seat.)
# 2. When would you keep a card that could lay off on somebody else's meld?
# 3. Why is a run of 3 easier to collect than a set of 4?
