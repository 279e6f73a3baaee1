# Kassa төлем беті — қазақ тілі.

## Page frame
brand = Kassa
page-title = { $amount } төлеу
skip-to-content = Төлемге өту
language = Тіл
secure-note = Kassa арқылы қауіпсіз төлем. Картаның PIN-кодын және бір реттік кодтарды ешкімге айтпаңыз — оларды тек өз банкіңіздің бетінде немесе қосымшасында енгізіңіз.
amount-label = Төленетін сома
description-label = Төлем мақсаты
time-left = Төлеуге қалған уақыт
time-left-minutes = { $minutes ->
    [one] шамамен { $minutes } минут қалды
   *[other] шамамен { $minutes } минут қалды
}
time-up = Уақыт бітті
updating = Бұл бет өздігінен жаңарады.
status-updated = Төлем мәртебесі өзгерді.

## Method choice
choose-method-title = Қалай төлегіңіз келеді?
choose-method-hint = Төлеу тәсілін таңдаңыз. Төлем деректемелері келесі қадамда көрсетіледі.
method-payin-p2p-card = Картаға аударым
method-payin-p2p-sbp = Жылдам төлемдер жүйесі (СБП)
method-payin-1-click = Бір басумен төлеу
method-payin-p2p-international = Халықаралық аударым
method-payin-qr-sbp = СБП QR-коды
method-payin-p2p-mobile = Мобильді аударым
method-payin-p2p-card-international = Шетелдік картаға аударым
method-payin-qr-link-p2p = QR-код
method-payin-account-number = Банк шотына аударым
method-payin-wallet-link = Әмиян
method-payin-ussd = USSD-код
method-payin-eft-link = Лездік EFT
method-payin-mobile-money = Мобильді ақша
method-payin-p2p-phone = Телефон нөмірі бойынша аударым
method-payin-ecom-card = Картамен төлеу

## Waiting
searching-title = Төлем деректемелері дайындалуда
searching-text = Әдетте бұл бірнеше секундқа созылады.
searching-busy-title = Қазір бос деректемелер жоқ
searching-busy-text = Бір минутқа дейін іздеуді жалғастырамыз. Босамаса, төлем ақша алынбай жабылады және қайта бастай аласыз.
checking-title = Төлеміңіз тексерілуде
checking-text = Рақмет! Банктің аударымыңызды растауын күтіп отырмыз.

## Instructions
instructions-title = Соманы дәл аударыңыз
instructions-card = Банк қосымшасы арқылы ақшаны осы карта нөміріне аударыңыз.
instructions-phone = Банк қосымшасы арқылы ақшаны осы телефон нөміріне аударыңыз.
instructions-account = Ақшаны осы банк шотына аударыңыз.
instructions-link = Төлем сілтемесін ашып, соманы растаңыз.
instructions-qr = QR-кодты банк қосымшасымен сканерлеңіз немесе сілтемені осы телефонда ашыңыз.
instructions-ussd = Осы кодты телефоныңызда теріп, нұсқауларды орындаңыз.
instructions-exact-amount = Бір төлеммен дәл { $amount } аударыңыз, әйтпесе ақшаның түсуі кешігуі мүмкін.
field-card-number = Карта нөмірі
field-phone = Телефон нөмірі
field-account = Шот нөмірі
field-link = Төлем сілтемесі
field-ussd = USSD-код
field-holder = Алушы
field-bank = Банк
field-bank-code = Банк коды (БИК)
field-correspondent-account = Корреспонденттік шот
field-amount = Сома
copy = Көшіру
copy-value = Көшіру: { $what }
copied = Көшірілді
open-link = Төлем сілтемесін ашу
dial-ussd = Кодты теру
qr-alt = Төлем сілтемесінің QR-коды

## Actions
i-have-paid = Төледім
i-have-paid-hint = Ақшаны жібергеннен кейін осы батырманы басыңыз.
cancel-payment = Төлемнен бас тарту
back-to-shop = Дүкенге оралу

## Mobile money
push-title = Төлемді телефоныңызда растаңыз
push-text = Телефоныңызға төлем сұрауын жібердік. Оны ашып, { $amount } төлемін растау үшін PIN-кодты енгізіңіз.

## Receipt
receipt-title = Түбіртекті жүктеңіз
receipt-text = Егер төлеген болсаңыз, төлеміңізді табуымыз үшін банктен алған түбіртекті жүктеңіз (сурет немесе PDF, 5 МБ-қа дейін).
receipt-file = Түбіртек файлы
receipt-submit = Түбіртекті жүктеу
receipt-back = Төлемге оралу
receipt-uploaded = Рақмет, түбіртегіңіз жүктелді.
receipt-error-size = Файл 5 МБ-тан үлкен.
receipt-error-type = Сурет (JPEG, PNG, WebP немесе HEIC) не PDF жүктеңіз.
receipt-error-missing = Жүктейтін файлды таңдаңыз.

## Results
success-title = Төленді
success-text = Рақмет! { $name } алушысына төлеміңіз сәтті аяқталды.
decline-title = Төлем орындалмады
expired-title = Төлем мерзімі өтті
reason-canceled = Төлемнен бас тартылды.
reason-expired = Төлеуге берілген уақыт бітті.
reason-no-requisites = Қазір төлем деректемелерін дайындау мүмкін болмады. Кейінірек қайталап көріңіз.
reason-antifraud = Төлемді қауіпсіздік тексерісі қабылдамады.
reason-no-payment = Төлем бізге түскен жоқ.
reason-declined-user = Төлем сұрауы телефоныңызда қабылданбады.
reason-issuer = Банкіңіз төлемді қабылдамады.
reason-insufficient-funds = Картада қаражат жеткіліксіз.
reason-card-expired = Картаның мерзімі өтіп кеткен.
reason-3ds-failed = Банкіңіз төлемді растай алмады.
reason-other = Төлем қабылданбады.
dispute-title = Төлем тексерілуде
dispute-no-payment = Төлеміңіз бізге әлі түскен жоқ. Егер төлеген болсаңыз, түбіртекті жүктеңіз.
dispute-different-amount = Бізге тапсырыс сомасынан өзгеше сома түсті. Қолдау қызметі сізбен хабарласады.
dispute-confirm-timeout = Түбіртегіңізді алдық, төлемді тексеріп жатырмыз. Бұл 24 сағатқа дейін созылуы мүмкін.

## Card
card-title = Картамен төлеу
card-number = Карта нөмірі
card-expiry = Жарамдылық мерзімі
card-holder = Картадағы аты-жөні
card-cvv = Қауіпсіздік коды (CVV)
card-cvv-hint = Картаның артқы жағындағы 3 немесе 4 сан
card-pay = { $amount } төлеу
card-error-number = Карта нөмірін тексеріңіз.
card-error-expiry = Жарамдылық мерзімін тексеріңіз.
card-error-holder = Аты-жөніңізді картада жазылғандай латын немесе кирилл әріптерімен енгізіңіз.
card-error-cvv = Қауіпсіздік коды 3 немесе 4 саннан тұрады.
card-expiry-placeholder = АА/ЖЖ
card-error-number-empty = Карта нөмірін енгізіңіз.
card-error-number-length = Карта нөміріндегі сандар бұл карта түрі үшін тым аз немесе тым көп.
card-error-expiry-empty = Жарамдылық мерзімін картада жазылғандай енгізіңіз: АА/ЖЖ.
card-error-expired = Бұл картаның мерзімі өтіп кеткен. Басқа картаны пайдаланыңыз.
card-error-holder-empty = Аты-жөніңізді картада жазылғандай енгізіңіз.
card-error-holder-digits = Аты-жөніңізде сан болмауы керек. Оны картада жазылғандай енгізіңіз.
card-error-cvv-empty = Картаның артқы жағындағы қауіпсіздік кодын енгізіңіз.
card-error-cvv-3 = Бұл картаның қауіпсіздік коды 3 саннан тұрады.
card-error-cvv-4 = Бұл картаның қауіпсіздік коды 4 саннан тұрады (картаның алдыңғы жағында).
card-processing = Картаңыз тексерілуде…
threeds-title = Банкіңізде растаңыз
threeds-text = Енді төлемді растау үшін банкіңіздің беті ашылады.
threeds-continue = Банкке өту

## Errors
not-found-title = Төлем табылмады
not-found-text = Бұл төлем сілтемесі жарамсыз. Дүкенге оралып, төлемді қайтадан бастаңыз.
error-session = Сессияның уақыты бітті. Қайталап көріңіз.
error-not-available = Бұл төлем үшін бұл әрекет енді қолжетімсіз.

## Sandbox panel
sandbox-title = Тест ортасы
sandbox-text = Тест режимі: бұл батырмалар оператор мен банк орындайтын әрекеттерді жасайды.
sandbox-received = Қаражат түсті
sandbox-different = Басқа сома түсті
sandbox-expire = Уақытты аяқтау
sandbox-push-accept = Push-сұрауды растау
sandbox-push-refuse = Push-сұраудан бас тарту

## Demo shop
shop-title = Kassa демо-дүкені
shop-intro = Төлемді басынан аяғына дейін сынап көріңіз. Бұл дүкен тест режимінде виджет арқылы нақты қол қойылған төлем жасап, сізді оның төлем бетіне жібереді.
shop-country = Ел және төлеу тәсілі
shop-amount = Сома
shop-pay = Төлем бетіне өту
shop-any-method = Төлем бетінде өзім таңдаймын
shop-error-choice = Тізімнен елді және төлем тәсілін таңдаңыз.
shop-error-amount = Соманы санмен енгізіңіз, мысалы 1500 немесе 1500,50.
shop-error-refused = Төлем жасалмады. Төлем қызметінің жауабы:
shop-error-unreachable = Төлем қызметі жауап бермеді. Бір минуттан кейін қайталап көріңіз.

## Sandbox bank pages
acs-title = Сіздің банкіңіз: төлемді растаңыз
acs-text = Телефоныңызға жіберілген бір реттік кодты енгізіңіз. Тест ортасында код — 123456.
acs-code = Бір реттік код
acs-submit = Растау
acs-wrong-code = Код қате. Қалған әрекет саны: { $left }
acs-cancel = Бас тарту
bank-title = Сіздің банкіңіз
bank-text = Сатушыға { $amount } төлеуді растаңыз.
bank-approve = Растау
bank-decline = Қабылдамау
unavailable-title = Уақытша қолжетімсіз
unavailable-text = Қазір төлем бетін көрсету мүмкін емес. Бір минуттан кейін қайталап көріңіз.
sandbox-banner = Құмсалғыш: тек сынақ төлемдері, нақты ақша аударылмайды.

## Trust and recovery (issue 13)
payee = { $name } үшін төлем
amount-label-paid = Төленді
amount-label-final = Сома
instructions-title-link = Төлем сілтемесін ашыңыз
instructions-title-ussd = Кодты теріңіз
checking-details-title = Ақшаны әлі жібермедіңіз бе?
checking-details-text = Төлем деректемелері төлем аяқталғанша осында тұрады. Көрсетілген соманы дәл жіберіңіз.
change-method = Басқа төлеу тәсілін таңдау
cancel-confirm-title = Бұл төлемнен бас тартасыз ба?
cancel-confirm-text = Төлем жабылады, ал бұл деректемелер енді жұмыс істемейді. Егер ақшаны жіберіп қойсаңыз, бас тартпаңыз — оның орнына «Төледім» батырмасын басыңыз.
cancel-confirm-text-paid = Сіз ақшаны жібергеніңізді хабарладыңыз. Қазір бас тартсаңыз, дүкен оны күтпейді, ал ақшаны қайтару ұзаққа созылуы мүмкін. Ақшаны жібермеген болсаңыз ғана бас тартыңыз.
cancel-confirm-yes = Иә, төлемнен бас тарту
cancel-confirm-no = Жоқ, төлемге оралу
card-try-another = Басқа картамен төлеуге болады. Тағы байқап көруге болатын карталар саны: { $left }.
record-title = Төлем туралы мәліметтер
record-status = Мәртебе
record-reference = Төлем нөмірі
record-date = Күні мен уақыты
record-method = Төлеу тәсілі
record-card = Карта
record-card-ending = соңғы сандары { $last4 }
record-payee = Алушы
record-contact = Төлем бойынша сұрақтарыңыз бар ма? { $name } алушысына хабарласып, { $reference } нөмірін айтыңыз.
record-print = Басып шығару немесе сақтау
record-print-hint = Бұл мәліметтерді сақтау үшін браузердегі «Басып шығару» немесе «Бөлісу» командасын пайдаланыңыз.
record-outcome-paid = Төленді
record-outcome-declined = Төленбеді
record-outcome-expired = Төленбеді: уақыт бітті
record-outcome-canceled = Бас тартылды
record-outcome-review = Тексерілуде
next-success = Бұл мәліметтерді сақтап қойыңыз. Дүкенге төлегеніңіз туралы хабарланды.
next-declined = Бұл төлем үшін ақша алынған жоқ. Дүкенге оралып, қайта төлей аласыз.
next-expired = Егер ақшаны уақыт біткенге дейін жіберген болсаңыз, жоғарыдағы төлем нөмірін айтып, дүкенге хабарласыңыз. Әйтпесе дүкенге оралып, қайта бастаңыз.
next-canceled = Төлемнен бас тартылды, ақша алынған жоқ. Дүкенге оралып, қайта төлей аласыз.
next-dispute = Біз бұл төлемді тексеріп жатырмыз. Жоғарыдағы төлем нөмірін сақтаңыз — нәтижесін дүкен хабарлайды.
return-in = Дүкенге оралу:
return-in-seconds = { $seconds } секундтан кейін
return-now = қазір
return-stay = Осы бетте қалу

## Method choice explained (issue 13)
method-how-payin-p2p-card = Банк қосымшасы арқылы ақшаны карта нөміріне аударыңыз.
method-how-payin-p2p-sbp = Банк қосымшасында Жылдам төлемдер жүйесі (СБП) арқылы ақшаны телефон нөмірі бойынша аударыңыз.
method-how-payin-1-click = Төлемді банкіңіздің қосымшасында бір қадаммен растаңыз.
method-how-payin-p2p-international = Ақшаны шетелдік банктегі шоттан аударыңыз.
method-how-payin-qr-sbp = QR-кодты банк қосымшасымен сканерлеңіз — сома өздігінен толтырылады.
method-how-payin-p2p-mobile = Ұялы байланыс операторы арқылы мобильді телефон шотына төлеңіз (СБП емес).
method-how-payin-p2p-card-international = Банк қосымшасы арқылы ақшаны шетелдік банктің картасына аударыңыз.
method-how-payin-qr-link-p2p = Алушы банктің төлем бетіне апаратын сілтемені ашыңыз (немесе оның QR-кодын сканерлеңіз).
method-how-payin-account-number = Банк қосымшасы арқылы ақшаны банк шотының нөміріне аударыңыз.
method-how-payin-wallet-link = Электрондық әмияннан төлеңіз: сілтеме оны дайын төлеммен ашады.
method-how-payin-ussd = Телефоныңызда қысқа кодты теріңіз — интернет те, қосымша да қажет емес.
method-how-payin-eft-link = Банкіңізге апаратын қорғалған сілтеме арқылы банк шотыңыздан төлеңіз.
method-how-payin-mobile-money = Телефоныңызға келген сұрауды мобильді ақша шотыңыздың PIN-кодымен растаңыз.
method-how-payin-p2p-phone = Банк қосымшасы арқылы ақшаны телефон нөміріне аударыңыз.
method-how-payin-ecom-card = Карта деректерін келесі қадамда енгізесіз.

## Mobile money (issue 13)
push-sent-to = Сұрауды { $phone } нөміріне жібердік.
push-ask-phone = Мобильді ақша шотыңыз тіркелген телефон нөмірін енгізіңіз — біз оған төлем сұрауын жібереміз.
push-phone = Телефон нөмірі
push-phone-hint = Тек сандар, ел кодымен бірге, мысалы 254712345678.
push-phone-error = Телефон нөмірін тексеріңіз: тек сандар, 8-ден 15-ке дейін.
push-send = Төлем сұрауын жіберу
push-send-again = Сұрауды қайта жіберу
push-again-in = Сұрауды { $seconds } секундтан кейін қайта жібере аласыз.
push-not-received = Сұрау келмеді ме? Телефоныңыз қосулы тұрғанын және байланыс бар екенін тексеріңіз.
notice-push-sent = Төлем сұрауы қайта жіберілді.
notice-push-wait = Сұрауды қайта жібермес бұрын бір минут күте тұрыңыз.
