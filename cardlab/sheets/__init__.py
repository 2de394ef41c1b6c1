"""Score sheets (protokoll) for every game, as DataFrames and HTML."""
