"""The notebooks' claims (cardlab.claims): on the shipped data, and replicated with a second seed at full size."""

import pytest

from cardlab import claims
from cardlab.claims import NOTEBOOK_CLAIMS, DataSource, ReplicationSource, all_claims, band, within, z_family

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
    # the whole scope, in words: who plays, the trump mode, the players and the cards
    assert claim.trump and claim.players and claim.cards, str(claim)
    assert claim.name in claim.markdown() or claim.statement in claim.markdown()


def test_a_claim_can_fail():
    """The verdict is computed, not assumed: wrong claims, each tested by the same code, come out false."""
    source = DataSource()
    # a wrong wording: the no-winner share is about half, not about a quarter
    right = claims.random_rounds_without_winner(source)
    wrong = claims.random_rounds_without_winner(source, wording="about a quarter")
    assert right.holds and not wrong.holds
    assert (right.estimate, right.low, right.high) == (wrong.estimate, wrong.low, wrong.high)
    # a wrong scope: the grand round does not decide the fewest games at five players, nor do hook plumps rise
    # at every setting without trump
    assert not claims.grand_decides_fewest(source, players=(5,)).holds
    assert not claims.hook_adds_plumps(source, trump=("none",)).holds
    # with no trump the dealer does not always pay: "the dealer pays" holds for a turned-up trump only
    assert claims.dealer_pays_with_turned_up_trump(source).holds
    assert claims.dealer_gains_somewhere_without_trump(source).holds
    # a claim on a table whose figures are made wrong fails too
    hook = source("plump_hook")
    fake = hook.assign(diff_standard=hook.diff_standard.where(~(hook.hook & (hook.seat_from_leader == 3)
                                                                 & (hook.players == 4) & (hook.cards == 5)), -0.2),
                       diff_standard_low=-0.25, diff_standard_high=-0.15)
    assert not claims.hook_cost_to_dealer(lambda table, **where: claims._match(fake, where)).holds


def test_bands_come_from_the_words():
    """One rule turns a claim's words into its band: "about a quarter" is 0.20-0.30 whatever the data."""
    assert band("about a quarter") == (0.2, 0.3)
    assert band(claims.DEALER_COST) == (0.6, 0.9)
    assert band(claims.OTHER_SEATS_BOUND) == (-0.2, 0.2)
    assert band(claims.FIRST_EDGE_BOUND) == (-0.05, 0.05)
    assert band(claims.NO_WINNER_WORDS) == (0.4, 0.6)
    for least, most in claims.HOOK_RANGE.values():
        assert band(least)[1] <= band(most)[1]
    assert within(0.21, 0.29, "about a quarter") and not within(0.19, 0.29, "about a quarter")
    assert within([0.1, 0.2], [0.3, 0.4], "more") and not within([0.0, 0.2], [0.3, 0.4], "more")
    with pytest.raises(ValueError, match="no rule for the wording"):
        band("quite a lot")


def test_sample_sizes_come_from_the_tables(tmp_path):
    """A claim's text reads its sample size from the table, so a table of another size says so."""
    source = DataSource()
    rummy = source("rummy_summary")
    (tmp_path / "rummy_summary.csv").write_text(rummy.assign(rounds=12_345).to_csv(index=False))
    claim = claims.random_rounds_without_winner(DataSource(tmp_path))
    assert "12,345 rounds" in claim.scope and "20,000" not in claim.scope
    shipped = claims.random_rounds_without_winner(source)
    manifest = claims_manifest_size("rummy_summary")
    assert f"{manifest:,} rounds" in shipped.scope


def claims_manifest_size(table: str) -> int:
    from cardlab.data_files import load_manifest

    (size,) = load_manifest()["tables"][table]["per_configuration"]
    return size


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
