# Kassa 결제 페이지 — 한국어.

## Page frame
brand = Kassa
page-title = { $amount } 결제
skip-to-content = 결제로 바로 가기
language = 언어
secure-note = Kassa의 안전한 결제입니다. 카드 PIN이나 일회용 코드는 은행의 공식 페이지나 앱이 아닌 곳에서 절대 알려 주지 마세요.
amount-label = 결제 금액
description-label = 결제 내용
time-left = 남은 결제 시간
time-left-minutes = { $minutes ->
   *[other] 약 { $minutes }분 남음
}
time-up = 시간이 초과되었습니다
updating = 이 페이지는 자동으로 새로고침됩니다.
status-updated = 결제 상태가 변경되었습니다.

## Method choice
choose-method-title = 어떻게 결제하시겠어요?
choose-method-hint = 결제 수단을 선택해 주세요. 결제 정보는 다음 단계에서 안내해 드립니다.
method-payin-p2p-card = 카드 번호로 송금
method-payin-p2p-sbp = 빠른 결제 시스템(SBP)
method-payin-1-click = 원클릭 결제
method-payin-p2p-international = 해외 송금
method-payin-qr-sbp = SBP QR 코드
method-payin-p2p-mobile = 모바일 송금
method-payin-p2p-card-international = 해외 카드로 송금
method-payin-qr-link-p2p = QR 코드
method-payin-account-number = 계좌 이체
method-payin-wallet-link = 전자지갑
method-payin-ussd = USSD 코드
method-payin-eft-link = 즉시 EFT
method-payin-mobile-money = 모바일 머니
method-payin-p2p-phone = 전화번호로 송금
method-payin-ecom-card = 카드 결제

## Waiting
searching-title = 결제 정보를 준비하고 있습니다
searching-text = 보통 몇 초 정도 걸립니다.
searching-busy-title = 지금은 사용할 수 있는 결제 정보가 없습니다
searching-busy-text = 최대 1분 동안 계속 찾고 있습니다. 찾지 못하면 돈이 빠져나가지 않은 채 결제가 종료되며, 다시 시작할 수 있습니다.
checking-title = 결제를 확인하고 있습니다
checking-text = 감사합니다! 은행에서 송금을 확인할 때까지 기다리고 있습니다.

## Instructions
instructions-title = 정확한 금액을 송금해 주세요
instructions-card = 은행 앱에서 이 카드 번호로 송금해 주세요.
instructions-phone = 은행 앱에서 이 전화번호로 송금해 주세요.
instructions-account = 이 은행 계좌로 송금해 주세요.
instructions-link = 결제 링크를 열고 금액을 확인해 주세요.
instructions-qr = 은행 앱으로 QR 코드를 스캔하거나 이 휴대폰에서 링크를 열어 주세요.
instructions-ussd = 휴대폰에서 이 코드로 전화를 걸고 안내에 따라 주세요.
instructions-exact-amount = 한 번에 정확히 { $amount } 송금해 주세요. 그렇지 않으면 입금 처리가 늦어질 수 있습니다.
field-card-number = 카드 번호
field-phone = 전화번호
field-account = 계좌번호
field-link = 결제 링크
field-ussd = USSD 코드
field-holder = 받는 분
field-bank = 은행
field-bank-code = 은행 코드 (BIK)
field-correspondent-account = 환거래 계좌
field-amount = 금액
copy = 복사
copy-value = { $what } 복사
copied = 복사됨
open-link = 결제 링크 열기
dial-ussd = 코드로 전화 걸기
qr-alt = 결제 링크 QR 코드

## Actions
i-have-paid = 송금했어요
i-have-paid-hint = 송금을 마친 후 눌러 주세요.
cancel-payment = 결제 취소
back-to-shop = 상점으로 돌아가기

## Mobile money
push-title = 휴대폰에서 결제를 승인해 주세요
push-text = 휴대폰으로 결제 요청을 보냈습니다. 요청을 열고 PIN을 입력해 { $amount } 결제를 승인해 주세요.

## Receipt
receipt-title = 영수증을 업로드해 주세요
receipt-text = 이미 송금하셨다면 결제를 찾을 수 있도록 은행 영수증(이미지 또는 PDF, 최대 5 MB)을 업로드해 주세요.
receipt-file = 영수증 파일
receipt-submit = 영수증 업로드
receipt-back = 결제로 돌아가기
receipt-uploaded = 감사합니다. 영수증이 업로드되었습니다.
receipt-error-size = 파일이 5 MB를 초과합니다.
receipt-error-type = 이미지(JPEG, PNG, WebP 또는 HEIC)나 PDF 파일을 업로드해 주세요.
receipt-error-missing = 업로드할 파일을 선택해 주세요.

## Results
success-title = 결제 완료
success-text = 감사합니다! { $name }에서 결제가 완료되었습니다.
decline-title = 결제가 완료되지 않았습니다
expired-title = 결제 기한이 만료되었습니다
reason-canceled = 결제가 취소되었습니다.
reason-expired = 결제 가능 시간이 지났습니다.
reason-no-requisites = 지금은 결제 정보를 준비할 수 없습니다. 잠시 후 다시 시도해 주세요.
reason-antifraud = 보안 검사로 인해 결제가 거절되었습니다.
reason-no-payment = 입금이 확인되지 않았습니다.
reason-declined-user = 휴대폰에서 결제 요청이 거절되었습니다.
reason-issuer = 은행에서 결제를 거절했습니다.
reason-insufficient-funds = 카드 잔액이 부족합니다.
reason-card-expired = 카드 유효기간이 만료되었습니다.
reason-3ds-failed = 은행에서 결제를 인증하지 못했습니다.
reason-other = 결제가 거절되었습니다.
dispute-title = 결제 검토 중
dispute-no-payment = 아직 입금이 확인되지 않았습니다. 이미 송금하셨다면 영수증을 업로드해 주세요.
dispute-different-amount = 주문 금액과 다른 금액이 입금되었습니다. 고객지원팀에서 연락드리겠습니다.
dispute-confirm-timeout = 영수증을 받아 결제를 확인하고 있습니다. 최대 24시간이 걸릴 수 있습니다.

## Card
card-title = 카드 결제
card-number = 카드 번호
card-expiry = 유효기간
card-holder = 카드에 표시된 이름
card-cvv = 보안 코드(CVV)
card-cvv-hint = 카드 뒷면의 3자리 또는 4자리 숫자
card-pay = { $amount } 결제하기
card-error-number = 카드 번호를 확인해 주세요.
card-error-expiry = 유효기간을 확인해 주세요.
card-error-holder = 카드에 표시된 대로 이름을 라틴 문자 또는 키릴 문자로 입력해 주세요.
card-error-cvv = 보안 코드는 3자리 또는 4자리 숫자입니다.
card-expiry-placeholder = MM/YY
card-error-number-empty = 카드 번호를 입력해 주세요.
card-error-number-length = 카드 번호의 자릿수가 카드 종류에 맞지 않습니다.
card-error-expiry-empty = 유효기간을 카드에 표시된 대로 MM/YY 형식으로 입력해 주세요.
card-error-expired = 이 카드는 유효기간이 만료되었습니다. 다른 카드를 사용해 주세요.
card-error-holder-empty = 카드에 표시된 대로 이름을 입력해 주세요.
card-error-holder-digits = 이름에는 숫자를 넣을 수 없습니다. 카드에 표시된 대로 입력해 주세요.
card-error-cvv-empty = 카드 뒷면의 보안 코드를 입력해 주세요.
card-error-cvv-3 = 이 카드의 보안 코드는 3자리 숫자입니다.
card-error-cvv-4 = 이 카드의 보안 코드는 카드 앞면에 있는 4자리 숫자입니다.
card-processing = 카드를 확인하고 있습니다…
threeds-title = 은행에서 인증해 주세요
threeds-text = 결제를 인증할 수 있도록 이어서 은행 페이지가 열립니다.
threeds-continue = 은행으로 이동

## Errors
not-found-title = 결제를 찾을 수 없습니다
not-found-text = 유효하지 않은 결제 링크입니다. 상점으로 돌아가 결제를 다시 시작해 주세요.
error-session = 세션이 만료되었습니다. 다시 시도해 주세요.
error-not-available = 이 결제에서는 더 이상 이 작업을 할 수 없습니다.

## Sandbox panel
sandbox-title = 샌드박스
sandbox-text = 테스트 모드: 이 버튼은 운영사와 은행이 하는 동작을 대신 실행합니다.
sandbox-received = 입금 완료
sandbox-different = 다른 금액 입금
sandbox-expire = 시간 만료시키기
sandbox-push-accept = 푸시 요청 승인
sandbox-push-refuse = 푸시 요청 거절

## Demo shop
shop-title = Kassa 데모 상점
shop-intro = 결제 과정을 처음부터 끝까지 체험해 보세요. 이 상점은 샌드박스 모드에서 서명된 실제 위젯 결제를 생성하고 해당 결제 페이지로 안내합니다.
shop-country = 국가 및 결제 수단
shop-amount = 금액
shop-pay = 결제 페이지로 이동
shop-any-method = 결제 페이지에서 선택할게요
shop-error-choice = 목록에서 국가와 결제 방법을 선택해 주세요.
shop-error-amount = 금액을 숫자로 입력해 주세요. 예: 1500 또는 1500.50
shop-error-refused = 결제를 생성하지 못했습니다. 결제 서비스의 응답:
shop-error-unreachable = 결제 서비스가 응답하지 않았습니다. 1분 후에 다시 시도해 주세요.

## Sandbox bank pages
acs-title = 내 은행: 결제를 인증해 주세요
acs-text = 휴대폰으로 전송된 일회용 코드를 입력해 주세요. 샌드박스에서는 코드가 123456입니다.
acs-code = 일회용 코드
acs-submit = 확인
acs-wrong-code = 코드가 올바르지 않습니다. 남은 시도 횟수: { $left }
acs-cancel = 취소
bank-title = 내 은행
bank-text = 가맹점에 { $amount } 결제를 승인해 주세요.
bank-approve = 승인
bank-decline = 거절
unavailable-title = 일시적으로 사용할 수 없음
unavailable-text = 지금은 결제 페이지를 표시할 수 없습니다. 잠시 후 다시 시도해 주세요.
sandbox-banner = 샌드박스: 테스트 결제만 가능하며 실제 돈은 이동하지 않습니다.

## Trust and recovery (issue 13)
payee = 받는 곳: { $name }
amount-label-paid = 결제된 금액
amount-label-final = 금액
instructions-title-link = 결제 링크를 열어 주세요
instructions-title-ussd = 코드로 전화를 걸어 주세요
checking-details-title = 아직 송금하지 않으셨나요?
checking-details-text = 결제 정보는 결제가 끝날 때까지 여기에 표시됩니다. 표시된 금액을 정확히 송금해 주세요.
change-method = 다른 결제 수단 선택
cancel-confirm-title = 이 결제를 취소하시겠어요?
cancel-confirm-text = 결제가 종료되고 이 결제 정보는 더 이상 사용할 수 없습니다. 이미 송금하셨다면 취소하지 말고 “송금했어요” 버튼을 눌러 주세요.
cancel-confirm-text-paid = 송금했다고 알려 주셨습니다. 지금 취소하면 상점은 입금을 기다리지 않으며, 환불에 오랜 시간이 걸릴 수 있습니다. 송금하지 않은 경우에만 취소해 주세요.
cancel-confirm-yes = 네, 결제 취소
cancel-confirm-no = 아니요, 결제로 돌아가기
card-try-another = 다른 카드로 결제할 수 있습니다. 더 시도할 수 있는 카드: { $left }장.
record-title = 결제 내역
record-status = 상태
record-reference = 결제 번호
record-date = 일시
record-method = 결제 수단
record-card = 카드
record-card-ending = 끝자리 { $last4 }
record-payee = 받는 곳
record-contact = 이 결제에 대해 궁금한 점이 있으시면 { $name }에 문의하시고 결제 번호({ $reference })를 알려 주세요.
record-print = 이 내역 인쇄 또는 저장
record-print-hint = 브라우저의 “인쇄” 또는 “공유” 기능으로 이 내역을 보관하세요.
record-outcome-paid = 결제 완료
record-outcome-declined = 결제되지 않음
record-outcome-expired = 결제되지 않음: 시간 초과
record-outcome-canceled = 취소됨
record-outcome-review = 검토 중
next-success = 이 내역을 보관해 주세요. 결제 사실이 상점에 전달되었습니다.
next-declined = 이 결제로 출금된 금액은 없습니다. 상점으로 돌아가 다시 결제할 수 있습니다.
next-expired = 시간이 끝나기 전에 송금하셨다면 위의 결제 번호로 상점에 문의해 주세요. 그렇지 않다면 상점으로 돌아가 다시 시작해 주세요.
next-canceled = 결제가 취소되었으며 출금된 금액은 없습니다. 상점으로 돌아가 다시 결제할 수 있습니다.
next-dispute = 이 결제를 확인하고 있습니다. 위의 결제 번호를 보관해 주세요. 결과는 상점에서 알려 드립니다.
return-in = 상점으로 돌아가기:
return-in-seconds = { $seconds }초 후
return-now = 지금
return-stay = 이 페이지에 머무르기

## Method choice explained (issue 13)
method-how-payin-p2p-card = 은행 앱에서 카드 번호로 송금해 주세요.
method-how-payin-p2p-sbp = 은행 앱에서 빠른 결제 시스템(SBP)을 이용해 전화번호로 송금해 주세요.
method-how-payin-1-click = 은행 앱에서 한 번의 승인으로 결제를 마쳐 주세요.
method-how-payin-p2p-international = 해외 은행 계좌에서 송금해 주세요.
method-how-payin-qr-sbp = 은행 앱으로 QR 코드를 스캔하면 금액이 자동으로 입력됩니다.
method-how-payin-p2p-mobile = 이동통신사를 통해 휴대폰 계정으로 결제해 주세요(SBP 아님).
method-how-payin-p2p-card-international = 은행 앱에서 해외 은행 카드로 송금해 주세요.
method-how-payin-qr-link-p2p = 받는 분 은행의 결제 페이지로 연결되는 링크를 열거나 그 QR 코드를 스캔해 주세요.
method-how-payin-account-number = 은행 앱에서 은행 계좌번호로 이체해 주세요.
method-how-payin-wallet-link = 링크를 열면 결제가 준비된 상태로 전자지갑이 열리니 그대로 결제해 주세요.
method-how-payin-ussd = 인터넷이나 앱 없이 휴대폰에서 짧은 코드로 전화를 걸어 결제해 주세요.
method-how-payin-eft-link = 은행으로 연결되는 보안 링크를 통해 은행 계좌에서 결제해 주세요.
method-how-payin-mobile-money = 휴대폰으로 온 요청을 모바일 머니 PIN으로 승인해 주세요.
method-how-payin-p2p-phone = 은행 앱에서 전화번호로 송금해 주세요.
method-how-payin-ecom-card = 다음 단계에서 카드 정보를 입력해 주세요.

## Mobile money (issue 13)
push-sent-to = { $phone } 번호로 요청을 보냈습니다.
push-ask-phone = 모바일 머니 계정의 전화번호를 입력하시면 그 번호로 결제 요청을 보내 드립니다.
push-phone = 전화번호
push-phone-hint = 국가 번호를 포함해 숫자만 입력해 주세요(예: 254712345678).
push-phone-error = 전화번호를 확인해 주세요. 숫자만 8~15자리로 입력해야 합니다.
push-send = 결제 요청 보내기
push-send-again = 요청 다시 보내기
push-again-in = { $seconds }초 후에 요청을 다시 보낼 수 있습니다.
push-not-received = 요청을 받지 못하셨나요? 휴대폰이 켜져 있고 신호가 잡히는지 확인해 주세요.
notice-push-sent = 결제 요청을 다시 보냈습니다.
notice-push-wait = 요청을 다시 보내기 전에 1분만 기다려 주세요.
