# Kassa төлөм баракчасы — кыргыз тили.

## Page frame
brand = Kassa
page-title = { $amount } төлөө
skip-to-content = Төлөмгө өтүү
language = Тил
secure-note = Kassa аркылуу коопсуз төлөм. Картаңыздын PIN-кодун жана бир жолку коддорду эч кимге айтпаңыз — аларды өз банкыңыздын баракчасында же тиркемесинде гана киргизиңиз.
amount-label = Төлөнө турган сумма
description-label = Төлөмдүн максаты
time-left = Төлөөгө калган убакыт
time-left-minutes = { $minutes ->
    [one] болжол менен { $minutes } мүнөт калды
   *[other] болжол менен { $minutes } мүнөт калды
}
time-up = Убакыт бүттү
updating = Бул баракча өзү жаңыланып турат.
status-updated = Төлөмдүн абалы өзгөрдү.

## Method choice
choose-method-title = Кантип төлөгүңүз келет?
choose-method-hint = Төлөө ыкмасын тандаңыз. Төлөм реквизиттери кийинки кадамда көрсөтүлөт.
method-payin-p2p-card = Банк картасына которуу
method-payin-p2p-sbp = Тез төлөмдөр системасы (СБП)
method-payin-1-click = Бир басуу менен төлөө
method-payin-p2p-international = Эл аралык которуу
method-payin-qr-sbp = СБП QR-коду
method-payin-p2p-mobile = Мобилдик которуу
method-payin-p2p-card-international = Чет өлкөлүк картага которуу
method-payin-qr-link-p2p = QR-код
method-payin-account-number = Банк эсебине которуу
method-payin-wallet-link = Электрондук капчык
method-payin-ussd = USSD-код
method-payin-eft-link = Ыкчам EFT
method-payin-mobile-money = Мобилдик акча
method-payin-p2p-phone = Телефон номери аркылуу которуу
method-payin-ecom-card = Карта менен төлөө

## Waiting
searching-title = Төлөм реквизиттери даярдалууда
searching-text = Адатта бул бир нече секундга созулат.
searching-busy-title = Азыр бош реквизиттер жок
searching-busy-text = Бир мүнөткө чейин издөөнү улантабыз. Бошобосо, төлөм акча алынбай жабылат жана кайра баштай аласыз.
checking-title = Төлөмүңүз текшерилүүдө
checking-text = Рахмат! Банк которууңузду ырастаганын күтүп жатабыз.

## Instructions
instructions-title = Сумманы так которуңуз
instructions-card = Банк тиркемесинен акчаны ушул карта номерине которуңуз.
instructions-phone = Банк тиркемесинен акчаны ушул телефон номерине которуңуз.
instructions-account = Акчаны ушул банк эсебине которуңуз.
instructions-link = Төлөм шилтемесин ачып, сумманы ырастаңыз.
instructions-qr = QR-кодду банк тиркемеси менен сканерлеңиз же шилтемени ушул телефондо ачыңыз.
instructions-ussd = Бул кодду телефонуңуздан терип, көрсөтмөлөрдү аткарыңыз.
instructions-exact-amount = Бир төлөм менен так { $amount } которуңуз, антпесе акчанын түшүшү кечигиши мүмкүн.
field-card-number = Карта номери
field-phone = Телефон номери
field-account = Эсеп номери
field-link = Төлөм шилтемеси
field-ussd = USSD-код
field-holder = Алуучу
field-bank = Банк
field-bank-code = Банктын коду (БИК)
field-correspondent-account = Корреспонденттик эсеп
field-amount = Сумма
copy = Көчүрүү
copy-value = Көчүрүү: { $what }
copied = Көчүрүлдү
open-link = Төлөм шилтемесин ачуу
dial-ussd = Кодду терүү
qr-alt = Төлөм шилтемесинин QR-коду

## Actions
i-have-paid = Төлөдүм
i-have-paid-hint = Акчаны жөнөткөндөн кийин ушул баскычты басыңыз.
cancel-payment = Төлөмдү жокко чыгаруу
back-to-shop = Дүкөнгө кайтуу

## Mobile money
push-title = Төлөмдү телефонуңуздан ырастаңыз
push-text = Телефонуңузга төлөм суроосун жөнөттүк. Аны ачып, { $amount } төлөмүн ырастоо үчүн PIN-кодду киргизиңиз.

## Receipt
receipt-title = Чекти жүктөңүз
receipt-text = Эгер төлөгөн болсоңуз, төлөмүңүздү табышыбыз үчүн банктан алган чекти жүктөңүз (сүрөт же PDF, 5 МБга чейин).
receipt-file = Чек файлы
receipt-submit = Чекти жүктөө
receipt-back = Төлөмгө кайтуу
receipt-uploaded = Рахмат, чегиңиз жүктөлдү.
receipt-error-size = Файл 5 МБдан чоң.
receipt-error-type = Сүрөт (JPEG, PNG, WebP же HEIC) же PDF жүктөңүз.
receipt-error-missing = Жүктөө үчүн файл тандаңыз.

## Results
success-title = Төлөндү
success-text = Рахмат! { $name } алуучусуна төлөмүңүз ийгиликтүү аяктады.
decline-title = Төлөм аткарылган жок
expired-title = Төлөмдүн мөөнөтү бүттү
reason-canceled = Төлөм жокко чыгарылды.
reason-expired = Төлөөгө берилген убакыт бүттү.
reason-no-requisites = Азыр төлөм реквизиттерин даярдоо мүмкүн болгон жок. Кийинчерээк кайра аракет кылыңыз.
reason-antifraud = Төлөмдү коопсуздук текшерүүсү четке какты.
reason-no-payment = Төлөм бизге келип түшкөн жок.
reason-declined-user = Төлөм суроосу телефонуңузда четке кагылды.
reason-issuer = Банкыңыз төлөмдү четке какты.
reason-insufficient-funds = Картада каражат жетишсиз.
reason-card-expired = Картанын мөөнөтү бүткөн.
reason-3ds-failed = Банкыңыз төлөмдү ырастай алган жок.
reason-other = Төлөм четке кагылды.
dispute-title = Төлөм текшерилүүдө
dispute-no-payment = Төлөмүңүз бизге азырынча келип түшө элек. Эгер төлөгөн болсоңуз, чекти жүктөңүз.
dispute-different-amount = Бизге буйрутманын суммасынан башка сумма түштү. Колдоо кызматы сиз менен байланышат.
dispute-confirm-timeout = Чегиңизди алдык, төлөмдү текшерип жатабыз. Бул 24 саатка чейин созулушу мүмкүн.

## Card
card-title = Карта менен төлөө
card-number = Карта номери
card-expiry = Жарактуулук мөөнөтү
card-holder = Картадагы аты-жөнү
card-cvv = Коопсуздук коду (CVV)
card-cvv-hint = Картанын арт жагындагы 3 же 4 сан
card-pay = { $amount } төлөө
card-error-number = Карта номерин текшериңиз.
card-error-expiry = Жарактуулук мөөнөтүн текшериңиз.
card-error-holder = Аты-жөнүңүздү картада жазылгандай латын же кирилл тамгалары менен киргизиңиз.
card-error-cvv = Коопсуздук коду 3 же 4 сандан турат.
card-expiry-placeholder = АА/ЖЖ
card-error-number-empty = Карта номерин киргизиңиз.
card-error-number-length = Карта номериндеги сандар бул карта түрү үчүн өтө аз же өтө көп.
card-error-expiry-empty = Жарактуулук мөөнөтүн картада жазылгандай киргизиңиз: АА/ЖЖ.
card-error-expired = Бул картанын мөөнөтү бүткөн. Башка картаны колдонуңуз.
card-error-holder-empty = Аты-жөнүңүздү картада жазылгандай киргизиңиз.
card-error-holder-digits = Аты-жөнүңүздө сан болбошу керек. Аны картада жазылгандай киргизиңиз.
card-error-cvv-empty = Картанын арт жагындагы коопсуздук кодун киргизиңиз.
card-error-cvv-3 = Бул картанын коопсуздук коду 3 сандан турат.
card-error-cvv-4 = Бул картанын коопсуздук коду 4 сандан турат (картанын алдыңкы бетинде).
card-processing = Картаңыз текшерилүүдө…
threeds-title = Банкыңызда ырастаңыз
threeds-text = Эми төлөмдү ырастоо үчүн банкыңыздын баракчасы ачылат.
threeds-continue = Банкка өтүү

## Errors
not-found-title = Төлөм табылган жок
not-found-text = Бул төлөм шилтемеси жараксыз. Дүкөнгө кайтып, төлөмдү кайра баштаңыз.
error-session = Сеанстын мөөнөтү бүттү. Кайра аракет кылыңыз.
error-not-available = Бул төлөм үчүн бул аракет мындан ары жеткиликсиз.

## Sandbox panel
sandbox-title = Тест чөйрөсү
sandbox-text = Тест режими: бул баскычтар оператор менен банк жасай турган аракеттерди аткарат.
sandbox-received = Каражат түштү
sandbox-different = Башка сумма түштү
sandbox-expire = Убакытты бүтүрүү
sandbox-push-accept = Push-суроону ырастоо
sandbox-push-refuse = Push-суроону четке кагуу

## Demo shop
shop-title = Kassa демо-дүкөнү
shop-intro = Төлөмдү башынан аягына чейин сынап көрүңүз. Бул дүкөн тест режиминде виджет аркылуу чыныгы кол коюлган төлөм түзүп, сизди анын төлөм баракчасына жөнөтөт.
shop-country = Өлкө жана төлөө ыкмасы
shop-amount = Сумма
shop-pay = Төлөм баракчасына өтүү
shop-any-method = Баракчада өзүм тандайм
shop-error-choice = Тизмеден өлкөнү жана төлөө ыкмасын тандаңыз.
shop-error-amount = Сумманы сан менен киргизиңиз, мисалы 1500 же 1500,50.
shop-error-refused = Төлөм түзүлгөн жок. Төлөм кызматынын жообу:
shop-error-unreachable = Төлөм кызматы жооп берген жок. Бир мүнөттөн кийин кайра аракет кылыңыз.

## Sandbox bank pages
acs-title = Банкыңыз: төлөмдү ырастаңыз
acs-text = Телефонуңузга жөнөтүлгөн бир жолку кодду киргизиңиз. Тест чөйрөсүндө код — 123456.
acs-code = Бир жолку код
acs-submit = Ырастоо
acs-wrong-code = Код туура эмес. Калган аракеттер: { $left }
acs-cancel = Жокко чыгаруу
bank-title = Банкыңыз
bank-text = Сатуучуга { $amount } төлөмүн ырастаңыз.
bank-approve = Ырастоо
bank-decline = Четке кагуу
unavailable-title = Убактылуу жеткиликсиз
unavailable-text = Азыр төлөм барагын көрсөтүү мүмкүн эмес. Бир мүнөттөн кийин кайра аракет кылыңыз.
sandbox-banner = Сыноо режими: сыноо төлөмдөрү гана, чыныгы акча которулбайт.

## Trust and recovery (issue 13)
payee = { $name } үчүн төлөм
amount-label-paid = Төлөндү
amount-label-final = Сумма
instructions-title-link = Төлөм шилтемесин ачыңыз
instructions-title-ussd = Кодду териңиз
checking-details-title = Акчаны али жөнөтө элексизби?
checking-details-text = Төлөм реквизиттери төлөм аяктагыча ушул жерде турат. Көрсөтүлгөн сумманы так жөнөтүңүз.
change-method = Башка төлөө ыкмасын тандоо
cancel-confirm-title = Бул төлөмдү жокко чыгарасызбы?
cancel-confirm-text = Төлөм жабылат жана бул реквизиттер мындан ары иштебейт. Эгер акчаны жөнөтүп койгон болсоңуз, жокко чыгарбаңыз — анын ордуна «Төлөдүм» баскычын басыңыз.
cancel-confirm-text-paid = Сиз акчаны жөнөткөнүңүздү билдирдиңиз. Азыр жокко чыгарсаңыз, дүкөн аны күтпөйт, ал эми акчаны кайтаруу көпкө созулушу мүмкүн. Акчаны жөнөтпөгөн болсоңуз гана жокко чыгарыңыз.
cancel-confirm-yes = Ооба, төлөмдү жокко чыгаруу
cancel-confirm-no = Жок, төлөмгө кайтуу
card-try-another = Башка карта менен төлөсөңүз болот. Дагы колдонуп көрүүгө боло турган карталардын саны: { $left }.
record-title = Төлөм тууралуу маалымат
record-status = Абалы
record-reference = Төлөм номери
record-date = Күнү жана убактысы
record-method = Төлөө ыкмасы
record-card = Карта
record-card-ending = акыркы сандары { $last4 }
record-payee = Алуучу
record-contact = Бул төлөм боюнча суроолоруңуз барбы? { $name } алуучусуна кайрылып, { $reference } номерин айтыңыз.
record-print = Басып чыгаруу же сактоо
record-print-hint = Бул маалыматты сактоо үчүн браузериңиздеги «Басып чыгаруу» же «Бөлүшүү» буйругун колдонуңуз.
record-outcome-paid = Төлөндү
record-outcome-declined = Төлөнгөн жок
record-outcome-expired = Төлөнгөн жок: убакыт бүттү
record-outcome-canceled = Жокко чыгарылды
record-outcome-review = Текшерилүүдө
next-success = Бул маалыматты сактап коюңуз. Дүкөнгө төлөгөнүңүз тууралуу билдирилди.
next-declined = Бул төлөм үчүн акча алынган жок. Дүкөнгө кайтып, кайра төлөсөңүз болот.
next-expired = Эгер акчаны убакыт бүткөнгө чейин жөнөткөн болсоңуз, жогорудагы төлөм номерин айтып, дүкөнгө кайрылыңыз. Антпесе дүкөнгө кайтып, кайра баштаңыз.
next-canceled = Төлөм жокко чыгарылды, акча алынган жок. Дүкөнгө кайтып, кайра төлөсөңүз болот.
next-dispute = Бул төлөмдү текшерип жатабыз. Жогорудагы төлөм номерин сактап коюңуз — натыйжасын дүкөн билдирет.
return-in = Дүкөнгө кайтуу:
return-in-seconds = { $seconds } секунддан кийин
return-now = азыр
return-stay = Ушул бетте калуу

## Method choice explained (issue 13)
method-how-payin-p2p-card = Банк тиркемесинен акчаны карта номерине которуңуз.
method-how-payin-p2p-sbp = Банк тиркемесинде Тез төлөмдөр системасы (СБП) аркылуу акчаны телефон номери боюнча которуңуз.
method-how-payin-1-click = Төлөмдү банкыңыздын тиркемесинде бир кадам менен ырастаңыз.
method-how-payin-p2p-international = Акчаны чет өлкөдөгү банк эсебинен которуңуз.
method-how-payin-qr-sbp = QR-кодду банк тиркемеси менен сканерлеңиз — сумма өзү толтурулат.
method-how-payin-p2p-mobile = Мобилдик байланыш оператору аркылуу мобилдик телефондун эсебине төлөңүз (СБП эмес).
method-how-payin-p2p-card-international = Банк тиркемесинен акчаны чет өлкөлүк банктын картасына которуңуз.
method-how-payin-qr-link-p2p = Алуучунун банкынын төлөм баракчасына алып баруучу шилтемени ачыңыз (же анын QR-кодун сканерлеңиз).
method-how-payin-account-number = Банк тиркемесинен акчаны банк эсебинин номерине которуңуз.
method-how-payin-wallet-link = Электрондук капчыгыңыздан төлөңүз: шилтеме аны даяр төлөм менен ачат.
method-how-payin-ussd = Телефонуңуздан кыска кодду териңиз — интернет да, тиркеме да керек эмес.
method-how-payin-eft-link = Банкыңызга алып баруучу коопсуз шилтеме аркылуу банк эсебиңизден төлөңүз.
method-how-payin-mobile-money = Телефонуңузга келген суроону мобилдик акча эсебиңиздин PIN-коду менен ырастаңыз.
method-how-payin-p2p-phone = Банк тиркемесинен акчаны телефон номерине которуңуз.
method-how-payin-ecom-card = Карта маалыматтарын кийинки кадамда киргизесиз.

## Mobile money (issue 13)
push-sent-to = Суроону { $phone } номерине жөнөттүк.
push-ask-phone = Мобилдик акча эсебиңиз катталган телефон номерин киргизиңиз — биз ага төлөм суроосун жөнөтөбүз.
push-phone = Телефон номери
push-phone-hint = Сандар гана, өлкө коду менен, мисалы 254712345678.
push-phone-error = Телефон номерин текшериңиз: сандар гана, 8ден 15ке чейин.
push-send = Төлөм суроосун жөнөтүү
push-send-again = Суроону кайра жөнөтүү
push-again-in = Суроону { $seconds } секунддан кийин кайра жөнөтө аласыз.
push-not-received = Суроо келген жокпу? Телефонуңуз күйгүзүлгөнүн жана байланыш бар экенин текшериңиз.
notice-push-sent = Төлөм суроосу кайра жөнөтүлдү.
notice-push-wait = Суроону кайра жөнөтүүдөн мурун бир мүнөт күтө туруңуз.
