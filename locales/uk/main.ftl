# Платіжна сторінка Kassa — українська.

## Page frame
brand = Kassa
page-title = Оплата { $amount }
skip-to-content = Перейти до оплати
language = Мова
secure-note = Безпечна оплата через Kassa. Нікому не повідомляйте PIN-код картки й одноразові коди — вводьте їх лише на сторінці або в застосунку свого банку.
amount-label = Сума до сплати
description-label = Призначення платежу
time-left = Час на оплату
time-left-minutes = { $minutes ->
    [one] залишилася приблизно { $minutes } хвилина
    [few] залишилося приблизно { $minutes } хвилини
    [many] залишилося приблизно { $minutes } хвилин
   *[other] залишилося приблизно { $minutes } хвилини
}
time-up = Час вийшов
updating = Сторінка оновлюється автоматично.
status-updated = Статус платежу змінився.

## Method choice
choose-method-title = Як Ви хочете оплатити?
choose-method-hint = Виберіть спосіб оплати. Реквізити з’являться на наступному кроці.
method-payin-p2p-card = Переказ на картку
method-payin-p2p-sbp = Система швидких платежів (SBP)
method-payin-1-click = Оплата в один клік
method-payin-p2p-international = Міжнародний переказ
method-payin-qr-sbp = QR-код SBP
method-payin-p2p-mobile = Мобільний переказ
method-payin-p2p-card-international = Переказ на закордонну картку
method-payin-qr-link-p2p = QR-код
method-payin-account-number = Переказ на банківський рахунок
method-payin-wallet-link = Гаманець
method-payin-ussd = USSD-код
method-payin-eft-link = Миттєвий EFT
method-payin-mobile-money = Мобільні гроші
method-payin-p2p-phone = Переказ за номером телефону
method-payin-ecom-card = Оплата карткою

## Waiting
searching-title = Готуємо реквізити для оплати
searching-text = Зазвичай це триває кілька секунд.
searching-busy-title = Зараз немає вільних реквізитів
searching-busy-text = Ми шукатимемо ще до хвилини. Якщо реквізити не звільняться, платіж закриється без списання коштів, і Ви зможете почати знову.
checking-title = Перевіряємо платіж
checking-text = Дякуємо! Чекаємо, поки банк підтвердить Ваш переказ.

## Instructions
instructions-title = Перекажіть точну суму
instructions-card = Перекажіть гроші на цей номер картки в застосунку свого банку.
instructions-phone = Перекажіть гроші за цим номером телефону в застосунку свого банку.
instructions-account = Перекажіть гроші на цей банківський рахунок.
instructions-link = Відкрийте посилання для оплати й підтвердьте суму.
instructions-qr = Відскануйте QR-код у застосунку свого банку або відкрийте посилання на цьому телефоні.
instructions-ussd = Наберіть цей код на телефоні й дотримуйтеся підказок.
instructions-exact-amount = Перекажіть рівно { $amount } одним платежем, інакше зарахування може затриматися.
field-card-number = Номер картки
field-phone = Номер телефону
field-account = Номер рахунку
field-link = Посилання для оплати
field-ussd = USSD-код
field-holder = Отримувач
field-bank = Банк
field-bank-code = Код банку (БІК)
field-correspondent-account = Кореспондентський рахунок
field-amount = Сума
copy = Копіювати
copy-value = Копіювати: { $what }
copied = Скопійовано
open-link = Відкрити посилання для оплати
dial-ussd = Набрати код
qr-alt = QR-код посилання для оплати

## Actions
i-have-paid = Гроші надіслано
i-have-paid-hint = Натисніть, коли надішлете гроші.
cancel-payment = Скасувати платіж
back-to-shop = Повернутися до магазину

## Mobile money
push-title = Підтвердьте платіж на телефоні
push-text = Ми надіслали запит на оплату на Ваш телефон. Відкрийте його та введіть PIN-код, щоб підтвердити оплату { $amount }.

## Receipt
receipt-title = Завантажте квитанцію
receipt-text = Якщо Ви вже оплатили, завантажте квитанцію з банку (зображення або PDF, до 5 МБ), щоб ми знайшли Ваш платіж.
receipt-file = Файл квитанції
receipt-submit = Завантажити квитанцію
receipt-back = Повернутися до платежу
receipt-uploaded = Дякуємо, квитанцію завантажено.
receipt-error-size = Файл більший за 5 МБ.
receipt-error-type = Завантажте зображення (JPEG, PNG, WebP або HEIC) або PDF.
receipt-error-missing = Виберіть файл для завантаження.

## Results
success-title = Оплачено
success-text = Дякуємо! Платіж на користь { $name } виконано.
decline-title = Платіж не виконано
expired-title = Термін оплати минув
reason-canceled = Платіж скасовано.
reason-expired = Час на оплату минув.
reason-no-requisites = Зараз не вдалося підготувати реквізити. Спробуйте пізніше.
reason-antifraud = Платіж відхилено під час перевірки безпеки.
reason-no-payment = Ми не отримали платіж.
reason-declined-user = Запит на оплату відхилено на Вашому телефоні.
reason-issuer = Ваш банк відхилив платіж.
reason-insufficient-funds = На картці недостатньо коштів.
reason-card-expired = Термін дії картки минув.
reason-3ds-failed = Ваш банк не зміг підтвердити платіж.
reason-other = Платіж відхилено.
dispute-title = Платіж на перевірці
dispute-no-payment = Ми ще не отримали Ваш платіж. Якщо Ви вже оплатили, завантажте квитанцію.
dispute-different-amount = Ми отримали суму, яка відрізняється від суми замовлення. Служба підтримки зв’яжеться з Вами.
dispute-confirm-timeout = Ми отримали Вашу квитанцію й перевіряємо платіж. Це може тривати до 24 годин.

## Card
card-title = Оплата карткою
card-number = Номер картки
card-expiry = Термін дії
card-holder = Ім’я на картці
card-cvv = Код безпеки (CVV)
card-cvv-hint = 3 або 4 цифри на звороті картки
card-pay = Сплатити { $amount }
card-error-number = Перевірте номер картки.
card-error-expiry = Перевірте термін дії.
card-error-holder = Введіть ім’я так, як воно вказане на картці, латиницею або кирилицею.
card-error-cvv = Код безпеки складається з 3 або 4 цифр.
card-expiry-placeholder = ММ/РР
card-error-number-empty = Введіть номер картки.
card-error-number-length = У номері забагато або замало цифр для картки цього типу.
card-error-expiry-empty = Введіть термін дії, як на картці: ММ/РР.
card-error-expired = Термін дії картки минув. Використайте іншу картку.
card-error-holder-empty = Введіть ім’я так, як воно написане на картці.
card-error-holder-digits = Ім’я не може містити цифр. Введіть його так, як на картці.
card-error-cvv-empty = Введіть код безпеки зі зворотного боку картки.
card-error-cvv-3 = Код безпеки цієї картки — 3 цифри.
card-error-cvv-4 = Код безпеки цієї картки — 4 цифри (на лицьовому боці).
card-processing = Перевіряємо картку…
threeds-title = Підтвердьте оплату в банку
threeds-text = Зараз відкриється сторінка Вашого банку, де потрібно підтвердити платіж.
threeds-continue = Перейти до банку

## Errors
not-found-title = Платіж не знайдено
not-found-text = Це посилання для оплати недійсне. Поверніться до магазину й почніть оплату знову.
error-session = Сеанс завершився. Спробуйте ще раз.
error-not-available = Ця дія для цього платежу вже недоступна.

## Sandbox panel
sandbox-title = Пісочниця
sandbox-text = Тестовий режим: ці кнопки роблять те саме, що зробили б оператор і банк.
sandbox-received = Кошти отримано
sandbox-different = Отримано іншу суму
sandbox-expire = Завершити час на оплату
sandbox-push-accept = Прийняти push-запит
sandbox-push-refuse = Відхилити push-запит

## Demo shop
shop-title = Демомагазин Kassa
shop-intro = Спробуйте оплату від початку до кінця. Цей магазин створює справжній підписаний платіж через віджет у режимі пісочниці й переспрямовує Вас на його платіжну сторінку.
shop-country = Країна та спосіб оплати
shop-amount = Сума
shop-pay = Перейти до оплати
shop-any-method = Вибрати спосіб на сторінці оплати
shop-error-choice = Виберіть країну та спосіб оплати зі списку.
shop-error-amount = Введіть суму числом, наприклад 1500 або 1500,50.
shop-error-refused = Не вдалося створити платіж. Платіжний сервіс відповів:
shop-error-unreachable = Платіжний сервіс не відповів. Спробуйте ще раз за хвилину.

## Sandbox bank pages
acs-title = Ваш банк: підтвердьте платіж
acs-text = Введіть одноразовий код, надісланий на Ваш телефон. У пісочниці код — 123456.
acs-code = Одноразовий код
acs-submit = Підтвердити
acs-wrong-code = Неправильний код. Залишилося спроб: { $left }
acs-cancel = Скасувати
bank-title = Ваш банк
bank-text = Підтвердьте оплату { $amount } продавцю.
bank-approve = Підтвердити
bank-decline = Відхилити
unavailable-title = Тимчасово недоступно
unavailable-text = Зараз не вдається показати сторінку оплати. Спробуйте ще раз за хвилину.
sandbox-banner = Пісочниця: лише тестові платежі, справжні гроші не переказуються.

## Trust and recovery (issue 13)
payee = Оплата: { $name }
amount-label-paid = Оплачено
amount-label-final = Сума
instructions-title-link = Відкрийте посилання для оплати
instructions-title-ussd = Наберіть код
checking-details-title = Ще не надіслали гроші?
checking-details-text = Реквізити залишаються тут до завершення платежу. Надішліть рівно зазначену суму.
change-method = Вибрати інший спосіб оплати
cancel-confirm-title = Скасувати цей платіж?
cancel-confirm-text = Платіж буде закрито, а ці реквізити перестануть діяти. Якщо гроші вже надіслано, не скасовуйте платіж — натисніть «Гроші надіслано».
cancel-confirm-text-paid = Ви повідомили, що гроші надіслано. Якщо скасувати зараз, магазин не чекатиме на них, а повернення може тривати довго. Скасовуйте, лише якщо гроші не надсилали.
cancel-confirm-yes = Так, скасувати платіж
cancel-confirm-no = Ні, повернутися до оплати
card-try-another = Можна оплатити іншою карткою. Карток, які ще можна спробувати: { $left }.
record-title = Відомості про платіж
record-status = Статус
record-reference = Номер платежу
record-date = Дата й час
record-method = Спосіб
record-card = Картка
record-card-ending = закінчується на { $last4 }
record-payee = Отримувач
record-contact = Маєте запитання щодо платежу? Зверніться до { $name } і назвіть номер { $reference }.
record-print = Роздрукувати або зберегти
record-print-hint = Щоб зберегти ці відомості, скористайтеся командою «Друк» або «Поділитися» у браузері.
record-outcome-paid = Оплачено
record-outcome-declined = Не оплачено
record-outcome-expired = Не оплачено: час минув
record-outcome-canceled = Скасовано
record-outcome-review = На перевірці
next-success = Збережіть ці відомості. Магазин уже знає про оплату.
next-declined = За цей платіж гроші не списано. Можна повернутися до магазину й оплатити знову.
next-expired = Якщо гроші надіслано до завершення часу, зверніться до магазину й назвіть номер платежу, указаний вище. Інакше поверніться до магазину й почніть знову.
next-canceled = Платіж скасовано, гроші не списано. Можна повернутися до магазину й оплатити знову.
next-dispute = Ми перевіряємо цей платіж. Збережіть номер платежу, указаний вище, — магазин повідомить результат.
return-in = Повернення до магазину:
return-in-seconds = { $seconds ->
    [one] через { $seconds } секунду
    [few] через { $seconds } секунди
    [many] через { $seconds } секунд
   *[other] через { $seconds } секунди
}
return-now = зараз
return-stay = Залишитися на цій сторінці

## Method choice explained (issue 13)
method-how-payin-p2p-card = Перекажіть гроші на номер картки із застосунку свого банку.
method-how-payin-p2p-sbp = Перекажіть гроші за номером телефону через Систему швидких платежів (SBP) у застосунку банку.
method-how-payin-1-click = Підтвердьте оплату в один крок у застосунку свого банку.
method-how-payin-p2p-international = Перекажіть гроші з рахунку в закордонному банку.
method-how-payin-qr-sbp = Відскануйте QR-код у застосунку банку — сума підставиться автоматично.
method-how-payin-p2p-mobile = Оплата на рахунок мобільного телефону через оператора зв’язку (не SBP).
method-how-payin-p2p-card-international = Перекажіть гроші на картку закордонного банку із застосунку свого банку.
method-how-payin-qr-link-p2p = Відкрийте посилання (або відскануйте його QR-код) — воно веде на сторінку оплати банку отримувача.
method-how-payin-account-number = Перекажіть гроші на номер банківського рахунку із застосунку банку.
method-how-payin-wallet-link = Оплата з електронного гаманця: посилання відкриє його з готовим платежем.
method-how-payin-ussd = Наберіть короткий код на телефоні — інтернет і застосунок не потрібні.
method-how-payin-eft-link = Оплата з банківського рахунку через захищене посилання до Вашого банку.
method-how-payin-mobile-money = Підтвердьте запит на телефоні PIN-кодом мобільного гаманця.
method-how-payin-p2p-phone = Перекажіть гроші на номер телефону із застосунку банку.
method-how-payin-ecom-card = Дані картки Ви введете на наступному кроці.

## Mobile money (issue 13)
push-sent-to = Ми надіслали запит на номер { $phone }.
push-ask-phone = Введіть номер телефону мобільного гаманця — ми надішлемо на нього запит на оплату.
push-phone = Номер телефону
push-phone-hint = Лише цифри, з кодом країни, наприклад 254712345678.
push-phone-error = Перевірте номер: лише цифри, від 8 до 15.
push-send = Надіслати запит на оплату
push-send-again = Надіслати запит ще раз
push-again-in = { $seconds ->
    [one] Надіслати запит ще раз можна через { $seconds } секунду.
    [few] Надіслати запит ще раз можна через { $seconds } секунди.
    [many] Надіслати запит ще раз можна через { $seconds } секунд.
   *[other] Надіслати запит ще раз можна через { $seconds } секунди.
}
push-not-received = Запит не надійшов? Перевірте, чи телефон увімкнено й чи є зв’язок.
notice-push-sent = Запит на оплату надіслано ще раз.
notice-push-wait = Зачекайте хвилину, перш ніж надсилати запит знову.
