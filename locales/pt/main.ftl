# Página de pagamento da Kassa — português (neutro; formas do Brasil onde as variantes diferem).

## Page frame
brand = Kassa
page-title = Pagamento de { $amount }
skip-to-content = Ir para o pagamento
language = Idioma
secure-note = Pagamento seguro pela Kassa. Nunca informe o PIN do seu cartão nem códigos de uso único fora da página ou do app do seu banco.
amount-label = Valor a pagar
description-label = Finalidade
time-left = Tempo restante para pagar
time-left-minutes = { $minutes ->
    [one] resta cerca de { $minutes } minuto
    [many] restam cerca de { $minutes } minutos
   *[other] restam cerca de { $minutes } minutos
}
time-up = O tempo acabou
updating = Esta página é atualizada automaticamente.
status-updated = A situação do pagamento mudou.

## Method choice
choose-method-title = Como você deseja pagar?
choose-method-hint = Escolha uma forma de pagamento. Os dados para o pagamento aparecem na próxima etapa.
method-payin-p2p-card = Transferência para cartão bancário
method-payin-p2p-sbp = Sistema de Pagamentos Rápidos (SBP)
method-payin-1-click = Pagamento com um clique
method-payin-p2p-international = Transferência internacional
method-payin-qr-sbp = Código QR do SBP
method-payin-p2p-mobile = Transferência móvel
method-payin-p2p-card-international = Transferência para cartão internacional
method-payin-qr-link-p2p = Código QR
method-payin-account-number = Transferência para conta bancária
method-payin-wallet-link = Carteira digital
method-payin-ussd = Código USSD
method-payin-eft-link = EFT instantânea
method-payin-mobile-money = Dinheiro móvel
method-payin-p2p-phone = Transferência por número de telefone
method-payin-ecom-card = Pagar com cartão

## Waiting
searching-title = Preparando seus dados de pagamento
searching-text = Isso costuma levar alguns segundos.
searching-busy-title = No momento não há dados de pagamento disponíveis
searching-busy-text = Continuamos procurando por até um minuto. Se nenhum ficar disponível, este pagamento será encerrado sem nenhuma cobrança, e você poderá começar de novo.
checking-title = Verificando seu pagamento
checking-text = Obrigado! Estamos aguardando o banco confirmar sua transferência.

## Instructions
instructions-title = Transfira o valor exato
instructions-card = Envie o dinheiro para este número de cartão pelo app do seu banco.
instructions-phone = Envie o dinheiro para este número de telefone pelo app do seu banco.
instructions-account = Envie o dinheiro para esta conta bancária.
instructions-link = Abra o link de pagamento e confirme o valor.
instructions-qr = Escaneie o código QR com o app do seu banco ou abra o link neste telefone.
instructions-ussd = Disque este código no seu telefone e siga as instruções.
instructions-exact-amount = Envie exatamente { $amount } em um único pagamento; caso contrário, o crédito pode atrasar.
field-card-number = Número do cartão
field-phone = Número de telefone
field-account = Número da conta
field-link = Link de pagamento
field-ussd = Código USSD
field-holder = Destinatário
field-bank = Banco
field-bank-code = Código do banco (BIK)
field-correspondent-account = Conta correspondente
field-amount = Valor
copy = Copiar
copy-value = Copiar { $what }
copied = Copiado
open-link = Abrir o link de pagamento
dial-ussd = Discar o código
qr-alt = Código QR do link de pagamento

## Actions
i-have-paid = Já paguei
i-have-paid-hint = Toque neste botão depois de enviar o dinheiro.
cancel-payment = Cancelar o pagamento
back-to-shop = Voltar à loja

## Mobile money
push-title = Confirme o pagamento no seu telefone
push-text = Enviamos uma solicitação de pagamento para o seu telefone. Abra-a e insira o seu PIN para aprovar { $amount }.

## Receipt
receipt-title = Envie o seu comprovante
receipt-text = Se você já pagou, envie o comprovante do seu banco (uma imagem ou um PDF de até 5 MB) para que possamos localizar o seu pagamento.
receipt-file = Arquivo do comprovante
receipt-submit = Enviar o comprovante
receipt-back = Voltar ao pagamento
receipt-uploaded = Obrigado, o seu comprovante foi enviado.
receipt-error-size = O arquivo tem mais de 5 MB.
receipt-error-type = Envie uma imagem (JPEG, PNG, WebP ou HEIC) ou um PDF.
receipt-error-missing = Escolha um arquivo para enviar.

## Results
success-title = Pago
success-text = Obrigado! O seu pagamento para { $name } foi concluído.
decline-title = Pagamento não concluído
expired-title = O pagamento expirou
reason-canceled = O pagamento foi cancelado.
reason-expired = O prazo para pagar terminou.
reason-no-requisites = Não foi possível preparar os dados de pagamento agora. Tente novamente mais tarde.
reason-antifraud = O pagamento foi recusado por uma verificação de segurança.
reason-no-payment = Não recebemos o pagamento.
reason-declined-user = A solicitação de pagamento foi recusada no seu telefone.
reason-issuer = O seu banco recusou o pagamento.
reason-insufficient-funds = Não há saldo suficiente no cartão.
reason-card-expired = O cartão está vencido.
reason-3ds-failed = O seu banco não conseguiu confirmar o pagamento.
reason-other = O pagamento foi recusado.
dispute-title = Pagamento em análise
dispute-no-payment = Ainda não recebemos o seu pagamento. Se você já pagou, envie o comprovante.
dispute-different-amount = Recebemos um valor diferente do valor do pedido. O suporte entrará em contato com você.
dispute-confirm-timeout = Recebemos o seu comprovante e estamos verificando o pagamento. Isso pode levar até 24 horas.

## Card
card-title = Pagar com cartão
card-number = Número do cartão
card-expiry = Validade
card-holder = Nome no cartão
card-cvv = Código de segurança (CVV)
card-cvv-hint = 3 ou 4 dígitos no verso do cartão
card-pay = Pagar { $amount }
card-error-number = Confira o número do cartão.
card-error-expiry = Confira a validade.
card-error-holder = Insira o nome como está impresso no cartão, em letras latinas ou cirílicas.
card-error-cvv = O código de segurança tem 3 ou 4 dígitos.
card-expiry-placeholder = MM/AA
card-error-number-empty = Insira o número do cartão.
card-error-number-length = Este número tem dígitos a menos ou a mais para o tipo deste cartão.
card-error-expiry-empty = Insira a validade como está impressa no cartão, MM/AA.
card-error-expired = Este cartão está vencido. Use outro cartão.
card-error-holder-empty = Insira o nome como está impresso no cartão.
card-error-holder-digits = O nome não pode conter números. Insira-o como está impresso no cartão.
card-error-cvv-empty = Insira o código de segurança que fica no verso do cartão.
card-error-cvv-3 = O código de segurança deste cartão tem 3 dígitos.
card-error-cvv-4 = O código de segurança deste cartão tem 4 dígitos (na frente do cartão).
card-processing = Verificando o seu cartão…
threeds-title = Confirme com o seu banco
threeds-text = Em seguida, a página do seu banco será aberta para você confirmar o pagamento.
threeds-continue = Continuar para o banco

## Errors
not-found-title = Pagamento não encontrado
not-found-text = Este link de pagamento não é válido. Volte à loja e inicie o pagamento novamente.
error-session = A sua sessão expirou. Tente novamente.
error-not-available = Esta ação não está mais disponível para este pagamento.

## Sandbox panel
sandbox-title = Ambiente de testes
sandbox-text = Modo de teste: estes botões fazem o que o operador e o banco fariam.
sandbox-received = Valor recebido
sandbox-different = Valor diferente recebido
sandbox-expire = Deixar o tempo acabar
sandbox-push-accept = Aprovar a solicitação push
sandbox-push-refuse = Recusar a solicitação push

## Demo shop
shop-title = Loja de demonstração da Kassa
shop-intro = Teste um pagamento do início ao fim. Esta loja cria um pagamento real e assinado pelo widget no modo de testes e leva você à página desse pagamento.
shop-country = País e forma de pagamento
shop-amount = Valor
shop-pay = Ir para a página de pagamento
shop-any-method = Prefiro escolher na página
shop-error-choice = Escolha um país e uma forma de pagamento na lista.
shop-error-amount = Insira o valor como número, por exemplo 1500 ou 1500,50.
shop-error-refused = Não foi possível criar o pagamento. O serviço de pagamento respondeu:
shop-error-unreachable = O serviço de pagamento não respondeu. Tente novamente daqui a um minuto.

## Sandbox bank pages
acs-title = Seu banco: confirme o pagamento
acs-text = Insira o código de uso único enviado para o seu telefone. No ambiente de testes, o código é 123456.
acs-code = Código de uso único
acs-submit = Confirmar
acs-wrong-code = Código incorreto. Tentativas restantes: { $left }
acs-cancel = Cancelar
bank-title = Seu banco
bank-text = Aprove o pagamento de { $amount } ao estabelecimento.
bank-approve = Aprovar
bank-decline = Recusar
unavailable-title = Temporariamente indisponível
unavailable-text = Não é possível exibir esta página de pagamento agora. Tente novamente daqui a um minuto.
sandbox-banner = Ambiente de testes: apenas pagamentos de teste, nenhum dinheiro real é movimentado.

## Trust and recovery (issue 13)
payee = Pagamento para { $name }
amount-label-paid = Valor pago
amount-label-final = Valor
instructions-title-link = Abra o link de pagamento
instructions-title-ussd = Disque o código
checking-details-title = Ainda não enviou o dinheiro?
checking-details-text = Os dados de pagamento ficam aqui até o pagamento ser concluído. Envie exatamente o valor indicado.
change-method = Escolher outra forma de pagamento
cancel-confirm-title = Cancelar este pagamento?
cancel-confirm-text = O pagamento será encerrado e estes dados de pagamento deixarão de funcionar. Se você já enviou o dinheiro, não cancele: toque em “Já paguei”.
cancel-confirm-text-paid = Você informou que já enviou o dinheiro. Se cancelar agora, a loja não vai esperar por ele, e um reembolso pode demorar muito. Cancele somente se não o enviou.
cancel-confirm-yes = Sim, cancelar o pagamento
cancel-confirm-no = Não, voltar ao pagamento
card-try-another = Você pode pagar com outro cartão. Cartões que ainda pode tentar: { $left }.
record-title = Resumo do pagamento
record-status = Situação
record-reference = Referência
record-date = Data e hora
record-method = Forma de pagamento
record-card = Cartão
record-card-ending = com final { $last4 }
record-payee = Beneficiário
record-contact = Dúvidas sobre este pagamento? Entre em contato com { $name } e informe a referência { $reference }.
record-print = Imprimir ou salvar este resumo
record-print-hint = Para guardar este resumo, use o comando Imprimir ou Compartilhar do seu navegador.
record-outcome-paid = Pago
record-outcome-declined = Não pago
record-outcome-expired = Não pago: o tempo acabou
record-outcome-canceled = Cancelado
record-outcome-review = Em análise
next-success = Guarde este resumo. A loja já foi informada de que você pagou.
next-declined = Nenhum valor foi cobrado por este pagamento. Você pode voltar à loja e pagar novamente.
next-expired = Se você enviou o dinheiro antes de o tempo acabar, entre em contato com a loja e informe a referência acima. Caso contrário, volte à loja e comece de novo.
next-canceled = O pagamento foi cancelado e nenhum valor foi cobrado. Você pode voltar à loja e pagar novamente.
next-dispute = Estamos verificando este pagamento. Guarde a referência acima; a loja vai informar você do resultado.
return-in = Voltando à loja:
return-in-seconds = { $seconds ->
    [one] em { $seconds } segundo
    [many] em { $seconds } segundos
   *[other] em { $seconds } segundos
}
return-now = agora
return-stay = Ficar nesta página

## Method choice explained (issue 13)
method-how-payin-p2p-card = Envie dinheiro para um número de cartão pelo app do seu banco.
method-how-payin-p2p-sbp = Envie dinheiro por número de telefone pelo Sistema de Pagamentos Rápidos (SBP), no app do seu banco.
method-how-payin-1-click = Confirme o pagamento em uma única etapa no app do seu banco.
method-how-payin-p2p-international = Envie dinheiro de uma conta bancária no exterior.
method-how-payin-qr-sbp = Escaneie um código QR com o app do seu banco; o valor é preenchido automaticamente.
method-how-payin-p2p-mobile = Pague para uma conta de telefone móvel pela sua operadora (não pelo SBP).
method-how-payin-p2p-card-international = Envie dinheiro para um cartão de um banco estrangeiro pelo app do seu banco.
method-how-payin-qr-link-p2p = Abra um link (ou escaneie o código QR dele) que leva à página de pagamento do banco do destinatário.
method-how-payin-account-number = Transfira para um número de conta bancária pelo app do seu banco.
method-how-payin-wallet-link = Pague com a sua carteira digital: um link a abre com o pagamento pronto.
method-how-payin-ussd = Disque um código curto no seu telefone; não precisa de internet nem de app.
method-how-payin-eft-link = Pague com a sua conta bancária por meio de um link seguro para o seu banco.
method-how-payin-mobile-money = Aprove uma solicitação no seu telefone com o PIN do seu dinheiro móvel.
method-how-payin-p2p-phone = Envie dinheiro para um número de telefone pelo app do seu banco.
method-how-payin-ecom-card = Insira os dados do seu cartão na próxima etapa.

## Mobile money (issue 13)
push-sent-to = Enviamos a solicitação para { $phone }.
push-ask-phone = Insira o número de telefone da sua conta de dinheiro móvel, e enviaremos a solicitação de pagamento para ele.
push-phone = Número de telefone
push-phone-hint = Somente dígitos, com o código do país, por exemplo 254712345678.
push-phone-error = Confira o número de telefone: somente dígitos, de 8 a 15.
push-send = Enviar a solicitação de pagamento
push-send-again = Enviar a solicitação novamente
push-again-in = { $seconds ->
    [one] Você poderá enviar a solicitação novamente em { $seconds } segundo.
    [many] Você poderá enviar a solicitação novamente em { $seconds } segundos.
   *[other] Você poderá enviar a solicitação novamente em { $seconds } segundos.
}
push-not-received = Não recebeu? Verifique se o seu telefone está ligado e com sinal.
notice-push-sent = A solicitação de pagamento foi enviada novamente.
notice-push-wait = Aguarde um minuto antes de enviar a solicitação novamente.
