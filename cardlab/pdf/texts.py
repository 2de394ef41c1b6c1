"""Words printed on the score sheets, in Swedish, Norwegian and English.

Everything a sheet prints goes through the catalogue (:func:`cardlab.i18n.tr`),
so a sheet in ``nb`` says *stikk* and *melding* where ``sv`` says *stick* and *bud*.

>>> from cardlab.i18n import tr
>>> tr("pdf.row.sum", "sv"), tr("pdf.row.sum", "nb"), tr("pdf.row.sum", "en")
('Summa', 'Sum', 'Total')
"""

from __future__ import annotations

from ..i18n import register

register({
    # ------------------------------------------------------------ shared words
    "pdf.col.cards": {"sv": "Kort", "nb": "Kort", "en": "Cards"},
    "pdf.col.trump": {"sv": "Trumf", "nb": "Trumf", "en": "Trump"},
    "pdf.col.dealer": {"sv": "Giv", "nb": "Giver", "en": "Dealer"},
    "pdf.col.bid": {"sv": "Bud", "nb": "Meld", "en": "Bid"},
    "pdf.col.score": {"sv": "Poäng", "nb": "Poeng", "en": "Score"},
    "pdf.col.total": {"sv": "Summa", "nb": "Sum", "en": "Total"},
    "pdf.col.round": {"sv": "Runda", "nb": "Runde", "en": "Round"},
    "pdf.row.subtotal": {"sv": "Delsumma", "nb": "Delsum", "en": "Subtotal"},
    "pdf.row.sum": {"sv": "Summa", "nb": "Sum", "en": "Total"},
    "pdf.player": {"sv": "Spelare {number}", "nb": "Spiller {number}", "en": "Player {number}"},
    "pdf.date_line": {
        "sv": "Datum: ____________   Plats: ____________________",
        "nb": "Dato: ____________   Sted: ____________________",
        "en": "Date: ____________   Place: ____________________",
    },
    "pdf.rules_heading": {"sv": "Reglerna i korthet", "nb": "Reglene i korte trekk", "en": "The rules in short"},
    "pdf.small_print": {
        "sv": "Utskriven med cardlab",
        "nb": "Skrevet ut med cardlab",
        "en": "Printed with cardlab",
    },
    "pdf.metadata_rules": {
        "sv": "cardlab-regler {fingerprint}",
        "nb": "cardlab-regler {fingerprint}",
        "en": "cardlab rules {fingerprint}",
    },
    "pdf.row.winner": {"sv": "Vinnare", "nb": "Vinner", "en": "Winner"},
    "pdf.page": {"sv": "Sida {number}", "nb": "Side {number}", "en": "Page {number}"},
    "pdf.one_deck": {"sv": "en kortlek", "nb": "én kortstokk", "en": "one deck"},
    "pdf.two_decks": {"sv": "två kortlekar", "nb": "to kortstokker", "en": "two decks"},
    "pdf.names_count": {
        "sv": "Du gav {given} namn men det är {players} spelare: ge ett namn per spelare, åtskilda med kommatecken.",
        "nb": "Du ga {given} navn, men det er {players} spillere: gi ett navn per spiller, skilt med komma.",
        "en": "You gave {given} names but there are {players} players: give one name per player, separated by commas.",
    },
    "pdf.wrong_game": {
        "sv": "Filen innehåller ett parti {found}, inte {wanted}: välj {found} eller en annan fil.",
        "nb": "Filen inneholder et parti {found}, ikke {wanted}: velg {found} eller en annen fil.",
        "en": "The file holds a game of {found}, not {wanted}: choose {found} or another file.",
    },
    "pdf.no_sheet_module": {
        "sv": "Det finns ännu inget protokoll för {game} att skriva ut.",
        "nb": "Det finnes ennå ingen protokoll for {game} å skrive ut.",
        "en": "There is no score sheet for {game} to print yet.",
    },

    # ------------------------------------------------------------------ Plump
    "pdf.plump.title": {"sv": "Plump – protokoll", "nb": "Plump – protokoll", "en": "Plump – score sheet"},
    "pdf.plump.subtitle": {
        "sv": "{players} spelare · {decks} · {rounds} rundor: {schedule}",
        "nb": "{players} spillere · {decks} · {rounds} runder: {schedule}",
        "en": "{players} players · {decks} · {rounds} rounds: {schedule}",
    },
    "pdf.plump.how_to": {
        "sv": "Skriv budet i rutan Bud när det läggs; efter rundan poängen i rutan Poäng, eller ● för en plump. Given är ringad (○) och bjuder sist.",
        "nb": "Skriv meldingen i ruten Meld når den gis; etter runden poengene i ruten Poeng, eller ● for en plump. Giveren er ringet inn (○) og melder sist.",
        "en": "Write the bid in the Bid box when it is made; after the round write the score in the Score box, or ● for a plump. The dealer is ringed (○) and bids last.",
    },
    "pdf.plump.filled_how_to": {
        "sv": "\"3 → 13\": budet 3 gick hem, 13 poäng. \"4 → ●\": budet 4 sprack, en plump.",
        "nb": "\"3 → 13\": meldingen 3 holdt, 13 poeng. \"4 → ●\": meldingen 4 sprakk, en plump.",
        "en": "\"3 → 13\": bid 3 made, 13 points. \"4 → ●\": bid 4 missed, a plump.",
    },
    "pdf.plump.deal": {
        "sv": "Given roterar medsols varje runda. Alla ser sin hand och bjuder 0 till antalet kort, med början till vänster om given; given bjuder sist.",
        "nb": "Giveren går med klokka hver runde. Alle ser hånden sin og melder 0 til antall kort, fra venstre for giveren; giveren melder sist.",
        "en": "The deal moves clockwise every round. Everyone looks at their hand and bids 0 up to the number of cards, starting left of the dealer; the dealer bids last.",
    },
    "pdf.plump.lead.left-of-dealer": {
        "sv": "Spelaren till vänster om given spelar ut första sticket; den som tar ett stick spelar ut nästa.",
        "nb": "Spilleren til venstre for giveren spiller ut første stikk; den som tar et stikk, spiller ut neste.",
        "en": "The player left of the dealer leads the first trick; whoever wins a trick leads the next.",
    },
    "pdf.plump.lead.highest-bidder": {
        "sv": "Den som bjöd högst spelar ut första sticket (vid lika den som bjöd först); den som tar ett stick spelar ut nästa.",
        "nb": "Den som meldte høyest, spiller ut første stikk (ved likt den som meldte først); den som tar et stikk, spiller ut neste.",
        "en": "The highest bidder leads the first trick (on a tie, the one who bid first); whoever wins a trick leads the next.",
    },
    "pdf.plump.hook": {
        "sv": "Spärren: given får inte bjuda så att summan av buden blir lika med antalet stick – någon måste gå bet.",
        "nb": "Kroken: giveren kan ikke melde slik at summen av meldingene blir lik antall stikk – noen må bomme.",
        "en": "The hook: the dealer may not bid so that the bids add up to the number of tricks – someone must miss.",
    },
    "pdf.plump.hook_not_last": {
        "sv": "Spärren gäller inte i sista rundan.",
        "nb": "Kroken gjelder ikke i siste runde.",
        "en": "The hook is lifted in the last round.",
    },
    "pdf.plump.no_hook": {
        "sv": "Ingen spärr: buden får gå jämnt ut.",
        "nb": "Ingen krok: meldingene kan gå opp i antall stikk.",
        "en": "No hook: the bids may add up to the number of tricks.",
    },
    "pdf.plump.trump.turned-up": {
        "sv": "Trumf: efter given vänds nästa kort upp; dess färg är trumf (skriv den i kolumnen Trumf).",
        "nb": "Trumf: etter given snus neste kort; fargen er trumf (skriv den i kolonnen Trumf).",
        "en": "Trump: after the deal the next card is turned up; its suit is trump (write it in the Trump column).",
    },
    "pdf.plump.trump.none": {
        "sv": "Ingen trumf: högsta kortet i utspelad färg tar sticket.",
        "nb": "Ingen trumf: høyeste kort i utspilt farge tar stikket.",
        "en": "No trump: the highest card of the suit led wins the trick.",
    },
    "pdf.plump.trump.rotating": {
        "sv": "Trumfen roterar: {order}, sedan om igen (– = utan trumf; se kolumnen Trumf).",
        "nb": "Trumfen går på rundgang: {order}, så på nytt (– = uten trumf; se kolonnen Trumf).",
        "en": "Trump rotates: {order}, then again (– = no trump; see the Trump column).",
    },
    "pdf.plump.trump.fixed": {
        "sv": "Trumf: alltid {symbol} {suit}.",
        "nb": "Trumf: alltid {symbol} {suit}.",
        "en": "Trump: always {symbol} {suit}.",
    },
    "pdf.plump.play_no_trump": {
        "sv": "Bekänn färg om du kan, annars valfritt kort.",
        "nb": "Følg farge om du kan, ellers valgfritt kort.",
        "en": "Follow suit if you can, otherwise play any card.",
    },
    "pdf.plump.play": {
        "sv": "Bekänn färg om du kan, annars valfritt kort. Högsta trumf tar sticket, annars högsta kortet i utspelad färg.",
        "nb": "Følg farge om du kan, ellers valgfritt kort. Høyeste trumf tar stikket, ellers høyeste kort i utspilt farge.",
        "en": "Follow suit if you can, otherwise play any card. The highest trump wins the trick, otherwise the highest card of the suit led.",
    },
    "pdf.plump.must_trump": {
        "sv": "Trumftvång: saknar du färgen men har trumf måste du trumfa.",
        "nb": "Trumftvang: mangler du fargen, men har trumf, må du trumfe.",
        "en": "Must trump: if you cannot follow suit but hold trump, you must play a trump.",
    },
    "pdf.plump.two_decks": {
        "sv": "Två kortlekar: av två likadana kort i ett stick vinner det som lades sist.",
        "nb": "To kortstokker: av to like kort i et stikk vinner det som ble lagt sist.",
        "en": "Two decks: of two identical cards in a trick, the one played later wins.",
    },
    "pdf.plump.blind_hand": {
        "sv": "Två spelare: en tredje blindhand delas ut men spelas och visas aldrig.",
        "nb": "To spillere: en tredje blindhånd deles ut, men spilles og vises aldri.",
        "en": "Two players: a third blind hand is dealt but never played or shown.",
    },
    "pdf.plump.scoring.standard": {
        "sv": "Rätt bud: 10 + antalet stick (bud 3 → {made3}, bud 0 → {made0}). Fel bud, hur lite det än är: plump ● = {missed} poäng.",
        "nb": "Riktig melding: 10 + antall stikk (melding 3 → {made3}, melding 0 → {made0}). Feil melding, uansett hvor lite: plump ● = {missed} poeng.",
        "en": "Exact bid: 10 + the tricks (bid 3 → {made3}, bid 0 → {made0}). Any missed bid: a plump ● = {missed} points.",
    },
    "pdf.plump.scoring.trick-points": {
        "sv": "1 poäng per stick, + 10 om budet går hem (bud 3, 3 stick → {made3}; bud 3, 5 stick → {over}).",
        "nb": "1 poeng per stikk, + 10 om meldingen holder (melding 3, 3 stikk → {made3}; melding 3, 5 stikk → {over}).",
        "en": "1 point per trick, + 10 when the bid is exact (bid 3, 3 tricks → {made3}; bid 3, 5 tricks → {over}).",
    },
    "pdf.plump.scoring.penalty": {
        "sv": "Rätt bud: 10 + antalet stick (bud 3 → {made3}, bud 0 → {made0}). Fel bud: minus antalet stick du missade med (bud 3, 5 stick → {over}).",
        "nb": "Riktig melding: 10 + antall stikk (melding 3 → {made3}, melding 0 → {made0}). Feil melding: minus antall stikk du bommet med (melding 3, 5 stikk → {over}).",
        "en": "Exact bid: 10 + the tricks (bid 3 → {made3}, bid 0 → {made0}). Missed bid: minus the tricks you missed by (bid 3, 5 tricks → {over}).",
    },
    "pdf.plump.scoring.tricks-only": {
        "sv": "Rätt bud: lika många poäng som stick, ingen tia (bud 3 → {made3}, bud 0 → {made0}). Fel bud: plump ● = {missed} poäng.",
        "nb": "Riktig melding: like mange poeng som stikk, ingen tier (melding 3 → {made3}, melding 0 → {made0}). Feil melding: plump ● = {missed} poeng.",
        "en": "Exact bid: as many points as tricks, no ten (bid 3 → {made3}, bid 0 → {made0}). Missed bid: a plump ● = {missed} points.",
    },
    "pdf.plump.scoring.one-in-front": {
        "sv": "Rätt bud: en etta framför budet (bud 3 → {made3}, bud 10 → {made10}, bud 0 → {made0}). Fel bud: plump ● = {missed} poäng.",
        "nb": "Riktig melding: en ener foran meldingen (melding 3 → {made3}, melding 10 → {made10}, melding 0 → {made0}). Feil melding: plump ● = {missed} poeng.",
        "en": "Exact bid: a 1 in front of the bid (bid 3 → {made3}, bid 10 → {made10}, bid 0 → {made0}). Missed bid: a plump ● = {missed} points.",
    },
    "pdf.plump.win.share": {
        "sv": "Flest poäng efter sista rundan vinner; lika delar segern.",
        "nb": "Flest poeng etter siste runde vinner; likt deler seieren.",
        "en": "The highest total after the last round wins; a tie shares the win.",
    },
    "pdf.plump.win.extra-round": {
        "sv": "Flest poäng efter sista rundan vinner; vid lika spelar de ledande en extra runda med {size} kort.",
        "nb": "Flest poeng etter siste runde vinner; ved likt spiller de som leder en ekstra runde med {size} kort.",
        "en": "The highest total after the last round wins; tied leaders play one more round of {size} cards.",
    },
    "pdf.plump.ink_blots": {
        "sv": "Rita plumpen som en riktig bläckplump!",
        "nb": "Tegn plumpen som en ordentlig blekkflekk!",
        "en": "Draw each plump as a real ink blot!",
    },
})

register({
    # ---------------------------------------------------------------- Femkamp
    "pdf.femkamp.title": {"sv": "Femkamp – protokoll", "nb": "Femkamp – protokoll", "en": "Femkamp – score sheet"},
    "pdf.femkamp.subtitle": {
        "sv": "{players} spelare · {hand} kort var i stickrundorna · lägst summa vinner",
        "nb": "{players} spillere · {hand} kort hver i stikkrundene · lavest sum vinner",
        "en": "{players} players · {hand} cards each in the trick rounds · lowest total wins",
    },
    "pdf.femkamp.prikk": {"sv": "prickar", "nb": "prikker", "en": "prikks"},
    "pdf.femkamp.cards_left": {"sv": "kort kvar", "nb": "kort igjen", "en": "cards left"},
    "pdf.femkamp.how_to": {
        "sv": "Skriv rundans poäng i rutan Poäng och den löpande summan i rutan Summa. I kabalen: ett streck per prick, sedan korten som blev kvar.",
        "nb": "Skriv rundens poeng i ruten Poeng og løpende sum i ruten Sum. I kabalen: en strek per prikk, så kortene som ble igjen.",
        "en": "Write the round's points in the Score box and the running total in the Total box. In the kabal round: one stroke per prikk, then the cards left.",
    },
    "pdf.femkamp.filled_how_to": {
        "sv": "Varje runda läggs till den löpande summan; lägst summa efter fem rundor vinner.",
        "nb": "Hver runde legges til løpende sum; lavest sum etter fem runder vinner.",
        "en": "Each round adds to the running total; the lowest total after five rounds wins.",
    },
    "pdf.femkamp.deck_all": {
        "sv": "{players} spelare: alla 52 kort delas ut, {hand} var.",
        "nb": "{players} spillere: alle 52 kort deles ut, {hand} hver.",
        "en": "{players} players: all 52 cards are dealt, {hand} each.",
    },
    "pdf.femkamp.deck_removed": {
        "sv": "{players} spelare: ta bort {removed} i stickrundorna ({hand} kort var); de är med igen i kabalen.",
        "nb": "{players} spillere: ta ut {removed} i stikkrundene ({hand} kort hver); de er med igjen i kabalen.",
        "en": "{players} players: take out {removed} for the trick rounds ({hand} cards each); they return for the kabal.",
    },
    "pdf.femkamp.tricks": {
        "sv": "Stickrundorna: ingen trumf. Bekänn färg om du kan; högsta kortet i utspelad färg tar sticket och spelar ut nästa.",
        "nb": "Stikkrundene: ingen trumf. Følg farge om du kan; høyeste kort i utspilt farge tar stikket og spiller ut neste.",
        "en": "Trick rounds: no trump. Follow suit if you can; the highest card of the suit led wins the trick and leads the next.",
    },
    "pdf.femkamp.round_line": {
        "sv": "{number}. {title}: {goal} ({scoring}).",
        "nb": "{number}. {title}: {goal} ({scoring}).",
        "en": "{number}. {title}: {goal} ({scoring}).",
    },
    "pdf.femkamp.kabal": {
        "sv": "Kabalen: alla 52 kort delas ut. Sjuorna startar raderna, som byggs nedåt till ess och uppåt till kung. Kan du lägga måste du; annars säger du ”prick” (+1). Rundan slutar när någon blivit av med sina kort; de andra får +1 per kort kvar.",
        "nb": "Kabalen: alle 52 kort deles ut. Sjuerne starter radene, som bygges nedover til ess og oppover til konge. Kan du legge, må du; ellers sier du «prikk» (+1). Runden slutter når noen er tom for kort; de andre får +1 per kort igjen.",
        "en": "Kabal: all 52 cards are dealt. The sevens start the rows, built down to the ace and up to the king. If you can play, you must; otherwise say \"prikk\" (+1). The round ends when someone is out of cards; the others score +1 per card left.",
    },
    "pdf.femkamp.starter.left-of-dealer": {
        "sv": "Spelaren till vänster om given spelar ut först (och börjar kabalen).",
        "nb": "Spilleren til venstre for giveren spiller ut først (og begynner kabalen).",
        "en": "The player left of the dealer leads first (and starts the kabal).",
    },
    "pdf.femkamp.starter.seven-of-hearts": {
        "sv": "Spelaren till vänster om given spelar ut först; i kabalen börjar den som har 7♥, med den.",
        "nb": "Spilleren til venstre for giveren spiller ut først; i kabalen begynner den som har 7♥, med den.",
        "en": "The player left of the dealer leads first; in the kabal the holder of 7♥ starts with it.",
    },
    "pdf.femkamp.dealer_rotates": {
        "sv": "Given flyttar ett steg medsols efter varje runda.",
        "nb": "Giveren flytter ett sete med klokka etter hver runde.",
        "en": "The deal moves one seat clockwise after each round.",
    },
    "pdf.femkamp.dealer_fixed": {
        "sv": "Samma giv alla fem rundor.",
        "nb": "Samme giver alle fem runder.",
        "en": "The same dealer deals all five rounds.",
    },
    "pdf.femkamp.win.share": {
        "sv": "Lägst summa efter fem rundor vinner; lika delar segern. Exempel: 3 + 2 + 4 − 5 + (2 prickar + 4 kort = 6) = 10.",
        "nb": "Lavest sum etter fem runder vinner; likt deler seieren. Eksempel: 3 + 2 + 4 − 5 + (2 prikker + 4 kort = 6) = 10.",
        "en": "The lowest total after five rounds wins; a tie shares the win. Example: 3 + 2 + 4 − 5 + (2 prikks + 4 cards = 6) = 10.",
    },
    "pdf.femkamp.win.rematch": {
        "sv": "Lägst summa efter fem rundor vinner; vid lika avgör en ny femkamp. Exempel: 3 + 2 + 4 − 5 + (2 prickar + 4 kort = 6) = 10.",
        "nb": "Lavest sum etter fem runder vinner; ved likt avgjør en ny femkamp. Eksempel: 3 + 2 + 4 − 5 + (2 prikker + 4 kort = 6) = 10.",
        "en": "The lowest total after five rounds wins; a tie is settled by a new femkamp. Example: 3 + 2 + 4 − 5 + (2 prikks + 4 cards = 6) = 10.",
    },

    # ------------------------------------------------------------------ Rummy
    "pdf.rummy.title": {"sv": "Rummy – protokoll", "nb": "Rummy – protokoll", "en": "Rummy – score sheet"},
    "pdf.rummy.subtitle.target": {
        "sv": "{players} spelare · {hand} kort var · slut när någon når {target} poäng · lägst summa vinner",
        "nb": "{players} spillere · {hand} kort hver · slutt når noen når {target} poeng · lavest sum vinner",
        "en": "{players} players · {hand} cards each · ends when someone reaches {target} points · lowest total wins",
    },
    "pdf.rummy.subtitle.rounds": {
        "sv": "{players} spelare · {hand} kort var · {rounds} rundor · lägst summa vinner",
        "nb": "{players} spillere · {hand} kort hver · {rounds} runder · lavest sum vinner",
        "en": "{players} players · {hand} cards each · {rounds} rounds · lowest total wins",
    },
    "pdf.rummy.how_to": {
        "sv": "Efter varje runda: skriv minuspoängen för korten du har kvar i rutan Poäng (0 för den som gick ut) och den löpande summan i rutan Summa.",
        "nb": "Etter hver runde: skriv minuspoengene for kortene du har igjen i ruten Poeng (0 for den som gikk ut) og løpende sum i ruten Sum.",
        "en": "After each round: write the penalty for the cards left in your hand in the Score box (0 for whoever went out) and the running total in the Total box.",
    },
    "pdf.rummy.filled_how_to": {
        "sv": "Varje runda läggs till den löpande summan; lägst summa vinner.",
        "nb": "Hver runde legges til løpende sum; lavest sum vinner.",
        "en": "Each round adds to the running total; the lowest total wins.",
    },
    "pdf.rummy.deal": {
        "sv": "{players} spelare: {hand} kort var. Resten är talong; översta kortet vänds upp som slänghög. Spelaren till vänster om given börjar; given flyttar medsols varje runda.",
        "nb": "{players} spillere: {hand} kort hver. Resten er bunke; øverste kort snus som kastebunke. Spilleren til venstre for giveren begynner; giveren flytter med klokka hver runde.",
        "en": "{players} players: {hand} cards each. The rest is the stock; its top card is turned to start the discard pile. The player left of the dealer starts; the deal moves clockwise every round.",
    },
    "pdf.rummy.turn": {
        "sv": "Din tur: ta ett kort från talongen eller slänghögen, lägg ut kombinationer och lägg till på bordet, släng sedan ett kort.",
        "nb": "Din tur: ta et kort fra bunken eller kastebunken, legg ut kombinasjoner og legg til på bordet, kast så et kort.",
        "en": "Your turn: draw from the stock or the discard pile, lay down melds and lay off on the table, then discard one card.",
    },
    "pdf.rummy.melds": {
        "sv": "Set: 3 eller 4 kort av samma valör. Stege: minst 3 kort i följd i samma färg; esset är lågt (A-2-3, inte Q-K-A).",
        "nb": "Sett: 3 eller 4 kort av samme verdi. Straight: minst 3 kort på rad i samme farge; esset er lavt (A-2-3, ikke Q-K-A).",
        "en": "Set: 3 or 4 cards of one rank. Run: 3 or more cards in sequence in one suit; the ace is low (A-2-3, not Q-K-A).",
    },
    "pdf.rummy.no_same_discard": {
        "sv": "Ett kort du tog från slänghögen får du inte slänga samma tur.",
        "nb": "Et kort du tok fra kastebunken, kan du ikke kaste samme tur.",
        "en": "A card taken from the discard pile may not be discarded in the same turn.",
    },
    "pdf.rummy.penalty": {
        "sv": "Den som blir av med alla kort vinner rundan (0 poäng). De andra får minuspoäng för korten kvar: ess 1, 2–10 valören, J, Q, K 10.",
        "nb": "Den som blir kvitt alle kortene, vinner runden (0 poeng). De andre får minuspoeng for kortene igjen: ess 1, 2–10 verdien, J, Q, K 10.",
        "en": "Whoever gets rid of all their cards wins the round (0 points). The others score penalty points for the cards left: ace 1, 2–10 face value, J, Q, K 10.",
    },
    "pdf.rummy.bonus": {
        "sv": "Rummy: går du ut på en gång utan att ha lagt ut något förut, dubblas allas minuspoäng den rundan.",
        "nb": "Rummy: går du ut på én gang uten å ha lagt ut noe før, dobles alles minuspoeng den runden.",
        "en": "Rummy: going out in one turn having melded nothing before doubles everyone's penalty that round.",
    },
    "pdf.rummy.reshuffle": {
        "sv": "Tar talongen slut blandas slänghögen (utom översta kortet) till ny talong; efter {times} gånger slutar rundan utan vinnare och alla räknar sina kort.",
        "nb": "Går bunken tom, stokkes kastebunken (unntatt øverste kort) til ny bunke; etter {times} ganger slutter runden uten vinner og alle teller kortene sine.",
        "en": "When the stock runs out, the discard pile (but its top card) is shuffled into a new stock; after {times} times the round ends with no winner and everyone scores their hand.",
    },
    "pdf.rummy.end.target": {
        "sv": "Spelet slutar när någon når {target} poäng; lägst summa vinner.",
        "nb": "Spillet slutter når noen når {target} poeng; lavest sum vinner.",
        "en": "The game ends when someone reaches {target} points; the lowest total wins.",
    },
    "pdf.rummy.end.rounds": {
        "sv": "Spelet slutar efter {rounds} rundor; lägst summa vinner.",
        "nb": "Spillet slutter etter {rounds} runder; lavest sum vinner.",
        "en": "The game ends after {rounds} rounds; the lowest total wins.",
    },
})
