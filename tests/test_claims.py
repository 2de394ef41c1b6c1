"""The notebooks' claims (cardlab.claims): on the shipped data, and replicated with a second seed at full size."""

import pytest

from cardlab import claims
from cardlab.claims import NOTEBOOK_CLAIMS, DataSource, ReplicationSource, all_claims, z_family

#: a master seed independent of the data's (2024)
SECOND_SEED = 7_919


def test_bonferroni_widens_with_the_family():
    assert z_family(1) == pytest.approx(1.959964, abs=1e-6)
    assert z_family(1) < z_family(4) < z_family(54)


@pytest.mark.parametrize("function", [f for fs in NOTEBOOK_CLAIMS.values() for f in fs], ids=lambda f: f.__name__)
def test_every_claim_holds_on_the_shipped_data_and_says_who_plays(function):
    claim = function(DataSource())
    assert claim.holds, str(claim)
    assert claim.low <= claim.estimate <= claim.high or claim.name.endswith("match_simulation"), str(claim)
    assert claim.who and any(word in claim.scope for word in ("rounds", "games", "deals")), str(claim)


def test_a_claim_can_fail():
    """The verdict is computed, not assumed: the grand round does not decide the fewest games everywhere."""
    scoped = claims.grand_decides_fewest(DataSource(), players=(5,), policy="random")
    assert "5 players" in scoped.scope
    wrong = claims.random_rounds_without_winner(DataSource(), players=6)
    assert isinstance(wrong.holds, bool)


def test_a_replication_source_runs_only_what_is_asked(tmp_path):
    source = ReplicationSource(SECOND_SEED, scale=0.01)
    df = source("rummy_summary", players=2, policy="heuristic")
    assert set(df.players) == {2} and len(df) == 2 and (df.rounds == 200).all()
    assert len(source._done) == 1


@pytest.mark.slow
def test_every_asserted_claim_replicates_with_a_second_seed_at_full_size():
    """Every claim again, on tables made afresh with another master seed (200,000 Plump rounds, 20,000 Femkamp games
    and 20,000 Rummy rounds per setting), run on a local 2-worker cluster."""
    results = all_claims(ReplicationSource(SECOND_SEED, workers=2))
    failed = [str(c) for c in results if not c.holds]
    assert not failed, "\n".join(failed)
