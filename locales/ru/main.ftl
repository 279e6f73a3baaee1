# Платёжная страница Kassa — русский.

## Page frame
brand = Kassa
page-title = Оплата { $amount }
skip-to-content = Перейти к оплате
language = Язык
secure-note = Безопасная оплата через Kassa. Никому не сообщайте PIN-код карты и одноразовые коды — вводите их только на странице или в приложении своего банка.
amount-label = Сумма к оплате
description-label = Назначение платежа
time-left = Время на оплату
time-left-minutes = { $minutes ->
    [one] осталась примерно { $minutes } минута
    [few] осталось примерно { $minutes } минуты
    [many] осталось примерно { $minutes } минут
   *[other] осталось примерно { $minutes } минуты
}
time-up = Время вышло
updating = Страница обновляется автоматически.
status-updated = Статус платежа изменился.

## Method choice
choose-method-title = Как вы хотите оплатить?
choose-method-hint = Выберите способ оплаты. Реквизиты появятся на следующем шаге.
method-payin-p2p-card = Перевод на карту
method-payin-p2p-sbp = Система быстрых платежей (СБП)
method-payin-1-click = Оплата в один клик
method-payin-p2p-international = Международный перевод
method-payin-qr-sbp = QR-код СБП
method-payin-p2p-mobile = Мобильный перевод
method-payin-p2p-card-international = Перевод на зарубежную карту
method-payin-qr-link-p2p = QR-код
method-payin-account-number = Перевод на банковский счёт
method-payin-wallet-link = Кошелёк
method-payin-ussd = USSD-код
method-payin-eft-link = Мгновенный EFT
method-payin-mobile-money = Мобильные деньги
method-payin-p2p-phone = Перевод по номеру телефона
method-payin-ecom-card = Оплата картой

## Waiting
searching-title = Готовим реквизиты для оплаты
searching-text = Обычно это занимает несколько секунд.
searching-busy-title = Сейчас нет свободных реквизитов
searching-busy-text = Мы продолжаем искать до минуты. Если реквизиты не освободятся, платёж закроется без списания денег, и можно будет начать заново.
checking-title = Проверяем платёж
checking-text = Спасибо! Ждём, когда банк подтвердит ваш перевод.

## Instructions
instructions-title = Переведите точную сумму
instructions-card = Переведите деньги на этот номер карты в приложении вашего банка.
instructions-phone = Переведите деньги по этому номеру телефона в приложении вашего банка.
instructions-account = Переведите деньги на этот банковский счёт.
instructions-link = Откройте ссылку для оплаты и подтвердите сумму.
instructions-qr = Отсканируйте QR-код в приложении вашего банка или откройте ссылку на этом телефоне.
instructions-ussd = Наберите этот код на телефоне и следуйте подсказкам.
instructions-exact-amount = Переведите ровно { $amount } одним платежом, иначе зачисление может задержаться.
field-card-number = Номер карты
field-phone = Номер телефона
field-account = Номер счёта
field-link = Ссылка для оплаты
field-ussd = USSD-код
field-holder = Получатель
field-bank = Банк
field-bank-code = БИК банка
field-correspondent-account = Корреспондентский счёт
field-amount = Сумма
copy = Копировать
copy-value = Копировать: { $what }
copied = Скопировано
open-link = Открыть ссылку для оплаты
dial-ussd = Набрать код
qr-alt = QR-код ссылки для оплаты

## Actions
i-have-paid = Деньги отправлены
i-have-paid-hint = Нажмите, когда отправите деньги.
cancel-payment = Отменить платёж
back-to-shop = Вернуться в магазин

## Mobile money
push-title = Подтвердите платёж на телефоне
push-text = Мы отправили запрос на оплату на ваш телефон. Откройте его и введите PIN-код, чтобы подтвердить оплату { $amount }.

## Receipt
receipt-title = Загрузите чек
receipt-text = Если вы уже оплатили, загрузите чек из банка (изображение или PDF, до 5 МБ), чтобы мы нашли ваш платёж.
receipt-file = Файл чека
receipt-submit = Загрузить чек
receipt-back = Вернуться к платежу
receipt-uploaded = Спасибо, чек загружен.
receipt-error-size = Файл больше 5 МБ.
receipt-error-type = Загрузите изображение (JPEG, PNG, WebP или HEIC) или PDF.
receipt-error-missing = Выберите файл для загрузки.

## Results
success-title = Оплачено
success-text = Спасибо! Оплата получателю { $name } прошла успешно.
decline-title = Платёж не выполнен
expired-title = Срок оплаты истёк
reason-canceled = Платёж отменён.
reason-expired = Время на оплату истекло.
reason-no-requisites = Сейчас не удалось подготовить реквизиты. Попробуйте позже.
reason-antifraud = Платёж отклонён проверкой безопасности.
reason-no-payment = Мы не получили платёж.
reason-declined-user = Запрос на оплату отклонён на вашем телефоне.
reason-issuer = Ваш банк отклонил платёж.
reason-insufficient-funds = На карте недостаточно средств.
reason-card-expired = Срок действия карты истёк.
reason-3ds-failed = Ваш банк не смог подтвердить платёж.
reason-other = Платёж отклонён.
dispute-title = Платёж на проверке
dispute-no-payment = Мы пока не получили ваш платёж. Если вы уже оплатили, загрузите чек.
dispute-different-amount = Мы получили сумму, которая отличается от суммы заказа. Служба поддержки свяжется с вами.
dispute-confirm-timeout = Мы получили ваш чек и проверяем платёж. Это может занять до 24 часов.

## Card
card-title = Оплата картой
card-number = Номер карты
card-expiry = Срок действия
card-holder = Имя на карте
card-cvv = Код безопасности (CVV)
card-cvv-hint = 3 или 4 цифры на обратной стороне карты
card-pay = Оплатить { $amount }
card-error-number = Проверьте номер карты.
card-error-expiry = Проверьте срок действия.
card-error-holder = Введите имя так, как оно указано на карте, латиницей или кириллицей.
card-error-cvv = Код безопасности состоит из 3 или 4 цифр.
card-expiry-placeholder = ММ/ГГ
card-error-number-empty = Введите номер карты.
card-error-number-length = В номере слишком мало или слишком много цифр для карты этого типа.
card-error-expiry-empty = Введите срок действия, как на карте: ММ/ГГ.
card-error-expired = Срок действия карты истёк. Используйте другую карту.
card-error-holder-empty = Введите имя, как оно написано на карте.
card-error-holder-digits = В имени не может быть цифр. Введите его, как на карте.
card-error-cvv-empty = Введите код безопасности с обратной стороны карты.
card-error-cvv-3 = Код безопасности этой карты — 3 цифры.
card-error-cvv-4 = Код безопасности этой карты — 4 цифры (на лицевой стороне).
card-processing = Проверяем карту…
threeds-title = Подтвердите оплату в банке
threeds-text = Сейчас откроется страница вашего банка, где нужно подтвердить платёж.
threeds-continue = Перейти в банк

## Errors
not-found-title = Платёж не найден
not-found-text = Эта ссылка для оплаты недействительна. Вернитесь в магазин и начните оплату заново.
error-session = Сессия истекла. Попробуйте ещё раз.
error-not-available = Это действие для данного платежа больше недоступно.

## Sandbox panel
sandbox-title = Песочница
sandbox-text = Тестовый режим: эти кнопки делают то же, что сделали бы оператор и банк.
sandbox-received = Деньги получены
sandbox-different = Получена другая сумма
sandbox-expire = Завершить время на оплату
sandbox-push-accept = Принять push-запрос
sandbox-push-refuse = Отклонить push-запрос

## Demo shop
shop-title = Демо-магазин Kassa
shop-intro = Попробуйте оплату от начала до конца. Этот магазин создаёт настоящий подписанный платёж через виджет в режиме песочницы и перенаправляет вас на его платёжную страницу.
shop-country = Страна и способ оплаты
shop-amount = Сумма
shop-pay = Перейти к оплате
shop-any-method = Выберу на странице оплаты
shop-error-choice = Выберите страну и способ оплаты из списка.
shop-error-amount = Введите сумму числом, например 1500 или 1500,50.
shop-error-refused = Не удалось создать платёж. Платёжный сервис ответил:
shop-error-unreachable = Платёжный сервис не ответил. Попробуйте ещё раз через минуту.

## Sandbox bank pages
acs-title = Ваш банк: подтвердите платёж
acs-text = Введите одноразовый код, отправленный на ваш телефон. В песочнице код — 123456.
acs-code = Одноразовый код
acs-submit = Подтвердить
acs-wrong-code = Неверный код. Осталось попыток: { $left }
acs-cancel = Отмена
bank-title = Ваш банк
bank-text = Подтвердите оплату { $amount } продавцу.
bank-approve = Подтвердить
bank-decline = Отклонить
unavailable-title = Временно недоступно
unavailable-text = Сейчас не удаётся показать страницу оплаты. Попробуйте ещё раз через минуту.
sandbox-banner = Песочница: только тестовые платежи, реальные деньги не переводятся.

## Trust and recovery (issue 13)
payee = Оплата: { $name }
amount-label-paid = Оплачено
amount-label-final = Сумма
instructions-title-link = Откройте ссылку для оплаты
instructions-title-ussd = Наберите код
checking-details-title = Ещё не отправили деньги?
checking-details-text = Реквизиты остаются здесь до завершения платежа. Отправьте ровно указанную сумму.
change-method = Выбрать другой способ оплаты
cancel-confirm-title = Отменить этот платёж?
cancel-confirm-text = Платёж будет закрыт, а эти реквизиты перестанут действовать. Если деньги уже отправлены, не отменяйте платёж — нажмите «Деньги отправлены».
cancel-confirm-text-paid = Вы сообщили, что деньги отправлены. Если отменить сейчас, магазин не будет их ждать, а возврат может занять много времени. Отменяйте, только если деньги не отправлялись.
cancel-confirm-yes = Да, отменить платёж
cancel-confirm-no = Нет, вернуться к оплате
card-try-another = Можно оплатить другой картой. Осталось попыток: { $left }.
record-title = Сведения о платеже
record-status = Статус
record-reference = Номер платежа
record-date = Дата и время
record-method = Способ
record-card = Карта
record-card-ending = оканчивается на { $last4 }
record-payee = Получатель
record-contact = Есть вопросы по платежу? Обратитесь в { $name } и назовите номер { $reference }.
record-print = Распечатать или сохранить
record-print-hint = Чтобы сохранить эти сведения, воспользуйтесь командой «Печать» или «Поделиться» в браузере.
record-outcome-paid = Оплачено
record-outcome-declined = Не оплачено
record-outcome-expired = Не оплачено: время истекло
record-outcome-canceled = Отменено
record-outcome-review = На проверке
next-success = Сохраните эти сведения. Магазин уже знает об оплате.
next-declined = Деньги за этот платёж не списаны. Можно вернуться в магазин и оплатить снова.
next-expired = Если деньги были отправлены до истечения времени, обратитесь в магазин и назовите номер платежа. Иначе вернитесь в магазин и начните заново.
next-canceled = Платёж отменён, деньги не списаны. Можно вернуться в магазин и оплатить снова.
next-dispute = Мы проверяем этот платёж. Сохраните номер платежа — магазин сообщит результат.
return-in = Возврат в магазин:
return-in-seconds = через { $seconds } с
return-now = сейчас
return-stay = Остаться на этой странице

## Method choice explained (issue 13)
method-how-payin-p2p-card = Переведите деньги на номер карты из приложения вашего банка.
method-how-payin-p2p-sbp = Переведите по номеру телефона через Систему быстрых платежей (СБП) в приложении банка.
method-how-payin-1-click = Подтвердите оплату в один шаг в приложении вашего банка.
method-how-payin-p2p-international = Переведите деньги со счёта в зарубежном банке.
method-how-payin-qr-sbp = Отсканируйте QR-код приложением банка — сумма подставится сама.
method-how-payin-p2p-mobile = Оплата на счёт мобильного телефона через оператора связи (не СБП).
method-how-payin-p2p-card-international = Переведите деньги на карту зарубежного банка из приложения вашего банка.
method-how-payin-qr-link-p2p = Откройте ссылку (или отсканируйте её QR-код) — она ведёт на страницу оплаты банка получателя.
method-how-payin-account-number = Переведите деньги на номер банковского счёта из приложения банка.
method-how-payin-wallet-link = Оплата из электронного кошелька: ссылка откроет его с готовым платежом.
method-how-payin-ussd = Наберите короткий код на телефоне — интернет и приложение не нужны.
method-how-payin-eft-link = Оплата с банковского счёта по защищённой ссылке в ваш банк.
method-how-payin-mobile-money = Подтвердите запрос на телефоне PIN-кодом мобильного кошелька.
method-how-payin-p2p-phone = Переведите деньги на номер телефона из приложения банка.
method-how-payin-ecom-card = Данные карты вы введёте на следующем шаге.

## Mobile money (issue 13)
push-sent-to = Мы отправили запрос на номер { $phone }.
push-ask-phone = Введите номер телефона мобильного кошелька — мы отправим на него запрос на оплату.
push-phone = Номер телефона
push-phone-hint = Только цифры, с кодом страны, например 254712345678.
push-phone-error = Проверьте номер: только цифры, от 8 до 15.
push-send = Отправить запрос на оплату
push-send-again = Отправить запрос ещё раз
push-again-in = Отправить запрос ещё раз можно через { $seconds } с.
push-not-received = Запрос не пришёл? Проверьте, что телефон включён и в сети.
notice-push-sent = Запрос на оплату отправлен ещё раз.
notice-push-wait = Подождите минуту, прежде чем отправлять запрос снова.
