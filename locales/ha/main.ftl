# Shafin biyan kuɗi na Kassa — Hausa.

## Page frame
brand = Kassa
page-title = Biyan { $amount }
skip-to-content = Tsallaka zuwa wurin biya
language = Harshe
secure-note = Biya mai tsaro ta hannun Kassa. Kada ku taɓa bayyana PIN na katinku ko lambobin amfani sau ɗaya a ko'ina sai a shafi ko manhajar bankinku kawai.
amount-label = Adadin da za a biya
description-label = Dalilin biya
time-left = Lokacin da ya rage don biya
time-left-minutes = { $minutes ->
    [one] saura kusan minti { $minutes }
   *[other] saura kusan minti { $minutes }
}
time-up = Lokaci ya ƙare
updating = Wannan shafi yana sabunta kansa.
status-updated = Matsayin biyan ya canza.

## Method choice
choose-method-title = Ta wace hanya kuke son biya?
choose-method-hint = Zaɓi hanyar biya. Bayanan biya za su bayyana a mataki na gaba.
method-payin-p2p-card = Tura kuɗi zuwa katin banki
method-payin-p2p-sbp = Tsarin Biya Cikin Sauri (SBP)
method-payin-1-click = Biya da danna sau ɗaya
method-payin-p2p-international = Tura kuɗi na ƙasa da ƙasa
method-payin-qr-sbp = Lambar QR ta SBP
method-payin-p2p-mobile = Tura kuɗi ta waya
method-payin-p2p-card-international = Tura kuɗi zuwa katin ƙasar waje
method-payin-qr-link-p2p = Lambar QR
method-payin-account-number = Tura kuɗi zuwa asusun banki
method-payin-wallet-link = Walat
method-payin-ussd = Lambar USSD
method-payin-eft-link = EFT nan take
method-payin-mobile-money = Kuɗin waya
method-payin-p2p-phone = Tura kuɗi ta lambar waya
method-payin-ecom-card = Biya da kati

## Waiting
searching-title = Muna shirya bayanan biyanku
searching-text = Yawanci wannan yana ɗaukar 'yan daƙiƙoƙi.
searching-busy-title = Babu bayanan biya da ke samuwa a yanzu
searching-busy-text = Za mu ci gaba da nema har tsawon minti ɗaya. Idan ba a samu ba, za a rufe wannan biya ba tare da an cire kuɗi ba, kuma kuna iya sake farawa.
checking-title = Muna duba biyanku
checking-text = Mun gode! Muna jiran banki ya tabbatar da kuɗin da kuka tura.

## Instructions
instructions-title = Ku tura ainihin adadin
instructions-card = Ku tura kuɗin zuwa wannan lambar kati daga manhajar bankinku.
instructions-phone = Ku tura kuɗin zuwa wannan lambar waya daga manhajar bankinku.
instructions-account = Ku tura kuɗin zuwa wannan asusun banki.
instructions-link = Ku buɗe mahaɗar biya kuma ku tabbatar da adadin.
instructions-qr = Ku yi sikanin lambar QR da manhajar bankinku, ko ku buɗe mahaɗar a wannan wayar.
instructions-ussd = Ku buga wannan lamba a wayarku kuma ku bi umarnin.
instructions-exact-amount = Ku tura daidai { $amount } a biya ɗaya, in ba haka ba shigar kuɗin na iya jinkiri.
field-card-number = Lambar kati
field-phone = Lambar waya
field-account = Lambar asusu
field-link = Mahaɗar biya
field-ussd = Lambar USSD
field-holder = Mai karɓa
field-bank = Banki
field-bank-code = Lambar banki (BIK)
field-correspondent-account = Asusun wakili
field-amount = Adadi
copy = Kwafa
copy-value = Kwafa { $what }
copied = An kwafa
open-link = Buɗe mahaɗar biya
dial-ussd = Buga lambar
qr-alt = Lambar QR ta mahaɗar biya

## Actions
i-have-paid = Na biya
i-have-paid-hint = Ku danna wannan bayan kun tura kuɗin.
cancel-payment = Soke biyan
back-to-shop = Koma shago

## Mobile money
push-title = Ku tabbatar da biyan a wayarku
push-text = Mun aika buƙatar biya zuwa wayarku. Ku buɗe ta kuma ku shigar da PIN ɗinku don amincewa da { $amount }.

## Receipt
receipt-title = Ku ɗora rasit ɗinku
receipt-text = Idan kun riga kun biya, ku ɗora rasit daga bankinku (hoto ko PDF, har zuwa 5 MB) domin mu gano biyanku.
receipt-file = Fayil ɗin rasit
receipt-submit = Ɗora rasit
receipt-back = Koma zuwa biyan kuɗi
receipt-uploaded = Mun gode, an ɗora rasit ɗinku.
receipt-error-size = Fayil ɗin ya fi 5 MB girma.
receipt-error-type = Don Allah ku ɗora hoto (JPEG, PNG, WebP ko HEIC) ko PDF.
receipt-error-missing = Ku zaɓi fayil da za a ɗora.

## Results
success-title = An biya
success-text = Mun gode! Biyanku zuwa ga { $name } ya kammala.
decline-title = Biyan bai kammala ba
expired-title = Lokacin biyan ya ƙare
reason-canceled = An soke biyan.
reason-expired = Lokacin biya ya ƙare.
reason-no-requisites = Ba mu iya shirya bayanan biya a yanzu ba. Don Allah ku sake gwadawa anjima.
reason-antifraud = Binciken tsaro ya ƙi amincewa da biyan.
reason-no-payment = Ba mu karɓi biyan ba.
reason-declined-user = An ƙi buƙatar biyan a wayarku.
reason-issuer = Bankinku ya ƙi amincewa da biyan.
reason-insufficient-funds = Babu isasshen kuɗi a katin.
reason-card-expired = Wa'adin katin ya ƙare.
reason-3ds-failed = Bankinku bai iya tabbatar da biyan ba.
reason-other = An ƙi amincewa da biyan.
dispute-title = Ana duba biyan
dispute-no-payment = Har yanzu ba mu karɓi biyanku ba. Idan kun riga kun biya, ku ɗora rasit.
dispute-different-amount = Mun karɓi adadin da ya bambanta da na odar. Sashen tallafi zai tuntuɓe ku.
dispute-confirm-timeout = Mun karɓi rasit ɗinku kuma muna duba biyan. Wannan na iya ɗaukar har zuwa awa 24.

## Card
card-title = Biya da kati
card-number = Lambar kati
card-expiry = Ranar ƙarewar wa'adi
card-holder = Sunan da ke kan katin
card-cvv = Lambar tsaro (CVV)
card-cvv-hint = Lambobi 3 ko 4 a bayan katin
card-pay = Biya { $amount }
card-error-number = Ku duba lambar katin.
card-error-expiry = Ku duba ranar ƙarewar wa'adi.
card-error-holder = Ku shigar da sunan kamar yadda aka buga shi a kan katin, da haruffan Latin ko na Cyrillic.
card-error-cvv = Lambar tsaro tana da lambobi 3 ko 4.
card-expiry-placeholder = MM/YY
card-error-number-empty = Ku shigar da lambar katin.
card-error-number-length = Lambobin wannan katin sun yi ƙasa ko sun yi yawa ga irin wannan katin.
card-error-expiry-empty = Ku shigar da ranar ƙarewar wa'adi kamar yadda take a kan katin, MM/YY.
card-error-expired = Wa'adin wannan katin ya ƙare. Ku yi amfani da wani katin.
card-error-holder-empty = Ku shigar da sunan kamar yadda aka buga shi a kan katin.
card-error-holder-digits = Suna ba zai iya ƙunsar lambobi ba. Ku shigar da shi kamar yadda aka buga shi a kan katin.
card-error-cvv-empty = Ku shigar da lambar tsaro da ke bayan katin.
card-error-cvv-3 = Lambar tsaro ta wannan katin tana da lambobi 3.
card-error-cvv-4 = Lambar tsaro ta wannan katin tana da lambobi 4 (a gaban katin).
card-processing = Muna duba katinku…
threeds-title = Ku tabbatar ta bankinku
threeds-text = Shafin bankinku zai buɗe yanzu domin ku tabbatar da biyan.
threeds-continue = Ci gaba zuwa banki

## Errors
not-found-title = Ba a sami biyan ba
not-found-text = Wannan mahaɗar biya ba ta aiki. Ku koma shago ku sake fara biyan.
error-session = Zamanku ya ƙare. Don Allah ku sake gwadawa.
error-not-available = Ba za a iya yin wannan aiki kuma a kan wannan biya ba.

## Sandbox panel
sandbox-title = Wurin gwaji
sandbox-text = Yanayin gwaji: waɗannan maɓallai suna yin abin da mai gudanarwa da banki za su yi.
sandbox-received = An karɓi kuɗi
sandbox-different = An karɓi adadi daban
sandbox-expire = Bari lokaci ya ƙare
sandbox-push-accept = Amince da buƙatar push
sandbox-push-refuse = Ƙi buƙatar push

## Demo shop
shop-title = Shagon gwaji na Kassa
shop-intro = Ku gwada biya daga farko har ƙarshe. Wannan shago yana ƙirƙirar ainihin biyan widget da aka sa wa hannu a yanayin gwaji, kuma yana kai ku shafin biyansa.
shop-country = Ƙasa da hanyar biya
shop-amount = Adadi
shop-pay = Je shafin biya
shop-any-method = Zan zaɓa a shafin
shop-error-choice = Ku zaɓi ƙasa da hanyar biya daga jerin.
shop-error-amount = Ku shigar da adadin a matsayin lamba, misali 1500 ko 1500.50.
shop-error-refused = Ba a iya ƙirƙirar biyan ba. Sabis ɗin biya ya amsa da cewa:
shop-error-unreachable = Sabis ɗin biya bai amsa ba. Don Allah ku sake gwadawa bayan minti ɗaya.

## Sandbox bank pages
acs-title = Bankinku: ku tabbatar da biyan
acs-text = Ku shigar da lambar amfani sau ɗaya da aka aika zuwa wayarku. A wurin gwaji lambar ita ce 123456.
acs-code = Lambar amfani sau ɗaya
acs-submit = Tabbatar
acs-wrong-code = Lambar ba daidai ba ce. Sauran ƙoƙari: { $left }
acs-cancel = Soke
bank-title = Bankinku
bank-text = Ku amince da biyan { $amount } ga ɗan kasuwa.
bank-approve = Amince
bank-decline = Ƙi
unavailable-title = Babu shi na ɗan lokaci
unavailable-text = Ba za a iya nuna wannan shafin biya a yanzu ba. Don Allah ku sake gwadawa bayan minti ɗaya.
sandbox-banner = Wurin gwaji: biyan gwaji kawai, babu ainihin kuɗin da ake turawa.

## Trust and recovery (issue 13)
payee = Biya zuwa ga { $name }
amount-label-paid = An biya
amount-label-final = Adadi
instructions-title-link = Buɗe mahaɗar biya
instructions-title-ussd = Buga lambar
checking-details-title = Ba ku tura kuɗin ba tukuna?
checking-details-text = Bayanan biya za su kasance a nan har sai biyan ya kammala. Ku tura daidai adadin da aka nuna.
change-method = Zaɓi wata hanyar biya
cancel-confirm-title = Kuna son soke wannan biya?
cancel-confirm-text = Za a rufe biyan kuma waɗannan bayanan biya ba za su ƙara aiki ba. Idan kun riga kun tura kuɗin, kada ku soke: maimakon haka ku danna “Na biya”.
cancel-confirm-text-paid = Kun ce kun tura kuɗin. Idan kuka soke yanzu, shagon ba zai jira kuɗin ba, kuma mayar da kuɗin na iya ɗaukar lokaci mai tsawo. Ku soke kawai idan ba ku tura kuɗin ba.
cancel-confirm-yes = E, soke biyan
cancel-confirm-no = A'a, koma ga biyan
card-try-another = Kuna iya biya da wani katin. Katunan da za ku iya gwadawa har yanzu: { $left }.
record-title = Shaidar biya
record-status = Matsayi
record-reference = Lambar shaida
record-date = Kwanan wata da lokaci
record-method = Hanyar biya
record-card = Kati
record-card-ending = mai ƙarewa da { $last4 }
record-payee = Mai karɓa
record-contact = Kuna da tambaya game da wannan biya? Ku tuntuɓi { $name } kuma ku ba da lambar shaida { $reference }.
record-print = Buga ko adana wannan shaida
record-print-hint = Ku yi amfani da umarnin Buga ko Raba na burauzarku don adana wannan shaida.
record-outcome-paid = An biya
record-outcome-declined = Ba a biya ba
record-outcome-expired = Ba a biya ba: lokaci ya ƙare
record-outcome-canceled = An soke
record-outcome-review = Ana dubawa
next-success = Ku adana wannan shaida. An sanar da shagon cewa kun biya.
next-declined = Ba a cire kuɗi saboda wannan biya ba. Kuna iya komawa shago ku sake biya.
next-expired = Idan kun tura kuɗin kafin lokaci ya ƙare, ku tuntuɓi shagon da lambar shaida da ke sama. In ba haka ba, ku koma shago ku sake farawa.
next-canceled = An soke biyan kuma ba a cire kuɗi ba. Kuna iya komawa shago ku sake biya.
next-dispute = Muna duba wannan biya. Ku adana lambar shaida da ke sama; shagon zai sanar da ku sakamakon.
return-in = Komawa shago:
return-in-seconds = cikin daƙiƙa { $seconds }
return-now = yanzu
return-stay = Tsaya a wannan shafin

## Method choice explained (issue 13)
method-how-payin-p2p-card = Ku tura kuɗi zuwa lambar kati daga manhajar bankinku.
method-how-payin-p2p-sbp = Ku tura kuɗi ta lambar waya ta hanyar Tsarin Biya Cikin Sauri (SBP) a manhajar bankinku.
method-how-payin-1-click = Ku tabbatar da biyan a mataki ɗaya a manhajar bankinku.
method-how-payin-p2p-international = Ku tura kuɗi daga asusun banki da ke ƙasar waje.
method-how-payin-qr-sbp = Ku yi sikanin lambar QR da manhajar bankinku; za a cike muku adadin.
method-how-payin-p2p-mobile = Ku biya zuwa asusun wayar hannu ta kamfanin sadarwarku (ba SBP ba).
method-how-payin-p2p-card-international = Ku tura kuɗi zuwa katin bankin ƙasar waje daga manhajar bankinku.
method-how-payin-qr-link-p2p = Ku buɗe mahaɗa (ko ku yi sikanin lambar QR ɗinta) da ke kai ku shafin biya na bankin mai karɓa.
method-how-payin-account-number = Ku tura kuɗi zuwa lambar asusun banki daga manhajar bankinku.
method-how-payin-wallet-link = Ku biya daga walat ɗinku na intanet: mahaɗa za ta buɗe shi tare da biyan a shirye.
method-how-payin-ussd = Ku buga gajeriyar lamba a wayarku; ba sai da intanet ko manhaja ba.
method-how-payin-eft-link = Ku biya daga asusun bankinku ta hanyar amintacciyar mahaɗa zuwa bankinku.
method-how-payin-mobile-money = Ku amince da buƙata a wayarku da PIN na asusun kuɗin wayarku.
method-how-payin-p2p-phone = Ku tura kuɗi zuwa lambar waya daga manhajar bankinku.
method-how-payin-ecom-card = Ku shigar da bayanan katinku a mataki na gaba.

## Mobile money (issue 13)
push-sent-to = Mun aika buƙatar zuwa { $phone }.
push-ask-phone = Ku shigar da lambar wayar asusun kuɗin wayarku, mu kuma za mu aika buƙatar biya zuwa gare ta.
push-phone = Lambar waya
push-phone-hint = Lambobi kawai, tare da lambar ƙasa, misali 254712345678.
push-phone-error = Ku duba lambar wayar: lambobi kawai, daga 8 zuwa 15.
push-send = Aika buƙatar biya
push-send-again = Sake aika buƙatar
push-again-in = Kuna iya sake aika buƙatar bayan daƙiƙa { $seconds }.
push-not-received = Ba ku samu ba? Ku tabbatar wayarku a kunne take kuma tana da sigina.
notice-push-sent = An sake aika buƙatar biya.
notice-push-wait = Don Allah ku jira minti ɗaya kafin ku sake aika buƙatar.
