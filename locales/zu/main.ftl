# Ikhasi lokukhokha le-Kassa — isiZulu.

## Page frame
brand = Kassa
page-title = Ukukhokha { $amount }
skip-to-content = Yeqela enkokhelweni
language = Ulimi
secure-note = Inkokhelo evikelekile nge-Kassa. Ungalokothi wabelane nge-PIN yekhadi lakho noma ngamakhodi okusebenza kanye ngaphandle kwekhasi noma kwe-app yebhange lakho.
amount-label = Imali okufanele ikhokhwe
description-label = Inhloso
time-left = Isikhathi esisele sokukhokha
time-left-minutes = { $minutes ->
    [one] kusele cishe umzuzu ongu-{ $minutes }
   *[other] kusele cishe imizuzu engu-{ $minutes }
}
time-up = Isikhathi siphelile
updating = Leli khasi lizibuyekeza ngokwalo.
status-updated = Isimo senkokhelo sishintshile.

## Method choice
choose-method-title = Ungathanda ukukhokha kanjani?
choose-method-hint = Khetha indlela yokukhokha. Imininingwane yokukhokha izovela esinyathelweni esilandelayo.
method-payin-p2p-card = Ukudlulisela ekhadini lasebhange
method-payin-p2p-sbp = Uhlelo Lokukhokha Olusheshayo (SBP)
method-payin-1-click = Ukukhokha ngokuchofoza kanye
method-payin-p2p-international = Ukudlulisela kwamazwe ngamazwe
method-payin-qr-sbp = Ikhodi ye-QR ye-SBP
method-payin-p2p-mobile = Ukudlulisela ngeselula
method-payin-p2p-card-international = Ukudlulisela ekhadini lamazwe ngamazwe
method-payin-qr-link-p2p = Ikhodi ye-QR
method-payin-account-number = Ukudlulisela ku-akhawunti yasebhange
method-payin-wallet-link = Isikhwama sedijithali
method-payin-ussd = Ikhodi ye-USSD
method-payin-eft-link = I-EFT esheshayo
method-payin-mobile-money = Imali yeselula
method-payin-p2p-phone = Ukudlulisela ngenombolo yefoni
method-payin-ecom-card = Khokha ngekhadi

## Waiting
searching-title = Silungisa imininingwane yakho yokukhokha
searching-text = Lokhu kuvame ukuthatha imizuzwana embalwa.
searching-busy-title = Ayikho imininingwane yokukhokha etholakalayo okwamanje
searching-busy-text = Sizoqhubeka sifuna isikhathi esingafika emzuzwini owodwa. Uma kungatholakali lutho, le nkokhelo izovalwa ngaphandle kokuthatha imali, futhi ungaqala kabusha.
checking-title = Sihlola inkokhelo yakho
checking-text = Siyabonga! Silinde ukuthi ibhange liqinisekise imali oyidlulisile.

## Instructions
instructions-title = Dlulisela inani eliqondile
instructions-card = Thumela imali kule nombolo yekhadi usebenzisa i-app yebhange lakho.
instructions-phone = Thumela imali kule nombolo yefoni usebenzisa i-app yebhange lakho.
instructions-account = Thumela imali kule akhawunti yasebhange.
instructions-link = Vula isixhumanisi sokukhokha bese uqinisekisa inani.
instructions-qr = Skena ikhodi ye-QR nge-app yebhange lakho, noma uvule isixhumanisi kule foni.
instructions-ussd = Shaya le khodi efonini yakho bese ulandela imiyalelo.
instructions-exact-amount = Thumela ngqo { $amount } ngenkokhelo eyodwa, uma kungenjalo imali ingafika sekwephuzile.
field-card-number = Inombolo yekhadi
field-phone = Inombolo yefoni
field-account = Inombolo ye-akhawunti
field-link = Isixhumanisi sokukhokha
field-ussd = Ikhodi ye-USSD
field-holder = Umamukeli
field-bank = Ibhange
field-bank-code = Ikhodi yebhange (BIK)
field-correspondent-account = I-akhawunti yomlingani
field-amount = Inani
copy = Kopisha
copy-value = Kopisha: { $what }
copied = Kukopishiwe
open-link = Vula isixhumanisi sokukhokha
dial-ussd = Shaya ikhodi
qr-alt = Ikhodi ye-QR yesixhumanisi sokukhokha

## Actions
i-have-paid = Sengikhokhile
i-have-paid-hint = Cindezela lokhu ngemva kokuthumela imali.
cancel-payment = Khansela inkokhelo
back-to-shop = Buyela esitolo

## Mobile money
push-title = Qinisekisa inkokhelo efonini yakho
push-text = Sithumele isicelo sokukhokha efonini yakho. Sivule bese ufaka i-PIN yakho ukuze uvume { $amount }.

## Receipt
receipt-title = Layisha irisidi lakho
receipt-text = Uma usukhokhile, layisha irisidi elivela ebhange lakho (isithombe noma i-PDF, kuze kufike ku-5 MB) ukuze sithole inkokhelo yakho.
receipt-file = Ifayela lerisidi
receipt-submit = Layisha irisidi
receipt-back = Buyela enkokhelweni
receipt-uploaded = Siyabonga, irisidi lakho lilayishiwe.
receipt-error-size = Ifayela likhulu kune-5 MB.
receipt-error-type = Sicela ulayishe isithombe (JPEG, PNG, WebP noma HEIC) noma i-PDF.
receipt-error-missing = Khetha ifayela ozolilayisha.

## Results
success-title = Kukhokhiwe
success-text = Siyabonga! Inkokhelo yakho eya ku-{ $name } iphothuliwe.
decline-title = Inkokhelo ayiphothulwanga
expired-title = Inkokhelo iphelelwe yisikhathi
reason-canceled = Inkokhelo ikhanseliwe.
reason-expired = Isikhathi sokukhokha siphelile.
reason-no-requisites = Asikwazanga ukulungisa imininingwane yokukhokha okwamanje. Sicela uzame futhi emva kwesikhashana.
reason-antifraud = Inkokhelo yenqatshwe ukuhlolwa kokuphepha.
reason-no-payment = Asiyitholanga inkokhelo.
reason-declined-user = Isicelo sokukhokha senqatshwe efonini yakho.
reason-issuer = Ibhange lakho lenqabile inkokhelo.
reason-insufficient-funds = Ayikho imali eyanele ekhadini.
reason-card-expired = Ikhadi liphelelwe yisikhathi.
reason-3ds-failed = Ibhange lakho alikwazanga ukuqinisekisa inkokhelo.
reason-other = Inkokhelo yenqatshiwe.
dispute-title = Inkokhelo iyabuyekezwa
dispute-no-payment = Asikayitholi inkokhelo yakho. Uma usukhokhile, layisha irisidi.
dispute-different-amount = Imali esiyitholile ayifani nenani le-oda. Ithimba losizo lizokuthinta.
dispute-confirm-timeout = Silitholile irisidi lakho futhi sihlola inkokhelo. Lokhu kungathatha kuze kufike emahoreni angu-24.

## Card
card-title = Khokha ngekhadi
card-number = Inombolo yekhadi
card-expiry = Usuku lokuphelelwa yisikhathi
card-holder = Igama elisekhadini
card-cvv = Ikhodi yokuphepha (CVV)
card-cvv-hint = Izinombolo ezi-3 noma ezi-4 ngemuva kwekhadi
card-pay = Khokha { $amount }
card-error-number = Hlola inombolo yekhadi.
card-error-expiry = Hlola usuku lokuphelelwa yisikhathi.
card-error-holder = Faka igama njengoba libhalwe ekhadini, ngezinhlamvu zesiLatini noma zesiCyrillic.
card-error-cvv = Ikhodi yokuphepha inezinombolo ezi-3 noma ezi-4.
card-expiry-placeholder = MM/YY
card-error-number-empty = Faka inombolo yekhadi.
card-error-number-length = Le nombolo yekhadi inezinombolo ezimbalwa kakhulu noma eziningi kakhulu ohlotsheni lwayo lwekhadi.
card-error-expiry-empty = Faka usuku lokuphelelwa yisikhathi njengoba lubhalwe ekhadini, MM/YY.
card-error-expired = Leli khadi liphelelwe yisikhathi. Sebenzisa elinye ikhadi.
card-error-holder-empty = Faka igama njengoba libhalwe ekhadini.
card-error-holder-digits = Igama alikwazi ukuba nezinombolo. Lifake njengoba libhalwe ekhadini.
card-error-cvv-empty = Faka ikhodi yokuphepha esemuva kwekhadi.
card-error-cvv-3 = Ikhodi yokuphepha yaleli khadi inezinombolo ezi-3.
card-error-cvv-4 = Ikhodi yokuphepha yaleli khadi inezinombolo ezi-4 (ngaphambili kwekhadi).
card-processing = Sihlola ikhadi lakho…
threeds-title = Qinisekisa nebhange lakho
threeds-text = Ikhasi lebhange lakho lizovuleka manje ukuze uqinisekise inkokhelo.
threeds-continue = Qhubekela ebhange

## Errors
not-found-title = Inkokhelo ayitholakalanga
not-found-text = Lesi sixhumanisi sokukhokha asisebenzi. Buyela esitolo bese uqala inkokhelo kabusha.
error-session = Iseshini yakho iphelelwe yisikhathi. Sicela uzame futhi.
error-not-available = Lesi senzo asisatholakali kule nkokhelo.

## Sandbox panel
sandbox-title = Indawo yokuhlola
sandbox-text = Imodi yokuhlola: lezi zinkinobho zenza lokho umqhubi nebhange ababezokwenza.
sandbox-received = Imali itholiwe
sandbox-different = Kutholwe inani elihlukile
sandbox-expire = Vumela isikhathi siphele
sandbox-push-accept = Vuma isicelo se-push
sandbox-push-refuse = Nqaba isicelo se-push

## Demo shop
shop-title = Isitolo sokubonisa se-Kassa
shop-intro = Zama inkokhelo kusukela ekuqaleni kuya ekugcineni. Lesi sitolo sakha inkokhelo yangempela ye-widget esayiniwe kumodi yokuhlola, bese sikuthumela ekhasini layo lokukhokha.
shop-country = Izwe nendlela
shop-amount = Inani
shop-pay = Iya ekhasini lokukhokha
shop-any-method = Ngizokhetha ekhasini
shop-error-choice = Khetha izwe nendlela yokukhokha ohlwini.
shop-error-amount = Faka inani njengenombolo, isibonelo 1500 noma 1500.50.
shop-error-refused = Inkokhelo ayikwazanga ukwakhiwa. Isevisi yokukhokha iphendule yathi:
shop-error-unreachable = Isevisi yokukhokha ayiphendulanga. Sicela uzame futhi ngemva komzuzu.

## Sandbox bank pages
acs-title = Ibhange lakho: qinisekisa inkokhelo
acs-text = Faka ikhodi yokusebenza kanye ethunyelwe efonini yakho. Endaweni yokuhlola ikhodi ngu-123456.
acs-code = Ikhodi yokusebenza kanye
acs-submit = Qinisekisa
acs-wrong-code = Ikhodi ayilungile. Imizamo esele: { $left }
acs-cancel = Khansela
bank-title = Ibhange lakho
bank-text = Vuma ukukhokha { $amount } kumthengisi.
bank-approve = Vuma
bank-decline = Nqaba
unavailable-title = Akutholakali okwesikhashana
unavailable-text = Leli khasi lokukhokha alikwazi ukuboniswa okwamanje. Sicela uzame futhi ngemva komzuzu.
sandbox-banner = Indawo yokuhlola: izinkokhelo zokuhlola kuphela, ayikho imali yangempela edluliselwayo.

## Trust and recovery (issue 13)
payee = Inkokhelo eya ku-{ $name }
amount-label-paid = Kukhokhiwe
amount-label-final = Inani
instructions-title-link = Vula isixhumanisi sokukhokha
instructions-title-ussd = Shaya ikhodi
checking-details-title = Awukayithumeli imali?
checking-details-text = Imininingwane yokukhokha ihlala lapha kuze kuphothulwe inkokhelo. Thumela ngqo inani elibonisiwe.
change-method = Khetha enye indlela yokukhokha
cancel-confirm-title = Ufuna ukukhansela le nkokhelo?
cancel-confirm-text = Inkokhelo izovalwa futhi le mininingwane yokukhokha ngeke isasebenza. Uma usuyithumele imali, ungakhanseli: esikhundleni salokho cindezela “Sengikhokhile”.
cancel-confirm-text-paid = Uthe usuyithumele imali. Uma ukhansela manje, isitolo ngeke siyilinde, futhi ukubuyiselwa kwemali kungathatha isikhathi eside. Khansela kuphela uma ungayithumelanga.
cancel-confirm-yes = Yebo, khansela inkokhelo
cancel-confirm-no = Cha, buyela enkokhelweni
card-try-another = Ungakhokha ngelinye ikhadi. Amakhadi osengawazama: { $left }.
record-title = Irekhodi lenkokhelo
record-status = Isimo
record-reference = Inkomba
record-date = Usuku nesikhathi
record-method = Indlela
record-card = Ikhadi
record-card-ending = eligcina ngo-{ $last4 }
record-payee = Umamukeli
record-contact = Unemibuzo ngale nkokhelo? Xhumana nomthengisi { $name } bese unikeza inkomba { $reference }.
record-print = Phrinta noma ugcine leli rekhodi
record-print-hint = Sebenzisa umyalo othi Phrinta noma Yabelana esipheqululini sakho ukuze ugcine leli rekhodi.
record-outcome-paid = Kukhokhiwe
record-outcome-declined = Akukhokhiwe
record-outcome-expired = Akukhokhiwe: isikhathi siphelile
record-outcome-canceled = Kukhanseliwe
record-outcome-review = Kuyabuyekezwa
next-success = Gcina leli rekhodi. Isitolo sitshelwe ukuthi ukhokhile.
next-declined = Ayikho imali ethathiwe kule nkokhelo. Ungabuyela esitolo bese ukhokha futhi.
next-expired = Uma uthumele imali ngaphambi kokuthi isikhathi siphele, xhumana nesitolo unikeze inkomba engenhla. Uma kungenjalo, buyela esitolo bese uqala kabusha.
next-canceled = Inkokhelo ikhanseliwe futhi ayikho imali ethathiwe. Ungabuyela esitolo bese ukhokha futhi.
next-dispute = Sihlola le nkokhelo. Gcina inkomba engenhla; isitolo sizokwazisa ngomphumela.
return-in = Ukubuyela esitolo:
return-in-seconds = { $seconds ->
    [one] emva komzuzwana ongu-{ $seconds }
   *[other] emva kwemizuzwana engu-{ $seconds }
}
return-now = manje
return-stay = Hlala kuleli khasi

## Method choice explained (issue 13)
method-how-payin-p2p-card = Thumela imali enombolweni yekhadi usebenzisa i-app yebhange lakho.
method-how-payin-p2p-sbp = Thumela imali ngenombolo yefoni ngoHlelo Lokukhokha Olusheshayo (SBP) ku-app yebhange lakho.
method-how-payin-1-click = Qinisekisa inkokhelo ngesinyathelo esisodwa ku-app yebhange lakho.
method-how-payin-p2p-international = Thumela imali usuka ku-akhawunti yasebhange esezweni langaphandle.
method-how-payin-qr-sbp = Skena ikhodi ye-QR nge-app yebhange lakho; inani ligcwaliswa ngokuzenzakalelayo.
method-how-payin-p2p-mobile = Khokha ku-akhawunti yeselula ngenkampani yakho yeselula (hhayi nge-SBP).
method-how-payin-p2p-card-international = Thumela imali ekhadini lebhange lakwelinye izwe usebenzisa i-app yebhange lakho.
method-how-payin-qr-link-p2p = Vula isixhumanisi (noma uskene ikhodi yaso ye-QR) esiholela ekhasini lokukhokha lebhange lomamukeli.
method-how-payin-account-number = Dlulisela imali enombolweni ye-akhawunti yasebhange usebenzisa i-app yebhange lakho.
method-how-payin-wallet-link = Khokha ngesikhwama sakho sedijithali: isixhumanisi siyasivula inkokhelo isilungile.
method-how-payin-ussd = Shaya ikhodi emfushane efonini yakho; awudingi i-inthanethi noma i-app.
method-how-payin-eft-link = Khokha usuka ku-akhawunti yakho yasebhange ngesixhumanisi esivikelekile esiya ebhange lakho.
method-how-payin-mobile-money = Vuma isicelo efonini yakho nge-PIN yakho yemali yeselula.
method-how-payin-p2p-phone = Thumela imali enombolweni yefoni usebenzisa i-app yebhange lakho.
method-how-payin-ecom-card = Faka imininingwane yekhadi lakho esinyathelweni esilandelayo.

## Mobile money (issue 13)
push-sent-to = Isicelo sithunyelwe ku-{ $phone }.
push-ask-phone = Faka inombolo yefoni ye-akhawunti yakho yemali yeselula, bese sithumela isicelo sokukhokha kuleyo nombolo.
push-phone = Inombolo yefoni
push-phone-hint = Izinombolo kuphela, kuhlanganise nekhodi yezwe, isibonelo 254712345678.
push-phone-error = Hlola inombolo yefoni: izinombolo kuphela, ezi-8 kuya kwezi-15.
push-send = Thumela isicelo sokukhokha
push-send-again = Thumela isicelo futhi
push-again-in = { $seconds ->
    [one] Ungaphinda uthumele isicelo emva komzuzwana ongu-{ $seconds }.
   *[other] Ungaphinda uthumele isicelo emva kwemizuzwana engu-{ $seconds }.
}
push-not-received = Awusitholanga? Qinisekisa ukuthi ifoni yakho ivuliwe futhi inenethiwekhi.
notice-push-sent = Isicelo sokukhokha siphinde sathunyelwa.
notice-push-wait = Sicela ulinde umzuzu ngaphambi kokuthumela isicelo futhi.
