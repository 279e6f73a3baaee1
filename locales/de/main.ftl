# Kassa-Zahlungsseite — Deutsch.

## Page frame
brand = Kassa
page-title = Zahlung über { $amount }
skip-to-content = Zur Zahlung springen
language = Sprache
secure-note = Sichere Zahlung mit Kassa. Geben Sie Ihre Karten-PIN und Einmalcodes niemals außerhalb der Website oder App Ihrer Bank weiter.
amount-label = Zu zahlender Betrag
description-label = Verwendungszweck
time-left = Verbleibende Zeit zum Bezahlen
time-left-minutes = { $minutes ->
    [one] noch etwa { $minutes } Minute
   *[other] noch etwa { $minutes } Minuten
}
time-up = Die Zeit ist abgelaufen
updating = Diese Seite aktualisiert sich automatisch.
status-updated = Der Zahlungsstatus hat sich geändert.

## Method choice
choose-method-title = Wie möchten Sie bezahlen?
choose-method-hint = Wählen Sie eine Zahlungsart. Die Zahlungsdaten folgen im nächsten Schritt.
method-payin-p2p-card = Überweisung auf eine Bankkarte
method-payin-p2p-sbp = Schnellzahlungssystem (SBP)
method-payin-1-click = Zahlung mit einem Klick
method-payin-p2p-international = Internationale Überweisung
method-payin-qr-sbp = SBP-QR-Code
method-payin-p2p-mobile = Mobile Überweisung
method-payin-p2p-card-international = Überweisung auf eine internationale Karte
method-payin-qr-link-p2p = QR-Code
method-payin-account-number = Überweisung auf ein Bankkonto
method-payin-wallet-link = E-Wallet
method-payin-ussd = USSD-Code
method-payin-eft-link = Instant EFT
method-payin-mobile-money = Mobile Money
method-payin-p2p-phone = Überweisung an eine Telefonnummer
method-payin-ecom-card = Mit Karte bezahlen

## Waiting
searching-title = Ihre Zahlungsdaten werden vorbereitet
searching-text = Das dauert meist nur wenige Sekunden.
searching-busy-title = Gerade sind keine Zahlungsdaten frei
searching-busy-text = Wir suchen bis zu einer Minute weiter. Wird nichts frei, wird diese Zahlung geschlossen, ohne dass Geld abgebucht wird, und Sie können neu beginnen.
checking-title = Ihre Zahlung wird geprüft
checking-text = Vielen Dank! Wir warten darauf, dass die Bank Ihre Überweisung bestätigt.

## Instructions
instructions-title = Überweisen Sie den genauen Betrag
instructions-card = Senden Sie das Geld aus Ihrer Banking-App an diese Kartennummer.
instructions-phone = Senden Sie das Geld aus Ihrer Banking-App an diese Telefonnummer.
instructions-account = Senden Sie das Geld auf dieses Bankkonto.
instructions-link = Öffnen Sie den Zahlungslink und bestätigen Sie den Betrag.
instructions-qr = Scannen Sie den QR-Code mit Ihrer Banking-App oder öffnen Sie den Link auf diesem Telefon.
instructions-ussd = Wählen Sie diesen Code auf Ihrem Telefon und folgen Sie den Anweisungen.
instructions-exact-amount = Senden Sie genau { $amount } in einer einzigen Zahlung, sonst kann sich die Gutschrift verzögern.
field-card-number = Kartennummer
field-phone = Telefonnummer
field-account = Kontonummer
field-link = Zahlungslink
field-ussd = USSD-Code
field-holder = Empfänger
field-bank = Bank
field-bank-code = Bankleitzahl (BIK)
field-correspondent-account = Korrespondenzkonto
field-amount = Betrag
copy = Kopieren
copy-value = Kopieren: { $what }
copied = Kopiert
open-link = Zahlungslink öffnen
dial-ussd = Code wählen
qr-alt = QR-Code des Zahlungslinks

## Actions
i-have-paid = Ich habe bezahlt
i-have-paid-hint = Tippen Sie darauf, nachdem Sie das Geld gesendet haben.
cancel-payment = Zahlung abbrechen
back-to-shop = Zurück zum Shop

## Mobile money
push-title = Bestätigen Sie die Zahlung auf Ihrem Telefon
push-text = Wir haben eine Zahlungsanfrage an Ihr Telefon gesendet. Öffnen Sie sie und geben Sie Ihre PIN ein, um { $amount } freizugeben.

## Receipt
receipt-title = Laden Sie Ihren Beleg hoch
receipt-text = Wenn Sie bereits bezahlt haben, laden Sie den Beleg Ihrer Bank hoch (ein Bild oder eine PDF-Datei, bis 5 MB), damit wir Ihre Zahlung finden.
receipt-file = Belegdatei
receipt-submit = Beleg hochladen
receipt-back = Zurück zur Zahlung
receipt-uploaded = Vielen Dank, Ihr Beleg wurde hochgeladen.
receipt-error-size = Die Datei ist größer als 5 MB.
receipt-error-type = Bitte laden Sie ein Bild (JPEG, PNG, WebP oder HEIC) oder eine PDF-Datei hoch.
receipt-error-missing = Wählen Sie eine Datei zum Hochladen.

## Results
success-title = Bezahlt
success-text = Vielen Dank! Ihre Zahlung an { $name } ist abgeschlossen.
decline-title = Zahlung nicht abgeschlossen
expired-title = Die Zahlung ist abgelaufen
reason-canceled = Die Zahlung wurde abgebrochen.
reason-expired = Die Zeit zum Bezahlen ist abgelaufen.
reason-no-requisites = Wir konnten gerade keine Zahlungsdaten vorbereiten. Bitte versuchen Sie es später noch einmal.
reason-antifraud = Die Zahlung wurde bei einer Sicherheitsprüfung abgelehnt.
reason-no-payment = Wir haben die Zahlung nicht erhalten.
reason-declined-user = Die Zahlungsanfrage wurde auf Ihrem Telefon abgelehnt.
reason-issuer = Ihre Bank hat die Zahlung abgelehnt.
reason-insufficient-funds = Das Guthaben auf der Karte reicht nicht aus.
reason-card-expired = Die Karte ist abgelaufen.
reason-3ds-failed = Ihre Bank konnte die Zahlung nicht bestätigen.
reason-other = Die Zahlung wurde abgelehnt.
dispute-title = Zahlung wird geprüft
dispute-no-payment = Wir haben Ihre Zahlung noch nicht erhalten. Wenn Sie bereits bezahlt haben, laden Sie den Beleg hoch.
dispute-different-amount = Wir haben einen Betrag erhalten, der von der Bestellung abweicht. Der Support meldet sich bei Ihnen.
dispute-confirm-timeout = Wir haben Ihren Beleg erhalten und prüfen die Zahlung. Das kann bis zu 24 Stunden dauern.

## Card
card-title = Mit Karte bezahlen
card-number = Kartennummer
card-expiry = Ablaufdatum
card-holder = Name auf der Karte
card-cvv = Sicherheitscode (CVV)
card-cvv-hint = 3 oder 4 Ziffern auf der Rückseite der Karte
card-pay = { $amount } bezahlen
card-error-number = Prüfen Sie die Kartennummer.
card-error-expiry = Prüfen Sie das Ablaufdatum.
card-error-holder = Geben Sie den Namen so ein, wie er auf der Karte steht, in lateinischen oder kyrillischen Buchstaben.
card-error-cvv = Der Sicherheitscode hat 3 oder 4 Ziffern.
card-expiry-placeholder = MM/JJ
card-error-number-empty = Geben Sie die Kartennummer ein.
card-error-number-length = Diese Kartennummer hat zu wenige oder zu viele Ziffern für ihren Kartentyp.
card-error-expiry-empty = Geben Sie das Ablaufdatum so ein, wie es auf der Karte steht: MM/JJ.
card-error-expired = Diese Karte ist abgelaufen. Verwenden Sie eine andere Karte.
card-error-holder-empty = Geben Sie den Namen so ein, wie er auf der Karte steht.
card-error-holder-digits = Der Name darf keine Ziffern enthalten. Geben Sie ihn so ein, wie er auf der Karte steht.
card-error-cvv-empty = Geben Sie den Sicherheitscode von der Rückseite der Karte ein.
card-error-cvv-3 = Der Sicherheitscode dieser Karte hat 3 Ziffern.
card-error-cvv-4 = Der Sicherheitscode dieser Karte hat 4 Ziffern (auf der Vorderseite).
card-processing = Ihre Karte wird geprüft…
threeds-title = Bei Ihrer Bank bestätigen
threeds-text = Als Nächstes öffnet sich die Seite Ihrer Bank, damit Sie die Zahlung bestätigen können.
threeds-continue = Weiter zur Bank

## Errors
not-found-title = Zahlung nicht gefunden
not-found-text = Dieser Zahlungslink ist ungültig. Kehren Sie zum Shop zurück und starten Sie die Zahlung neu.
error-session = Ihre Sitzung ist abgelaufen. Bitte versuchen Sie es noch einmal.
error-not-available = Diese Aktion ist für diese Zahlung nicht mehr verfügbar.

## Sandbox panel
sandbox-title = Sandbox
sandbox-text = Testmodus: Diese Schaltflächen tun, was der Betreiber und die Bank tun würden.
sandbox-received = Geld eingegangen
sandbox-different = Anderer Betrag eingegangen
sandbox-expire = Zeit ablaufen lassen
sandbox-push-accept = Push-Anfrage annehmen
sandbox-push-refuse = Push-Anfrage ablehnen

## Demo shop
shop-title = Kassa-Demoshop
shop-intro = Probieren Sie eine Zahlung von Anfang bis Ende aus. Dieser Shop erstellt eine echte, signierte Widget-Zahlung im Sandbox-Modus und leitet Sie zu ihrer Zahlungsseite weiter.
shop-country = Land und Zahlungsart
shop-amount = Betrag
shop-pay = Zur Zahlungsseite
shop-any-method = Auf der Zahlungsseite wählen
shop-error-choice = Wählen Sie ein Land und eine Zahlungsart aus der Liste.
shop-error-amount = Geben Sie den Betrag als Zahl ein, zum Beispiel 1500 oder 1500,50.
shop-error-refused = Die Zahlung konnte nicht erstellt werden. Der Zahlungsdienst antwortete:
shop-error-unreachable = Der Zahlungsdienst hat nicht geantwortet. Bitte versuchen Sie es in einer Minute noch einmal.

## Sandbox bank pages
acs-title = Ihre Bank: Zahlung bestätigen
acs-text = Geben Sie den Einmalcode ein, der an Ihr Telefon gesendet wurde. In der Sandbox lautet der Code 123456.
acs-code = Einmalcode
acs-submit = Bestätigen
acs-wrong-code = Falscher Code. Verbleibende Versuche: { $left }
acs-cancel = Abbrechen
bank-title = Ihre Bank
bank-text = Geben Sie die Zahlung von { $amount } an den Händler frei.
bank-approve = Freigeben
bank-decline = Ablehnen
unavailable-title = Vorübergehend nicht verfügbar
unavailable-text = Diese Zahlungsseite kann gerade nicht angezeigt werden. Bitte versuchen Sie es in einer Minute noch einmal.
sandbox-banner = Sandbox: nur Testzahlungen, es wird kein echtes Geld bewegt.

## Trust and recovery (issue 13)
payee = Zahlung an { $name }
amount-label-paid = Bezahlt
amount-label-final = Betrag
instructions-title-link = Öffnen Sie den Zahlungslink
instructions-title-ussd = Wählen Sie den Code
checking-details-title = Haben Sie das Geld noch nicht gesendet?
checking-details-text = Die Zahlungsdaten bleiben hier, bis die Zahlung abgeschlossen ist. Senden Sie genau den angezeigten Betrag.
change-method = Andere Zahlungsart wählen
cancel-confirm-title = Diese Zahlung abbrechen?
cancel-confirm-text = Die Zahlung wird geschlossen und diese Zahlungsdaten funktionieren nicht mehr. Wenn Sie das Geld bereits gesendet haben, brechen Sie nicht ab: Tippen Sie stattdessen auf „Ich habe bezahlt“.
cancel-confirm-text-paid = Sie haben angegeben, dass Sie das Geld gesendet haben. Wenn Sie jetzt abbrechen, wartet der Shop nicht mehr darauf, und eine Rückerstattung kann lange dauern. Brechen Sie nur ab, wenn Sie das Geld nicht gesendet haben.
cancel-confirm-yes = Ja, Zahlung abbrechen
cancel-confirm-no = Nein, zurück zur Zahlung
card-try-another = Sie können mit einer anderen Karte bezahlen. Karten, die Sie noch versuchen können: { $left }.
record-title = Zahlungsbeleg
record-status = Status
record-reference = Referenz
record-date = Datum und Uhrzeit
record-method = Zahlungsart
record-card = Karte
record-card-ending = endet auf { $last4 }
record-payee = Empfänger
record-contact = Fragen zu dieser Zahlung? Wenden Sie sich an { $name } und nennen Sie die Referenz { $reference }.
record-print = Beleg drucken oder speichern
record-print-hint = Nutzen Sie die Funktion „Drucken“ oder „Teilen“ Ihres Browsers, um diesen Beleg aufzubewahren.
record-outcome-paid = Bezahlt
record-outcome-declined = Nicht bezahlt
record-outcome-expired = Nicht bezahlt: Die Zeit ist abgelaufen
record-outcome-canceled = Abgebrochen
record-outcome-review = Wird geprüft
next-success = Bewahren Sie diesen Beleg auf. Der Shop weiß bereits, dass Sie bezahlt haben.
next-declined = Für diese Zahlung wurde kein Geld abgebucht. Sie können zum Shop zurückkehren und erneut bezahlen.
next-expired = Wenn Sie das Geld gesendet haben, bevor die Zeit abgelaufen ist, wenden Sie sich mit der obigen Referenz an den Shop. Andernfalls kehren Sie zum Shop zurück und beginnen Sie neu.
next-canceled = Die Zahlung wurde abgebrochen, es wurde kein Geld abgebucht. Sie können zum Shop zurückkehren und erneut bezahlen.
next-dispute = Wir prüfen diese Zahlung. Bewahren Sie die obige Referenz auf; der Shop teilt Ihnen das Ergebnis mit.
return-in = Zurück zum Shop:
return-in-seconds = { $seconds ->
    [one] in { $seconds } Sekunde
   *[other] in { $seconds } Sekunden
}
return-now = jetzt
return-stay = Auf dieser Seite bleiben

## Method choice explained (issue 13)
method-how-payin-p2p-card = Senden Sie Geld aus Ihrer Banking-App an eine Kartennummer.
method-how-payin-p2p-sbp = Senden Sie Geld per Telefonnummer über das Schnellzahlungssystem (SBP) in Ihrer Banking-App.
method-how-payin-1-click = Bestätigen Sie die Zahlung in einem Schritt in der App Ihrer Bank.
method-how-payin-p2p-international = Senden Sie Geld von einem Bankkonto im Ausland.
method-how-payin-qr-sbp = Scannen Sie einen QR-Code mit Ihrer Banking-App; der Betrag wird automatisch eingetragen.
method-how-payin-p2p-mobile = Zahlen Sie über Ihren Mobilfunkanbieter auf ein Mobilfunkkonto (nicht SBP).
method-how-payin-p2p-card-international = Senden Sie Geld aus Ihrer Banking-App an die Karte einer ausländischen Bank.
method-how-payin-qr-link-p2p = Öffnen Sie einen Link (oder scannen Sie seinen QR-Code), der zur Zahlungsseite der Empfängerbank führt.
method-how-payin-account-number = Überweisen Sie aus Ihrer Banking-App auf eine Bankkontonummer.
method-how-payin-wallet-link = Zahlen Sie aus Ihrer E-Wallet: Ein Link öffnet sie mit der fertigen Zahlung.
method-how-payin-ussd = Wählen Sie einen Kurzcode auf Ihrem Telefon; Internet oder App sind nicht nötig.
method-how-payin-eft-link = Zahlen Sie von Ihrem Bankkonto über einen sicheren Link zu Ihrer Bank.
method-how-payin-mobile-money = Bestätigen Sie eine Anfrage auf Ihrem Telefon mit Ihrer Mobile-Money-PIN.
method-how-payin-p2p-phone = Senden Sie Geld aus Ihrer Banking-App an eine Telefonnummer.
method-how-payin-ecom-card = Im nächsten Schritt geben Sie Ihre Kartendaten ein.

## Mobile money (issue 13)
push-sent-to = Wir haben die Anfrage an { $phone } gesendet.
push-ask-phone = Geben Sie die Telefonnummer Ihres Mobile-Money-Kontos ein, dann senden wir die Zahlungsanfrage dorthin.
push-phone = Telefonnummer
push-phone-hint = Nur Ziffern, mit Ländervorwahl, zum Beispiel 254712345678.
push-phone-error = Prüfen Sie die Telefonnummer: nur Ziffern, 8 bis 15 Stellen.
push-send = Zahlungsanfrage senden
push-send-again = Anfrage erneut senden
push-again-in = { $seconds ->
    [one] Sie können die Anfrage in { $seconds } Sekunde erneut senden.
   *[other] Sie können die Anfrage in { $seconds } Sekunden erneut senden.
}
push-not-received = Nichts erhalten? Prüfen Sie, ob Ihr Telefon eingeschaltet ist und Empfang hat.
notice-push-sent = Die Zahlungsanfrage wurde erneut gesendet.
notice-push-wait = Bitte warten Sie eine Minute, bevor Sie die Anfrage erneut senden.
