# صفحة الدفع من Kassa — العربية الفصحى.

## Page frame
brand = Kassa
page-title = دفع { $amount }
skip-to-content = الانتقال إلى الدفع
language = اللغة
secure-note = دفع آمن عبر Kassa. لا تُفصح أبدًا عن رمز PIN لبطاقتك أو عن الرموز لمرة واحدة إلا في صفحة بنكك أو تطبيقه.
amount-label = المبلغ المطلوب دفعه
description-label = الغرض من الدفع
time-left = الوقت المتبقي للدفع
time-left-minutes = { $minutes ->
    [zero] أقل من دقيقة
    [one] نحو دقيقة واحدة
    [two] نحو دقيقتين
    [few] نحو { $minutes } دقائق
    [many] نحو { $minutes } دقيقة
   *[other] نحو { $minutes } دقيقة
}
time-up = انتهى الوقت
updating = تُحدَّث هذه الصفحة تلقائيًا.
status-updated = تغيّرت حالة الدفع.

## Method choice
choose-method-title = كيف تودّ الدفع؟
choose-method-hint = اختر طريقة الدفع. ستظهر بيانات الدفع في الخطوة التالية.
method-payin-p2p-card = تحويل إلى بطاقة مصرفية
method-payin-p2p-sbp = نظام المدفوعات السريعة (SBP)
method-payin-1-click = الدفع بنقرة واحدة
method-payin-p2p-international = تحويل دولي
method-payin-qr-sbp = رمز QR لنظام SBP
method-payin-p2p-mobile = تحويل عبر الهاتف المحمول
method-payin-p2p-card-international = تحويل إلى بطاقة دولية
method-payin-qr-link-p2p = رمز QR
method-payin-account-number = تحويل إلى حساب مصرفي
method-payin-wallet-link = المحفظة الإلكترونية
method-payin-ussd = رمز USSD
method-payin-eft-link = تحويل EFT فوري
method-payin-mobile-money = محفظة الهاتف المحمول
method-payin-p2p-phone = تحويل برقم الهاتف
method-payin-ecom-card = الدفع بالبطاقة

## Waiting
searching-title = جارٍ تجهيز بيانات الدفع
searching-text = يستغرق ذلك عادةً بضع ثوانٍ.
searching-busy-title = لا تتوفر بيانات دفع في الوقت الحالي
searching-busy-text = سنواصل البحث لمدة تصل إلى دقيقة. إذا لم تتوفر أي بيانات، فسيُغلق هذا الدفع دون خصم أي مبلغ، ويمكنك البدء من جديد.
checking-title = جارٍ التحقق من دفعتك
checking-text = شكرًا لك! ننتظر تأكيد البنك لتحويلك.

## Instructions
instructions-title = حوّل المبلغ بالضبط
instructions-card = أرسل المبلغ إلى رقم البطاقة هذا من تطبيقك المصرفي.
instructions-phone = أرسل المبلغ إلى رقم الهاتف هذا من تطبيقك المصرفي.
instructions-account = أرسل المبلغ إلى هذا الحساب المصرفي.
instructions-link = افتح رابط الدفع وأكّد المبلغ.
instructions-qr = امسح رمز QR بتطبيقك المصرفي، أو افتح الرابط على هذا الهاتف.
instructions-ussd = اطلب هذا الرمز من هاتفك واتبع التعليمات.
instructions-exact-amount = أرسل { $amount } بالضبط في دفعة واحدة، وإلا فقد يتأخر إيداع المبلغ.
field-card-number = رقم البطاقة
field-phone = رقم الهاتف
field-account = رقم الحساب
field-link = رابط الدفع
field-ussd = رمز USSD
field-holder = المستلم
field-bank = البنك
field-bank-code = رمز البنك (BIK)
field-correspondent-account = الحساب المراسل
field-amount = المبلغ
copy = نسخ
copy-value = نسخ { $what }
copied = تم النسخ
open-link = فتح رابط الدفع
dial-ussd = طلب الرمز
qr-alt = رمز QR لرابط الدفع

## Actions
i-have-paid = لقد دفعتُ
i-have-paid-hint = اضغط على هذا الزر بعد إرسال المبلغ.
cancel-payment = إلغاء الدفع
back-to-shop = العودة إلى المتجر

## Mobile money
push-title = أكّد الدفع على هاتفك
push-text = أرسلنا طلب دفع إلى هاتفك. افتحه وأدخل رمز PIN للموافقة على دفع { $amount }.

## Receipt
receipt-title = ارفع الإيصال
receipt-text = إذا كنت قد دفعت، فارفع إيصال بنكك (صورة أو ملف PDF بحجم 5 ميغابايت كحد أقصى) لنتمكن من العثور على دفعتك.
receipt-file = ملف الإيصال
receipt-submit = رفع الإيصال
receipt-back = العودة إلى الدفعة
receipt-uploaded = شكرًا لك، تم رفع الإيصال.
receipt-error-size = حجم الملف أكبر من 5 ميغابايت.
receipt-error-type = يُرجى رفع صورة (JPEG أو PNG أو WebP أو HEIC) أو ملف PDF.
receipt-error-missing = اختر ملفًا لرفعه.

## Results
success-title = تم الدفع
success-text = شكرًا لك! اكتملت دفعتك إلى { $name }.
decline-title = لم يكتمل الدفع
expired-title = انتهت مهلة الدفع
reason-canceled = أُلغي الدفع.
reason-expired = انتهى الوقت المحدد للدفع.
reason-no-requisites = تعذّر علينا تجهيز بيانات الدفع حاليًا. يُرجى المحاولة مرة أخرى لاحقًا.
reason-antifraud = رُفض الدفع بسبب فحص أمني.
reason-no-payment = لم نتلقَّ الدفعة.
reason-declined-user = رُفض طلب الدفع على هاتفك.
reason-issuer = رفض بنكك الدفع.
reason-insufficient-funds = لا يوجد رصيد كافٍ في البطاقة.
reason-card-expired = انتهت صلاحية البطاقة.
reason-3ds-failed = تعذّر على بنكك تأكيد الدفع.
reason-other = رُفض الدفع.
dispute-title = الدفع قيد المراجعة
dispute-no-payment = لم نتلقَّ دفعتك بعد. إذا كنت قد دفعت، فارفع الإيصال.
dispute-different-amount = تلقّينا مبلغًا يختلف عن مبلغ الطلب. سيتواصل معك فريق الدعم.
dispute-confirm-timeout = تلقّينا إيصالك ونتحقق الآن من الدفع. قد يستغرق ذلك ما يصل إلى 24 ساعة.

## Card
card-title = الدفع بالبطاقة
card-number = رقم البطاقة
card-expiry = تاريخ الانتهاء
card-holder = الاسم على البطاقة
card-cvv = رمز الأمان (CVV)
card-cvv-hint = 3 أو 4 أرقام على ظهر البطاقة
card-pay = دفع { $amount }
card-error-number = تحقّق من رقم البطاقة.
card-error-expiry = تحقّق من تاريخ الانتهاء.
card-error-holder = أدخل الاسم كما هو مطبوع على البطاقة، بالحروف اللاتينية أو السيريلية.
card-error-cvv = يتكوّن رمز الأمان من 3 أو 4 أرقام.
card-expiry-placeholder = MM/YY
card-error-number-empty = أدخل رقم البطاقة.
card-error-number-length = عدد أرقام هذه البطاقة أقل أو أكثر مما يلزم لنوعها.
card-error-expiry-empty = أدخل تاريخ الانتهاء كما هو مطبوع على البطاقة، بالصيغة MM/YY.
card-error-expired = انتهت صلاحية هذه البطاقة. استخدم بطاقة أخرى.
card-error-holder-empty = أدخل الاسم كما هو مطبوع على البطاقة.
card-error-holder-digits = لا يمكن أن يحتوي الاسم على أرقام. أدخله كما هو مطبوع على البطاقة.
card-error-cvv-empty = أدخل رمز الأمان الموجود على ظهر البطاقة.
card-error-cvv-3 = يتكوّن رمز الأمان لهذه البطاقة من 3 أرقام.
card-error-cvv-4 = يتكوّن رمز الأمان لهذه البطاقة من 4 أرقام (على وجه البطاقة).
card-processing = جارٍ التحقق من بطاقتك…
threeds-title = أكّد الدفع لدى بنكك
threeds-text = ستُفتح صفحة بنكك بعد ذلك لتتمكن من تأكيد الدفع.
threeds-continue = المتابعة إلى البنك

## Errors
not-found-title = لم يُعثر على الدفع
not-found-text = رابط الدفع هذا غير صالح. عُد إلى المتجر وابدأ الدفع من جديد.
error-session = انتهت صلاحية جلستك. يُرجى المحاولة مرة أخرى.
error-not-available = لم يعد هذا الإجراء متاحًا لهذا الدفع.

## Sandbox panel
sandbox-title = بيئة الاختبار
sandbox-text = وضع الاختبار: تؤدي هذه الأزرار ما كان سيفعله المشغّل والبنك.
sandbox-received = تم استلام الأموال
sandbox-different = تم استلام مبلغ مختلف
sandbox-expire = ترك الوقت ينتهي
sandbox-push-accept = قبول طلب الدفع على الهاتف
sandbox-push-refuse = رفض طلب الدفع على الهاتف

## Demo shop
shop-title = متجر Kassa التجريبي
shop-intro = جرّب عملية دفع من البداية إلى النهاية. ينشئ هذا المتجر دفعة حقيقية وموقّعة عبر الأداة المدمجة (widget) في وضع الاختبار، ثم ينقلك إلى صفحة الدفع الخاصة بها.
shop-country = البلد وطريقة الدفع
shop-amount = المبلغ
shop-pay = الانتقال إلى صفحة الدفع
shop-any-method = سأختار في صفحة الدفع
shop-error-choice = اختر بلدًا وطريقة دفع من القائمة.
shop-error-amount = أدخل المبلغ رقمًا، مثل 1500 أو 1500.50.
shop-error-refused = تعذّر إنشاء الدفع. ردّت خدمة الدفع بما يلي:
shop-error-unreachable = لم تردّ خدمة الدفع. يُرجى المحاولة مرة أخرى بعد دقيقة.

## Sandbox bank pages
acs-title = بنكك: أكّد الدفع
acs-text = أدخل الرمز لمرة واحدة المُرسَل إلى هاتفك. في بيئة الاختبار، الرمز هو 123456.
acs-code = الرمز لمرة واحدة
acs-submit = تأكيد
acs-wrong-code = الرمز غير صحيح. المحاولات المتبقية: { $left }
acs-cancel = إلغاء
bank-title = بنكك
bank-text = وافق على دفع { $amount } إلى التاجر.
bank-approve = موافقة
bank-decline = رفض
unavailable-title = غير متاح مؤقتًا
unavailable-text = لا يمكن عرض صفحة الدفع هذه الآن. يُرجى المحاولة مرة أخرى بعد دقيقة.
sandbox-banner = بيئة الاختبار: مدفوعات تجريبية فقط، ولا تُنقل أي أموال حقيقية.

## Trust and recovery (issue 13)
payee = الدفع إلى { $name }
amount-label-paid = المبلغ المدفوع
amount-label-final = المبلغ
instructions-title-link = افتح رابط الدفع
instructions-title-ussd = اطلب الرمز
checking-details-title = ألم ترسل المبلغ بعد؟
checking-details-text = تبقى بيانات الدفع هنا حتى يكتمل الدفع. أرسل المبلغ المعروض بالضبط.
change-method = اختيار طريقة دفع أخرى
cancel-confirm-title = هل تريد إلغاء هذا الدفع؟
cancel-confirm-text = سيُغلق الدفع وستتوقف بيانات الدفع هذه عن العمل. إذا كنت قد أرسلت المبلغ بالفعل، فلا تُلغِ الدفع، بل اضغط «لقد دفعتُ».
cancel-confirm-text-paid = لقد أشرت إلى أنك أرسلت المبلغ. إذا ألغيت الآن، فلن ينتظره المتجر، وقد يستغرق استرداد المبلغ وقتًا طويلًا. لا تُلغِ إلا إذا لم ترسله.
cancel-confirm-yes = نعم، إلغاء الدفع
cancel-confirm-no = لا، العودة إلى الدفع
card-try-another = يمكنك الدفع ببطاقة أخرى. عدد البطاقات التي لا يزال بإمكانك تجربتها: { $left }.
record-title = سجل الدفع
record-status = الحالة
record-reference = الرقم المرجعي
record-date = التاريخ والوقت
record-method = طريقة الدفع
record-card = البطاقة
record-card-ending = تنتهي بالأرقام { $last4 }
record-payee = المستفيد
record-contact = هل لديك أسئلة عن هذا الدفع؟ تواصل مع { $name } واذكر الرقم المرجعي { $reference }.
record-print = طباعة هذا السجل أو حفظه
record-print-hint = استخدم أمر «طباعة» أو «مشاركة» في متصفحك للاحتفاظ بهذا السجل.
record-outcome-paid = مدفوع
record-outcome-declined = غير مدفوع
record-outcome-expired = غير مدفوع: انتهى الوقت
record-outcome-canceled = ملغى
record-outcome-review = قيد المراجعة
next-success = احتفظ بهذا السجل. أُبلغ المتجر بأنك دفعت.
next-declined = لم يُخصم أي مبلغ مقابل هذا الدفع. يمكنك العودة إلى المتجر والدفع مرة أخرى.
next-expired = إذا كنت قد أرسلت المبلغ قبل انتهاء الوقت، فتواصل مع المتجر واذكر الرقم المرجعي أعلاه. وإلا فعُد إلى المتجر وابدأ من جديد.
next-canceled = أُلغي الدفع ولم يُخصم أي مبلغ. يمكنك العودة إلى المتجر والدفع مرة أخرى.
next-dispute = نتحقق من هذا الدفع. احتفظ بالرقم المرجعي أعلاه، وسيُبلغك المتجر بالنتيجة.
return-in = العودة إلى المتجر:
return-in-seconds = { $seconds ->
    [zero] الآن
    [one] بعد ثانية واحدة
    [two] بعد ثانيتين
    [few] بعد { $seconds } ثوانٍ
    [many] بعد { $seconds } ثانية
   *[other] بعد { $seconds } ثانية
}
return-now = الآن
return-stay = البقاء في هذه الصفحة

## Method choice explained (issue 13)
method-how-payin-p2p-card = أرسل المبلغ إلى رقم بطاقة من تطبيقك المصرفي.
method-how-payin-p2p-sbp = أرسل المبلغ برقم الهاتف عبر نظام المدفوعات السريعة (SBP) في تطبيقك المصرفي.
method-how-payin-1-click = أكّد الدفع بخطوة واحدة في تطبيق بنكك.
method-how-payin-p2p-international = أرسل المبلغ من حساب مصرفي في الخارج.
method-how-payin-qr-sbp = امسح رمز QR بتطبيقك المصرفي، وسيُملأ المبلغ تلقائيًا.
method-how-payin-p2p-mobile = ادفع إلى حساب هاتف محمول عبر مشغّل الاتصالات (وليس عبر SBP).
method-how-payin-p2p-card-international = أرسل المبلغ إلى بطاقة بنك أجنبي من تطبيقك المصرفي.
method-how-payin-qr-link-p2p = افتح رابطًا (أو امسح رمز QR الخاص به) يقودك إلى صفحة الدفع في بنك المستلم.
method-how-payin-account-number = حوّل المبلغ إلى رقم حساب مصرفي من تطبيقك المصرفي.
method-how-payin-wallet-link = ادفع من محفظتك الإلكترونية: يفتحها رابط والدفعة جاهزة فيها.
method-how-payin-ussd = اطلب رمزًا قصيرًا من هاتفك، دون الحاجة إلى الإنترنت أو أي تطبيق.
method-how-payin-eft-link = ادفع من حسابك المصرفي عبر رابط آمن إلى بنكك.
method-how-payin-mobile-money = وافق على طلب يصل إلى هاتفك باستخدام رمز PIN لمحفظة الهاتف المحمول.
method-how-payin-p2p-phone = أرسل المبلغ إلى رقم هاتف من تطبيقك المصرفي.
method-how-payin-ecom-card = أدخل بيانات بطاقتك في الخطوة التالية.

## Mobile money (issue 13)
push-sent-to = أرسلنا الطلب إلى { $phone }.
push-ask-phone = أدخل رقم الهاتف المرتبط بمحفظة الهاتف المحمول، وسنرسل إليه طلب الدفع.
push-phone = رقم الهاتف
push-phone-hint = أرقام فقط مع رمز البلد، مثل 254712345678.
push-phone-error = تحقّق من رقم الهاتف: أرقام فقط، من 8 إلى 15 رقمًا.
push-send = إرسال طلب الدفع
push-send-again = إرسال الطلب مرة أخرى
push-again-in = { $seconds ->
    [zero] يمكنك إرسال الطلب مرة أخرى الآن.
    [one] يمكنك إرسال الطلب مرة أخرى بعد ثانية واحدة.
    [two] يمكنك إرسال الطلب مرة أخرى بعد ثانيتين.
    [few] يمكنك إرسال الطلب مرة أخرى بعد { $seconds } ثوانٍ.
    [many] يمكنك إرسال الطلب مرة أخرى بعد { $seconds } ثانية.
   *[other] يمكنك إرسال الطلب مرة أخرى بعد { $seconds } ثانية.
}
push-not-received = ألم يصلك الطلب؟ تأكّد من أن هاتفك يعمل وأن الإشارة متوفرة.
notice-push-sent = أُعيد إرسال طلب الدفع.
notice-push-wait = يُرجى الانتظار دقيقة قبل إرسال الطلب مرة أخرى.
