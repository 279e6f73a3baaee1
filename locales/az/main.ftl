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
searching-busy-title = Hazırda boş rekvizit yoxdur
searching-busy-text = Bir dəqiqəyə qədər axtarmağa davam edirik. Boşalmasa, ödəniş pul tutulmadan bağlanacaq və yenidən başlaya bilərsiniz.
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
field-bank-code = Bank kodu (BİK)
field-correspondent-account = Müxbir hesab
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
receipt-back = Ödənişə qayıt
receipt-uploaded = Təşəkkür edirik, qəbziniz yükləndi.
receipt-error-size = Fayl 5 MB-dan böyükdür.
receipt-error-type = Zəhmət olmasa, şəkil (JPEG, PNG, WebP və ya HEIC) və ya PDF yükləyin.
receipt-error-missing = Yükləmək üçün fayl seçin.

## Results
success-title = Ödənildi
success-text = Təşəkkür edirik! { $name } üçün ödənişiniz tamamlandı.
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
card-holder = Kartdakı ad
card-cvv = Təhlükəsizlik kodu (CVV)
card-cvv-hint = Kartın arxa tərəfindəki 3 və ya 4 rəqəm
card-pay = { $amount } ödə
card-error-number = Kart nömrəsini yoxlayın.
card-error-expiry = İstifadə müddətini yoxlayın.
card-error-holder = Adı kartda yazıldığı kimi, latın və ya kiril hərfləri ilə daxil edin.
card-error-cvv = Təhlükəsizlik kodu 3 və ya 4 rəqəmdən ibarətdir.
card-expiry-placeholder = AA/İİ
card-error-number-empty = Kart nömrəsini daxil edin.
card-error-number-length = Bu növ kart üçün kart nömrəsində rəqəm ya azdır, ya da çoxdur.
card-error-expiry-empty = İstifadə müddətini kartda yazıldığı kimi daxil edin: AA/İİ.
card-error-expired = Bu kartın istifadə müddəti bitib. Başqa kartdan istifadə edin.
card-error-holder-empty = Adı kartda yazıldığı kimi daxil edin.
card-error-holder-digits = Adda rəqəm ola bilməz. Onu kartda yazıldığı kimi daxil edin.
card-error-cvv-empty = Kartın arxa tərəfindəki təhlükəsizlik kodunu daxil edin.
card-error-cvv-3 = Bu kartın təhlükəsizlik kodu 3 rəqəmdən ibarətdir.
card-error-cvv-4 = Bu kartın təhlükəsizlik kodu 4 rəqəmdən ibarətdir (kartın ön tərəfində).
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
shop-error-choice = Siyahıdan ölkə və ödəniş üsulu seçin.
shop-error-amount = Məbləği rəqəmlə daxil edin, məsələn 1500 və ya 1500,50.
shop-error-refused = Ödəniş yaradıla bilmədi. Ödəniş xidmətinin cavabı:
shop-error-unreachable = Ödəniş xidməti cavab vermədi. Bir dəqiqədən sonra yenidən cəhd edin.

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

## Trust and recovery (issue 13)
payee = { $name } üçün ödəniş
amount-label-paid = Ödənildi
amount-label-final = Məbləğ
instructions-title-link = Ödəniş linkini açın
instructions-title-ussd = Kodu yığın
checking-details-title = Pulu hələ göndərməmisiniz?
checking-details-text = Ödəniş rekvizitləri ödəniş tamamlanana qədər burada qalır. Göstərilən məbləği dəqiq göndərin.
change-method = Başqa ödəniş üsulu seç
cancel-confirm-title = Bu ödəniş ləğv edilsin?
cancel-confirm-text = Ödəniş bağlanacaq və bu rekvizitlər artıq işləməyəcək. Pulu artıq göndərmisinizsə, ləğv etməyin — bunun əvəzinə «Ödəniş etdim» düyməsini basın.
cancel-confirm-text-paid = Pulu göndərdiyinizi bildirmisiniz. İndi ləğv etsəniz, mağaza onu gözləməyəcək və pulun geri qaytarılması uzun çəkə bilər. Yalnız pulu göndərməmisinizsə, ləğv edin.
cancel-confirm-yes = Bəli, ödənişi ləğv et
cancel-confirm-no = Xeyr, ödənişə qayıt
card-try-another = Başqa kartla ödəyə bilərsiniz. Sınaya biləcəyiniz kart sayı: { $left }.
record-title = Ödəniş haqqında məlumat
record-status = Status
record-reference = Ödəniş nömrəsi
record-date = Tarix və vaxt
record-method = Ödəniş üsulu
record-card = Kart
record-card-ending = son rəqəmləri { $last4 }
record-payee = Alıcı
record-contact = Bu ödənişlə bağlı sualınız var? { $name } ilə əlaqə saxlayın və { $reference } ödəniş nömrəsini bildirin.
record-print = Çap et və ya yadda saxla
record-print-hint = Bu məlumatı saxlamaq üçün brauzerinizdə «Çap et» və ya «Paylaş» əmrindən istifadə edin.
record-outcome-paid = Ödənildi
record-outcome-declined = Ödənilmədi
record-outcome-expired = Ödənilmədi: vaxt bitdi
record-outcome-canceled = Ləğv edildi
record-outcome-review = Yoxlanılır
next-success = Bu məlumatı saxlayın. Mağazaya ödəniş etdiyiniz bildirilib.
next-declined = Bu ödəniş üçün pul silinməyib. Mağazaya qayıdıb yenidən ödəyə bilərsiniz.
next-expired = Pulu vaxt bitməzdən əvvəl göndərmisinizsə, yuxarıdakı ödəniş nömrəsi ilə mağazaya müraciət edin. Əks halda mağazaya qayıdın və yenidən başlayın.
next-canceled = Ödəniş ləğv edildi, pul silinməyib. Mağazaya qayıdıb yenidən ödəyə bilərsiniz.
next-dispute = Bu ödənişi yoxlayırıq. Yuxarıdakı ödəniş nömrəsini saxlayın — nəticəni mağaza sizə bildirəcək.
return-in = Mağazaya qayıdış:
return-in-seconds = { $seconds } saniyə sonra
return-now = indi
return-stay = Bu səhifədə qalın

## Method choice explained (issue 13)
method-how-payin-p2p-card = Bank tətbiqinizdən pulu kart nömrəsinə köçürün.
method-how-payin-p2p-sbp = Bank tətbiqinizdə Sürətli Ödənişlər Sistemi (SBP) vasitəsilə pulu telefon nömrəsi ilə köçürün.
method-how-payin-1-click = Ödənişi bankınızın tətbiqində bir addımda təsdiqləyin.
method-how-payin-p2p-international = Pulu xaricdəki bank hesabından köçürün.
method-how-payin-qr-sbp = QR kodu bank tətbiqinizlə skan edin — məbləğ avtomatik doldurulacaq.
method-how-payin-p2p-mobile = Mobil operator vasitəsilə mobil telefon hesabına ödəniş edin (SBP deyil).
method-how-payin-p2p-card-international = Bank tətbiqinizdən pulu xarici bankın kartına köçürün.
method-how-payin-qr-link-p2p = Alıcının bankının ödəniş səhifəsinə aparan linki açın (və ya onun QR kodunu skan edin).
method-how-payin-account-number = Bank tətbiqinizdən pulu bank hesabı nömrəsinə köçürün.
method-how-payin-wallet-link = Elektron pul kisənizdən ödəyin: link onu hazır ödənişlə açacaq.
method-how-payin-ussd = Telefonunuzda qısa kodu yığın — nə internet, nə də tətbiq lazımdır.
method-how-payin-eft-link = Bankınıza aparan təhlükəsiz link vasitəsilə bank hesabınızdan ödəyin.
method-how-payin-mobile-money = Telefonunuza gələn sorğunu mobil pul hesabınızın PIN kodu ilə təsdiqləyin.
method-how-payin-p2p-phone = Bank tətbiqinizdən pulu telefon nömrəsinə köçürün.
method-how-payin-ecom-card = Kart məlumatlarını növbəti addımda daxil edəcəksiniz.

## Mobile money (issue 13)
push-sent-to = Sorğunu { $phone } nömrəsinə göndərdik.
push-ask-phone = Mobil pul hesabınıza bağlı telefon nömrəsini daxil edin — ödəniş sorğusunu ona göndərəcəyik.
push-phone = Telefon nömrəsi
push-phone-hint = Yalnız rəqəmlər, ölkə kodu ilə, məsələn, 254712345678.
push-phone-error = Telefon nömrəsini yoxlayın: yalnız rəqəmlər, 8-dən 15-ə qədər.
push-send = Ödəniş sorğusunu göndər
push-send-again = Sorğunu yenidən göndər
push-again-in = Sorğunu { $seconds } saniyə sonra yenidən göndərə bilərsiniz.
push-not-received = Sorğu gəlmədi? Telefonunuzun açıq olduğunu və şəbəkədə olduğunu yoxlayın.
notice-push-sent = Ödəniş sorğusu yenidən göndərildi.
notice-push-wait = Zəhmət olmasa, sorğunu yenidən göndərməzdən əvvəl bir dəqiqə gözləyin.
