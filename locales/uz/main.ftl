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
field-amount = Summa
copy = Nusxa olish
copy-value = Nusxa olish: { $what }
copied = Nusxa olindi
open-link = Toʻlov havolasini ochish
dial-ussd = Kodni terish
qr-alt = Toʻlov havolasining QR-kodi

## Actions
i-have-paid = Men toʻladim
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
receipt-uploaded = Rahmat, chekingiz yuklandi.
receipt-error-size = Fayl hajmi 5 MB dan katta.
receipt-error-type = Iltimos, rasm (JPEG, PNG, WebP yoki HEIC) yoki PDF yuklang.
receipt-error-missing = Yuklash uchun fayl tanlang.

## Results
success-title = Toʻlov qabul qilindi
success-text = Rahmat! Toʻlovingiz muvaffaqiyatli yakunlandi.
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
card-month = Oy
card-year = Yil
card-holder = Kartadagi ism
card-cvv = Xavfsizlik kodi (CVV)
card-cvv-hint = Kartaning orqa tomonidagi 3 yoki 4 ta raqam
card-pay = { $amount } toʻlash
card-error-number = Karta raqamini tekshiring.
card-error-expiry = Amal qilish muddatini tekshiring.
card-error-holder = Ismni kartada yozilganidek, lotin yoki kirill harflarida kiriting.
card-error-cvv = Xavfsizlik kodi 3 yoki 4 ta raqamdan iborat.
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
shop-error = Toʻlovni yaratib boʻlmadi: { $reason }

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
