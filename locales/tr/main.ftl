# Kassa ödeme sayfası — Türkçe.

## Page frame
brand = Kassa
page-title = { $amount } tutarında ödeme
skip-to-content = Ödemeye geç
language = Dil
secure-note = Kassa ile güvenli ödeme. Kart PIN’inizi ve tek kullanımlık kodları bankanızın kendi sayfası veya uygulaması dışında asla paylaşmayın.
amount-label = Ödenecek tutar
description-label = Ödeme açıklaması
time-left = Ödeme için kalan süre
time-left-minutes = { $minutes ->
    [one] yaklaşık { $minutes } dakika kaldı
   *[other] yaklaşık { $minutes } dakika kaldı
}
time-up = Süre doldu
updating = Bu sayfa kendiliğinden güncellenir.
status-updated = Ödeme durumu değişti.

## Method choice
choose-method-title = Nasıl ödemek istersiniz?
choose-method-hint = Bir ödeme yöntemi seçin. Ödeme bilgileri bir sonraki adımda gösterilir.
method-payin-p2p-card = Banka kartına transfer
method-payin-p2p-sbp = Hızlı Ödeme Sistemi (SBP)
method-payin-1-click = Tek tıkla ödeme
method-payin-p2p-international = Uluslararası transfer
method-payin-qr-sbp = SBP QR kodu
method-payin-p2p-mobile = Mobil transfer
method-payin-p2p-card-international = Yurt dışı karta transfer
method-payin-qr-link-p2p = QR kod
method-payin-account-number = Banka hesabına transfer
method-payin-wallet-link = Dijital cüzdan
method-payin-ussd = USSD kodu
method-payin-eft-link = Anında EFT
method-payin-mobile-money = Mobil para
method-payin-p2p-phone = Telefon numarasıyla transfer
method-payin-ecom-card = Kartla ödeme

## Waiting
searching-title = Ödeme bilgileriniz hazırlanıyor
searching-text = Bu genellikle birkaç saniye sürer.
searching-busy-title = Şu anda uygun ödeme bilgisi yok
searching-busy-text = Bir dakikaya kadar aramaya devam ediyoruz. Uygun bilgi bulunamazsa bu ödeme hiç para çekilmeden kapanır ve yeniden başlayabilirsiniz.
checking-title = Ödemeniz kontrol ediliyor
checking-text = Teşekkürler! Bankanın transferinizi onaylamasını bekliyoruz.

## Instructions
instructions-title = Tam tutarı gönderin
instructions-card = Parayı banka uygulamanızdan bu kart numarasına gönderin.
instructions-phone = Parayı banka uygulamanızdan bu telefon numarasına gönderin.
instructions-account = Parayı bu banka hesabına gönderin.
instructions-link = Ödeme bağlantısını açın ve tutarı onaylayın.
instructions-qr = QR kodu banka uygulamanızla okutun veya bağlantıyı bu telefonda açın.
instructions-ussd = Bu kodu telefonunuzda tuşlayın ve yönergeleri izleyin.
instructions-exact-amount = Tek seferde tam olarak { $amount } gönderin; aksi hâlde paranın hesaba geçmesi gecikebilir.
field-card-number = Kart numarası
field-phone = Telefon numarası
field-account = Hesap numarası
field-link = Ödeme bağlantısı
field-ussd = USSD kodu
field-holder = Alıcı
field-bank = Banka
field-bank-code = Banka kodu (BIK)
field-correspondent-account = Muhabir hesap
field-amount = Tutar
copy = Kopyala
copy-value = Kopyala: { $what }
copied = Kopyalandı
open-link = Ödeme bağlantısını aç
dial-ussd = Kodu tuşla
qr-alt = Ödeme bağlantısının QR kodu

## Actions
i-have-paid = Ödedim
i-have-paid-hint = Parayı gönderdikten sonra bu düğmeye basın.
cancel-payment = Ödemeyi iptal et
back-to-shop = Mağazaya dön

## Mobile money
push-title = Ödemeyi telefonunuzda onaylayın
push-text = Telefonunuza bir ödeme isteği gönderdik. İsteği açın ve { $amount } tutarını onaylamak için PIN’inizi girin.

## Receipt
receipt-title = Dekontunuzu yükleyin
receipt-text = Ödeme yaptıysanız, ödemenizi bulabilmemiz için bankanızdan aldığınız dekontu (görsel veya PDF, en fazla 5 MB) yükleyin.
receipt-file = Dekont dosyası
receipt-submit = Dekontu yükle
receipt-back = Ödemeye geri dön
receipt-uploaded = Teşekkürler, dekontunuz yüklendi.
receipt-error-size = Dosya 5 MB’tan büyük.
receipt-error-type = Lütfen bir görsel (JPEG, PNG, WebP veya HEIC) ya da PDF yükleyin.
receipt-error-missing = Yüklenecek bir dosya seçin.

## Results
success-title = Ödendi
success-text = Teşekkürler! { $name } alıcısına ödemeniz tamamlandı.
decline-title = Ödeme tamamlanmadı
expired-title = Ödemenin süresi doldu
reason-canceled = Ödeme iptal edildi.
reason-expired = Ödeme süresi doldu.
reason-no-requisites = Şu anda ödeme bilgileri hazırlanamadı. Lütfen daha sonra tekrar deneyin.
reason-antifraud = Ödeme bir güvenlik kontrolünde reddedildi.
reason-no-payment = Ödemeyi almadık.
reason-declined-user = Ödeme isteği telefonunuzda reddedildi.
reason-issuer = Bankanız ödemeyi reddetti.
reason-insufficient-funds = Kartta yeterli bakiye yok.
reason-card-expired = Kartın süresi dolmuş.
reason-3ds-failed = Bankanız ödemeyi onaylayamadı.
reason-other = Ödeme reddedildi.
dispute-title = Ödeme inceleniyor
dispute-no-payment = Ödemenizi henüz almadık. Ödeme yaptıysanız dekontu yükleyin.
dispute-different-amount = Siparişten farklı bir tutar aldık. Destek ekibi sizinle iletişime geçecek.
dispute-confirm-timeout = Dekontunuzu aldık ve ödemeyi kontrol ediyoruz. Bu işlem 24 saate kadar sürebilir.

## Card
card-title = Kartla öde
card-number = Kart numarası
card-expiry = Son kullanma tarihi
card-holder = Kart üzerindeki ad
card-cvv = Güvenlik kodu (CVV)
card-cvv-hint = Kartın arkasındaki 3 veya 4 haneli kod
card-pay = { $amount } öde
card-error-number = Kart numarasını kontrol edin.
card-error-expiry = Son kullanma tarihini kontrol edin.
card-error-holder = Adı kartta yazdığı gibi, Latin veya Kiril harfleriyle girin.
card-error-cvv = Güvenlik kodu 3 veya 4 hanelidir.
card-expiry-placeholder = AA/YY
card-error-number-empty = Kart numarasını girin.
card-error-number-length = Bu kart numarası, kart türüne göre çok az veya çok fazla haneden oluşuyor.
card-error-expiry-empty = Son kullanma tarihini kartta yazdığı gibi AA/YY biçiminde girin.
card-error-expired = Bu kartın süresi dolmuş. Başka bir kart kullanın.
card-error-holder-empty = Adı kartta yazdığı gibi girin.
card-error-holder-digits = Ad rakam içeremez. Adı kartta yazdığı gibi girin.
card-error-cvv-empty = Kartın arkasındaki güvenlik kodunu girin.
card-error-cvv-3 = Bu kartın güvenlik kodu 3 hanelidir.
card-error-cvv-4 = Bu kartın güvenlik kodu 4 hanelidir (ön yüzde).
card-processing = Kartınız kontrol ediliyor…
threeds-title = Bankanızla onaylayın
threeds-text = Ödemeyi onaylayabilmeniz için şimdi bankanızın sayfası açılacak.
threeds-continue = Bankaya devam et

## Errors
not-found-title = Ödeme bulunamadı
not-found-text = Bu ödeme bağlantısı geçerli değil. Mağazaya dönün ve ödemeyi yeniden başlatın.
error-session = Oturumunuzun süresi doldu. Lütfen tekrar deneyin.
error-not-available = Bu işlem artık bu ödeme için kullanılamıyor.

## Sandbox panel
sandbox-title = Test ortamı
sandbox-text = Test modu: Bu düğmeler, operatörün ve bankanın yapacağı işlemleri yapar.
sandbox-received = Para alındı
sandbox-different = Farklı bir tutar alındı
sandbox-expire = Sürenin dolmasını sağla
sandbox-push-accept = Push isteğini onayla
sandbox-push-refuse = Push isteğini reddet

## Demo shop
shop-title = Kassa demo mağazası
shop-intro = Bir ödemeyi baştan sona deneyin. Bu mağaza, test ortamında gerçek ve imzalı bir widget ödemesi oluşturur ve sizi bu ödemenin sayfasına yönlendirir.
shop-country = Ülke ve yöntem
shop-amount = Tutar
shop-pay = Ödeme sayfasına git
shop-any-method = Yöntemi ödeme sayfasında seç
shop-error-choice = Listeden bir ülke ve ödeme yöntemi seçin.
shop-error-amount = Tutarı sayı olarak girin, örneğin 1500 veya 1500,50.
shop-error-refused = Ödeme oluşturulamadı. Ödeme hizmetinin yanıtı:
shop-error-unreachable = Ödeme hizmeti yanıt vermedi. Lütfen bir dakika sonra tekrar deneyin.

## Sandbox bank pages
acs-title = Bankanız: ödemeyi onaylayın
acs-text = Telefonunuza gönderilen tek kullanımlık kodu girin. Test ortamında kod: 123456.
acs-code = Tek kullanımlık kod
acs-submit = Onayla
acs-wrong-code = Kod yanlış. Kalan deneme hakkı: { $left }
acs-cancel = İptal
bank-title = Bankanız
bank-text = Satıcıya yapılacak { $amount } tutarındaki ödemeyi onaylayın.
bank-approve = Onayla
bank-decline = Reddet
unavailable-title = Geçici olarak kullanılamıyor
unavailable-text = Bu ödeme sayfası şu anda gösterilemiyor. Lütfen bir dakika sonra tekrar deneyin.
sandbox-banner = Test ortamı: Yalnızca test ödemeleri yapılır, gerçek para aktarılmaz.

## Trust and recovery (issue 13)
payee = Ödeme alıcısı: { $name }
amount-label-paid = Ödendi
amount-label-final = Tutar
instructions-title-link = Ödeme bağlantısını açın
instructions-title-ussd = Kodu tuşlayın
checking-details-title = Parayı henüz göndermediniz mi?
checking-details-text = Ödeme bilgileri, ödeme tamamlanana kadar burada kalır. Tam olarak gösterilen tutarı gönderin.
change-method = Başka bir ödeme yöntemi seç
cancel-confirm-title = Bu ödeme iptal edilsin mi?
cancel-confirm-text = Ödeme kapatılacak ve bu ödeme bilgileri artık çalışmayacak. Parayı zaten gönderdiyseniz iptal etmeyin; bunun yerine “Ödedim” düğmesine basın.
cancel-confirm-text-paid = Parayı gönderdiğinizi belirttiniz. Şimdi iptal ederseniz mağaza ödemeyi beklemez ve paranın iadesi uzun sürebilir. Yalnızca parayı göndermediyseniz iptal edin.
cancel-confirm-yes = Evet, ödemeyi iptal et
cancel-confirm-no = Hayır, ödemeye dön
card-try-another = Başka bir kartla ödeyebilirsiniz. Deneyebileceğiniz kart sayısı: { $left }.
record-title = Ödeme kaydı
record-status = Durum
record-reference = Referans
record-date = Tarih ve saat
record-method = Yöntem
record-card = Kart
record-card-ending = son dört hanesi { $last4 }
record-payee = Alıcı
record-contact = Bu ödemeyle ilgili sorunuz mu var? { $name } ile iletişime geçin ve { $reference } referansını belirtin.
record-print = Bu kaydı yazdır veya kaydet
record-print-hint = Bu kaydı saklamak için tarayıcınızın “Yazdır” veya “Paylaş” komutunu kullanın.
record-outcome-paid = Ödendi
record-outcome-declined = Ödenmedi
record-outcome-expired = Ödenmedi: süre doldu
record-outcome-canceled = İptal edildi
record-outcome-review = İnceleniyor
next-success = Bu kaydı saklayın. Ödeme yaptığınız mağazaya bildirildi.
next-declined = Bu ödeme için hesabınızdan para çekilmedi. Mağazaya dönüp yeniden ödeyebilirsiniz.
next-expired = Parayı süre dolmadan gönderdiyseniz yukarıdaki referansla mağazayla iletişime geçin. Aksi hâlde mağazaya dönün ve yeniden başlayın.
next-canceled = Ödeme iptal edildi ve para çekilmedi. Mağazaya dönüp yeniden ödeyebilirsiniz.
next-dispute = Bu ödemeyi kontrol ediyoruz. Yukarıdaki referansı saklayın; sonucu mağaza size bildirecek.
return-in = Mağazaya dönüş:
return-in-seconds = { $seconds } saniye içinde
return-now = şimdi
return-stay = Bu sayfada kal

## Method choice explained (issue 13)
method-how-payin-p2p-card = Banka uygulamanızdan bir kart numarasına para gönderin.
method-how-payin-p2p-sbp = Banka uygulamanızda Hızlı Ödeme Sistemi (SBP) üzerinden telefon numarasına para gönderin.
method-how-payin-1-click = Ödemeyi bankanızın uygulamasında tek adımda onaylayın.
method-how-payin-p2p-international = Yurt dışındaki bir banka hesabından para gönderin.
method-how-payin-qr-sbp = Banka uygulamanızla bir QR kod okutun; tutar otomatik olarak doldurulur.
method-how-payin-p2p-mobile = Mobil operatörünüz üzerinden bir cep telefonu hesabına ödeme yapın (SBP değil).
method-how-payin-p2p-card-international = Banka uygulamanızdan yabancı bir bankanın kartına para gönderin.
method-how-payin-qr-link-p2p = Alıcı bankanın ödeme sayfasına götüren bir bağlantıyı açın (veya QR kodunu okutun).
method-how-payin-account-number = Banka uygulamanızdan bir banka hesap numarasına transfer yapın.
method-how-payin-wallet-link = Dijital cüzdanınızdan ödeyin: Bir bağlantı cüzdanınızı ödeme hazır şekilde açar.
method-how-payin-ussd = Telefonunuzda kısa bir kod tuşlayın; internet veya uygulama gerekmez.
method-how-payin-eft-link = Bankanıza giden güvenli bir bağlantıyla banka hesabınızdan ödeyin.
method-how-payin-mobile-money = Telefonunuzdaki isteği mobil para PIN’inizle onaylayın.
method-how-payin-p2p-phone = Banka uygulamanızdan bir telefon numarasına para gönderin.
method-how-payin-ecom-card = Kart bilgilerinizi bir sonraki adımda girin.

## Mobile money (issue 13)
push-sent-to = İsteği { $phone } numarasına gönderdik.
push-ask-phone = Mobil para hesabınızın telefon numarasını girin; ödeme isteğini bu numaraya gönderelim.
push-phone = Telefon numarası
push-phone-hint = Yalnızca rakam, ülke koduyla birlikte; örneğin 254712345678.
push-phone-error = Telefon numarasını kontrol edin: yalnızca rakam, 8 ila 15 hane.
push-send = Ödeme isteğini gönder
push-send-again = İsteği tekrar gönder
push-again-in = İsteği { $seconds } saniye sonra tekrar gönderebilirsiniz.
push-not-received = İstek gelmedi mi? Telefonunuzun açık olduğunu ve şebeke çektiğini kontrol edin.
notice-push-sent = Ödeme isteği tekrar gönderildi.
notice-push-wait = İsteği tekrar göndermeden önce lütfen bir dakika bekleyin.
