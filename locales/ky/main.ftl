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
field-amount = Сумма
copy = Көчүрүү
copy-value = Көчүрүү: { $what }
copied = Көчүрүлдү
open-link = Төлөм шилтемесин ачуу
dial-ussd = Кодду терүү
qr-alt = Төлөм шилтемесинин QR-коду

## Actions
i-have-paid = Мен төлөдүм
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
receipt-uploaded = Рахмат, чегиңиз жүктөлдү.
receipt-error-size = Файл 5 МБдан чоң.
receipt-error-type = Сүрөт (JPEG, PNG, WebP же HEIC) же PDF жүктөңүз.
receipt-error-missing = Жүктөө үчүн файл тандаңыз.

## Results
success-title = Төлөм кабыл алынды
success-text = Рахмат! Төлөмүңүз ийгиликтүү аяктады.
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
card-month = Ай
card-year = Жыл
card-holder = Картадагы аты-жөнү
card-cvv = Коопсуздук коду (CVV)
card-cvv-hint = Картанын арт жагындагы 3 же 4 сан
card-pay = { $amount } төлөө
card-error-number = Карта номерин текшериңиз.
card-error-expiry = Жарактуулук мөөнөтүн текшериңиз.
card-error-holder = Аты-жөнүңүздү картада жазылгандай латын же кирилл тамгалары менен киргизиңиз.
card-error-cvv = Коопсуздук коду 3 же 4 сандан турат.
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
shop-error = Төлөм түзүлгөн жок: { $reason }

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
