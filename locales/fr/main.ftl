# Page de paiement Kassa — français.

## Page frame
brand = Kassa
page-title = Paiement de { $amount }
skip-to-content = Aller au paiement
language = Langue
secure-note = Paiement sécurisé par Kassa. Ne communiquez jamais le code PIN de votre carte ni vos codes à usage unique en dehors de la page ou de l’application de votre banque.
amount-label = Montant à payer
description-label = Objet
time-left = Temps restant pour payer
time-left-minutes = { $minutes ->
    [one] il reste environ { $minutes } minute
    [many] il reste environ { $minutes } de minutes
   *[other] il reste environ { $minutes } minutes
}
time-up = Le temps est écoulé
updating = Cette page se met à jour automatiquement.
status-updated = Le statut du paiement a changé.

## Method choice
choose-method-title = Comment souhaitez-vous payer ?
choose-method-hint = Choisissez un moyen de paiement. Les coordonnées de paiement s’affichent à l’étape suivante.
method-payin-p2p-card = Virement vers une carte bancaire
method-payin-p2p-sbp = Système de paiement rapide (SBP)
method-payin-1-click = Paiement en un clic
method-payin-p2p-international = Virement international
method-payin-qr-sbp = QR code SBP
method-payin-p2p-mobile = Virement mobile
method-payin-p2p-card-international = Virement vers une carte internationale
method-payin-qr-link-p2p = QR code
method-payin-account-number = Virement sur un compte bancaire
method-payin-wallet-link = Portefeuille électronique
method-payin-ussd = Code USSD
method-payin-eft-link = EFT instantané
method-payin-mobile-money = Mobile Money
method-payin-p2p-phone = Virement par numéro de téléphone
method-payin-ecom-card = Payer par carte

## Waiting
searching-title = Préparation de vos coordonnées de paiement
searching-text = Cela prend généralement quelques secondes.
searching-busy-title = Aucune coordonnée de paiement n’est disponible pour le moment
searching-busy-text = Nous continuons à chercher pendant une minute au plus. Si rien ne se libère, ce paiement sera clôturé sans aucun débit, et vous pourrez recommencer.
checking-title = Vérification de votre paiement
checking-text = Merci ! Nous attendons que la banque confirme votre virement.

## Instructions
instructions-title = Envoyez le montant exact
instructions-card = Envoyez l’argent à ce numéro de carte depuis votre application bancaire.
instructions-phone = Envoyez l’argent à ce numéro de téléphone depuis votre application bancaire.
instructions-account = Envoyez l’argent sur ce compte bancaire.
instructions-link = Ouvrez le lien de paiement et confirmez le montant.
instructions-qr = Scannez le QR code avec votre application bancaire ou ouvrez le lien sur ce téléphone.
instructions-ussd = Composez ce code sur votre téléphone et suivez les instructions.
instructions-exact-amount = Envoyez exactement { $amount } en un seul paiement, sinon le crédit pourrait être retardé.
field-card-number = Numéro de carte
field-phone = Numéro de téléphone
field-account = Numéro de compte
field-link = Lien de paiement
field-ussd = Code USSD
field-holder = Bénéficiaire
field-bank = Banque
field-bank-code = Code de la banque (BIK)
field-correspondent-account = Compte correspondant
field-amount = Montant
copy = Copier
copy-value = Copier : { $what }
copied = Copié
open-link = Ouvrir le lien de paiement
dial-ussd = Composer le code
qr-alt = QR code du lien de paiement

## Actions
i-have-paid = J’ai payé
i-have-paid-hint = Appuyez ici après avoir envoyé l’argent.
cancel-payment = Annuler le paiement
back-to-shop = Retour à la boutique

## Mobile money
push-title = Confirmez le paiement sur votre téléphone
push-text = Nous avons envoyé une demande de paiement sur votre téléphone. Ouvrez-la et saisissez votre code PIN pour approuver { $amount }.

## Receipt
receipt-title = Importez votre reçu
receipt-text = Si vous avez payé, importez le reçu de votre banque (une image ou un PDF, 5 Mo maximum) pour que nous puissions retrouver votre paiement.
receipt-file = Fichier du reçu
receipt-submit = Importer le reçu
receipt-back = Retour au paiement
receipt-uploaded = Merci, votre reçu a bien été importé.
receipt-error-size = Le fichier dépasse 5 Mo.
receipt-error-type = Veuillez importer une image (JPEG, PNG, WebP ou HEIC) ou un PDF.
receipt-error-missing = Choisissez un fichier à importer.

## Results
success-title = Payé
success-text = Merci ! Votre paiement à { $name } est terminé.
decline-title = Paiement non effectué
expired-title = Le paiement a expiré
reason-canceled = Le paiement a été annulé.
reason-expired = Le délai de paiement est écoulé.
reason-no-requisites = Nous n’avons pas pu préparer les coordonnées de paiement pour le moment. Veuillez réessayer plus tard.
reason-antifraud = Le paiement a été refusé lors d’un contrôle de sécurité.
reason-no-payment = Nous n’avons pas reçu le paiement.
reason-declined-user = La demande de paiement a été refusée sur votre téléphone.
reason-issuer = Votre banque a refusé le paiement.
reason-insufficient-funds = Le solde de la carte est insuffisant.
reason-card-expired = La carte a expiré.
reason-3ds-failed = Votre banque n’a pas pu confirmer le paiement.
reason-other = Le paiement a été refusé.
dispute-title = Paiement en cours de vérification
dispute-no-payment = Nous n’avons pas encore reçu votre paiement. Si vous avez payé, importez le reçu.
dispute-different-amount = Nous avons reçu un montant différent de celui de la commande. Le service client vous contactera.
dispute-confirm-timeout = Nous avons bien reçu votre reçu et vérifions le paiement. Cela peut prendre jusqu’à 24 heures.

## Card
card-title = Payer par carte
card-number = Numéro de carte
card-expiry = Date d’expiration
card-holder = Nom sur la carte
card-cvv = Code de sécurité (CVV)
card-cvv-hint = 3 ou 4 chiffres au dos de la carte
card-pay = Payer { $amount }
card-error-number = Vérifiez le numéro de carte.
card-error-expiry = Vérifiez la date d’expiration.
card-error-holder = Saisissez le nom tel qu’il figure sur la carte, en lettres latines ou cyrilliques.
card-error-cvv = Le code de sécurité comporte 3 ou 4 chiffres.
card-expiry-placeholder = MM/AA
card-error-number-empty = Saisissez le numéro de carte.
card-error-number-length = Ce numéro comporte trop peu ou trop de chiffres pour ce type de carte.
card-error-expiry-empty = Saisissez la date d’expiration telle qu’elle figure sur la carte, au format MM/AA.
card-error-expired = Cette carte a expiré. Utilisez une autre carte.
card-error-holder-empty = Saisissez le nom tel qu’il figure sur la carte.
card-error-holder-digits = Le nom ne peut pas contenir de chiffres. Saisissez-le tel qu’il figure sur la carte.
card-error-cvv-empty = Saisissez le code de sécurité inscrit au dos de la carte.
card-error-cvv-3 = Le code de sécurité de cette carte comporte 3 chiffres.
card-error-cvv-4 = Le code de sécurité de cette carte comporte 4 chiffres (au recto).
card-processing = Vérification de votre carte…
threeds-title = Confirmez auprès de votre banque
threeds-text = La page de votre banque va s’ouvrir pour que vous puissiez confirmer le paiement.
threeds-continue = Continuer vers la banque

## Errors
not-found-title = Paiement introuvable
not-found-text = Ce lien de paiement n’est pas valide. Retournez à la boutique et recommencez le paiement.
error-session = Votre session a expiré. Veuillez réessayer.
error-not-available = Cette action n’est plus disponible pour ce paiement.

## Sandbox panel
sandbox-title = Bac à sable
sandbox-text = Mode test : ces boutons font ce que feraient l’opérateur et la banque.
sandbox-received = Fonds reçus
sandbox-different = Montant différent reçu
sandbox-expire = Laisser le délai expirer
sandbox-push-accept = Approuver la demande push
sandbox-push-refuse = Refuser la demande push

## Demo shop
shop-title = Boutique de démonstration Kassa
shop-intro = Essayez un paiement du début à la fin. Cette boutique crée un vrai paiement signé via le widget en mode bac à sable et vous redirige vers sa page de paiement.
shop-country = Pays et moyen de paiement
shop-amount = Montant
shop-pay = Aller à la page de paiement
shop-any-method = Choisir sur la page de paiement
shop-error-choice = Choisissez un pays et un moyen de paiement dans la liste.
shop-error-amount = Saisissez le montant en chiffres, par exemple 1500 ou 1500,50.
shop-error-refused = Le paiement n’a pas pu être créé. Le service de paiement a répondu :
shop-error-unreachable = Le service de paiement n’a pas répondu. Veuillez réessayer dans une minute.

## Sandbox bank pages
acs-title = Votre banque : confirmez le paiement
acs-text = Saisissez le code à usage unique envoyé sur votre téléphone. Dans le bac à sable, le code est 123456.
acs-code = Code à usage unique
acs-submit = Confirmer
acs-wrong-code = Code incorrect. Tentatives restantes : { $left }
acs-cancel = Annuler
bank-title = Votre banque
bank-text = Approuvez le paiement de { $amount } au commerçant.
bank-approve = Approuver
bank-decline = Refuser
unavailable-title = Temporairement indisponible
unavailable-text = Cette page de paiement ne peut pas s’afficher pour le moment. Veuillez réessayer dans une minute.
sandbox-banner = Bac à sable : paiements de test uniquement, aucun argent réel n’est transféré.

## Trust and recovery (issue 13)
payee = Paiement à { $name }
amount-label-paid = Payé
amount-label-final = Montant
instructions-title-link = Ouvrez le lien de paiement
instructions-title-ussd = Composez le code
checking-details-title = Vous n’avez pas encore envoyé l’argent ?
checking-details-text = Les coordonnées de paiement restent affichées ici jusqu’à la fin du paiement. Envoyez exactement le montant indiqué.
change-method = Choisir un autre moyen de paiement
cancel-confirm-title = Annuler ce paiement ?
cancel-confirm-text = Le paiement sera clôturé et ces coordonnées de paiement ne fonctionneront plus. Si vous avez déjà envoyé l’argent, n’annulez pas : appuyez plutôt sur « J’ai payé ».
cancel-confirm-text-paid = Vous avez indiqué avoir envoyé l’argent. Si vous annulez maintenant, la boutique ne l’attendra plus et un remboursement peut prendre longtemps. N’annulez que si vous ne l’avez pas envoyé.
cancel-confirm-yes = Oui, annuler le paiement
cancel-confirm-no = Non, revenir au paiement
card-try-another = Vous pouvez payer avec une autre carte. Cartes que vous pouvez encore essayer : { $left }.
record-title = Récapitulatif du paiement
record-status = Statut
record-reference = Référence
record-date = Date et heure
record-method = Moyen de paiement
record-card = Carte
record-card-ending = se terminant par { $last4 }
record-payee = Bénéficiaire
record-contact = Une question sur ce paiement ? Contactez { $name } en indiquant la référence { $reference }.
record-print = Imprimer ou enregistrer ce récapitulatif
record-print-hint = Utilisez la commande « Imprimer » ou « Partager » de votre navigateur pour conserver ce récapitulatif.
record-outcome-paid = Payé
record-outcome-declined = Non payé
record-outcome-expired = Non payé : délai écoulé
record-outcome-canceled = Annulé
record-outcome-review = En cours de vérification
next-success = Conservez ce récapitulatif. La boutique a été informée de votre paiement.
next-declined = Aucun montant n’a été débité pour ce paiement. Vous pouvez retourner à la boutique et payer à nouveau.
next-expired = Si vous avez envoyé l’argent avant la fin du délai, contactez la boutique en indiquant la référence ci-dessus. Sinon, retournez à la boutique et recommencez.
next-canceled = Le paiement a été annulé et aucun montant n’a été débité. Vous pouvez retourner à la boutique et payer à nouveau.
next-dispute = Nous vérifions ce paiement. Conservez la référence ci-dessus ; la boutique vous communiquera le résultat.
return-in = Retour à la boutique :
return-in-seconds = { $seconds ->
    [one] dans { $seconds } seconde
    [many] dans { $seconds } de secondes
   *[other] dans { $seconds } secondes
}
return-now = maintenant
return-stay = Rester sur cette page

## Method choice explained (issue 13)
method-how-payin-p2p-card = Envoyez de l’argent à un numéro de carte depuis votre application bancaire.
method-how-payin-p2p-sbp = Envoyez de l’argent par numéro de téléphone via le Système de paiement rapide (SBP) dans votre application bancaire.
method-how-payin-1-click = Confirmez le paiement en une seule étape dans l’application de votre banque.
method-how-payin-p2p-international = Envoyez de l’argent depuis un compte bancaire à l’étranger.
method-how-payin-qr-sbp = Scannez un QR code avec votre application bancaire ; le montant est rempli automatiquement.
method-how-payin-p2p-mobile = Payez sur un compte de téléphonie mobile via votre opérateur mobile (pas par SBP).
method-how-payin-p2p-card-international = Envoyez de l’argent sur la carte d’une banque étrangère depuis votre application bancaire.
method-how-payin-qr-link-p2p = Ouvrez un lien (ou scannez son QR code) qui mène à la page de paiement de la banque du bénéficiaire.
method-how-payin-account-number = Faites un virement vers un numéro de compte bancaire depuis votre application bancaire.
method-how-payin-wallet-link = Payez depuis votre portefeuille électronique : un lien l’ouvre avec le paiement prêt.
method-how-payin-ussd = Composez un code court sur votre téléphone ; ni internet ni application nécessaires.
method-how-payin-eft-link = Payez depuis votre compte bancaire via un lien sécurisé vers votre banque.
method-how-payin-mobile-money = Approuvez une demande sur votre téléphone avec le code PIN de votre compte Mobile Money.
method-how-payin-p2p-phone = Envoyez de l’argent à un numéro de téléphone depuis votre application bancaire.
method-how-payin-ecom-card = Vous saisirez les données de votre carte à l’étape suivante.

## Mobile money (issue 13)
push-sent-to = Nous avons envoyé la demande au { $phone }.
push-ask-phone = Saisissez le numéro de téléphone de votre compte Mobile Money, et nous y enverrons la demande de paiement.
push-phone = Numéro de téléphone
push-phone-hint = Chiffres uniquement, avec l’indicatif du pays, par exemple 254712345678.
push-phone-error = Vérifiez le numéro de téléphone : chiffres uniquement, de 8 à 15.
push-send = Envoyer la demande de paiement
push-send-again = Renvoyer la demande
push-again-in = { $seconds ->
    [one] Vous pourrez renvoyer la demande dans { $seconds } seconde.
    [many] Vous pourrez renvoyer la demande dans { $seconds } de secondes.
   *[other] Vous pourrez renvoyer la demande dans { $seconds } secondes.
}
push-not-received = Rien reçu ? Vérifiez que votre téléphone est allumé et capte le réseau.
notice-push-sent = La demande de paiement a été renvoyée.
notice-push-wait = Veuillez patienter une minute avant de renvoyer la demande.
