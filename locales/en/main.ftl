# Kassa hosted payment page — English (the reference locale: every other locale has every key).

## Page frame
brand = Kassa
page-title = Payment of { $amount }
skip-to-content = Skip to the payment
language = Language
secure-note = Secure payment by Kassa. Never share your card PIN or one-time codes outside your bank's own page or app.
amount-label = Amount to pay
description-label = Purpose
time-left = Time left to pay
time-left-minutes = { $minutes ->
    [one] about { $minutes } minute left
   *[other] about { $minutes } minutes left
}
time-up = Time is up
updating = This page updates by itself.
status-updated = The payment status has changed.

## Method choice
choose-method-title = How would you like to pay?
choose-method-hint = Choose a way to pay. The payment details follow on the next step.
method-payin-p2p-card = Transfer to a bank card
method-payin-p2p-sbp = Fast Payment System (SBP)
method-payin-1-click = One-click payment
method-payin-p2p-international = International transfer
method-payin-qr-sbp = SBP QR code
method-payin-p2p-mobile = Mobile transfer
method-payin-p2p-card-international = Transfer to an international card
method-payin-qr-link-p2p = QR code
method-payin-account-number = Bank account transfer
method-payin-wallet-link = Wallet
method-payin-ussd = USSD code
method-payin-eft-link = Instant EFT
method-payin-mobile-money = Mobile money
method-payin-p2p-phone = Transfer by phone number
method-payin-ecom-card = Pay by card

## Waiting
searching-title = Preparing your payment details
searching-text = This usually takes a few seconds.
searching-busy-title = No payment details are free right now
searching-busy-text = We keep looking for up to a minute. If none frees up, this payment closes without taking any money, and you can start again.
checking-title = Checking your payment
checking-text = Thank you! We are waiting for the bank to confirm your transfer.

## Instructions
instructions-title = Transfer the exact amount
instructions-card = Send the money to this card number from your banking app.
instructions-phone = Send the money to this phone number from your banking app.
instructions-account = Send the money to this bank account.
instructions-link = Open the payment link and confirm the amount.
instructions-qr = Scan the QR code with your banking app, or open the link on this phone.
instructions-ussd = Dial this code on your phone and follow the prompts.
instructions-exact-amount = Send exactly { $amount } in one payment, or crediting may be delayed.
field-card-number = Card number
field-phone = Phone number
field-account = Account number
field-link = Payment link
field-ussd = USSD code
field-holder = Recipient
field-bank = Bank
field-bank-code = Bank code (BIK)
field-correspondent-account = Correspondent account
field-amount = Amount
copy = Copy
copy-value = Copy { $what }
copied = Copied
open-link = Open the payment link
dial-ussd = Dial the code
qr-alt = QR code of the payment link

## Actions
i-have-paid = I have paid
i-have-paid-hint = Press this after you have sent the money.
cancel-payment = Cancel the payment
back-to-shop = Return to the shop

## Mobile money
push-title = Confirm the payment on your phone
push-text = We sent a payment request to your phone. Open it and enter your PIN to approve { $amount }.

## Receipt
receipt-title = Upload your receipt
receipt-text = If you have paid, upload the receipt from your bank (an image or a PDF, up to 5 MB) so we can find your payment.
receipt-file = Receipt file
receipt-submit = Upload the receipt
receipt-back = Back to the payment
receipt-uploaded = Thank you, your receipt was uploaded.
receipt-error-size = The file is larger than 5 MB.
receipt-error-type = Please upload an image (JPEG, PNG, WebP or HEIC) or a PDF.
receipt-error-missing = Choose a file to upload.

## Results
success-title = Paid
success-text = Thank you! Your payment to { $name } is complete.
decline-title = Payment not completed
expired-title = The payment has expired
reason-canceled = The payment was cancelled.
reason-expired = The time to pay has run out.
reason-no-requisites = We could not prepare payment details right now. Please try again later.
reason-antifraud = The payment was declined by a security check.
reason-no-payment = We did not receive the payment.
reason-declined-user = The payment request was declined on your phone.
reason-issuer = Your bank declined the payment.
reason-insufficient-funds = There is not enough money on the card.
reason-card-expired = The card has expired.
reason-3ds-failed = Your bank could not confirm the payment.
reason-other = The payment was declined.
dispute-title = Payment under review
dispute-no-payment = We have not received your payment yet. If you have paid, upload the receipt.
dispute-different-amount = We received an amount that differs from the order. Support will contact you.
dispute-confirm-timeout = We received your receipt and are checking the payment. This can take up to 24 hours.

## Card
card-title = Pay by card
card-number = Card number
card-expiry = Expiry date
card-holder = Name on the card
card-cvv = Security code (CVV)
card-cvv-hint = 3 or 4 digits on the back of the card
card-pay = Pay { $amount }
card-error-number = Check the card number.
card-error-expiry = Check the expiry date.
card-error-holder = Enter the name as printed on the card, in Latin or Cyrillic letters.
card-error-cvv = The security code has 3 or 4 digits.
card-expiry-placeholder = MM/YY
card-error-number-empty = Enter the card number.
card-error-number-length = This card number has too few or too many digits for its card type.
card-error-expiry-empty = Enter the expiry date as printed on the card, MM/YY.
card-error-expired = This card has expired. Use another card.
card-error-holder-empty = Enter the name as printed on the card.
card-error-holder-digits = The name cannot contain digits. Enter it as printed on the card.
card-error-cvv-empty = Enter the security code from the back of the card.
card-error-cvv-3 = The security code of this card has 3 digits.
card-error-cvv-4 = The security code of this card has 4 digits (on the front).
card-processing = Checking your card…
threeds-title = Confirm with your bank
threeds-text = Your bank's page opens next so you can confirm the payment.
threeds-continue = Continue to the bank

## Errors
not-found-title = Payment not found
not-found-text = This payment link is not valid. Return to the shop and start the payment again.
error-session = Your session has expired. Please try again.
error-not-available = This action is no longer available for this payment.

## Sandbox panel
sandbox-title = Sandbox
sandbox-text = Test mode: these buttons do what the operator and the bank would do.
sandbox-received = Funds received
sandbox-different = A different amount received
sandbox-expire = Let the time run out
sandbox-push-accept = Approve the push request
sandbox-push-refuse = Decline the push request

## Demo shop
shop-title = Kassa demo shop
shop-intro = Try a payment from start to finish. This shop creates a real signed widget payment in sandbox mode and sends you to its payment page.
shop-country = Country and method
shop-amount = Amount
shop-pay = Go to the payment page
shop-any-method = Let me choose on the page
shop-error-choice = Choose a country and a way to pay from the list.
shop-error-amount = Enter the amount as a number, for example 1500 or 1500.50.
shop-error-refused = The payment could not be created. The payment service answered:
shop-error-unreachable = The payment service did not answer. Please try again in a minute.

## Sandbox bank pages
acs-title = Your bank: confirm the payment
acs-text = Enter the one-time code sent to your phone. In the sandbox the code is 123456.
acs-code = One-time code
acs-submit = Confirm
acs-wrong-code = Wrong code. Attempts left: { $left }
acs-cancel = Cancel
bank-title = Your bank
bank-text = Approve the payment of { $amount } to the merchant.
bank-approve = Approve
bank-decline = Decline
unavailable-title = Temporarily unavailable
unavailable-text = This payment page cannot be shown right now. Please try again in a minute.
sandbox-banner = Sandbox: test payments only, no real money moves.

## Trust and recovery (issue 13)
payee = Payment to { $name }
amount-label-paid = Paid
amount-label-final = Amount
instructions-title-link = Open the payment link
instructions-title-ussd = Dial the code
checking-details-title = Have not sent the money yet?
checking-details-text = The payment details stay here until the payment is complete. Send exactly the amount shown.
change-method = Choose another way to pay
cancel-confirm-title = Cancel this payment?
cancel-confirm-text = The payment will be closed and these payment details will stop working. If you have already sent the money, do not cancel: press “I have paid” instead.
cancel-confirm-text-paid = You said you have sent the money. If you cancel now, the shop will not wait for it, and a refund can take a long time. Cancel only if you did not send it.
cancel-confirm-yes = Yes, cancel the payment
cancel-confirm-no = No, go back to the payment
card-try-another = You can pay with another card. Cards you can still try: { $left }.
record-title = Payment record
record-status = Status
record-reference = Reference
record-date = Date and time
record-method = Method
record-card = Card
record-card-ending = ending in { $last4 }
record-payee = Payee
record-contact = Questions about this payment? Contact { $name } and give the reference { $reference }.
record-print = Print or save this record
record-print-hint = Use your browser’s Print or Share command to keep this record.
record-outcome-paid = Paid
record-outcome-declined = Not paid
record-outcome-expired = Not paid: the time ran out
record-outcome-canceled = Cancelled
record-outcome-review = Under review
next-success = Keep this record. The shop has been told that you paid.
next-declined = No money was taken for this payment. You can return to the shop and pay again.
next-expired = If you sent the money before the time ran out, contact the shop with the reference above. Otherwise return to the shop and start again.
next-canceled = The payment was cancelled and no money was taken. You can return to the shop and pay again.
next-dispute = We are checking this payment. Keep the reference above; the shop will tell you the result.
return-in = Back to the shop:
return-in-seconds = in { $seconds } seconds
return-now = now
return-stay = Stay on this page

## Method choice explained (issue 13)
method-how-payin-p2p-card = Send money to a card number from your banking app.
method-how-payin-p2p-sbp = Send money by phone number through the Fast Payment System (SBP) in your banking app.
method-how-payin-1-click = Confirm the payment in one step in your bank’s app.
method-how-payin-p2p-international = Send money from a bank account abroad.
method-how-payin-qr-sbp = Scan a QR code with your banking app; the amount is filled in for you.
method-how-payin-p2p-mobile = Pay to a mobile phone account through your mobile operator (not SBP).
method-how-payin-p2p-card-international = Send money to a card of a foreign bank from your banking app.
method-how-payin-qr-link-p2p = Open a link (or scan its QR code) that leads to the recipient bank’s payment page.
method-how-payin-account-number = Transfer to a bank account number from your banking app.
method-how-payin-wallet-link = Pay from your e-wallet: a link opens it with the payment ready.
method-how-payin-ussd = Dial a short code on your phone; no internet or app needed.
method-how-payin-eft-link = Pay from your bank account through a secure link to your bank.
method-how-payin-mobile-money = Approve a request on your phone with your mobile money PIN.
method-how-payin-p2p-phone = Send money to a phone number from your banking app.
method-how-payin-ecom-card = Enter your card details on the next step.

## Mobile money (issue 13)
push-sent-to = We sent the request to { $phone }.
push-ask-phone = Enter the phone number of your mobile money account, and we will send the payment request to it.
push-phone = Phone number
push-phone-hint = Digits only, with the country code, for example 254712345678.
push-phone-error = Check the phone number: digits only, 8 to 15 of them.
push-send = Send the payment request
push-send-again = Send the request again
push-again-in = You can send the request again in { $seconds } seconds.
push-not-received = Did not get it? Check that your phone is on and has signal.
notice-push-sent = The payment request was sent again.
notice-push-wait = Please wait a minute before sending the request again.
