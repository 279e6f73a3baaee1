# Kassa भुगतान पेज — हिन्दी (देवनागरी)।

## Page frame
brand = Kassa
page-title = { $amount } का भुगतान
skip-to-content = सीधे भुगतान पर जाएँ
language = भाषा
secure-note = Kassa द्वारा सुरक्षित भुगतान। अपने कार्ड का PIN या वन-टाइम कोड (OTP) अपने बैंक के आधिकारिक पेज या ऐप के अलावा कहीं भी साझा न करें।
amount-label = भुगतान की राशि
description-label = भुगतान का उद्देश्य
time-left = भुगतान के लिए बचा समय
time-left-minutes = { $minutes ->
    [one] लगभग { $minutes } मिनट बचा है
   *[other] लगभग { $minutes } मिनट बचे हैं
}
time-up = समय समाप्त हो गया
updating = यह पेज अपने-आप अपडेट होता है।
status-updated = भुगतान की स्थिति बदल गई है।

## Method choice
choose-method-title = आप कैसे भुगतान करना चाहेंगे?
choose-method-hint = भुगतान का तरीका चुनें। भुगतान विवरण अगले चरण में दिखेंगे।
method-payin-p2p-card = बैंक कार्ड पर ट्रांसफ़र
method-payin-p2p-sbp = फ़ास्ट पेमेंट सिस्टम (SBP)
method-payin-1-click = वन-क्लिक भुगतान
method-payin-p2p-international = अंतरराष्ट्रीय ट्रांसफ़र
method-payin-qr-sbp = SBP QR कोड
method-payin-p2p-mobile = मोबाइल ट्रांसफ़र
method-payin-p2p-card-international = अंतरराष्ट्रीय कार्ड पर ट्रांसफ़र
method-payin-qr-link-p2p = QR कोड
method-payin-account-number = बैंक खाते में ट्रांसफ़र
method-payin-wallet-link = वॉलेट
method-payin-ussd = USSD कोड
method-payin-eft-link = इंस्टेंट EFT
method-payin-mobile-money = मोबाइल मनी
method-payin-p2p-phone = फ़ोन नंबर से ट्रांसफ़र
method-payin-ecom-card = कार्ड से भुगतान

## Waiting
searching-title = आपके भुगतान विवरण तैयार किए जा रहे हैं
searching-text = इसमें आमतौर पर कुछ सेकंड लगते हैं।
searching-busy-title = अभी कोई भुगतान विवरण उपलब्ध नहीं है
searching-busy-text = हम एक मिनट तक खोजते रहेंगे। अगर कोई विवरण उपलब्ध नहीं होता, तो यह भुगतान बिना कोई पैसा काटे बंद हो जाएगा और आप फिर से शुरू कर सकते हैं।
checking-title = आपके भुगतान की जाँच हो रही है
checking-text = धन्यवाद! हम बैंक की ओर से आपके ट्रांसफ़र की पुष्टि का इंतज़ार कर रहे हैं।

## Instructions
instructions-title = ठीक उतनी ही राशि ट्रांसफ़र करें
instructions-card = अपने बैंकिंग ऐप से इस कार्ड नंबर पर पैसे भेजें।
instructions-phone = अपने बैंकिंग ऐप से इस फ़ोन नंबर पर पैसे भेजें।
instructions-account = इस बैंक खाते में पैसे भेजें।
instructions-link = भुगतान लिंक खोलें और राशि की पुष्टि करें।
instructions-qr = अपने बैंकिंग ऐप से QR कोड स्कैन करें, या इसी फ़ोन पर लिंक खोलें।
instructions-ussd = अपने फ़ोन पर यह कोड डायल करें और निर्देशों का पालन करें।
instructions-exact-amount = एक ही भुगतान में ठीक { $amount } भेजें, वरना राशि जमा होने में देर हो सकती है।
field-card-number = कार्ड नंबर
field-phone = फ़ोन नंबर
field-account = खाता संख्या
field-link = भुगतान लिंक
field-ussd = USSD कोड
field-holder = प्राप्तकर्ता
field-bank = बैंक
field-bank-code = बैंक कोड (BIK)
field-correspondent-account = संवाददाता खाता
field-amount = राशि
copy = कॉपी करें
copy-value = { $what } कॉपी करें
copied = कॉपी हो गया
open-link = भुगतान लिंक खोलें
dial-ussd = कोड डायल करें
qr-alt = भुगतान लिंक का QR कोड

## Actions
i-have-paid = मैंने भुगतान कर दिया है
i-have-paid-hint = पैसे भेजने के बाद यह बटन दबाएँ।
cancel-payment = भुगतान रद्द करें
back-to-shop = स्टोर पर वापस जाएँ

## Mobile money
push-title = अपने फ़ोन पर भुगतान की पुष्टि करें
push-text = हमने आपके फ़ोन पर भुगतान अनुरोध भेजा है। उसे खोलें और { $amount } के भुगतान को मंज़ूरी देने के लिए अपना PIN दर्ज करें।

## Receipt
receipt-title = अपनी रसीद अपलोड करें
receipt-text = अगर आपने भुगतान कर दिया है, तो अपने बैंक की रसीद (इमेज या PDF, अधिकतम 5 MB) अपलोड करें, ताकि हम आपका भुगतान ढूँढ सकें।
receipt-file = रसीद की फ़ाइल
receipt-submit = रसीद अपलोड करें
receipt-back = भुगतान पर वापस जाएँ
receipt-uploaded = धन्यवाद, आपकी रसीद अपलोड हो गई है।
receipt-error-size = फ़ाइल 5 MB से बड़ी है।
receipt-error-type = कृपया इमेज (JPEG, PNG, WebP या HEIC) या PDF अपलोड करें।
receipt-error-missing = अपलोड करने के लिए फ़ाइल चुनें।

## Results
success-title = भुगतान हो गया
success-text = धन्यवाद! { $name } को आपका भुगतान पूरा हो गया है।
decline-title = भुगतान पूरा नहीं हुआ
expired-title = भुगतान की समय-सीमा समाप्त हो गई
reason-canceled = भुगतान रद्द कर दिया गया।
reason-expired = भुगतान का समय समाप्त हो गया।
reason-no-requisites = हम अभी भुगतान विवरण तैयार नहीं कर सके। कृपया बाद में फिर से कोशिश करें।
reason-antifraud = सुरक्षा जाँच के कारण भुगतान अस्वीकार कर दिया गया।
reason-no-payment = हमें भुगतान नहीं मिला।
reason-declined-user = आपके फ़ोन पर भुगतान अनुरोध अस्वीकार कर दिया गया।
reason-issuer = आपके बैंक ने भुगतान अस्वीकार कर दिया।
reason-insufficient-funds = कार्ड में पर्याप्त पैसे नहीं हैं।
reason-card-expired = कार्ड की समय-सीमा समाप्त हो चुकी है।
reason-3ds-failed = आपका बैंक भुगतान की पुष्टि नहीं कर सका।
reason-other = भुगतान अस्वीकार कर दिया गया।
dispute-title = भुगतान की समीक्षा हो रही है
dispute-no-payment = हमें अभी तक आपका भुगतान नहीं मिला है। अगर आपने भुगतान कर दिया है, तो रसीद अपलोड करें।
dispute-different-amount = हमें ऑर्डर से अलग राशि मिली है। सहायता टीम आपसे संपर्क करेगी।
dispute-confirm-timeout = हमें आपकी रसीद मिल गई है और हम भुगतान की जाँच कर रहे हैं। इसमें 24 घंटे तक लग सकते हैं।

## Card
card-title = कार्ड से भुगतान करें
card-number = कार्ड नंबर
card-expiry = समाप्ति तिथि
card-holder = कार्ड पर लिखा नाम
card-cvv = सुरक्षा कोड (CVV)
card-cvv-hint = कार्ड के पीछे लिखे 3 या 4 अंक
card-pay = { $amount } का भुगतान करें
card-error-number = कार्ड नंबर जाँचें।
card-error-expiry = समाप्ति तिथि जाँचें।
card-error-holder = नाम वैसे ही दर्ज करें जैसे कार्ड पर छपा है, लैटिन या सिरिलिक अक्षरों में।
card-error-cvv = सुरक्षा कोड में 3 या 4 अंक होते हैं।
card-expiry-placeholder = MM/YY
card-error-number-empty = कार्ड नंबर दर्ज करें।
card-error-number-length = इस कार्ड नंबर में, इसके कार्ड प्रकार के हिसाब से, अंक बहुत कम या बहुत ज़्यादा हैं।
card-error-expiry-empty = समाप्ति तिथि वैसे ही दर्ज करें जैसे कार्ड पर छपी है, MM/YY।
card-error-expired = इस कार्ड की समय-सीमा समाप्त हो चुकी है। कोई दूसरा कार्ड इस्तेमाल करें।
card-error-holder-empty = नाम वैसे ही दर्ज करें जैसे कार्ड पर छपा है।
card-error-holder-digits = नाम में अंक नहीं हो सकते। इसे वैसे ही दर्ज करें जैसे कार्ड पर छपा है।
card-error-cvv-empty = कार्ड के पीछे लिखा सुरक्षा कोड दर्ज करें।
card-error-cvv-3 = इस कार्ड के सुरक्षा कोड में 3 अंक हैं।
card-error-cvv-4 = इस कार्ड के सुरक्षा कोड में 4 अंक हैं (कार्ड के सामने की ओर)।
card-processing = आपके कार्ड की जाँच हो रही है…
threeds-title = अपने बैंक से पुष्टि करें
threeds-text = आगे आपके बैंक का पेज खुलेगा, ताकि आप भुगतान की पुष्टि कर सकें।
threeds-continue = बैंक पर जाएँ

## Errors
not-found-title = भुगतान नहीं मिला
not-found-text = यह भुगतान लिंक मान्य नहीं है। स्टोर पर लौटें और भुगतान फिर से शुरू करें।
error-session = आपका सत्र समाप्त हो गया है। कृपया फिर से कोशिश करें।
error-not-available = इस भुगतान के लिए यह कार्रवाई अब उपलब्ध नहीं है।

## Sandbox panel
sandbox-title = सैंडबॉक्स
sandbox-text = टेस्ट मोड: ये बटन वही करते हैं जो ऑपरेटर और बैंक करते।
sandbox-received = राशि प्राप्त हुई
sandbox-different = अलग राशि प्राप्त हुई
sandbox-expire = समय समाप्त होने दें
sandbox-push-accept = पुश अनुरोध स्वीकार करें
sandbox-push-refuse = पुश अनुरोध अस्वीकार करें

## Demo shop
shop-title = Kassa डेमो स्टोर
shop-intro = शुरू से आख़िर तक एक भुगतान आज़माएँ। यह स्टोर सैंडबॉक्स मोड में एक असली, साइन किया हुआ विजेट भुगतान बनाता है और आपको उसके भुगतान पेज पर भेजता है।
shop-country = देश और भुगतान का तरीका
shop-amount = राशि
shop-pay = भुगतान पेज पर जाएँ
shop-any-method = पेज पर ही चुनने दें
shop-error-choice = सूची से देश और भुगतान का तरीका चुनें।
shop-error-amount = राशि संख्या में दर्ज करें, जैसे 1500 या 1500.50।
shop-error-refused = भुगतान नहीं बनाया जा सका। भुगतान सेवा का जवाब:
shop-error-unreachable = भुगतान सेवा ने जवाब नहीं दिया। कृपया एक मिनट बाद फिर से कोशिश करें।

## Sandbox bank pages
acs-title = आपका बैंक: भुगतान की पुष्टि करें
acs-text = आपके फ़ोन पर भेजा गया वन-टाइम कोड दर्ज करें। सैंडबॉक्स में कोड 123456 है।
acs-code = वन-टाइम कोड
acs-submit = पुष्टि करें
acs-wrong-code = गलत कोड। बचे हुए प्रयास: { $left }
acs-cancel = रद्द करें
bank-title = आपका बैंक
bank-text = व्यापारी को { $amount } के भुगतान को मंज़ूरी दें।
bank-approve = मंज़ूरी दें
bank-decline = अस्वीकार करें
unavailable-title = अस्थायी रूप से उपलब्ध नहीं
unavailable-text = यह भुगतान पेज अभी नहीं दिखाया जा सकता। कृपया एक मिनट बाद फिर से कोशिश करें।
sandbox-banner = सैंडबॉक्स: केवल टेस्ट भुगतान, कोई असली पैसा नहीं भेजा जाता।

## Trust and recovery (issue 13)
payee = { $name } को भुगतान
amount-label-paid = भुगतान की गई राशि
amount-label-final = राशि
instructions-title-link = भुगतान लिंक खोलें
instructions-title-ussd = कोड डायल करें
checking-details-title = अभी तक पैसे नहीं भेजे?
checking-details-text = भुगतान पूरा होने तक भुगतान विवरण यहीं रहेंगे। दिखाई गई राशि ठीक उतनी ही भेजें।
change-method = भुगतान का कोई दूसरा तरीका चुनें
cancel-confirm-title = यह भुगतान रद्द करें?
cancel-confirm-text = भुगतान बंद हो जाएगा और ये भुगतान विवरण काम करना बंद कर देंगे। अगर आप पैसे भेज चुके हैं, तो रद्द न करें, बल्कि “मैंने भुगतान कर दिया है” दबाएँ।
cancel-confirm-text-paid = आपने बताया है कि आप पैसे भेज चुके हैं। अगर आप अभी रद्द करते हैं, तो स्टोर उनका इंतज़ार नहीं करेगा, और रिफ़ंड में काफ़ी समय लग सकता है। रद्द तभी करें जब आपने पैसे न भेजे हों।
cancel-confirm-yes = हाँ, भुगतान रद्द करें
cancel-confirm-no = नहीं, भुगतान पर वापस जाएँ
card-try-another = आप किसी दूसरे कार्ड से भुगतान कर सकते हैं। अभी और आज़माए जा सकने वाले कार्ड: { $left }।
record-title = भुगतान रिकॉर्ड
record-status = स्थिति
record-reference = संदर्भ संख्या
record-date = तारीख और समय
record-method = तरीका
record-card = कार्ड
record-card-ending = आख़िरी अंक { $last4 }
record-payee = प्राप्तकर्ता
record-contact = इस भुगतान के बारे में कोई सवाल है? { $name } से संपर्क करें और संदर्भ संख्या { $reference } बताएँ।
record-print = यह रिकॉर्ड प्रिंट या सेव करें
record-print-hint = इस रिकॉर्ड को रखने के लिए अपने ब्राउज़र के प्रिंट या शेयर कमांड का इस्तेमाल करें।
record-outcome-paid = भुगतान हो गया
record-outcome-declined = भुगतान नहीं हुआ
record-outcome-expired = भुगतान नहीं हुआ: समय समाप्त हो गया
record-outcome-canceled = रद्द किया गया
record-outcome-review = समीक्षा में
next-success = यह रिकॉर्ड संभालकर रखें। स्टोर को बता दिया गया है कि आपने भुगतान कर दिया है।
next-declined = इस भुगतान के लिए कोई पैसा नहीं काटा गया। आप स्टोर पर लौटकर फिर से भुगतान कर सकते हैं।
next-expired = अगर आपने समय खत्म होने से पहले पैसे भेज दिए थे, तो ऊपर दी गई संदर्भ संख्या के साथ स्टोर से संपर्क करें। नहीं तो स्टोर पर लौटकर फिर से शुरू करें।
next-canceled = भुगतान रद्द कर दिया गया और कोई पैसा नहीं काटा गया। आप स्टोर पर लौटकर फिर से भुगतान कर सकते हैं।
next-dispute = हम इस भुगतान की जाँच कर रहे हैं। ऊपर दी गई संदर्भ संख्या संभालकर रखें; स्टोर आपको नतीजा बताएगा।
return-in = स्टोर पर वापसी:
return-in-seconds = { $seconds } सेकंड में
return-now = अभी
return-stay = इसी पेज पर रहें

## Method choice explained (issue 13)
method-how-payin-p2p-card = अपने बैंकिंग ऐप से किसी कार्ड नंबर पर पैसे भेजें।
method-how-payin-p2p-sbp = अपने बैंकिंग ऐप में फ़ास्ट पेमेंट सिस्टम (SBP) के ज़रिए फ़ोन नंबर पर पैसे भेजें।
method-how-payin-1-click = अपने बैंक के ऐप में एक ही कदम में भुगतान की पुष्टि करें।
method-how-payin-p2p-international = विदेश के किसी बैंक खाते से पैसे भेजें।
method-how-payin-qr-sbp = अपने बैंकिंग ऐप से QR कोड स्कैन करें; राशि अपने-आप भर जाती है।
method-how-payin-p2p-mobile = अपने मोबाइल ऑपरेटर के ज़रिए मोबाइल फ़ोन खाते में भुगतान करें (SBP नहीं)।
method-how-payin-p2p-card-international = अपने बैंकिंग ऐप से किसी विदेशी बैंक के कार्ड पर पैसे भेजें।
method-how-payin-qr-link-p2p = एक लिंक खोलें (या उसका QR कोड स्कैन करें), जो प्राप्तकर्ता के बैंक के भुगतान पेज पर ले जाता है।
method-how-payin-account-number = अपने बैंकिंग ऐप से किसी बैंक खाता संख्या पर ट्रांसफ़र करें।
method-how-payin-wallet-link = अपने ई-वॉलेट से भुगतान करें: एक लिंक उसे खोलता है, जिसमें भुगतान पहले से तैयार होता है।
method-how-payin-ussd = अपने फ़ोन पर एक छोटा कोड डायल करें; इंटरनेट या ऐप की ज़रूरत नहीं।
method-how-payin-eft-link = अपने बैंक के सुरक्षित लिंक के ज़रिए अपने बैंक खाते से भुगतान करें।
method-how-payin-mobile-money = अपने फ़ोन पर आए अनुरोध को अपने मोबाइल मनी PIN से मंज़ूरी दें।
method-how-payin-p2p-phone = अपने बैंकिंग ऐप से किसी फ़ोन नंबर पर पैसे भेजें।
method-how-payin-ecom-card = अगले चरण में अपने कार्ड का विवरण दर्ज करें।

## Mobile money (issue 13)
push-sent-to = हमने अनुरोध { $phone } पर भेज दिया है।
push-ask-phone = अपने मोबाइल मनी खाते का फ़ोन नंबर दर्ज करें, हम उसी पर भुगतान अनुरोध भेजेंगे।
push-phone = फ़ोन नंबर
push-phone-hint = सिर्फ़ अंक, देश कोड के साथ, जैसे 254712345678।
push-phone-error = फ़ोन नंबर जाँचें: सिर्फ़ अंक, 8 से 15 तक।
push-send = भुगतान अनुरोध भेजें
push-send-again = अनुरोध फिर से भेजें
push-again-in = आप { $seconds } सेकंड बाद अनुरोध फिर से भेज सकते हैं।
push-not-received = अनुरोध नहीं मिला? देखें कि आपका फ़ोन चालू है और उसमें सिग्नल है।
notice-push-sent = भुगतान अनुरोध फिर से भेज दिया गया है।
notice-push-wait = कृपया अनुरोध फिर से भेजने से पहले एक मिनट रुकें।
