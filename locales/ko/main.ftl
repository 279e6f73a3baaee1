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
receipt-uploaded = 감사합니다. 영수증이 업로드되었습니다.
receipt-error-size = 파일이 5 MB를 초과합니다.
receipt-error-type = 이미지(JPEG, PNG, WebP 또는 HEIC)나 PDF 파일을 업로드해 주세요.
receipt-error-missing = 업로드할 파일을 선택해 주세요.

## Results
success-title = 결제 완료
success-text = 감사합니다! 결제가 완료되었습니다.
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
card-month = 월
card-year = 년
card-holder = 카드에 표시된 이름
card-cvv = 보안 코드(CVV)
card-cvv-hint = 카드 뒷면의 3자리 또는 4자리 숫자
card-pay = { $amount } 결제하기
card-error-number = 카드 번호를 확인해 주세요.
card-error-expiry = 유효기간을 확인해 주세요.
card-error-holder = 카드에 표시된 대로 이름을 라틴 문자 또는 키릴 문자로 입력해 주세요.
card-error-cvv = 보안 코드는 3자리 또는 4자리 숫자입니다.
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
shop-error = 결제를 생성하지 못했습니다: { $reason }

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
