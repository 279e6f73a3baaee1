# Kassa ödəniş səhifəsi — Azərbaycan dili.

## Page frame
brand = Kassa
page-title = { $amount } məbləğində ödəniş
skip-to-content = Ödənişə keç
language = Dil
secure-note = Kassa ilə təhlükəsiz ödəniş. Kartın PIN kodunu və birdəfəlik kodları heç kimə deməyin — onları yalnız öz bankınızın səhifəsində və ya tətbiqində daxil edin.
amount-label = Ödəniş məbləği
description-label = Ödənişin təyinatı
time-left = Ödəniş üçün qalan vaxt
time-left-minutes = { $minutes ->
    [one] təxminən { $minutes } dəqiqə qalıb
   *[other] təxminən { $minutes } dəqiqə qalıb
}
time-up = Vaxt bitdi
updating = Bu səhifə avtomatik yenilənir.
status-updated = Ödənişin statusu dəyişdi.

## Method choice
choose-method-title = Necə ödəmək istəyirsiniz?
choose-method-hint = Ödəniş üsulunu seçin. Ödəniş rekvizitləri növbəti addımda göstəriləcək.
method-payin-p2p-card = Bank kartına köçürmə
method-payin-p2p-sbp = Sürətli Ödənişlər Sistemi (SBP)
method-payin-1-click = Bir kliklə ödəniş
method-payin-p2p-international = Beynəlxalq köçürmə
method-payin-qr-sbp = SBP QR kodu
method-payin-p2p-mobile = Mobil köçürmə
method-payin-p2p-card-international = Xarici karta köçürmə
method-payin-qr-link-p2p = QR kod
method-payin-account-number = Bank hesabına köçürmə
method-payin-wallet-link = Elektron pul kisəsi
method-payin-ussd = USSD kodu
method-payin-eft-link = Ani EFT
method-payin-mobile-money = Mobil pul
method-payin-p2p-phone = Telefon nömrəsinə köçürmə
method-payin-ecom-card = Kartla ödəniş

## Waiting
searching-title = Ödəniş rekvizitləri hazırlanır
searching-text = Bu, adətən bir neçə saniyə çəkir.
checking-title = Ödənişiniz yoxlanılır
checking-text = Təşəkkür edirik! Bankın köçürmənizi təsdiqləməsini gözləyirik.

## Instructions
instructions-title = Dəqiq məbləği köçürün
instructions-card = Bank tətbiqinizdən pulu bu kart nömrəsinə köçürün.
instructions-phone = Bank tətbiqinizdən pulu bu telefon nömrəsinə köçürün.
instructions-account = Pulu bu bank hesabına köçürün.
instructions-link = Ödəniş linkini açın və məbləği təsdiqləyin.
instructions-qr = QR kodu bank tətbiqinizlə skan edin və ya linki bu telefonda açın.
instructions-ussd = Bu kodu telefonunuzda yığın və göstərişlərə əməl edin.
instructions-exact-amount = Dəqiq { $amount } məbləğini bir ödənişlə köçürün, əks halda vəsaitin hesaba keçməsi gecikə bilər.
field-card-number = Kart nömrəsi
field-phone = Telefon nömrəsi
field-account = Hesab nömrəsi
field-link = Ödəniş linki
field-ussd = USSD kodu
field-holder = Alıcı
field-bank = Bank
field-amount = Məbləğ
copy = Kopyala
copy-value = Kopyala: { $what }
copied = Kopyalandı
open-link = Ödəniş linkini aç
dial-ussd = Kodu yığ
qr-alt = Ödəniş linkinin QR kodu

## Actions
i-have-paid = Ödəniş etdim
i-have-paid-hint = Pulu göndərdikdən sonra bu düyməni basın.
cancel-payment = Ödənişi ləğv et
back-to-shop = Mağazaya qayıt

## Mobile money
push-title = Ödənişi telefonunuzda təsdiqləyin
push-text = Telefonunuza ödəniş sorğusu göndərdik. Onu açın və { $amount } ödənişini təsdiqləmək üçün PIN kodu daxil edin.

## Receipt
receipt-title = Qəbzi yükləyin
receipt-text = Ödəniş etmisinizsə, ödənişinizi tapa bilməyimiz üçün bankdan aldığınız qəbzi yükləyin (şəkil və ya PDF, 5 MB-a qədər).
receipt-file = Qəbz faylı
receipt-submit = Qəbzi yüklə
receipt-uploaded = Təşəkkür edirik, qəbziniz yükləndi.
receipt-error-size = Fayl 5 MB-dan böyükdür.
receipt-error-type = Zəhmət olmasa, şəkil (JPEG, PNG, WebP və ya HEIC) və ya PDF yükləyin.
receipt-error-missing = Yükləmək üçün fayl seçin.

## Results
success-title = Ödəniş qəbul edildi
success-text = Təşəkkür edirik! Ödənişiniz tamamlandı.
decline-title = Ödəniş tamamlanmadı
expired-title = Ödənişin vaxtı bitdi
reason-canceled = Ödəniş ləğv edildi.
reason-expired = Ödəniş üçün ayrılan vaxt bitdi.
reason-no-requisites = Hazırda ödəniş rekvizitlərini hazırlamaq mümkün olmadı. Zəhmət olmasa, bir az sonra yenidən cəhd edin.
reason-antifraud = Ödəniş təhlükəsizlik yoxlaması tərəfindən rədd edildi.
reason-no-payment = Ödəniş bizə daxil olmadı.
reason-declined-user = Ödəniş sorğusu telefonunuzda rədd edildi.
reason-issuer = Bankınız ödənişi rədd etdi.
reason-insufficient-funds = Kartda kifayət qədər vəsait yoxdur.
reason-card-expired = Kartın istifadə müddəti bitib.
reason-3ds-failed = Bankınız ödənişi təsdiqləyə bilmədi.
reason-other = Ödəniş rədd edildi.
dispute-title = Ödəniş yoxlanılır
dispute-no-payment = Ödənişiniz hələ bizə daxil olmayıb. Ödəniş etmisinizsə, qəbzi yükləyin.
dispute-different-amount = Bizə sifariş məbləğindən fərqli məbləğ daxil olub. Dəstək xidməti sizinlə əlaqə saxlayacaq.
dispute-confirm-timeout = Qəbzinizi aldıq və ödənişi yoxlayırıq. Bu, 24 saata qədər çəkə bilər.

## Card
card-title = Kartla ödəniş
card-number = Kart nömrəsi
card-expiry = İstifadə müddəti
card-month = Ay
card-year = İl
card-holder = Kartdakı ad
card-cvv = Təhlükəsizlik kodu (CVV)
card-cvv-hint = Kartın arxa tərəfindəki 3 və ya 4 rəqəm
card-pay = { $amount } ödə
card-error-number = Kart nömrəsini yoxlayın.
card-error-expiry = İstifadə müddətini yoxlayın.
card-error-holder = Adı kartda yazıldığı kimi, latın və ya kiril hərfləri ilə daxil edin.
card-error-cvv = Təhlükəsizlik kodu 3 və ya 4 rəqəmdən ibarətdir.
card-processing = Kartınız yoxlanılır…
threeds-title = Bankınızda təsdiqləyin
threeds-text = İndi ödənişi təsdiqləməyiniz üçün bankınızın səhifəsi açılacaq.
threeds-continue = Banka keç

## Errors
not-found-title = Ödəniş tapılmadı
not-found-text = Bu ödəniş linki etibarsızdır. Mağazaya qayıdın və ödənişə yenidən başlayın.
error-session = Sessiyanın vaxtı bitib. Zəhmət olmasa, yenidən cəhd edin.
error-not-available = Bu əməliyyat artıq bu ödəniş üçün mümkün deyil.

## Sandbox panel
sandbox-title = Test mühiti
sandbox-text = Test rejimi: bu düymələr operatorun və bankın edəcəyi işi görür.
sandbox-received = Vəsait daxil oldu
sandbox-different = Fərqli məbləğ daxil oldu
sandbox-expire = Vaxtı bitir
sandbox-push-accept = Push sorğusunu təsdiqlə
sandbox-push-refuse = Push sorğusunu rədd et

## Demo shop
shop-title = Kassa demo mağazası
shop-intro = Ödənişi əvvəldən sona qədər sınayın. Bu mağaza test rejimində vidjet vasitəsilə həqiqi imzalanmış ödəniş yaradır və sizi onun ödəniş səhifəsinə yönləndirir.
shop-country = Ölkə və ödəniş üsulu
shop-amount = Məbləğ
shop-pay = Ödəniş səhifəsinə keç
shop-any-method = Səhifədə özüm seçəcəyəm
shop-error = Ödəniş yaradıla bilmədi: { $reason }

## Sandbox bank pages
acs-title = Bankınız: ödənişi təsdiqləyin
acs-text = Telefonunuza göndərilən birdəfəlik kodu daxil edin. Test mühitində kod: 123456.
acs-code = Birdəfəlik kod
acs-submit = Təsdiqlə
acs-wrong-code = Kod yanlışdır. Qalan cəhdlər: { $left }
acs-cancel = Ləğv et
bank-title = Bankınız
bank-text = Satıcıya { $amount } ödənişini təsdiqləyin.
bank-approve = Təsdiqlə
bank-decline = Rədd et
unavailable-title = Müvəqqəti əlçatan deyil
unavailable-text = Hazırda ödəniş səhifəsini göstərmək mümkün deyil. Bir dəqiqədən sonra yenidən cəhd edin.
sandbox-banner = Sınaq rejimi: yalnız test ödənişləri, real pul köçürülmür.
