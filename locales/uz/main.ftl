# Kassa toʻlov sahifasi — oʻzbek tili (lotin yozuvi).

## Page frame
brand = Kassa
page-title = { $amount } toʻlovi
skip-to-content = Toʻlovga oʻtish
language = Til
secure-note = Kassa orqali xavfsiz toʻlov. Karta PIN-kodi va bir martalik kodlarni hech kimga bermang — ularni faqat bankingizning oʻz sahifasida yoki ilovasida kiriting.
amount-label = Toʻlov summasi
description-label = Toʻlov maqsadi
time-left = Toʻlov uchun qolgan vaqt
time-left-minutes = { $minutes ->
    [one] taxminan { $minutes } daqiqa qoldi
   *[other] taxminan { $minutes } daqiqa qoldi
}
time-up = Vaqt tugadi
updating = Bu sahifa avtomatik yangilanadi.
status-updated = Toʻlov holati oʻzgardi.

## Method choice
choose-method-title = Qanday toʻlamoqchisiz?
choose-method-hint = Toʻlov usulini tanlang. Toʻlov rekvizitlari keyingi qadamda chiqadi.
method-payin-p2p-card = Bank kartasiga oʻtkazma
method-payin-p2p-sbp = Tezkor toʻlovlar tizimi (SBP)
method-payin-1-click = Bir bosishda toʻlov
method-payin-p2p-international = Xalqaro oʻtkazma
method-payin-qr-sbp = SBP QR-kodi
method-payin-p2p-mobile = Mobil oʻtkazma
method-payin-p2p-card-international = Xorijiy kartaga oʻtkazma
method-payin-qr-link-p2p = QR-kod
method-payin-account-number = Bank hisobiga oʻtkazma
method-payin-wallet-link = Hamyon
method-payin-ussd = USSD-kod
method-payin-eft-link = Tezkor EFT
method-payin-mobile-money = Mobil pul
method-payin-p2p-phone = Telefon raqami orqali oʻtkazma
method-payin-ecom-card = Karta bilan toʻlash

## Waiting
searching-title = Toʻlov rekvizitlari tayyorlanmoqda
searching-text = Odatda bu bir necha soniya davom etadi.
searching-busy-title = Hozir boʻsh rekvizitlar yoʻq
searching-busy-text = Bir daqiqagacha qidirishda davom etamiz. Boʻshamasa, toʻlov pul yechilmasdan yopiladi va qaytadan boshlashingiz mumkin.
checking-title = Toʻlovingiz tekshirilmoqda
checking-text = Rahmat! Bank oʻtkazmangizni tasdiqlashini kutyapmiz.

## Instructions
instructions-title = Aniq summani oʻtkazing
instructions-card = Bank ilovangiz orqali pulni shu karta raqamiga oʻtkazing.
instructions-phone = Bank ilovangiz orqali pulni shu telefon raqamiga oʻtkazing.
instructions-account = Pulni shu bank hisobiga oʻtkazing.
instructions-link = Toʻlov havolasini oching va summani tasdiqlang.
instructions-qr = QR-kodni bank ilovangiz bilan skanerlang yoki havolani shu telefonda oching.
instructions-ussd = Bu kodni telefoningizda tering va koʻrsatmalarga amal qiling.
instructions-exact-amount = Aynan { $amount } miqdorini bitta toʻlovda oʻtkazing, aks holda pul tushishi kechikishi mumkin.
field-card-number = Karta raqami
field-phone = Telefon raqami
field-account = Hisob raqami
field-link = Toʻlov havolasi
field-ussd = USSD-kod
field-holder = Qabul qiluvchi
field-bank = Bank
field-bank-code = Bank kodi (BIK)
field-correspondent-account = Vakillik hisobi
field-amount = Summa
copy = Nusxa olish
copy-value = Nusxa olish: { $what }
copied = Nusxa olindi
open-link = Toʻlov havolasini ochish
dial-ussd = Kodni terish
qr-alt = Toʻlov havolasining QR-kodi

## Actions
i-have-paid = Toʻladim
i-have-paid-hint = Pulni yuborganingizdan keyin shu tugmani bosing.
cancel-payment = Toʻlovni bekor qilish
back-to-shop = Doʻkonga qaytish

## Mobile money
push-title = Toʻlovni telefoningizda tasdiqlang
push-text = Telefoningizga toʻlov soʻrovini yubordik. Uni oching va { $amount } toʻlovini tasdiqlash uchun PIN-kodni kiriting.

## Receipt
receipt-title = Chekni yuklang
receipt-text = Agar toʻlagan boʻlsangiz, toʻlovingizni topishimiz uchun bankdan olingan chekni yuklang (rasm yoki PDF, 5 MB gacha).
receipt-file = Chek fayli
receipt-submit = Chekni yuklash
receipt-back = To‘lovga qaytish
receipt-uploaded = Rahmat, chekingiz yuklandi.
receipt-error-size = Fayl hajmi 5 MB dan katta.
receipt-error-type = Iltimos, rasm (JPEG, PNG, WebP yoki HEIC) yoki PDF yuklang.
receipt-error-missing = Yuklash uchun fayl tanlang.

## Results
success-title = Toʻlandi
success-text = Rahmat! { $name } uchun toʻlovingiz muvaffaqiyatli yakunlandi.
decline-title = Toʻlov amalga oshmadi
expired-title = Toʻlov muddati tugadi
reason-canceled = Toʻlov bekor qilindi.
reason-expired = Toʻlov uchun berilgan vaqt tugadi.
reason-no-requisites = Hozir toʻlov rekvizitlarini tayyorlab boʻlmadi. Keyinroq qayta urinib koʻring.
reason-antifraud = Toʻlov xavfsizlik tekshiruvi tomonidan rad etildi.
reason-no-payment = Toʻlov bizga kelib tushmadi.
reason-declined-user = Toʻlov soʻrovi telefoningizda rad etildi.
reason-issuer = Bankingiz toʻlovni rad etdi.
reason-insufficient-funds = Kartada mablagʻ yetarli emas.
reason-card-expired = Kartaning amal qilish muddati tugagan.
reason-3ds-failed = Bankingiz toʻlovni tasdiqlay olmadi.
reason-other = Toʻlov rad etildi.
dispute-title = Toʻlov koʻrib chiqilmoqda
dispute-no-payment = Toʻlovingiz hali bizga kelib tushmadi. Agar toʻlagan boʻlsangiz, chekni yuklang.
dispute-different-amount = Bizga buyurtmadagidan farq qiladigan summa keldi. Qoʻllab-quvvatlash xizmati siz bilan bogʻlanadi.
dispute-confirm-timeout = Chekingizni oldik va toʻlovni tekshiryapmiz. Bu 24 soatgacha vaqt olishi mumkin.

## Card
card-title = Karta bilan toʻlash
card-number = Karta raqami
card-expiry = Amal qilish muddati
card-holder = Kartadagi ism
card-cvv = Xavfsizlik kodi (CVV)
card-cvv-hint = Kartaning orqa tomonidagi 3 yoki 4 ta raqam
card-pay = { $amount } toʻlash
card-error-number = Karta raqamini tekshiring.
card-error-expiry = Amal qilish muddatini tekshiring.
card-error-holder = Ismni kartada yozilganidek, lotin yoki kirill harflarida kiriting.
card-error-cvv = Xavfsizlik kodi 3 yoki 4 ta raqamdan iborat.
card-expiry-placeholder = OO/YY
card-error-number-empty = Karta raqamini kiriting.
card-error-number-length = Bu turdagi karta uchun karta raqamidagi raqamlar juda kam yoki juda koʻp.
card-error-expiry-empty = Amal qilish muddatini kartada yozilganidek kiriting: OO/YY.
card-error-expired = Bu kartaning amal qilish muddati tugagan. Boshqa kartadan foydalaning.
card-error-holder-empty = Ismni kartada yozilganidek kiriting.
card-error-holder-digits = Ismda raqam boʻlishi mumkin emas. Uni kartada yozilganidek kiriting.
card-error-cvv-empty = Kartaning orqa tomonidagi xavfsizlik kodini kiriting.
card-error-cvv-3 = Bu kartaning xavfsizlik kodi 3 ta raqamdan iborat.
card-error-cvv-4 = Bu kartaning xavfsizlik kodi 4 ta raqamdan iborat (kartaning old tomonida).
card-processing = Kartangiz tekshirilmoqda…
threeds-title = Bankingiz orqali tasdiqlang
threeds-text = Endi toʻlovni tasdiqlashingiz uchun bankingiz sahifasi ochiladi.
threeds-continue = Bankka oʻtish

## Errors
not-found-title = Toʻlov topilmadi
not-found-text = Bu toʻlov havolasi yaroqsiz. Doʻkonga qayting va toʻlovni qaytadan boshlang.
error-session = Seans muddati tugadi. Qayta urinib koʻring.
error-not-available = Bu amal ushbu toʻlov uchun endi mavjud emas.

## Sandbox panel
sandbox-title = Sinov muhiti
sandbox-text = Sinov rejimi: bu tugmalar operator va bank bajaradigan amallarni bajaradi.
sandbox-received = Mablagʻ kelib tushdi
sandbox-different = Boshqa summa kelib tushdi
sandbox-expire = Vaqtni tugatish
sandbox-push-accept = Push-soʻrovni tasdiqlash
sandbox-push-refuse = Push-soʻrovni rad etish

## Demo shop
shop-title = Kassa demo doʻkoni
shop-intro = Toʻlovni boshidan oxirigacha sinab koʻring. Bu doʻkon sinov rejimida vidjet orqali haqiqiy imzolangan toʻlov yaratadi va sizni uning toʻlov sahifasiga yuboradi.
shop-country = Mamlakat va toʻlov usuli
shop-amount = Summa
shop-pay = Toʻlov sahifasiga oʻtish
shop-any-method = Sahifada oʻzim tanlayman
shop-error-choice = Roʻyxatdan mamlakat va toʻlov usulini tanlang.
shop-error-amount = Summani raqam bilan kiriting, masalan 1500 yoki 1500,50.
shop-error-refused = Toʻlovni yaratib boʻlmadi. Toʻlov xizmati javobi:
shop-error-unreachable = Toʻlov xizmati javob bermadi. Bir daqiqadan soʻng qayta urinib koʻring.

## Sandbox bank pages
acs-title = Bankingiz: toʻlovni tasdiqlang
acs-text = Telefoningizga yuborilgan bir martalik kodni kiriting. Sinov muhitida kod: 123456.
acs-code = Bir martalik kod
acs-submit = Tasdiqlash
acs-wrong-code = Kod notoʻgʻri. Qolgan urinishlar: { $left }
acs-cancel = Bekor qilish
bank-title = Bankingiz
bank-text = Sotuvchiga { $amount } toʻlovini tasdiqlang.
bank-approve = Tasdiqlash
bank-decline = Rad etish
unavailable-title = Vaqtincha mavjud emas
unavailable-text = Hozir toʻlov sahifasini koʻrsatib boʻlmadi. Bir daqiqadan soʻng qayta urinib koʻring.
sandbox-banner = Sinov rejimi: faqat sinov toʻlovlari, haqiqiy pul oʻtkazilmaydi.

## Trust and recovery (issue 13)
payee = { $name } uchun toʻlov
amount-label-paid = Toʻlandi
amount-label-final = Summa
instructions-title-link = Toʻlov havolasini oching
instructions-title-ussd = Kodni tering
checking-details-title = Pulni hali yubormadingizmi?
checking-details-text = Toʻlov yakunlanguncha rekvizitlar shu yerda turadi. Aynan koʻrsatilgan summani yuboring.
change-method = Boshqa toʻlov usulini tanlash
cancel-confirm-title = Bu toʻlov bekor qilinsinmi?
cancel-confirm-text = Toʻlov yopiladi va bu rekvizitlar boshqa ishlamaydi. Agar pulni yuborgan boʻlsangiz, bekor qilmang — uning oʻrniga «Toʻladim» tugmasini bosing.
cancel-confirm-text-paid = Siz pulni yuborganingizni bildirdingiz. Hozir bekor qilsangiz, doʻkon uni kutmaydi, pulni qaytarish esa uzoq vaqt olishi mumkin. Faqat pulni yubormagan boʻlsangizgina bekor qiling.
cancel-confirm-yes = Ha, toʻlovni bekor qilish
cancel-confirm-no = Yoʻq, toʻlovga qaytish
card-try-another = Boshqa karta bilan toʻlashingiz mumkin. Yana sinab koʻrish mumkin boʻlgan kartalar soni: { $left }.
record-title = Toʻlov haqida maʼlumot
record-status = Holat
record-reference = Toʻlov raqami
record-date = Sana va vaqt
record-method = Toʻlov usuli
record-card = Karta
record-card-ending = oxirgi raqamlari { $last4 }
record-payee = Qabul qiluvchi
record-contact = Bu toʻlov boʻyicha savollaringiz bormi? { $name } bilan bogʻlaning va { $reference } raqamini ayting.
record-print = Chop etish yoki saqlash
record-print-hint = Bu maʼlumotni saqlash uchun brauzeringizdagi «Chop etish» yoki «Ulashish» buyrugʻidan foydalaning.
record-outcome-paid = Toʻlandi
record-outcome-declined = Toʻlanmadi
record-outcome-expired = Toʻlanmadi: vaqt tugadi
record-outcome-canceled = Bekor qilindi
record-outcome-review = Koʻrib chiqilmoqda
next-success = Bu maʼlumotni saqlab qoʻying. Doʻkonga toʻlaganingiz haqida xabar berildi.
next-declined = Bu toʻlov uchun pul yechilmadi. Doʻkonga qaytib, qayta toʻlashingiz mumkin.
next-expired = Agar pulni vaqt tugashidan oldin yuborgan boʻlsangiz, yuqoridagi toʻlov raqamini aytib, doʻkonga murojaat qiling. Aks holda doʻkonga qayting va qaytadan boshlang.
next-canceled = Toʻlov bekor qilindi, pul yechilmadi. Doʻkonga qaytib, qayta toʻlashingiz mumkin.
next-dispute = Bu toʻlovni tekshiryapmiz. Yuqoridagi toʻlov raqamini saqlab qoʻying — natijani doʻkon sizga maʼlum qiladi.
return-in = Doʻkonga qaytish:
return-in-seconds = { $seconds } soniyadan soʻng
return-now = hozir
return-stay = Shu sahifada qolish

## Method choice explained (issue 13)
method-how-payin-p2p-card = Bank ilovangiz orqali pulni karta raqamiga oʻtkazing.
method-how-payin-p2p-sbp = Bank ilovangizda Tezkor toʻlovlar tizimi (SBP) orqali pulni telefon raqami boʻyicha oʻtkazing.
method-how-payin-1-click = Toʻlovni bankingiz ilovasida bir qadamda tasdiqlang.
method-how-payin-p2p-international = Pulni xorijdagi bank hisobidan oʻtkazing.
method-how-payin-qr-sbp = QR-kodni bank ilovangiz bilan skanerlang — summa avtomatik kiritiladi.
method-how-payin-p2p-mobile = Mobil aloqa operatori orqali mobil telefon hisobiga toʻlang (SBP emas).
method-how-payin-p2p-card-international = Bank ilovangiz orqali pulni xorijiy bank kartasiga oʻtkazing.
method-how-payin-qr-link-p2p = Qabul qiluvchi bankining toʻlov sahifasiga olib boradigan havolani oching (yoki uning QR-kodini skanerlang).
method-how-payin-account-number = Bank ilovangiz orqali pulni bank hisob raqamiga oʻtkazing.
method-how-payin-wallet-link = Elektron hamyoningizdan toʻlang: havola uni tayyor toʻlov bilan ochadi.
method-how-payin-ussd = Telefoningizda qisqa kodni tering — internet ham, ilova ham kerak emas.
method-how-payin-eft-link = Bankingizga olib boradigan xavfsiz havola orqali bank hisobingizdan toʻlang.
method-how-payin-mobile-money = Telefoningizga kelgan soʻrovni mobil pul hisobingiz PIN-kodi bilan tasdiqlang.
method-how-payin-p2p-phone = Bank ilovangiz orqali pulni telefon raqamiga oʻtkazing.
method-how-payin-ecom-card = Karta maʼlumotlarini keyingi qadamda kiritasiz.

## Mobile money (issue 13)
push-sent-to = Soʻrovni { $phone } raqamiga yubordik.
push-ask-phone = Mobil pul hisobingiz ulangan telefon raqamini kiriting — biz unga toʻlov soʻrovini yuboramiz.
push-phone = Telefon raqami
push-phone-hint = Faqat raqamlar, mamlakat kodi bilan, masalan 254712345678.
push-phone-error = Telefon raqamini tekshiring: faqat raqamlar, 8 tadan 15 tagacha.
push-send = Toʻlov soʻrovini yuborish
push-send-again = Soʻrovni qayta yuborish
push-again-in = Soʻrovni { $seconds } soniyadan soʻng qayta yuborishingiz mumkin.
push-not-received = Soʻrov kelmadimi? Telefoningiz yoqilgani va aloqa borligini tekshiring.
notice-push-sent = Toʻlov soʻrovi qayta yuborildi.
notice-push-wait = Iltimos, soʻrovni qayta yuborishdan oldin bir daqiqa kuting.
