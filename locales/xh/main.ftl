# Iphepha lokuhlawula le-Kassa — isiXhosa.

## Page frame
brand = Kassa
page-title = Intlawulo ye-{ $amount }
skip-to-content = Yiya kwintlawulo
language = Ulwimi
secure-note = Intlawulo ekhuselekileyo nge-Kassa. Ungaze wabelane nge-PIN yekhadi lakho okanye ngeekhowudi ezisetyenziswa kanye ngaphandle kwephepha okanye i-app yebhanki yakho.
amount-label = Imali ekufuneka ihlawulwe
description-label = Injongo
time-left = Ixesha eliseleyo lokuhlawula
time-left-minutes = { $minutes ->
    [one] kusele malunga nomzuzu { $minutes }
   *[other] kusele malunga nemizuzu { $minutes }
}
time-up = Ixesha liphelile
updating = Eli phepha lizihlaziya ngokwalo.
status-updated = Imeko yentlawulo itshintshile.

## Method choice
choose-method-title = Ungathanda ukuhlawula njani?
choose-method-hint = Khetha indlela yokuhlawula. Iinkcukacha zentlawulo ziza kwinyathelo elilandelayo.
method-payin-p2p-card = Ukudlulisela kwikhadi lebhanki
method-payin-p2p-sbp = Inkqubo yeeNtlawulo eziKhawulezayo (SBP)
method-payin-1-click = Intlawulo ngokucofa kanye
method-payin-p2p-international = Ukudlulisela kwamanye amazwe
method-payin-qr-sbp = Ikhowudi ye-QR ye-SBP
method-payin-p2p-mobile = Ukudlulisela ngeselula
method-payin-p2p-card-international = Ukudlulisela kwikhadi lamanye amazwe
method-payin-qr-link-p2p = Ikhowudi ye-QR
method-payin-account-number = Ukudlulisela kwi-akhawunti yebhanki
method-payin-wallet-link = I-wallet
method-payin-ussd = Ikhowudi ye-USSD
method-payin-eft-link = I-Instant EFT
method-payin-mobile-money = Imali yeselula
method-payin-p2p-phone = Ukudlulisela ngenombolo yefowuni
method-payin-ecom-card = Hlawula ngekhadi

## Waiting
searching-title = Silungiselela iinkcukacha zakho zentlawulo
searching-text = Oku kudla ngokuthatha imizuzwana embalwa.
searching-busy-title = Akukho zinkcukacha zentlawulo zikhoyo ngoku
searching-busy-text = Siza kuqhubeka sikhangela ukuya kutsho kumzuzu omnye. Ukuba akukho nanye ikhululekayo, le ntlawulo iza kuvalwa kungathathwanga mali, kwaye ungaqala kwakhona.
checking-title = Sijonga intlawulo yakho
checking-text = Enkosi! Silinde ukuba ibhanki iqinisekise imali oyidlulisileyo.

## Instructions
instructions-title = Thumela isixa esichanileyo
instructions-card = Thumela imali kule nombolo yekhadi usebenzisa i-app yebhanki yakho.
instructions-phone = Thumela imali kule nombolo yefowuni usebenzisa i-app yebhanki yakho.
instructions-account = Thumela imali kule akhawunti yebhanki.
instructions-link = Vula ikhonkco lentlawulo uze uqinisekise isixa.
instructions-qr = Skena ikhowudi ye-QR nge-app yebhanki yakho, okanye uvule ikhonkco kule fowuni.
instructions-ussd = Cofa le khowudi kwifowuni yakho uze ulandele imiyalelo.
instructions-exact-amount = Thumela ncam { $amount } ngentlawulo enye, kungenjalo ukungena kwemali kungalibaziseka.
field-card-number = Inombolo yekhadi
field-phone = Inombolo yefowuni
field-account = Inombolo ye-akhawunti
field-link = Ikhonkco lentlawulo
field-ussd = Ikhowudi ye-USSD
field-holder = Umamkeli
field-bank = Ibhanki
field-bank-code = Ikhowudi yebhanki (BIK)
field-correspondent-account = I-akhawunti yomlingane
field-amount = Isixa
copy = Kopa
copy-value = Kopa: { $what }
copied = Ikopiwe
open-link = Vula ikhonkco lentlawulo
dial-ussd = Cofa ikhowudi
qr-alt = Ikhowudi ye-QR yekhonkco lentlawulo

## Actions
i-have-paid = Ndihlawulile
i-have-paid-hint = Cofa apha emva kokuba uthumele imali.
cancel-payment = Rhoxisa intlawulo
back-to-shop = Buyela evenkileni

## Mobile money
push-title = Qinisekisa intlawulo kwifowuni yakho
push-text = Sithumele isicelo sentlawulo kwifowuni yakho. Sivule uze ufake i-PIN yakho ukuze uvume { $amount }.

## Receipt
receipt-title = Layisha irisithi yakho
receipt-text = Ukuba uhlawulile, layisha irisithi evela kwibhanki yakho (umfanekiso okanye i-PDF, ukuya kutsho kwi-5 MB) ukuze sikwazi ukufumana intlawulo yakho.
receipt-file = Ifayile yerisithi
receipt-submit = Layisha irisithi
receipt-back = Buyela kwintlawulo
receipt-uploaded = Enkosi, irisithi yakho ilayishiwe.
receipt-error-size = Ifayile inkulu ngaphezu kwe-5 MB.
receipt-error-type = Nceda ulayishe umfanekiso (JPEG, PNG, WebP okanye HEIC) okanye i-PDF.
receipt-error-missing = Khetha ifayile oza kuyilayisha.

## Results
success-title = Ihlawulwe
success-text = Enkosi! Intlawulo yakho eya ku-{ $name } igqityiwe.
decline-title = Intlawulo ayigqitywanga
expired-title = Ixesha lentlawulo liphelile
reason-canceled = Intlawulo irhoxisiwe.
reason-expired = Ixesha lokuhlawula liphelile.
reason-no-requisites = Asikwazanga ukulungiselela iinkcukacha zentlawulo ngoku. Nceda uzame kwakhona kamva.
reason-antifraud = Intlawulo yaliwe kuhlolo lokhuseleko.
reason-no-payment = Asiyifumananga intlawulo.
reason-declined-user = Isicelo sentlawulo saliwe kwifowuni yakho.
reason-issuer = Ibhanki yakho iyalile intlawulo.
reason-insufficient-funds = Akukho mali yaneleyo ekhadini.
reason-card-expired = Ikhadi liphelelwe lixesha.
reason-3ds-failed = Ibhanki yakho ayikwazanga ukuqinisekisa intlawulo.
reason-other = Intlawulo yaliwe.
dispute-title = Intlawulo iyahlolwa
dispute-no-payment = Asikayifumani intlawulo yakho. Ukuba uhlawulile, layisha irisithi.
dispute-different-amount = Sifumene isixa esahlukileyo kwesi-odolo. Inkxaso iza kuqhagamshelana nawe.
dispute-confirm-timeout = Siyifumene irisithi yakho kwaye sijonga intlawulo. Oku kunokuthatha ukuya kutsho kwiiyure ezingama-24.

## Card
card-title = Hlawula ngekhadi
card-number = Inombolo yekhadi
card-expiry = Umhla wokuphelelwa
card-holder = Igama elisekhadini
card-cvv = Ikhowudi yokhuseleko (CVV)
card-cvv-hint = Amanani ama-3 okanye ama-4 ngasemva kwekhadi
card-pay = Hlawula { $amount }
card-error-number = Jonga inombolo yekhadi.
card-error-expiry = Jonga umhla wokuphelelwa.
card-error-holder = Faka igama njengoko libhalwe ekhadini, ngoonobumba besiLatin okanye besiCyrillic.
card-error-cvv = Ikhowudi yokhuseleko inamanani ama-3 okanye ama-4.
card-expiry-placeholder = MM/YY
card-error-number-empty = Faka inombolo yekhadi.
card-error-number-length = Le nombolo yekhadi inamanani ambalwa kakhulu okanye maninzi kakhulu kuhlobo lwayo lwekhadi.
card-error-expiry-empty = Faka umhla wokuphelelwa njengoko ubhalwe ekhadini, MM/YY.
card-error-expired = Eli khadi liphelelwe lixesha. Sebenzisa elinye ikhadi.
card-error-holder-empty = Faka igama njengoko libhalwe ekhadini.
card-error-holder-digits = Igama alinakuba namanani. Lifake njengoko libhalwe ekhadini.
card-error-cvv-empty = Faka ikhowudi yokhuseleko esemva kwekhadi.
card-error-cvv-3 = Ikhowudi yokhuseleko yeli khadi inamanani ama-3.
card-error-cvv-4 = Ikhowudi yokhuseleko yeli khadi inamanani ama-4 (ngaphambili).
card-processing = Sijonga ikhadi lakho…
threeds-title = Qinisekisa nebhanki yakho
threeds-text = Kuza kuvuleka iphepha lebhanki yakho ukuze uqinisekise intlawulo.
threeds-continue = Qhubeka uye ebhankini

## Errors
not-found-title = Intlawulo ayifunyanwanga
not-found-text = Eli khonkco lentlawulo alisebenzi. Buyela evenkileni uze uqalise intlawulo kwakhona.
error-session = Iseshoni yakho iphelelwe lixesha. Nceda uzame kwakhona.
error-not-available = Eli nyathelo alisafumaneki kule ntlawulo.

## Sandbox panel
sandbox-title = Sandbox
sandbox-text = Imo yovavanyo: la maqhosha enza oko bekuya kwenziwa ngumqhubi nangebhanki.
sandbox-received = Imali ifunyenwe
sandbox-different = Kufunyenwe isixa esahlukileyo
sandbox-expire = Yekela ixesha liphele
sandbox-push-accept = Vuma isicelo se-push
sandbox-push-refuse = Yala isicelo se-push

## Demo shop
shop-title = Ivenkile yomboniso ye-Kassa
shop-intro = Zama intlawulo ukusuka ekuqaleni ukuya ekupheleni. Le venkile yenza intlawulo yokwenene ye-widget etyikityiweyo kwimo ye-sandbox, ize ikuthumele kwiphepha layo lentlawulo.
shop-country = Ilizwe nendlela
shop-amount = Isixa
shop-pay = Yiya kwiphepha lentlawulo
shop-any-method = Khetha ephepheni lentlawulo
shop-error-choice = Khetha ilizwe nendlela yokuhlawula kuluhlu.
shop-error-amount = Faka isixa njengenani, umzekelo 1500 okanye 1500.50.
shop-error-refused = Intlawulo ayikwazanga ukwenziwa. Inkonzo yentlawulo iphendule yathi:
shop-error-unreachable = Inkonzo yentlawulo ayiphendulanga. Nceda uzame kwakhona emva komzuzu.

## Sandbox bank pages
acs-title = Ibhanki yakho: qinisekisa intlawulo
acs-text = Faka ikhowudi esetyenziswa kanye ethunyelwe kwifowuni yakho. Kwi-sandbox ikhowudi ngu-123456.
acs-code = Ikhowudi esetyenziswa kanye
acs-submit = Qinisekisa
acs-wrong-code = Ikhowudi ayichanekanga. Amathuba aseleyo: { $left }
acs-cancel = Rhoxisa
bank-title = Ibhanki yakho
bank-text = Vuma intlawulo ye-{ $amount } eya kumthengisi.
bank-approve = Vuma
bank-decline = Yala
unavailable-title = Ayifumaneki okwethutyana
unavailable-text = Eli phepha lentlawulo alinakuboniswa ngoku. Nceda uzame kwakhona emva komzuzu.
sandbox-banner = Sandbox: iintlawulo zovavanyo kuphela, akukho mali yokwenene idluliselwayo.

## Trust and recovery (issue 13)
payee = Intlawulo eya ku-{ $name }
amount-label-paid = Ihlawulwe
amount-label-final = Isixa
instructions-title-link = Vula ikhonkco lentlawulo
instructions-title-ussd = Cofa ikhowudi
checking-details-title = Awukayithumeli imali?
checking-details-text = Iinkcukacha zentlawulo zihlala apha de intlawulo igqitywe. Thumela ncam isixa esibonisiweyo.
change-method = Khetha enye indlela yokuhlawula
cancel-confirm-title = Rhoxisa le ntlawulo?
cancel-confirm-text = Intlawulo iza kuvalwa kwaye ezi nkcukacha zentlawulo aziyi kuphinda zisebenze. Ukuba sele uyithumele imali, musa ukurhoxisa: endaweni yoko cofa “Ndihlawulile”.
cancel-confirm-text-paid = Uthe uyithumele imali. Ukuba urhoxisa ngoku, ivenkile ayiyi kuyilinda, kwaye ukubuyiselwa kwemali kunokuthatha ixesha elide. Rhoxisa kuphela ukuba awuyithumelanga.
cancel-confirm-yes = Ewe, rhoxisa intlawulo
cancel-confirm-no = Hayi, buyela kwintlawulo
card-try-another = Ungahlawula ngelinye ikhadi. Amakhadi osenokuwazama: { $left }.
record-title = Irekhodi yentlawulo
record-status = Imeko
record-reference = Isalathiso
record-date = Umhla nexesha
record-method = Indlela
record-card = Ikhadi
record-card-ending = eliphela ngo-{ $last4 }
record-payee = Umamkeli
record-contact = Unemibuzo ngale ntlawulo? Qhagamshelana no-{ $name } uze unike isalathiso { $reference }.
record-print = Shicilela okanye gcina le rekhodi
record-print-hint = Sebenzisa umyalelo othi “Shicilela” okanye “Yabelana” kwibhrawuza yakho ukuze ugcine le rekhodi.
record-outcome-paid = Ihlawulwe
record-outcome-declined = Ayihlawulwanga
record-outcome-expired = Ayihlawulwanga: ixesha liphelile
record-outcome-canceled = Irhoxisiwe
record-outcome-review = Iyahlolwa
next-success = Gcina le rekhodi. Ivenkile ixelelwe ukuba uhlawulile.
next-declined = Akukho mali ithathiweyo ngale ntlawulo. Ungabuyela evenkileni uze uhlawule kwakhona.
next-expired = Ukuba uyithumele imali phambi kokuba ixesha liphele, qhagamshelana nevenkile usebenzisa isalathiso esingentla. Kungenjalo buyela evenkileni uze uqale kwakhona.
next-canceled = Intlawulo irhoxisiwe kwaye akukho mali ithathiweyo. Ungabuyela evenkileni uze uhlawule kwakhona.
next-dispute = Sijonga le ntlawulo. Gcina isalathiso esingentla; ivenkile iza kukuxelela isiphumo.
return-in = Ukubuyela evenkileni:
return-in-seconds = { $seconds ->
    [one] emva komzuzwana { $seconds }
   *[other] emva kwemizuzwana { $seconds }
}
return-now = ngoku
return-stay = Hlala kweli phepha

## Method choice explained (issue 13)
method-how-payin-p2p-card = Thumela imali kwinombolo yekhadi usebenzisa i-app yebhanki yakho.
method-how-payin-p2p-sbp = Thumela imali ngenombolo yefowuni ngeNkqubo yeeNtlawulo eziKhawulezayo (SBP) kwi-app yebhanki yakho.
method-how-payin-1-click = Qinisekisa intlawulo ngenyathelo elinye kwi-app yebhanki yakho.
method-how-payin-p2p-international = Thumela imali usuka kwi-akhawunti yebhanki yaphesheya.
method-how-payin-qr-sbp = Skena ikhowudi ye-QR nge-app yebhanki yakho; isixa sizaliswa ngokwaso.
method-how-payin-p2p-mobile = Hlawula kwi-akhawunti yefowuni ephathwayo ngomnikezeli wakho wenethiwekhi (hayi nge-SBP).
method-how-payin-p2p-card-international = Thumela imali kwikhadi lebhanki yaphesheya usebenzisa i-app yebhanki yakho.
method-how-payin-qr-link-p2p = Vula ikhonkco (okanye uskene ikhowudi yalo ye-QR) elikusa kwiphepha lentlawulo lebhanki yomamkeli.
method-how-payin-account-number = Dlulisela imali kwinombolo ye-akhawunti yebhanki usebenzisa i-app yebhanki yakho.
method-how-payin-wallet-link = Hlawula nge-wallet yakho: ikhonkco liyivula nentlawulo sele ilungile.
method-how-payin-ussd = Cofa ikhowudi emfutshane kwifowuni yakho; akufuneki intanethi okanye i-app.
method-how-payin-eft-link = Hlawula usuka kwi-akhawunti yakho yebhanki ngekhonkco elikhuselekileyo eliya kwibhanki yakho.
method-how-payin-mobile-money = Vuma isicelo kwifowuni yakho nge-PIN yakho yemali yeselula.
method-how-payin-p2p-phone = Thumela imali kwinombolo yefowuni usebenzisa i-app yebhanki yakho.
method-how-payin-ecom-card = Uza kufaka iinkcukacha zekhadi lakho kwinyathelo elilandelayo.

## Mobile money (issue 13)
push-sent-to = Sithumele isicelo ku-{ $phone }.
push-ask-phone = Faka inombolo yefowuni ye-akhawunti yakho yemali yeselula, kwaye siza kuthumela isicelo sentlawulo kuyo.
push-phone = Inombolo yefowuni
push-phone-hint = Amanani kuphela, kunye nekhowudi yelizwe, umzekelo 254712345678.
push-phone-error = Jonga inombolo yefowuni: amanani kuphela, ukusuka kwi-8 ukuya kwi-15.
push-send = Thumela isicelo sentlawulo
push-send-again = Thumela isicelo kwakhona
push-again-in = { $seconds ->
    [one] Ungaphinda uthumele isicelo emva komzuzwana { $seconds }.
   *[other] Ungaphinda uthumele isicelo emva kwemizuzwana { $seconds }.
}
push-not-received = Awusifumananga? Qinisekisa ukuba ifowuni yakho ivuliwe kwaye inomqondiso.
notice-push-sent = Isicelo sentlawulo sithunyelwe kwakhona.
notice-push-wait = Nceda ulinde umzuzu phambi kokuthumela isicelo kwakhona.
