# Ukurasa wa malipo wa Kassa — Kiswahili (Kenya).

## Page frame
brand = Kassa
page-title = Malipo ya { $amount }
skip-to-content = Ruka hadi kwenye malipo
language = Lugha
secure-note = Malipo salama kupitia Kassa. Usimpe mtu yeyote PIN ya kadi yako wala misimbo ya matumizi moja nje ya ukurasa au programu rasmi ya benki yako.
amount-label = Kiasi cha kulipa
description-label = Madhumuni ya malipo
time-left = Muda uliobaki wa kulipa
time-left-minutes = { $minutes ->
    [one] imebaki takriban dakika { $minutes }
   *[other] zimebaki takriban dakika { $minutes }
}
time-up = Muda umekwisha
updating = Ukurasa huu unajisasisha wenyewe.
status-updated = Hali ya malipo imebadilika.

## Method choice
choose-method-title = Ungependa kulipa vipi?
choose-method-hint = Chagua njia ya kulipa. Maelezo ya malipo yataonyeshwa katika hatua inayofuata.
method-payin-p2p-card = Uhamisho kwa kadi ya benki
method-payin-p2p-sbp = Mfumo wa Malipo ya Haraka (SBP)
method-payin-1-click = Malipo kwa mbofyo mmoja
method-payin-p2p-international = Uhamisho wa kimataifa
method-payin-qr-sbp = Msimbo wa QR wa SBP
method-payin-p2p-mobile = Uhamisho kwa simu
method-payin-p2p-card-international = Uhamisho kwa kadi ya kimataifa
method-payin-qr-link-p2p = Msimbo wa QR
method-payin-account-number = Uhamisho kwa akaunti ya benki
method-payin-wallet-link = Pochi ya kidijitali
method-payin-ussd = Msimbo wa USSD
method-payin-eft-link = EFT ya papo hapo
method-payin-mobile-money = Pesa kwa simu
method-payin-p2p-phone = Uhamisho kwa nambari ya simu
method-payin-ecom-card = Lipa kwa kadi

## Waiting
searching-title = Tunaandaa maelezo yako ya malipo
searching-text = Kwa kawaida huchukua sekunde chache.
searching-busy-title = Hakuna maelezo ya malipo yaliyo wazi sasa hivi
searching-busy-text = Tunaendelea kutafuta kwa hadi dakika moja. Yasipopatikana, malipo yatafungwa bila pesa kukatwa, na unaweza kuanza upya.
checking-title = Tunakagua malipo yako
checking-text = Asante! Tunasubiri benki ithibitishe uhamisho wako.

## Instructions
instructions-title = Tuma kiasi kamili
instructions-card = Tuma pesa kwa nambari hii ya kadi kupitia programu ya benki yako.
instructions-phone = Tuma pesa kwa nambari hii ya simu kupitia programu ya benki yako.
instructions-account = Tuma pesa kwa akaunti hii ya benki.
instructions-link = Fungua kiungo cha malipo na uthibitishe kiasi.
instructions-qr = Changanua msimbo wa QR kwa programu ya benki yako, au fungua kiungo kwenye simu hii.
instructions-ussd = Piga msimbo huu kwenye simu yako na ufuate maelekezo.
instructions-exact-amount = Tuma { $amount } kamili kwa malipo moja, la sivyo pesa zinaweza kuchelewa kuingia.
field-card-number = Nambari ya kadi
field-phone = Nambari ya simu
field-account = Nambari ya akaunti
field-link = Kiungo cha malipo
field-ussd = Msimbo wa USSD
field-holder = Mpokeaji
field-bank = Benki
field-bank-code = Msimbo wa benki (BIK)
field-correspondent-account = Akaunti ya mwandishi
field-amount = Kiasi
copy = Nakili
copy-value = Nakili: { $what }
copied = Imenakiliwa
open-link = Fungua kiungo cha malipo
dial-ussd = Piga msimbo
qr-alt = Msimbo wa QR wa kiungo cha malipo

## Actions
i-have-paid = Nimelipa
i-have-paid-hint = Bonyeza hapa baada ya kutuma pesa.
cancel-payment = Ghairi malipo
back-to-shop = Rudi dukani

## Mobile money
push-title = Thibitisha malipo kwenye simu yako
push-text = Tumetuma ombi la malipo kwenye simu yako. Lifungue na uweke PIN yako ili kuidhinisha { $amount }.

## Receipt
receipt-title = Pakia risiti yako
receipt-text = Ikiwa umeshalipa, pakia risiti kutoka benki yako (picha au PDF, hadi 5 MB) ili tuweze kupata malipo yako.
receipt-file = Faili ya risiti
receipt-submit = Pakia risiti
receipt-back = Rudi kwenye malipo
receipt-uploaded = Asante, risiti yako imepakiwa.
receipt-error-size = Faili ni kubwa kuliko 5 MB.
receipt-error-type = Tafadhali pakia picha (JPEG, PNG, WebP au HEIC) au PDF.
receipt-error-missing = Chagua faili ya kupakia.

## Results
success-title = Imelipwa
success-text = Asante! Malipo yako kwa { $name } yamekamilika.
decline-title = Malipo hayakukamilika
expired-title = Muda wa malipo umeisha
reason-canceled = Malipo yameghairiwa.
reason-expired = Muda wa kulipa umekwisha.
reason-no-requisites = Hatukuweza kuandaa maelezo ya malipo kwa sasa. Tafadhali jaribu tena baadaye.
reason-antifraud = Malipo yamekataliwa na ukaguzi wa usalama.
reason-no-payment = Hatukupokea malipo.
reason-declined-user = Ombi la malipo lilikataliwa kwenye simu yako.
reason-issuer = Benki yako imekataa malipo.
reason-insufficient-funds = Hakuna pesa za kutosha kwenye kadi.
reason-card-expired = Muda wa kutumia kadi umekwisha.
reason-3ds-failed = Benki yako haikuweza kuthibitisha malipo.
reason-other = Malipo yamekataliwa.
dispute-title = Malipo yanakaguliwa
dispute-no-payment = Bado hatujapokea malipo yako. Ikiwa umeshalipa, pakia risiti.
dispute-different-amount = Tumepokea kiasi tofauti na cha agizo. Timu ya huduma kwa wateja itawasiliana nawe.
dispute-confirm-timeout = Tumepokea risiti yako na tunakagua malipo. Hii inaweza kuchukua hadi saa 24.

## Card
card-title = Lipa kwa kadi
card-number = Nambari ya kadi
card-expiry = Tarehe ya mwisho wa matumizi
card-holder = Jina lililo kwenye kadi
card-cvv = Msimbo wa usalama (CVV)
card-cvv-hint = Tarakimu 3 au 4 nyuma ya kadi
card-pay = Lipa { $amount }
card-error-number = Angalia nambari ya kadi.
card-error-expiry = Angalia tarehe ya mwisho wa matumizi.
card-error-holder = Weka jina kama lilivyoandikwa kwenye kadi, kwa herufi za Kilatini au za Kisiriliki.
card-error-cvv = Msimbo wa usalama una tarakimu 3 au 4.
card-expiry-placeholder = MM/YY
card-error-number-empty = Weka nambari ya kadi.
card-error-number-length = Nambari hii ya kadi ina tarakimu chache mno au nyingi mno kwa aina yake ya kadi.
card-error-expiry-empty = Weka tarehe ya mwisho wa matumizi kama ilivyoandikwa kwenye kadi: MM/YY.
card-error-expired = Muda wa kutumia kadi hii umekwisha. Tumia kadi nyingine.
card-error-holder-empty = Weka jina kama lilivyoandikwa kwenye kadi.
card-error-holder-digits = Jina haliwezi kuwa na tarakimu. Liweke kama lilivyoandikwa kwenye kadi.
card-error-cvv-empty = Weka msimbo wa usalama ulio nyuma ya kadi.
card-error-cvv-3 = Msimbo wa usalama wa kadi hii una tarakimu 3.
card-error-cvv-4 = Msimbo wa usalama wa kadi hii una tarakimu 4 (upande wa mbele wa kadi).
card-processing = Tunakagua kadi yako…
threeds-title = Thibitisha na benki yako
threeds-text = Ukurasa wa benki yako utafunguka sasa ili uthibitishe malipo.
threeds-continue = Endelea kwenye benki

## Errors
not-found-title = Malipo hayakupatikana
not-found-text = Kiungo hiki cha malipo si sahihi. Rudi dukani na uanze malipo upya.
error-session = Muda wa kipindi chako umekwisha. Tafadhali jaribu tena.
error-not-available = Kitendo hiki hakipatikani tena kwa malipo haya.

## Sandbox panel
sandbox-title = Mazingira ya majaribio
sandbox-text = Hali ya majaribio: vitufe hivi hufanya kile ambacho mwendeshaji na benki wangefanya.
sandbox-received = Pesa zimepokelewa
sandbox-different = Kiasi tofauti kimepokelewa
sandbox-expire = Acha muda uishe
sandbox-push-accept = Idhinisha ombi la push
sandbox-push-refuse = Kataa ombi la push

## Demo shop
shop-title = Duka la majaribio la Kassa
shop-intro = Jaribu malipo kuanzia mwanzo hadi mwisho. Duka hili linaunda malipo halisi yaliyotiwa sahihi kupitia wijeti katika hali ya majaribio na kukupeleka kwenye ukurasa wake wa malipo.
shop-country = Nchi na njia ya kulipa
shop-amount = Kiasi
shop-pay = Nenda kwenye ukurasa wa malipo
shop-any-method = Nitachagua kwenye ukurasa
shop-error-choice = Chagua nchi na njia ya kulipa kutoka kwenye orodha.
shop-error-amount = Weka kiasi kwa tarakimu, kwa mfano 1500 au 1500.50.
shop-error-refused = Malipo hayakuweza kuundwa. Huduma ya malipo ilijibu:
shop-error-unreachable = Huduma ya malipo haikujibu. Tafadhali jaribu tena baada ya dakika moja.

## Sandbox bank pages
acs-title = Benki yako: thibitisha malipo
acs-text = Weka msimbo wa matumizi moja uliotumwa kwenye simu yako. Katika mazingira ya majaribio msimbo ni 123456.
acs-code = Msimbo wa matumizi moja
acs-submit = Thibitisha
acs-wrong-code = Msimbo si sahihi. Majaribio yaliyobaki: { $left }
acs-cancel = Ghairi
bank-title = Benki yako
bank-text = Idhinisha malipo ya { $amount } kwa mfanyabiashara.
bank-approve = Idhinisha
bank-decline = Kataa
unavailable-title = Haipatikani kwa sasa
unavailable-text = Hatuwezi kuonyesha ukurasa wa malipo kwa sasa. Tafadhali jaribu tena baada ya dakika moja.
sandbox-banner = Mazingira ya majaribio: malipo ya majaribio tu, hakuna pesa halisi inayohamishwa.

## Trust and recovery (issue 13)
payee = Malipo kwa { $name }
amount-label-paid = Imelipwa
amount-label-final = Kiasi
instructions-title-link = Fungua kiungo cha malipo
instructions-title-ussd = Piga msimbo
checking-details-title = Bado hujatuma pesa?
checking-details-text = Maelezo ya malipo yanabaki hapa hadi malipo yakamilike. Tuma kiasi kamili kilichoonyeshwa.
change-method = Chagua njia nyingine ya kulipa
cancel-confirm-title = Ungependa kughairi malipo haya?
cancel-confirm-text = Malipo yatafungwa na maelezo haya ya malipo hayatafanya kazi tena. Ikiwa tayari umetuma pesa, usighairi: badala yake bonyeza “Nimelipa”.
cancel-confirm-text-paid = Umesema kuwa umetuma pesa. Ukighairi sasa, duka halitazisubiri, na kurejeshewa pesa kunaweza kuchukua muda mrefu. Ghairi tu ikiwa hukutuma pesa.
cancel-confirm-yes = Ndiyo, ghairi malipo
cancel-confirm-no = Hapana, rudi kwenye malipo
card-try-another = Unaweza kulipa kwa kadi nyingine. Idadi ya kadi unazoweza bado kujaribu: { $left }.
record-title = Taarifa za malipo
record-status = Hali
record-reference = Nambari ya kumbukumbu
record-date = Tarehe na saa
record-method = Njia ya kulipa
record-card = Kadi
record-card-ending = inayoishia na { $last4 }
record-payee = Mpokeaji
record-contact = Una maswali kuhusu malipo haya? Wasiliana na { $name } na utaje nambari ya kumbukumbu { $reference }.
record-print = Chapisha au hifadhi taarifa hizi
record-print-hint = Tumia amri ya “Chapisha” au “Shiriki” kwenye kivinjari chako ili kuhifadhi taarifa hizi.
record-outcome-paid = Imelipwa
record-outcome-declined = Haijalipwa
record-outcome-expired = Haijalipwa: muda umekwisha
record-outcome-canceled = Imeghairiwa
record-outcome-review = Inakaguliwa
next-success = Hifadhi taarifa hizi. Duka limearifiwa kuwa umelipa.
next-declined = Hakuna pesa iliyotozwa kwa malipo haya. Unaweza kurudi dukani na kulipa tena.
next-expired = Ikiwa ulituma pesa kabla muda haujaisha, wasiliana na duka ukitaja nambari ya kumbukumbu iliyo hapo juu. La sivyo, rudi dukani na uanze upya.
next-canceled = Malipo yameghairiwa na hakuna pesa iliyotozwa. Unaweza kurudi dukani na kulipa tena.
next-dispute = Tunakagua malipo haya. Hifadhi nambari ya kumbukumbu iliyo hapo juu; duka litakujulisha matokeo.
return-in = Unarudishwa dukani:
return-in-seconds = baada ya sekunde { $seconds }
return-now = sasa
return-stay = Baki kwenye ukurasa huu

## Method choice explained (issue 13)
method-how-payin-p2p-card = Tuma pesa kwa nambari ya kadi kupitia programu ya benki yako.
method-how-payin-p2p-sbp = Tuma pesa kwa nambari ya simu kupitia Mfumo wa Malipo ya Haraka (SBP) katika programu ya benki yako.
method-how-payin-1-click = Thibitisha malipo kwa hatua moja katika programu ya benki yako.
method-how-payin-p2p-international = Tuma pesa kutoka akaunti ya benki iliyo nje ya nchi.
method-how-payin-qr-sbp = Changanua msimbo wa QR kwa programu ya benki yako; kiasi kitajazwa chenyewe.
method-how-payin-p2p-mobile = Lipa kwa akaunti ya simu ya mkononi kupitia kampuni yako ya simu (si SBP).
method-how-payin-p2p-card-international = Tuma pesa kwa kadi ya benki ya nje ya nchi kupitia programu ya benki yako.
method-how-payin-qr-link-p2p = Fungua kiungo (au changanua msimbo wake wa QR) kinachokupeleka kwenye ukurasa wa malipo wa benki ya mpokeaji.
method-how-payin-account-number = Tuma pesa kwa nambari ya akaunti ya benki kupitia programu ya benki yako.
method-how-payin-wallet-link = Lipa kutoka pochi yako ya kidijitali: kiungo kinaifungua malipo yakiwa tayari.
method-how-payin-ussd = Piga msimbo mfupi kwenye simu yako; huhitaji intaneti wala programu.
method-how-payin-eft-link = Lipa kutoka akaunti yako ya benki kupitia kiungo salama cha benki yako.
method-how-payin-mobile-money = Idhinisha ombi la malipo kwenye simu yako kwa PIN yako ya pesa kwa simu.
method-how-payin-p2p-phone = Tuma pesa kwa nambari ya simu kupitia programu ya benki yako.
method-how-payin-ecom-card = Weka maelezo ya kadi yako katika hatua inayofuata.

## Mobile money (issue 13)
push-sent-to = Tumetuma ombi kwa nambari { $phone }.
push-ask-phone = Weka nambari ya simu ya akaunti yako ya pesa kwa simu, nasi tutatuma ombi la malipo kwa nambari hiyo.
push-phone = Nambari ya simu
push-phone-hint = Tarakimu pekee, pamoja na msimbo wa nchi, kwa mfano 254712345678.
push-phone-error = Angalia nambari ya simu: tarakimu pekee, kati ya 8 na 15.
push-send = Tuma ombi la malipo
push-send-again = Tuma ombi tena
push-again-in = Unaweza kutuma ombi tena baada ya sekunde { $seconds }.
push-not-received = Hukupokea ombi? Hakikisha simu yako imewashwa na ina mtandao.
notice-push-sent = Ombi la malipo limetumwa tena.
notice-push-wait = Tafadhali subiri dakika moja kabla ya kutuma ombi tena.
