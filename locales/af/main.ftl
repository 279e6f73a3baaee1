# Kassa-betaalblad — Afrikaans.

## Page frame
brand = Kassa
page-title = Betaling van { $amount }
skip-to-content = Gaan direk na die betaling
language = Taal
secure-note = Veilige betaling deur Kassa. Deel nooit u kaart se PIN of eenmalige kodes buite u bank se eie blad of app nie.
amount-label = Bedrag om te betaal
description-label = Doel
time-left = Tyd oor om te betaal
time-left-minutes = { $minutes ->
    [one] ongeveer { $minutes } minuut oor
   *[other] ongeveer { $minutes } minute oor
}
time-up = Die tyd is verby
updating = Hierdie blad werk vanself by.
status-updated = Die betalingstatus het verander.

## Method choice
choose-method-title = Hoe wil u betaal?
choose-method-hint = Kies hoe u wil betaal. Die betalingsbesonderhede volg in die volgende stap.
method-payin-p2p-card = Oorplasing na 'n bankkaart
method-payin-p2p-sbp = Kitsbetalingstelsel (SBP)
method-payin-1-click = Eenklikbetaling
method-payin-p2p-international = Internasionale oorplasing
method-payin-qr-sbp = SBP-QR-kode
method-payin-p2p-mobile = Mobiele oorplasing
method-payin-p2p-card-international = Oorplasing na 'n internasionale kaart
method-payin-qr-link-p2p = QR-kode
method-payin-account-number = Bankrekeningoorplasing
method-payin-wallet-link = E-beursie
method-payin-ussd = USSD-kode
method-payin-eft-link = Kits-EFT
method-payin-mobile-money = Mobiele geld
method-payin-p2p-phone = Oorplasing per telefoonnommer
method-payin-ecom-card = Betaal met 'n kaart

## Waiting
searching-title = Ons berei u betalingsbesonderhede voor
searching-text = Dit neem gewoonlik 'n paar sekondes.
searching-busy-title = Daar is nou geen betalingsbesonderhede beskikbaar nie
searching-busy-text = Ons soek tot 'n minuut lank verder. As niks beskikbaar word nie, word hierdie betaling gesluit sonder dat enige geld afgetrek word, en u kan weer begin.
checking-title = Ons kontroleer u betaling
checking-text = Dankie! Ons wag dat die bank u oorplasing bevestig.

## Instructions
instructions-title = Dra die presiese bedrag oor
instructions-card = Stuur die geld vanaf u bankapp na hierdie kaartnommer.
instructions-phone = Stuur die geld vanaf u bankapp na hierdie telefoonnommer.
instructions-account = Stuur die geld na hierdie bankrekening.
instructions-link = Maak die betaalskakel oop en bevestig die bedrag.
instructions-qr = Skandeer die QR-kode met u bankapp, of maak die skakel op hierdie selfoon oop.
instructions-ussd = Skakel hierdie kode op u selfoon en volg die aanwysings.
instructions-exact-amount = Stuur presies { $amount } in een betaling, anders kan die inbetaling vertraag word.
field-card-number = Kaartnommer
field-phone = Telefoonnommer
field-account = Rekeningnommer
field-link = Betaalskakel
field-ussd = USSD-kode
field-holder = Ontvanger
field-bank = Bank
field-bank-code = Bankkode (BIK)
field-correspondent-account = Korrespondentrekening
field-amount = Bedrag
copy = Kopieer
copy-value = Kopieer { $what }
copied = Gekopieer
open-link = Maak die betaalskakel oop
dial-ussd = Skakel die kode
qr-alt = QR-kode van die betaalskakel

## Actions
i-have-paid = Ek het betaal
i-have-paid-hint = Druk hierdie knoppie nadat u die geld gestuur het.
cancel-payment = Kanselleer die betaling
back-to-shop = Terug na die winkel

## Mobile money
push-title = Bevestig die betaling op u selfoon
push-text = Ons het 'n betaalversoek na u selfoon gestuur. Maak dit oop en voer u PIN in om { $amount } goed te keur.

## Receipt
receipt-title = Laai u kwitansie op
receipt-text = As u reeds betaal het, laai die kwitansie van u bank op ('n prent of 'n PDF, tot 5 MB) sodat ons u betaling kan vind.
receipt-file = Kwitansielêer
receipt-submit = Laai die kwitansie op
receipt-back = Terug na die betaling
receipt-uploaded = Dankie, u kwitansie is opgelaai.
receipt-error-size = Die lêer is groter as 5 MB.
receipt-error-type = Laai asseblief 'n prent (JPEG, PNG, WebP of HEIC) of 'n PDF op.
receipt-error-missing = Kies 'n lêer om op te laai.

## Results
success-title = Betaling voltooi
success-text = Dankie! U betaling aan { $name } is voltooi.
decline-title = Betaling nie voltooi nie
expired-title = Die betaling het verval
reason-canceled = Die betaling is gekanselleer.
reason-expired = Die tyd om te betaal het verstryk.
reason-no-requisites = Ons kon nie nou betalingsbesonderhede voorberei nie. Probeer asseblief later weer.
reason-antifraud = Die betaling is deur 'n sekuriteitskontrole geweier.
reason-no-payment = Ons het nie die betaling ontvang nie.
reason-declined-user = Die betaalversoek is op u selfoon geweier.
reason-issuer = U bank het die betaling geweier.
reason-insufficient-funds = Daar is nie genoeg geld op die kaart nie.
reason-card-expired = Die kaart het verval.
reason-3ds-failed = U bank kon nie die betaling bevestig nie.
reason-other = Die betaling is geweier.
dispute-title = Betaling word nagegaan
dispute-no-payment = Ons het u betaling nog nie ontvang nie. As u reeds betaal het, laai die kwitansie op.
dispute-different-amount = Ons het 'n bedrag ontvang wat van die bestelling verskil. Ons ondersteuningspan sal u kontak.
dispute-confirm-timeout = Ons het u kwitansie ontvang en kontroleer die betaling. Dit kan tot 24 uur duur.

## Card
card-title = Betaal met 'n kaart
card-number = Kaartnommer
card-expiry = Vervaldatum
card-holder = Naam op die kaart
card-cvv = Sekuriteitskode (CVV)
card-cvv-hint = 3 of 4 syfers agter op die kaart
card-pay = Betaal { $amount }
card-error-number = Kontroleer die kaartnommer.
card-error-expiry = Kontroleer die vervaldatum.
card-error-holder = Voer die naam in soos dit op die kaart gedruk is, in Latynse of Cyrilliese letters.
card-error-cvv = Die sekuriteitskode het 3 of 4 syfers.
card-expiry-placeholder = MM/JJ
card-error-number-empty = Voer die kaartnommer in.
card-error-number-length = Hierdie kaartnommer het te min of te veel syfers vir sy kaartsoort.
card-error-expiry-empty = Voer die vervaldatum in soos dit op die kaart gedruk is: MM/JJ.
card-error-expired = Hierdie kaart het verval. Gebruik 'n ander kaart.
card-error-holder-empty = Voer die naam in soos dit op die kaart gedruk is.
card-error-holder-digits = Die naam mag nie syfers bevat nie. Voer dit in soos dit op die kaart gedruk is.
card-error-cvv-empty = Voer die sekuriteitskode agter op die kaart in.
card-error-cvv-3 = Die sekuriteitskode van hierdie kaart het 3 syfers.
card-error-cvv-4 = Die sekuriteitskode van hierdie kaart het 4 syfers (op die voorkant).
card-processing = Ons kontroleer u kaart…
threeds-title = Bevestig by u bank
threeds-text = U bank se blad maak nou oop sodat u die betaling kan bevestig.
threeds-continue = Gaan voort na die bank

## Errors
not-found-title = Betaling nie gevind nie
not-found-text = Hierdie betaalskakel is nie geldig nie. Gaan terug na die winkel en begin die betaling weer.
error-session = U sessie het verval. Probeer asseblief weer.
error-not-available = Hierdie handeling is nie meer vir hierdie betaling beskikbaar nie.

## Sandbox panel
sandbox-title = Toetsomgewing
sandbox-text = Toetsmodus: hierdie knoppies doen wat die operateur en die bank sou doen.
sandbox-received = Geld ontvang
sandbox-different = Ander bedrag ontvang
sandbox-expire = Laat die tyd verstryk
sandbox-push-accept = Keur die push-versoek goed
sandbox-push-refuse = Weier die push-versoek

## Demo shop
shop-title = Kassa-demowinkel
shop-intro = Probeer 'n betaling van begin tot einde. Hierdie winkel skep 'n regte, ondertekende widget-betaling in toetsmodus en stuur u na die betaalblad daarvan.
shop-country = Land en metode
shop-amount = Bedrag
shop-pay = Gaan na die betaalblad
shop-any-method = Ek kies self op die blad
shop-error-choice = Kies 'n land en 'n betaalmetode uit die lys.
shop-error-amount = Voer die bedrag as 'n getal in, byvoorbeeld 1500 of 1500.50.
shop-error-refused = Die betaling kon nie geskep word nie. Die betaaldiens het geantwoord:
shop-error-unreachable = Die betaaldiens het nie geantwoord nie. Probeer asseblief oor 'n minuut weer.

## Sandbox bank pages
acs-title = U bank: bevestig die betaling
acs-text = Voer die eenmalige kode in wat na u selfoon gestuur is. In die toetsomgewing is die kode 123456.
acs-code = Eenmalige kode
acs-submit = Bevestig
acs-wrong-code = Verkeerde kode. Pogings oor: { $left }
acs-cancel = Kanselleer
bank-title = U bank
bank-text = Keur die betaling van { $amount } aan die handelaar goed.
bank-approve = Keur goed
bank-decline = Weier
unavailable-title = Tydelik nie beskikbaar nie
unavailable-text = Hierdie betaalblad kan nie nou gewys word nie. Probeer asseblief oor 'n minuut weer.
sandbox-banner = Toetsomgewing: slegs toetsbetalings, geen regte geld word oorgedra nie.

## Trust and recovery (issue 13)
payee = Betaling aan { $name }
amount-label-paid = Betaal
amount-label-final = Bedrag
instructions-title-link = Maak die betaalskakel oop
instructions-title-ussd = Skakel die kode
checking-details-title = Het u nog nie die geld gestuur nie?
checking-details-text = Die betalingsbesonderhede bly hier totdat die betaling voltooi is. Stuur presies die bedrag wat hier gewys word.
change-method = Kies 'n ander betaalmetode
cancel-confirm-title = Kanselleer hierdie betaling?
cancel-confirm-text = Die betaling word gesluit en hierdie betalingsbesonderhede sal nie meer werk nie. As u die geld reeds gestuur het, moet u nie kanselleer nie: druk eerder “Ek het betaal”.
cancel-confirm-text-paid = U het gesê dat u die geld gestuur het. As u nou kanselleer, sal die winkel nie daarvoor wag nie, en 'n terugbetaling kan lank duur. Kanselleer slegs as u dit nie gestuur het nie.
cancel-confirm-yes = Ja, kanselleer die betaling
cancel-confirm-no = Nee, terug na die betaling
card-try-another = U kan met 'n ander kaart betaal. Kaarte wat u nog kan probeer: { $left }.
record-title = Betalingsrekord
record-status = Status
record-reference = Verwysing
record-date = Datum en tyd
record-method = Metode
record-card = Kaart
record-card-ending = eindig op { $last4 }
record-payee = Begunstigde
record-contact = Vrae oor hierdie betaling? Kontak { $name } en verstrek die verwysing { $reference }.
record-print = Druk of stoor hierdie rekord
record-print-hint = Gebruik u blaaier se Druk- of Deel-opdrag om hierdie rekord te hou.
record-outcome-paid = Betaal
record-outcome-declined = Nie betaal nie
record-outcome-expired = Nie betaal nie: die tyd het verstryk
record-outcome-canceled = Gekanselleer
record-outcome-review = Word nagegaan
next-success = Hou hierdie rekord. Die winkel is in kennis gestel dat u betaal het.
next-declined = Geen geld is vir hierdie betaling afgetrek nie. U kan na die winkel terugkeer en weer betaal.
next-expired = As u die geld gestuur het voordat die tyd verstryk het, kontak die winkel met die verwysing hierbo. Indien nie, gaan terug na die winkel en begin weer.
next-canceled = Die betaling is gekanselleer en geen geld is afgetrek nie. U kan na die winkel terugkeer en weer betaal.
next-dispute = Ons gaan hierdie betaling na. Hou die verwysing hierbo; die winkel sal u die uitslag laat weet.
return-in = Terug na die winkel:
return-in-seconds = { $seconds ->
    [one] oor { $seconds } sekonde
   *[other] oor { $seconds } sekondes
}
return-now = nou
return-stay = Bly op hierdie blad

## Method choice explained (issue 13)
method-how-payin-p2p-card = Stuur geld vanaf u bankapp na 'n kaartnommer.
method-how-payin-p2p-sbp = Stuur geld per telefoonnommer deur die Kitsbetalingstelsel (SBP) in u bankapp.
method-how-payin-1-click = Bevestig die betaling in een stap in u bank se app.
method-how-payin-p2p-international = Stuur geld vanaf 'n bankrekening in die buiteland.
method-how-payin-qr-sbp = Skandeer 'n QR-kode met u bankapp; die bedrag word vir u ingevul.
method-how-payin-p2p-mobile = Betaal aan 'n selfoonrekening deur u selfoonoperateur (nie SBP nie).
method-how-payin-p2p-card-international = Stuur geld vanaf u bankapp na 'n kaart van 'n buitelandse bank.
method-how-payin-qr-link-p2p = Maak 'n skakel oop (of skandeer sy QR-kode) wat na die betaalblad van die ontvanger se bank lei.
method-how-payin-account-number = Dra geld vanaf u bankapp oor na 'n bankrekeningnommer.
method-how-payin-wallet-link = Betaal uit u e-beursie: 'n skakel maak dit oop met die betaling gereed.
method-how-payin-ussd = Skakel 'n kort kode op u selfoon; geen internet of app nodig nie.
method-how-payin-eft-link = Betaal uit u bankrekening deur 'n veilige skakel na u bank.
method-how-payin-mobile-money = Keur 'n versoek op u selfoon goed met die PIN van u mobielegeldrekening.
method-how-payin-p2p-phone = Stuur geld vanaf u bankapp na 'n telefoonnommer.
method-how-payin-ecom-card = Voer u kaartbesonderhede in die volgende stap in.

## Mobile money (issue 13)
push-sent-to = Ons het die versoek na { $phone } gestuur.
push-ask-phone = Voer die telefoonnommer van u mobielegeldrekening in, en ons stuur die betaalversoek daarheen.
push-phone = Telefoonnommer
push-phone-hint = Slegs syfers, met die landkode, byvoorbeeld 254712345678.
push-phone-error = Kontroleer die telefoonnommer: slegs syfers, 8 tot 15.
push-send = Stuur die betaalversoek
push-send-again = Stuur die versoek weer
push-again-in = { $seconds ->
    [one] U kan die versoek oor { $seconds } sekonde weer stuur.
   *[other] U kan die versoek oor { $seconds } sekondes weer stuur.
}
push-not-received = Niks ontvang nie? Maak seker dat u selfoon aan is en sein het.
notice-push-sent = Die betaalversoek is weer gestuur.
notice-push-wait = Wag asseblief 'n minuut voordat u die versoek weer stuur.
