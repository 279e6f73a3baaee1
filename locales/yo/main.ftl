# Ojú-ìwé ìsanwó Kassa — Yorùbá.

## Page frame
brand = Kassa
page-title = Ìsanwó { $amount }
skip-to-content = Lọ tààrà sí ìsanwó
language = Èdè
secure-note = Ìsanwó aláàbò láti ọwọ́ Kassa. Ẹ má ṣe fi PIN káàdì yín tàbí kóòdù ìlò-ẹ̀ẹ̀kan han ẹnikẹ́ni; ojú-ìwé tàbí áàpù báǹkì yín nìkan ni kí ẹ tẹ̀ wọ́n sí.
amount-label = Iye owó tí ẹ ó san
description-label = Ìdí ìsanwó
time-left = Àkókò tí ó kù láti sanwó
time-left-minutes = ó kù bíi ìṣẹ́jú { $minutes }
time-up = Àkókò ti tán
updating = Ojú-ìwé yìí ń ṣàtúnṣe ara rẹ̀ fúnra rẹ̀.
status-updated = Ipò ìsanwó ti yí padà.

## Method choice
choose-method-title = Báwo ni ẹ ṣe fẹ́ sanwó?
choose-method-hint = Ẹ yan ọ̀nà ìsanwó. Àlàyé ìsanwó yóò wà ní ìgbésẹ̀ tó kàn.
method-payin-p2p-card = Fífi owó ránṣẹ́ sí káàdì báǹkì
method-payin-p2p-sbp = Ètò Ìsanwó Kíákíá (SBP)
method-payin-1-click = Ìsanwó pẹ̀lú títẹ̀ ẹ̀ẹ̀kan
method-payin-p2p-international = Fífi owó ránṣẹ́ láti òkèèrè
method-payin-qr-sbp = Kóòdù QR ti SBP
method-payin-p2p-mobile = Fífi owó ránṣẹ́ láti fóònù
method-payin-p2p-card-international = Fífi owó ránṣẹ́ sí káàdì òkèèrè
method-payin-qr-link-p2p = Kóòdù QR
method-payin-account-number = Fífi owó ránṣẹ́ sí àkáǹtì báǹkì
method-payin-wallet-link = Àpò owó ayélujára
method-payin-ussd = Kóòdù USSD
method-payin-eft-link = EFT lẹ́sẹ̀kẹsẹ̀
method-payin-mobile-money = Owó orí fóònù
method-payin-p2p-phone = Fífi owó ránṣẹ́ sí nọ́mbà fóònù
method-payin-ecom-card = Sanwó pẹ̀lú káàdì

## Waiting
searching-title = À ń pèsè àlàyé ìsanwó yín
searching-text = Èyí sábà máa ń gba ìṣẹ́jú-àáyá díẹ̀.
searching-busy-title = Kò sí àlàyé ìsanwó tó wà lárọ̀ọ́wọ́tó báyìí
searching-busy-text = A ó máa wá a fún ìṣẹ́jú kan. Bí a kò bá rí, a ó ti ìsanwó yìí pa láìgba owó kankan, ẹ sì lè bẹ̀rẹ̀ lẹ́ẹ̀kan sí i.
checking-title = À ń ṣàyẹ̀wò ìsanwó yín
checking-text = Ẹ ṣé! À ń dúró kí báǹkì jẹ́rìísí owó tí ẹ fi ránṣẹ́.

## Instructions
instructions-title = Ẹ fi iye owó náà gan-an ránṣẹ́
instructions-card = Ẹ fi owó náà ránṣẹ́ sí nọ́mbà káàdì yìí láti inú áàpù báǹkì yín.
instructions-phone = Ẹ fi owó náà ránṣẹ́ sí nọ́mbà fóònù yìí láti inú áàpù báǹkì yín.
instructions-account = Ẹ fi owó náà ránṣẹ́ sí àkáǹtì báǹkì yìí.
instructions-link = Ẹ ṣí líǹkì ìsanwó, kí ẹ sì jẹ́rìísí iye owó náà.
instructions-qr = Ẹ fi áàpù báǹkì yín ka kóòdù QR náà, tàbí kí ẹ ṣí líǹkì náà lórí fóònù yìí.
instructions-ussd = Ẹ tẹ kóòdù yìí lórí fóònù yín, kí ẹ sì tẹ̀lé ìtọ́sọ́nà.
instructions-exact-amount = Ẹ fi { $amount } gan-an ránṣẹ́ ní ìsanwó kan ṣoṣo; bí bẹ́ẹ̀ kọ́, owó náà lè pẹ́ kí ó tó wọlé.
field-card-number = Nọ́mbà káàdì
field-phone = Nọ́mbà fóònù
field-account = Nọ́mbà àkáǹtì
field-link = Líǹkì ìsanwó
field-ussd = Kóòdù USSD
field-holder = Olùgbà
field-bank = Báǹkì
field-bank-code = Kóòdù báǹkì (BIK)
field-correspondent-account = Àkáǹtì aṣojú
field-amount = Iye owó
copy = Ṣe àdàkọ
copy-value = Ṣe àdàkọ { $what }
copied = A ti ṣe àdàkọ
open-link = Ṣí líǹkì ìsanwó
dial-ussd = Tẹ kóòdù náà
qr-alt = Kóòdù QR ti líǹkì ìsanwó

## Actions
i-have-paid = Mo ti sanwó
i-have-paid-hint = Ẹ tẹ èyí lẹ́yìn tí ẹ bá ti fi owó ránṣẹ́.
cancel-payment = Fagilé ìsanwó
back-to-shop = Padà sí ilé ìtajà

## Mobile money
push-title = Ẹ jẹ́rìísí ìsanwó lórí fóònù yín
push-text = A ti fi ìbéèrè ìsanwó ránṣẹ́ sí fóònù yín. Ẹ ṣí i, kí ẹ sì tẹ PIN yín láti fọwọ́ sí { $amount }.

## Receipt
receipt-title = Ẹ gbé rìsíìtì yín sókè
receipt-text = Bí ẹ bá ti sanwó, ẹ gbé rìsíìtì láti báǹkì yín sókè (àwòrán tàbí PDF, tí kò ju 5 MB lọ) kí a lè rí ìsanwó yín.
receipt-file = Fáìlì rìsíìtì
receipt-submit = Gbé rìsíìtì sókè
receipt-back = Padà sí ìsanwó
receipt-uploaded = Ẹ ṣé, a ti gbé rìsíìtì yín sókè.
receipt-error-size = Fáìlì náà tóbi ju 5 MB lọ.
receipt-error-type = Ẹ jọ̀wọ́, ẹ gbé àwòrán (JPEG, PNG, WebP tàbí HEIC) tàbí PDF sókè.
receipt-error-missing = Ẹ yan fáìlì tí ẹ fẹ́ gbé sókè.

## Results
success-title = A ti san án
success-text = Ẹ ṣé! Ìsanwó yín sí { $name } ti parí.
decline-title = Ìsanwó kò parí
expired-title = Àkókò ìsanwó ti kọjá
reason-canceled = A ti fagilé ìsanwó náà.
reason-expired = Àkókò láti sanwó ti tán.
reason-no-requisites = A kò lè pèsè àlàyé ìsanwó báyìí. Ẹ jọ̀wọ́, ẹ gbìyànjú lẹ́ẹ̀kan sí i nígbà míràn.
reason-antifraud = Àyẹ̀wò ààbò kọ̀ ìsanwó náà.
reason-no-payment = A kò rí ìsanwó náà gbà.
reason-declined-user = Wọ́n kọ̀ ìbéèrè ìsanwó náà lórí fóònù yín.
reason-issuer = Báǹkì yín kọ̀ ìsanwó náà.
reason-insufficient-funds = Owó tó wà lórí káàdì náà kò tó.
reason-card-expired = Àkókò káàdì náà ti parí.
reason-3ds-failed = Báǹkì yín kò lè jẹ́rìísí ìsanwó náà.
reason-other = Wọ́n kọ̀ ìsanwó náà.
dispute-title = À ń ṣàyẹ̀wò ìsanwó náà
dispute-no-payment = A kò tíì rí ìsanwó yín gbà. Bí ẹ bá ti sanwó, ẹ gbé rìsíìtì sókè.
dispute-different-amount = Iye owó tí a gbà yàtọ̀ sí iye tí ó wà lórí ọjà tí ẹ béèrè. Ẹ̀ka ìrànlọ́wọ́ yóò kàn sí yín.
dispute-confirm-timeout = A ti gba rìsíìtì yín, à sì ń ṣàyẹ̀wò ìsanwó náà. Èyí lè gba tó wákàtí 24.

## Card
card-title = Sanwó pẹ̀lú káàdì
card-number = Nọ́mbà káàdì
card-expiry = Ọjọ́ ìparí
card-holder = Orúkọ tó wà lórí káàdì
card-cvv = Kóòdù ààbò (CVV)
card-cvv-hint = Díjítì 3 tàbí 4 lẹ́yìn káàdì
card-pay = San { $amount }
card-error-number = Ẹ ṣàyẹ̀wò nọ́mbà káàdì.
card-error-expiry = Ẹ ṣàyẹ̀wò ọjọ́ ìparí.
card-error-holder = Ẹ tẹ orúkọ gẹ́gẹ́ bí ó ṣe wà lórí káàdì, ní lẹ́tà Látìn tàbí Sìrílíìkì.
card-error-cvv = Kóòdù ààbò ní díjítì 3 tàbí 4.
card-expiry-placeholder = MM/YY
card-error-number-empty = Ẹ tẹ nọ́mbà káàdì.
card-error-number-length = Nọ́mbà káàdì yìí ní díjítì tí ó kéré jù tàbí tí ó pọ̀ jù fún irú káàdì rẹ̀.
card-error-expiry-empty = Ẹ tẹ ọjọ́ ìparí gẹ́gẹ́ bí ó ṣe wà lórí káàdì, MM/YY.
card-error-expired = Àkókò káàdì yìí ti parí. Ẹ lo káàdì mìíràn.
card-error-holder-empty = Ẹ tẹ orúkọ gẹ́gẹ́ bí ó ṣe wà lórí káàdì.
card-error-holder-digits = Orúkọ kò lè ní díjítì nínú. Ẹ tẹ ẹ́ gẹ́gẹ́ bí ó ṣe wà lórí káàdì.
card-error-cvv-empty = Ẹ tẹ kóòdù ààbò tó wà lẹ́yìn káàdì.
card-error-cvv-3 = Kóòdù ààbò káàdì yìí ní díjítì 3.
card-error-cvv-4 = Kóòdù ààbò káàdì yìí ní díjítì 4 (ní iwájú káàdì).
card-processing = À ń ṣàyẹ̀wò káàdì yín…
threeds-title = Ẹ jẹ́rìísí pẹ̀lú báǹkì yín
threeds-text = Ojú-ìwé báǹkì yín yóò ṣí báyìí kí ẹ lè jẹ́rìísí ìsanwó náà.
threeds-continue = Tẹ̀síwájú sí báǹkì

## Errors
not-found-title = A kò rí ìsanwó náà
not-found-text = Líǹkì ìsanwó yìí kò wúlò. Ẹ padà sí ilé ìtajà, kí ẹ sì bẹ̀rẹ̀ ìsanwó lẹ́ẹ̀kan sí i.
error-session = Ìgbà ìlò yín ti parí. Ẹ jọ̀wọ́, ẹ gbìyànjú lẹ́ẹ̀kan sí i.
error-not-available = Ìgbésẹ̀ yìí kò sí mọ́ fún ìsanwó yìí.

## Sandbox panel
sandbox-title = Àyè ìdánwò
sandbox-text = Ipò ìdánwò: àwọn bọ́tìnì wọ̀nyí ń ṣe ohun tí olùṣàkóso àti báǹkì ì bá ṣe.
sandbox-received = A ti gba owó
sandbox-different = A gba iye owó mìíràn
sandbox-expire = Jẹ́ kí àkókò tán
sandbox-push-accept = Fọwọ́ sí ìbéèrè push
sandbox-push-refuse = Kọ̀ ìbéèrè push

## Demo shop
shop-title = Ilé ìtajà àpẹẹrẹ Kassa
shop-intro = Ẹ gbìyànjú ìsanwó láti ìbẹ̀rẹ̀ dé òpin. Ilé ìtajà yìí ń ṣẹ̀dá ìsanwó widget gidi tí a fọwọ́ sí ní ipò ìdánwò, ó sì ń gbé yín lọ sí ojú-ìwé ìsanwó rẹ̀.
shop-country = Orílẹ̀-èdè àti ọ̀nà ìsanwó
shop-amount = Iye owó
shop-pay = Lọ sí ojú-ìwé ìsanwó
shop-any-method = Èmi yóò yàn lórí ojú-ìwé náà
shop-error-choice = Ẹ yan orílẹ̀-èdè àti ọ̀nà ìsanwó láti inú àkójọ.
shop-error-amount = Ẹ tẹ iye owó bí nọ́mbà, fún àpẹẹrẹ 1500 tàbí 1500.50.
shop-error-refused = A kò lè ṣẹ̀dá ìsanwó náà. Iṣẹ́ ìsanwó dáhùn pé:
shop-error-unreachable = Iṣẹ́ ìsanwó kò dáhùn. Ẹ jọ̀wọ́, ẹ gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn ìṣẹ́jú kan.

## Sandbox bank pages
acs-title = Báǹkì yín: ẹ jẹ́rìísí ìsanwó
acs-text = Ẹ tẹ kóòdù ìlò-ẹ̀ẹ̀kan tí a fi ránṣẹ́ sí fóònù yín. Nínú àyè ìdánwò, kóòdù náà ni 123456.
acs-code = Kóòdù ìlò-ẹ̀ẹ̀kan
acs-submit = Jẹ́rìísí
acs-wrong-code = Kóòdù kò tọ́. Ìgbìyànjú tó kù: { $left }
acs-cancel = Fagilé
bank-title = Báǹkì yín
bank-text = Ẹ fọwọ́ sí ìsanwó { $amount } fún oníṣòwò.
bank-approve = Fọwọ́ sí
bank-decline = Kọ̀
unavailable-title = Kò sí fún ìgbà díẹ̀
unavailable-text = A kò lè fi ojú-ìwé ìsanwó yìí hàn báyìí. Ẹ jọ̀wọ́, ẹ gbìyànjú lẹ́ẹ̀kan sí i lẹ́yìn ìṣẹ́jú kan.
sandbox-banner = Àyè ìdánwò: ìsanwó ìdánwò nìkan, kò sí owó gidi tí ó ń lọ.

## Trust and recovery (issue 13)
payee = Ìsanwó sí { $name }
amount-label-paid = A ti san án
amount-label-final = Iye owó
instructions-title-link = Ṣí líǹkì ìsanwó
instructions-title-ussd = Tẹ kóòdù náà
checking-details-title = Ẹ kò tíì fi owó ránṣẹ́?
checking-details-text = Àlàyé ìsanwó yóò wà níbí títí ìsanwó yóò fi parí. Ẹ fi iye owó tí a fi hàn gan-an ránṣẹ́.
change-method = Yan ọ̀nà ìsanwó mìíràn
cancel-confirm-title = Ṣé ẹ fẹ́ fagilé ìsanwó yìí?
cancel-confirm-text = A ó ti ìsanwó náà pa, àlàyé ìsanwó wọ̀nyí kò sì ní ṣiṣẹ́ mọ́. Bí ẹ bá ti fi owó ránṣẹ́, ẹ má ṣe fagilé: dípò bẹ́ẹ̀, ẹ tẹ “Mo ti sanwó”.
cancel-confirm-text-paid = Ẹ sọ pé ẹ ti fi owó ránṣẹ́. Bí ẹ bá fagilé báyìí, ilé ìtajà kò ní dúró dè é, ó sì lè pẹ́ kí owó náà tó padà sọ́dọ̀ yín. Ẹ fagilé nìkan bí ẹ kò bá fi owó náà ránṣẹ́.
cancel-confirm-yes = Bẹ́ẹ̀ ni, fagilé ìsanwó
cancel-confirm-no = Rárá, padà sí ìsanwó
card-try-another = Ẹ lè sanwó pẹ̀lú káàdì mìíràn. Iye káàdì tí ẹ ṣì lè gbìyànjú: { $left }.
record-title = Àkọsílẹ̀ ìsanwó
record-status = Ipò
record-reference = Nọ́mbà ìtọ́kasí
record-date = Ọjọ́ àti àkókò
record-method = Ọ̀nà ìsanwó
record-card = Káàdì
record-card-ending = tí ó parí pẹ̀lú { $last4 }
record-payee = Olùgbà
record-contact = Ṣé ẹ ní ìbéèrè nípa ìsanwó yìí? Ẹ kàn sí { $name }, kí ẹ sì fún wọn ní nọ́mbà ìtọ́kasí { $reference }.
record-print = Tẹ̀ àkọsílẹ̀ yìí jáde tàbí fi pamọ́
record-print-hint = Ẹ lo àṣẹ Print tàbí Share nínú ẹ̀rọ aṣàwákiri yín láti tọ́jú àkọsílẹ̀ yìí.
record-outcome-paid = A ti san án
record-outcome-declined = A kò san án
record-outcome-expired = A kò san án: àkókò ti tán
record-outcome-canceled = A ti fagilé e
record-outcome-review = À ń ṣàyẹ̀wò rẹ̀
next-success = Ẹ tọ́jú àkọsílẹ̀ yìí. A ti sọ fún ilé ìtajà pé ẹ ti sanwó.
next-declined = A kò gba owó kankan fún ìsanwó yìí. Ẹ lè padà sí ilé ìtajà kí ẹ sì sanwó lẹ́ẹ̀kan sí i.
next-expired = Bí ẹ bá ti fi owó ránṣẹ́ kí àkókò tó tán, ẹ kàn sí ilé ìtajà pẹ̀lú nọ́mbà ìtọ́kasí tó wà lókè. Bí bẹ́ẹ̀ kọ́, ẹ padà sí ilé ìtajà kí ẹ sì bẹ̀rẹ̀ lẹ́ẹ̀kan sí i.
next-canceled = A ti fagilé ìsanwó náà, a kò sì gba owó kankan. Ẹ lè padà sí ilé ìtajà kí ẹ sì sanwó lẹ́ẹ̀kan sí i.
next-dispute = À ń ṣàyẹ̀wò ìsanwó yìí. Ẹ tọ́jú nọ́mbà ìtọ́kasí tó wà lókè; ilé ìtajà yóò sọ àbájáde rẹ̀ fún yín.
return-in = A ó dá yín padà sí ilé ìtajà:
return-in-seconds = lẹ́yìn ìṣẹ́jú-àáyá { $seconds }
return-now = báyìí
return-stay = Dúró sí ojú-ìwé yìí

## Method choice explained (issue 13)
method-how-payin-p2p-card = Ẹ fi owó ránṣẹ́ sí nọ́mbà káàdì láti inú áàpù báǹkì yín.
method-how-payin-p2p-sbp = Ẹ fi owó ránṣẹ́ nípasẹ̀ nọ́mbà fóònù lórí Ètò Ìsanwó Kíákíá (SBP) nínú áàpù báǹkì yín.
method-how-payin-1-click = Ẹ jẹ́rìísí ìsanwó ní ìgbésẹ̀ kan nínú áàpù báǹkì yín.
method-how-payin-p2p-international = Ẹ fi owó ránṣẹ́ láti àkáǹtì báǹkì kan ní òkèèrè.
method-how-payin-qr-sbp = Ẹ fi áàpù báǹkì yín ka kóòdù QR; a ó kọ iye owó náà sílẹ̀ fún yín.
method-how-payin-p2p-mobile = Ẹ sanwó sí àkáǹtì fóònù alágbèéká nípasẹ̀ ilé-iṣẹ́ ìbánisọ̀rọ̀ yín (kì í ṣe SBP).
method-how-payin-p2p-card-international = Ẹ fi owó ránṣẹ́ sí káàdì báǹkì òkèèrè láti inú áàpù báǹkì yín.
method-how-payin-qr-link-p2p = Ẹ ṣí líǹkì kan (tàbí kí ẹ ka kóòdù QR rẹ̀) tí yóò gbé yín lọ sí ojú-ìwé ìsanwó báǹkì olùgbà.
method-how-payin-account-number = Ẹ fi owó ránṣẹ́ sí nọ́mbà àkáǹtì báǹkì láti inú áàpù báǹkì yín.
method-how-payin-wallet-link = Ẹ sanwó láti inú àpò owó ayélujára yín: líǹkì kan yóò ṣí i pẹ̀lú ìsanwó tí a ti pèsè sílẹ̀.
method-how-payin-ussd = Ẹ tẹ kóòdù kúkúrú kan lórí fóònù yín; kò nílò íńtánẹ́ẹ̀tì tàbí áàpù.
method-how-payin-eft-link = Ẹ sanwó láti àkáǹtì báǹkì yín nípasẹ̀ líǹkì aláàbò sí báǹkì yín.
method-how-payin-mobile-money = Ẹ fọwọ́ sí ìbéèrè kan lórí fóònù yín pẹ̀lú PIN owó orí fóònù yín.
method-how-payin-p2p-phone = Ẹ fi owó ránṣẹ́ sí nọ́mbà fóònù láti inú áàpù báǹkì yín.
method-how-payin-ecom-card = Ẹ tẹ àlàyé káàdì yín ní ìgbésẹ̀ tó kàn.

## Mobile money (issue 13)
push-sent-to = A ti fi ìbéèrè náà ránṣẹ́ sí { $phone }.
push-ask-phone = Ẹ tẹ nọ́mbà fóònù àkáǹtì owó orí fóònù yín, a ó sì fi ìbéèrè ìsanwó ránṣẹ́ sí i.
push-phone = Nọ́mbà fóònù
push-phone-hint = Díjítì nìkan, pẹ̀lú kóòdù orílẹ̀-èdè, fún àpẹẹrẹ 254712345678.
push-phone-error = Ẹ ṣàyẹ̀wò nọ́mbà fóònù: díjítì nìkan, láti 8 sí 15.
push-send = Fi ìbéèrè ìsanwó ránṣẹ́
push-send-again = Tún ìbéèrè náà fi ránṣẹ́
push-again-in = Ẹ lè tún ìbéèrè náà fi ránṣẹ́ lẹ́yìn ìṣẹ́jú-àáyá { $seconds }.
push-not-received = Ẹ kò rí i gbà? Ẹ rí i dájú pé fóònù yín wà ní títàn, ó sì ní nẹ́tíwọ̀ọ̀kì.
notice-push-sent = A ti tún ìbéèrè ìsanwó fi ránṣẹ́.
notice-push-wait = Ẹ jọ̀wọ́, ẹ dúró fún ìṣẹ́jú kan kí ẹ tó tún ìbéèrè náà fi ránṣẹ́.
