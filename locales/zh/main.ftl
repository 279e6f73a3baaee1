# Kassa 支付页面 — 简体中文。

## Page frame
brand = Kassa
page-title = 支付 { $amount }
skip-to-content = 跳至付款
language = 语言
secure-note = Kassa 安全支付。切勿在您银行的官方页面或 App 之外透露银行卡 PIN 或一次性验证码。
amount-label = 应付金额
description-label = 付款用途
time-left = 剩余付款时间
time-left-minutes = 还剩约 { $minutes } 分钟
time-up = 时间已到
updating = 本页面会自动更新。
status-updated = 付款状态已更新。

## Method choice
choose-method-title = 您想如何付款？
choose-method-hint = 请选择付款方式。付款信息将在下一步显示。
method-payin-p2p-card = 转账到银行卡
method-payin-p2p-sbp = 快速支付系统（SBP）
method-payin-1-click = 一键支付
method-payin-p2p-international = 国际转账
method-payin-qr-sbp = SBP 二维码
method-payin-p2p-mobile = 手机转账
method-payin-p2p-card-international = 转账到国际银行卡
method-payin-qr-link-p2p = 二维码
method-payin-account-number = 银行账户转账
method-payin-wallet-link = 电子钱包
method-payin-ussd = USSD 代码
method-payin-eft-link = 即时 EFT 转账
method-payin-mobile-money = 移动钱包
method-payin-p2p-phone = 按手机号转账
method-payin-ecom-card = 银行卡支付

## Waiting
searching-title = 正在准备付款信息
searching-text = 通常只需几秒钟。
searching-busy-title = 暂时没有可用的付款信息
searching-busy-text = 我们会继续查找，最长一分钟。如果仍没有可用信息，本次付款将关闭，不会扣款，您可以重新开始。
checking-title = 正在核实您的付款
checking-text = 谢谢！我们正在等待银行确认您的转账。

## Instructions
instructions-title = 请转账准确金额
instructions-card = 请通过手机银行 App 向此卡号转账。
instructions-phone = 请通过手机银行 App 向此手机号转账。
instructions-account = 请向此银行账户转账。
instructions-link = 请打开付款链接并确认金额。
instructions-qr = 请用手机银行 App 扫描二维码，或在本手机上打开链接。
instructions-ussd = 请在手机上拨打此代码，并按提示操作。
instructions-exact-amount = 请一次性转账 { $amount }，金额须完全一致，否则到账可能延迟。
field-card-number = 卡号
field-phone = 手机号码
field-account = 账号
field-link = 付款链接
field-ussd = USSD 代码
field-holder = 收款人
field-bank = 银行
field-bank-code = 银行代码 (BIK)
field-correspondent-account = 代理行账户
field-amount = 金额
copy = 复制
copy-value = 复制{ $what }
copied = 已复制
open-link = 打开付款链接
dial-ussd = 拨打代码
qr-alt = 付款链接的二维码

## Actions
i-have-paid = 我已付款
i-have-paid-hint = 转账完成后，请点击此按钮。
cancel-payment = 取消付款
back-to-shop = 返回商店

## Mobile money
push-title = 请在手机上确认付款
push-text = 我们已向您的手机发送付款请求。请打开该请求并输入 PIN，以批准支付 { $amount }。

## Receipt
receipt-title = 上传付款凭证
receipt-text = 如果您已付款，请上传银行的付款凭证（图片或 PDF，不超过 5 MB），以便我们找到您的付款。
receipt-file = 凭证文件
receipt-submit = 上传凭证
receipt-back = 返回付款
receipt-uploaded = 谢谢，您的凭证已上传。
receipt-error-size = 文件超过 5 MB。
receipt-error-type = 请上传图片（JPEG、PNG、WebP 或 HEIC）或 PDF 文件。
receipt-error-missing = 请选择要上传的文件。

## Results
success-title = 付款成功
success-text = 谢谢！您向 { $name } 的付款已完成。
decline-title = 付款未完成
expired-title = 付款已过期
reason-canceled = 付款已取消。
reason-expired = 付款时限已过。
reason-no-requisites = 暂时无法准备付款信息，请稍后再试。
reason-antifraud = 付款未通过安全检查，已被拒绝。
reason-no-payment = 我们未收到付款。
reason-declined-user = 付款请求已在您的手机上被拒绝。
reason-issuer = 您的银行拒绝了此笔付款。
reason-insufficient-funds = 卡内余额不足。
reason-card-expired = 银行卡已过期。
reason-3ds-failed = 您的银行无法确认此笔付款。
reason-other = 付款被拒绝。
dispute-title = 付款审核中
dispute-no-payment = 我们尚未收到您的付款。如果您已付款，请上传付款凭证。
dispute-different-amount = 我们收到的金额与订单金额不符。客服人员会与您联系。
dispute-confirm-timeout = 我们已收到您的凭证，正在核实付款，最长可能需要 24 小时。

## Card
card-title = 银行卡支付
card-number = 卡号
card-expiry = 有效期
card-holder = 持卡人姓名
card-cvv = 安全码（CVV）
card-cvv-hint = 卡背面的 3 位或 4 位数字
card-pay = 支付 { $amount }
card-error-number = 请检查卡号。
card-error-expiry = 请检查有效期。
card-error-holder = 请按卡面上的写法，用拉丁字母或西里尔字母输入姓名。
card-error-cvv = 安全码为 3 位或 4 位数字。
card-expiry-placeholder = MM/YY
card-error-number-empty = 请输入卡号。
card-error-number-length = 此卡号的位数与该卡类型不符（过多或过少）。
card-error-expiry-empty = 请按卡面上的格式输入有效期：MM/YY。
card-error-expired = 此卡已过期，请使用其他卡。
card-error-holder-empty = 请按卡面上的写法输入姓名。
card-error-holder-digits = 姓名中不能包含数字。请按卡面上的写法输入。
card-error-cvv-empty = 请输入卡背面的安全码。
card-error-cvv-3 = 此卡的安全码为 3 位数字。
card-error-cvv-4 = 此卡的安全码为 4 位数字（位于卡片正面）。
card-processing = 正在验证您的银行卡…
threeds-title = 通过银行确认
threeds-text = 接下来将打开您的银行页面，供您确认付款。
threeds-continue = 前往银行

## Errors
not-found-title = 未找到付款
not-found-text = 此付款链接无效。请返回商店，重新发起付款。
error-session = 您的会话已过期，请重试。
error-not-available = 此付款已无法执行该操作。

## Sandbox panel
sandbox-title = 沙盒环境
sandbox-text = 测试模式：这些按钮模拟运营方和银行的操作。
sandbox-received = 已收到款项
sandbox-different = 收到的金额不符
sandbox-expire = 让时间耗尽
sandbox-push-accept = 批准推送请求
sandbox-push-refuse = 拒绝推送请求

## Demo shop
shop-title = Kassa 演示商店
shop-intro = 完整体验一次付款流程。此商店会在沙盒模式下通过 widget 创建一笔真实且已签名的付款，并带您前往该付款的页面。
shop-country = 国家和付款方式
shop-amount = 金额
shop-pay = 前往付款页面
shop-any-method = 在付款页面上再选择
shop-error-choice = 请从列表中选择国家和付款方式。
shop-error-amount = 请以数字形式输入金额，例如 1500 或 1500.50。
shop-error-refused = 无法创建付款。支付服务的回复如下：
shop-error-unreachable = 支付服务未响应，请一分钟后再试。

## Sandbox bank pages
acs-title = 您的银行：确认付款
acs-text = 请输入发送到您手机的一次性验证码。在沙盒环境中，验证码为 123456。
acs-code = 一次性验证码
acs-submit = 确认
acs-wrong-code = 验证码错误。剩余尝试次数：{ $left }
acs-cancel = 取消
bank-title = 您的银行
bank-text = 请批准向商户支付 { $amount }。
bank-approve = 批准
bank-decline = 拒绝
unavailable-title = 暂时无法使用
unavailable-text = 目前无法显示此付款页面，请一分钟后再试。
sandbox-banner = 沙盒环境：仅限测试付款，不涉及真实资金。

## Trust and recovery (issue 13)
payee = 付款给 { $name }
amount-label-paid = 已付金额
amount-label-final = 金额
instructions-title-link = 打开付款链接
instructions-title-ussd = 拨打代码
checking-details-title = 还没有转账？
checking-details-text = 付款完成前，付款信息会一直显示在这里。请按所示金额准确转账。
change-method = 选择其他付款方式
cancel-confirm-title = 要取消此笔付款吗？
cancel-confirm-text = 付款将被关闭，这些付款信息也将失效。如果您已经转账，请不要取消，而应点击“我已付款”。
cancel-confirm-text-paid = 您表示已经转账。如果现在取消，商店将不再等待这笔款项，退款可能需要很长时间。只有在您没有转账时才取消。
cancel-confirm-yes = 是，取消付款
cancel-confirm-no = 否，返回付款
card-try-another = 您可以用其他银行卡付款。还可尝试的卡数：{ $left }。
record-title = 付款记录
record-status = 状态
record-reference = 参考号
record-date = 日期和时间
record-method = 付款方式
record-card = 银行卡
record-card-ending = 尾号 { $last4 }
record-payee = 收款方
record-contact = 对此付款有疑问？请联系 { $name }，并提供参考号 { $reference }。
record-print = 打印或保存此记录
record-print-hint = 可使用浏览器的“打印”或“分享”功能保存此记录。
record-outcome-paid = 已付款
record-outcome-declined = 未付款
record-outcome-expired = 未付款：时间已到
record-outcome-canceled = 已取消
record-outcome-review = 审核中
next-success = 请保留此记录。商店已获知您完成了付款。
next-declined = 此笔付款没有扣款。您可以返回商店重新付款。
next-expired = 如果您在时限内已经转账，请凭上方参考号联系商店。否则，请返回商店重新开始。
next-canceled = 付款已取消，没有扣款。您可以返回商店重新付款。
next-dispute = 我们正在核实此笔付款。请保留上方参考号，商店会告知您结果。
return-in = 返回商店：
return-in-seconds = { $seconds } 秒后
return-now = 现在
return-stay = 留在此页面

## Method choice explained (issue 13)
method-how-payin-p2p-card = 通过手机银行 App 向卡号转账。
method-how-payin-p2p-sbp = 在手机银行 App 中通过快速支付系统（SBP）按手机号转账。
method-how-payin-1-click = 在您的银行 App 中一步确认付款。
method-how-payin-p2p-international = 从境外银行账户转账。
method-how-payin-qr-sbp = 用手机银行 App 扫描二维码，金额会自动填好。
method-how-payin-p2p-mobile = 通过您的移动运营商向手机账户付款（非 SBP）。
method-how-payin-p2p-card-international = 通过手机银行 App 向境外银行的卡转账。
method-how-payin-qr-link-p2p = 打开链接（或扫描其二维码），进入收款方银行的付款页面。
method-how-payin-account-number = 通过手机银行 App 向银行账号转账。
method-how-payin-wallet-link = 用您的电子钱包付款：链接会打开钱包，付款已准备好。
method-how-payin-ussd = 在手机上拨打一个短代码，无需网络或 App。
method-how-payin-eft-link = 通过连接您银行的安全链接，从银行账户付款。
method-how-payin-mobile-money = 在手机上用移动钱包 PIN 批准付款请求。
method-how-payin-p2p-phone = 通过手机银行 App 向手机号转账。
method-how-payin-ecom-card = 请在下一步输入银行卡信息。

## Mobile money (issue 13)
push-sent-to = 我们已将请求发送至 { $phone }。
push-ask-phone = 请输入您移动钱包账户的手机号码，我们会将付款请求发送到该号码。
push-phone = 手机号码
push-phone-hint = 仅限数字，需包含国家代码，例如 254712345678。
push-phone-error = 请检查手机号码：仅限数字，8 至 15 位。
push-send = 发送付款请求
push-send-again = 重新发送请求
push-again-in = { $seconds } 秒后可重新发送请求。
push-not-received = 没有收到？请检查手机是否已开机且有信号。
notice-push-sent = 付款请求已重新发送。
notice-push-wait = 请等待一分钟后再重新发送请求。
