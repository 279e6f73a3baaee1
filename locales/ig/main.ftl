# Ibe ịkwụ ụgwọ Kassa — Igbo.

## Page frame
brand = Kassa
page-title = Ịkwụ ụgwọ { $amount }
skip-to-content = Gaa ozugbo n'ịkwụ ụgwọ
language = Asụsụ
secure-note = Ịkwụ ụgwọ echekwara site na Kassa. Ekekọrịtala PIN kaadị gị ma ọ bụ koodu eji otu ugboro n'ebe ọ bụla ọzọ karịa ibe ma ọ bụ ngwa nke ụlọ akụ gị.
amount-label = Ego ị ga-akwụ
description-label = Ebumnuche
time-left = Oge fọdụrụ ịkwụ ụgwọ
time-left-minutes = ihe dị ka nkeji { $minutes } fọdụrụ
time-up = Oge agwụla
updating = Ibe a na-emelite onwe ya.
status-updated = Ọnọdụ ịkwụ ụgwọ agbanweela.

## Method choice
choose-method-title = Kedu ka ị chọrọ isi kwụọ ụgwọ?
choose-method-hint = Họrọ ụzọ ịkwụ ụgwọ. Nkọwa ịkwụ ụgwọ ga-apụta na nzọụkwụ na-esote.
method-payin-p2p-card = Izipu ego na kaadị ụlọ akụ
method-payin-p2p-sbp = Usoro Ịkwụ Ụgwọ Ngwa Ngwa (SBP)
method-payin-1-click = Ịkwụ ụgwọ n'otu pịa
method-payin-p2p-international = Izipu ego mba ụwa
method-payin-qr-sbp = Koodu QR nke SBP
method-payin-p2p-mobile = Izipu ego site na ekwentị
method-payin-p2p-card-international = Izipu ego na kaadị mba ọzọ
method-payin-qr-link-p2p = Koodu QR
method-payin-account-number = Izipu ego n'akaụntụ ụlọ akụ
method-payin-wallet-link = Akpa ego dijitalụ
method-payin-ussd = Koodu USSD
method-payin-eft-link = EFT ozugbo
method-payin-mobile-money = Ego ekwentị
method-payin-p2p-phone = Izipu ego site na nọmba ekwentị
method-payin-ecom-card = Jiri kaadị kwụọ ụgwọ

## Waiting
searching-title = Anyị na-akwado nkọwa ịkwụ ụgwọ gị
searching-text = Nke a na-ewekarị sekọnd ole na ole.
searching-busy-title = Enweghị nkọwa ịkwụ ụgwọ dị ugbu a
searching-busy-text = Anyị ga-aga n'ihu na-achọ ruo otu nkeji. Ọ bụrụ na ọ dịghị nke pụtara, a ga-emechi ịkwụ ụgwọ a n'ewereghị ego ọ bụla, ị nwekwara ike ịmalite ọzọ.
checking-title = Anyị na-enyocha ịkwụ ụgwọ gị
checking-text = Daalụ! Anyị na-echere ka ụlọ akụ kwado ego i zitere.

## Instructions
instructions-title = Zipu kpọmkwem ego ahụ
instructions-card = Site na ngwa ụlọ akụ gị, zipu ego ahụ na nọmba kaadị a.
instructions-phone = Site na ngwa ụlọ akụ gị, zipu ego ahụ na nọmba ekwentị a.
instructions-account = Zipu ego ahụ n'akaụntụ ụlọ akụ a.
instructions-link = Mepee njikọ ịkwụ ụgwọ ma kwado ego ahụ.
instructions-qr = Jiri ngwa ụlọ akụ gị nyochaa koodu QR ahụ, ma ọ bụ mepee njikọ ahụ na ekwentị a.
instructions-ussd = Pịa koodu a na ekwentị gị ma soro ntụziaka.
instructions-exact-amount = Zipu kpọmkwem { $amount } n'otu ịkwụ ụgwọ; ma ọ bụghị ya, ego ahụ nwere ike igbu oge ịbata.
field-card-number = Nọmba kaadị
field-phone = Nọmba ekwentị
field-account = Nọmba akaụntụ
field-link = Njikọ ịkwụ ụgwọ
field-ussd = Koodu USSD
field-holder = Onye nnata
field-bank = Ụlọ akụ
field-bank-code = Koodu ụlọ akụ (BIK)
field-correspondent-account = Akaụntụ onye nnọchi
field-amount = Ego
copy = Detuo
copy-value = Detuo { $what }
copied = E detuola
open-link = Mepee njikọ ịkwụ ụgwọ
dial-ussd = Pịa koodu ahụ
qr-alt = Koodu QR nke njikọ ịkwụ ụgwọ

## Actions
i-have-paid = Akwụọla m ụgwọ
i-have-paid-hint = Pịa nke a mgbe i zipuchara ego ahụ.
cancel-payment = Kagbuo ịkwụ ụgwọ
back-to-shop = Laghachi n'ụlọ ahịa

## Mobile money
push-title = Kwado ịkwụ ụgwọ na ekwentị gị
push-text = Anyị ezigala arịrịọ ịkwụ ụgwọ na ekwentị gị. Mepee ya ma tinye PIN gị iji kwenye na { $amount }.

## Receipt
receipt-title = Bulite rịsịtị gị
receipt-text = Ọ bụrụ na ị kwụọla ụgwọ, bulite rịsịtị sitere n'ụlọ akụ gị (foto ma ọ bụ PDF, ruo 5 MB) ka anyị wee chọta ịkwụ ụgwọ gị.
receipt-file = Faịlụ rịsịtị
receipt-submit = Bulite rịsịtị
receipt-back = Laghachi na ịkwụ ụgwọ
receipt-uploaded = Daalụ, e bulitela rịsịtị gị.
receipt-error-size = Faịlụ ahụ karịrị 5 MB.
receipt-error-type = Biko bulite foto (JPEG, PNG, WebP ma ọ bụ HEIC) ma ọ bụ PDF.
receipt-error-missing = Họrọ faịlụ ị ga-ebulite.

## Results
success-title = E kwụọla ụgwọ
success-text = Daalụ! Ịkwụ ụgwọ gị nye { $name } emechaala.
decline-title = Ịkwụ ụgwọ emechaghị
expired-title = Oge ịkwụ ụgwọ a agafeela
reason-canceled = A kagbuola ịkwụ ụgwọ ahụ.
reason-expired = Oge ịkwụ ụgwọ agwụla.
reason-no-requisites = Anyị enweghị ike ịkwado nkọwa ịkwụ ụgwọ ugbu a. Biko nwaa ọzọ ma emechaa.
reason-antifraud = Nyocha nchekwa jụrụ ịkwụ ụgwọ ahụ.
reason-no-payment = Anyị anataghị ịkwụ ụgwọ ahụ.
reason-declined-user = A jụrụ arịrịọ ịkwụ ụgwọ ahụ na ekwentị gị.
reason-issuer = Ụlọ akụ gị jụrụ ịkwụ ụgwọ ahụ.
reason-insufficient-funds = Ego zuru ezu adịghị na kaadị ahụ.
reason-card-expired = Oge kaadị ahụ agwụla.
reason-3ds-failed = Ụlọ akụ gị enweghị ike ịkwado ịkwụ ụgwọ ahụ.
reason-other = A jụrụ ịkwụ ụgwọ ahụ.
dispute-title = A na-enyocha ịkwụ ụgwọ ahụ
dispute-no-payment = Anyị anatabeghị ịkwụ ụgwọ gị. Ọ bụrụ na ị kwụọla ụgwọ, bulite rịsịtị.
dispute-different-amount = Ego anyị natara dị iche n'ego nke ihe ị zụrụ. Ndị nkwado ga-akpọtụrụ gị.
dispute-confirm-timeout = Anyị anatala rịsịtị gị ma na-enyocha ịkwụ ụgwọ ahụ. Nke a nwere ike were ruo awa 24.

## Card
card-title = Jiri kaadị kwụọ ụgwọ
card-number = Nọmba kaadị
card-expiry = Ụbọchị njedebe
card-holder = Aha dị na kaadị
card-cvv = Koodu nchekwa (CVV)
card-cvv-hint = Mkpụrụ ọnụọgụ 3 ma ọ bụ 4 dị n'azụ kaadị
card-pay = Kwụọ { $amount }
card-error-number = Lelee nọmba kaadị.
card-error-expiry = Lelee ụbọchị njedebe.
card-error-holder = Tinye aha ahụ dị ka o si dị na kaadị, na mkpụrụedemede Latịn ma ọ bụ Sirilik.
card-error-cvv = Koodu nchekwa nwere mkpụrụ ọnụọgụ 3 ma ọ bụ 4.
card-expiry-placeholder = MM/YY
card-error-number-empty = Tinye nọmba kaadị.
card-error-number-length = Mkpụrụ ọnụọgụ dị na nọmba kaadị a dị ntakịrị ma ọ bụ karịrị akarị maka ụdị kaadị ya.
card-error-expiry-empty = Tinye ụbọchị njedebe dị ka o si dị na kaadị, MM/YY.
card-error-expired = Oge kaadị a agwụla. Jiri kaadị ọzọ.
card-error-holder-empty = Tinye aha ahụ dị ka o si dị na kaadị.
card-error-holder-digits = Aha enweghị ike inwe mkpụrụ ọnụọgụ. Tinye ya dị ka o si dị na kaadị.
card-error-cvv-empty = Tinye koodu nchekwa dị n'azụ kaadị.
card-error-cvv-3 = Koodu nchekwa kaadị a nwere mkpụrụ ọnụọgụ 3.
card-error-cvv-4 = Koodu nchekwa kaadị a nwere mkpụrụ ọnụọgụ 4 (n'ihu kaadị).
card-processing = Anyị na-enyocha kaadị gị…
threeds-title = Kwado ya n'ụlọ akụ gị
threeds-text = Ibe ụlọ akụ gị ga-emeghe ugbu a ka i wee kwado ịkwụ ụgwọ ahụ.
threeds-continue = Gaa n'ihu n'ụlọ akụ

## Errors
not-found-title = Achọtaghị ịkwụ ụgwọ ahụ
not-found-text = Njikọ ịkwụ ụgwọ a adịghị mma. Laghachi n'ụlọ ahịa ma malite ịkwụ ụgwọ ọzọ.
error-session = Oge nnọkọ gị agwụla. Biko nwaa ọzọ.
error-not-available = Omume a adịghịzi maka ịkwụ ụgwọ a.

## Sandbox panel
sandbox-title = Ebe nnwale
sandbox-text = Ọnọdụ nnwale: bọtịnụ ndị a na-eme ihe onye njikwa na ụlọ akụ ga-eme.
sandbox-received = Ego abatala
sandbox-different = Ego dị iche abatala
sandbox-expire = Hapụ ka oge gwụ
sandbox-push-accept = Kwenye n'arịrịọ push
sandbox-push-refuse = Jụ arịrịọ push

## Demo shop
shop-title = Ụlọ ahịa nnwale Kassa
shop-intro = Nwalee ịkwụ ụgwọ site na mmalite ruo na njedebe. Ụlọ ahịa a na-emepụta ezigbo ịkwụ ụgwọ widget e binyere aka n'ọnọdụ nnwale ma zigara gị n'ibe ịkwụ ụgwọ ya.
shop-country = Mba na ụzọ ịkwụ ụgwọ
shop-amount = Ego
shop-pay = Gaa n'ibe ịkwụ ụgwọ
shop-any-method = Aga m ahọrọ n'ibe ahụ
shop-error-choice = Họrọ mba na ụzọ ịkwụ ụgwọ site na ndepụta.
shop-error-amount = Tinye ego ahụ dị ka nọmba, dịka ọmụmaatụ 1500 ma ọ bụ 1500.50.
shop-error-refused = Enweghị ike ịmepụta ịkwụ ụgwọ ahụ. Ọrụ ịkwụ ụgwọ zara, sị:
shop-error-unreachable = Ọrụ ịkwụ ụgwọ azaghị. Biko nwaa ọzọ mgbe otu nkeji gachara.

## Sandbox bank pages
acs-title = Ụlọ akụ gị: kwado ịkwụ ụgwọ
acs-text = Tinye koodu eji otu ugboro e zigara na ekwentị gị. N'ebe nnwale, koodu ahụ bụ 123456.
acs-code = Koodu eji otu ugboro
acs-submit = Kwado
acs-wrong-code = Koodu ezighi ezi. Ugboro fọdụrụ: { $left }
acs-cancel = Kagbuo
bank-title = Ụlọ akụ gị
bank-text = Kwenye na ịkwụ { $amount } nye onye na-ere ahịa.
bank-approve = Kwenye
bank-decline = Jụ
unavailable-title = Anaghị arụ ọrụ nwa oge
unavailable-text = Enweghị ike igosi ibe ịkwụ ụgwọ a ugbu a. Biko nwaa ọzọ mgbe otu nkeji gachara.
sandbox-banner = Ebe nnwale: naanị ịkwụ ụgwọ nnwale, ọ dịghị ezigbo ego na-aga ebe ọ bụla.

## Trust and recovery (issue 13)
payee = Ịkwụ ụgwọ nye { $name }
amount-label-paid = E kwụọla ụgwọ
amount-label-final = Ego
instructions-title-link = Mepee njikọ ịkwụ ụgwọ
instructions-title-ussd = Pịa koodu ahụ
checking-details-title = I zipubeghị ego ahụ?
checking-details-text = Nkọwa ịkwụ ụgwọ ga-anọ ebe a ruo mgbe ịkwụ ụgwọ ahụ gwụchara. Zipu kpọmkwem ego e gosiri.
change-method = Họrọ ụzọ ịkwụ ụgwọ ọzọ
cancel-confirm-title = Ị chọrọ ịkagbu ịkwụ ụgwọ a?
cancel-confirm-text = A ga-emechi ịkwụ ụgwọ ahụ, nkọwa ịkwụ ụgwọ ndị a agaghịkwa arụ ọrụ. Ọ bụrụ na i zipuola ego ahụ, akagbula: kama nke ahụ, pịa “Akwụọla m ụgwọ”.
cancel-confirm-text-paid = I kwuru na i zipuola ego ahụ. Ọ bụrụ na ị kagbuo ugbu a, ụlọ ahịa agaghị echere ya, ịnata ego gị azụ nwekwara ike iwe ogologo oge. Kagbuo naanị ma ọ bụrụ na i zipughị ya.
cancel-confirm-yes = Ee, kagbuo ịkwụ ụgwọ
cancel-confirm-no = Mba, laghachi n'ịkwụ ụgwọ
card-try-another = Ị nwere ike iji kaadị ọzọ kwụọ ụgwọ. Kaadị ị ka nwere ike ịnwale: { $left }.
record-title = Ndekọ ịkwụ ụgwọ
record-status = Ọnọdụ
record-reference = Nọmba ntụaka
record-date = Ụbọchị na oge
record-method = Ụzọ ịkwụ ụgwọ
record-card = Kaadị
record-card-ending = nke na-ejedebe na { $last4 }
record-payee = Onye nnata
record-contact = Ị nwere ajụjụ gbasara ịkwụ ụgwọ a? Kpọtụrụ { $name } ma nye ha nọmba ntụaka { $reference }.
record-print = Bipụta ma ọ bụ chekwaa ndekọ a
record-print-hint = Jiri iwu Print ma ọ bụ Share nke ihe nchọgharị gị iji chekwaa ndekọ a.
record-outcome-paid = E kwụọla ụgwọ
record-outcome-declined = A kwụghị ụgwọ
record-outcome-expired = A kwụghị ụgwọ: oge gwụrụ
record-outcome-canceled = A kagbuola ya
record-outcome-review = A na-enyocha ya
next-success = Chekwaa ndekọ a. A gwala ụlọ ahịa na ị kwụọla ụgwọ.
next-declined = E wereghị ego ọ bụla maka ịkwụ ụgwọ a. Ị nwere ike ịlaghachi n'ụlọ ahịa ma kwụọ ụgwọ ọzọ.
next-expired = Ọ bụrụ na i zipuru ego ahụ tupu oge agwụ, kpọtụrụ ụlọ ahịa were nọmba ntụaka dị n'elu. Ma ọ bụghị ya, laghachi n'ụlọ ahịa ma malite ọzọ.
next-canceled = A kagbuola ịkwụ ụgwọ ahụ, e wereghịkwa ego ọ bụla. Ị nwere ike ịlaghachi n'ụlọ ahịa ma kwụọ ụgwọ ọzọ.
next-dispute = Anyị na-enyocha ịkwụ ụgwọ a. Chekwaa nọmba ntụaka dị n'elu; ụlọ ahịa ga-agwa gị ihe si na ya pụta.
return-in = Ịlaghachi n'ụlọ ahịa:
return-in-seconds = n'ime sekọnd { $seconds }
return-now = ugbu a
return-stay = Nọrọ n'ibe a

## Method choice explained (issue 13)
method-how-payin-p2p-card = Site na ngwa ụlọ akụ gị, zipu ego na nọmba kaadị.
method-how-payin-p2p-sbp = Zipu ego site na nọmba ekwentị n'Usoro Ịkwụ Ụgwọ Ngwa Ngwa (SBP) na ngwa ụlọ akụ gị.
method-how-payin-1-click = Kwado ịkwụ ụgwọ n'otu nzọụkwụ na ngwa ụlọ akụ gị.
method-how-payin-p2p-international = Zipu ego site n'akaụntụ ụlọ akụ dị na mba ọzọ.
method-how-payin-qr-sbp = Jiri ngwa ụlọ akụ gị nyochaa koodu QR; a ga-ejupụtara gị ego ahụ.
method-how-payin-p2p-mobile = Kwụọ ụgwọ n'akaụntụ ekwentị site n'ụlọ ọrụ ekwentị gị (ọ bụghị SBP).
method-how-payin-p2p-card-international = Site na ngwa ụlọ akụ gị, zipu ego na kaadị nke ụlọ akụ mba ọzọ.
method-how-payin-qr-link-p2p = Mepee njikọ (ma ọ bụ nyochaa koodu QR ya) nke na-eduga n'ibe ịkwụ ụgwọ nke ụlọ akụ onye nnata.
method-how-payin-account-number = Site na ngwa ụlọ akụ gị, zipu ego na nọmba akaụntụ ụlọ akụ.
method-how-payin-wallet-link = Kwụọ ụgwọ site n'akpa ego dijitalụ gị: njikọ ga-emeghe ya na ịkwụ ụgwọ ahụ dịlarị njikere.
method-how-payin-ussd = Pịa obere koodu na ekwentị gị; ịntanetị ma ọ bụ ngwa adịghị mkpa.
method-how-payin-eft-link = Kwụọ ụgwọ site n'akaụntụ ụlọ akụ gị, site na njikọ echekwara gaa n'ụlọ akụ gị.
method-how-payin-mobile-money = Kwenye n'arịrịọ na ekwentị gị site na PIN ego ekwentị gị.
method-how-payin-p2p-phone = Site na ngwa ụlọ akụ gị, zipu ego na nọmba ekwentị.
method-how-payin-ecom-card = Tinye nkọwa kaadị gị na nzọụkwụ na-esote.

## Mobile money (issue 13)
push-sent-to = Anyị ezigala arịrịọ ahụ na { $phone }.
push-ask-phone = Tinye nọmba ekwentị nke akaụntụ ego ekwentị gị, anyị ga-ezigakwa arịrịọ ịkwụ ụgwọ na ya.
push-phone = Nọmba ekwentị
push-phone-hint = Naanị mkpụrụ ọnụọgụ, gụnyere koodu mba, dịka ọmụmaatụ 254712345678.
push-phone-error = Lelee nọmba ekwentị: naanị mkpụrụ ọnụọgụ, site na 8 ruo 15.
push-send = Zipu arịrịọ ịkwụ ụgwọ
push-send-again = Zipu arịrịọ ahụ ọzọ
push-again-in = Ị nwere ike izipu arịrịọ ahụ ọzọ mgbe sekọnd { $seconds } gachara.
push-not-received = Ị nataghị ya? Hụ na ekwentị gị gbanyere ma nwee netwọk.
notice-push-sent = E zigala arịrịọ ịkwụ ụgwọ ahụ ọzọ.
notice-push-wait = Biko chere otu nkeji tupu i zipu arịrịọ ahụ ọzọ.
