# Página de pago de Kassa — español (Latinoamérica).

## Page frame
brand = Kassa
page-title = Pago de { $amount }
skip-to-content = Ir al pago
language = Idioma
secure-note = Pago seguro con Kassa. Nunca comparta el PIN de su tarjeta ni los códigos de un solo uso fuera de la página o la app de su banco.
amount-label = Monto a pagar
description-label = Concepto
time-left = Tiempo restante para pagar
time-left-minutes = { $minutes ->
    [one] queda aproximadamente { $minutes } minuto
   *[other] quedan aproximadamente { $minutes } minutos
}
time-up = Se acabó el tiempo
updating = Esta página se actualiza sola.
status-updated = El estado del pago cambió.

## Method choice
choose-method-title = ¿Cómo desea pagar?
choose-method-hint = Elija un medio de pago. Los datos para pagar aparecen en el siguiente paso.
method-payin-p2p-card = Transferencia a tarjeta bancaria
method-payin-p2p-sbp = Sistema de Pagos Rápidos (SBP)
method-payin-1-click = Pago en un clic
method-payin-p2p-international = Transferencia internacional
method-payin-qr-sbp = Código QR de SBP
method-payin-p2p-mobile = Transferencia móvil
method-payin-p2p-card-international = Transferencia a tarjeta internacional
method-payin-qr-link-p2p = Código QR
method-payin-account-number = Transferencia bancaria
method-payin-wallet-link = Billetera virtual
method-payin-ussd = Código USSD
method-payin-eft-link = EFT instantáneo
method-payin-mobile-money = Dinero móvil
method-payin-p2p-phone = Transferencia por número de teléfono
method-payin-ecom-card = Pagar con tarjeta

## Waiting
searching-title = Preparando sus datos de pago
searching-text = Esto suele tardar unos segundos.
searching-busy-title = Ahora no hay datos de pago disponibles
searching-busy-text = Seguimos buscando hasta un minuto. Si no se libera ninguno, el pago se cerrará sin cobrarle nada y podrá empezar de nuevo.
checking-title = Verificando su pago
checking-text = ¡Gracias! Estamos esperando que el banco confirme su transferencia.

## Instructions
instructions-title = Transfiera el monto exacto
instructions-card = Envíe el dinero a este número de tarjeta desde la app de su banco.
instructions-phone = Envíe el dinero a este número de teléfono desde la app de su banco.
instructions-account = Envíe el dinero a esta cuenta bancaria.
instructions-link = Abra el enlace de pago y confirme el monto.
instructions-qr = Escanee el código QR con la app de su banco o abra el enlace en este teléfono.
instructions-ussd = Marque este código en su teléfono y siga las instrucciones.
instructions-exact-amount = Envíe exactamente { $amount } en un solo pago; de lo contrario, la acreditación puede demorarse.
field-card-number = Número de tarjeta
field-phone = Número de teléfono
field-account = Número de cuenta
field-link = Enlace de pago
field-ussd = Código USSD
field-holder = Destinatario
field-bank = Banco
field-bank-code = Código del banco (BIK)
field-correspondent-account = Cuenta corresponsal
field-amount = Monto
copy = Copiar
copy-value = Copiar: { $what }
copied = Copiado
open-link = Abrir el enlace de pago
dial-ussd = Marcar el código
qr-alt = Código QR del enlace de pago

## Actions
i-have-paid = Ya pagué
i-have-paid-hint = Presione este botón después de enviar el dinero.
cancel-payment = Cancelar el pago
back-to-shop = Volver a la tienda

## Mobile money
push-title = Confirme el pago en su teléfono
push-text = Enviamos una solicitud de pago a su teléfono. Ábrala e ingrese su PIN para aprobar { $amount }.

## Receipt
receipt-title = Suba su comprobante
receipt-text = Si ya pagó, suba el comprobante de su banco (una imagen o un PDF de hasta 5 MB) para que podamos encontrar su pago.
receipt-file = Archivo del comprobante
receipt-submit = Subir el comprobante
receipt-back = Volver al pago
receipt-uploaded = Gracias, su comprobante se subió correctamente.
receipt-error-size = El archivo pesa más de 5 MB.
receipt-error-type = Suba una imagen (JPEG, PNG, WebP o HEIC) o un PDF.
receipt-error-missing = Elija un archivo para subir.

## Results
success-title = Pagado
success-text = ¡Gracias! Su pago a { $name } se completó.
decline-title = Pago no realizado
expired-title = El pago venció
reason-canceled = El pago fue cancelado.
reason-expired = Se agotó el tiempo para pagar.
reason-no-requisites = No pudimos preparar los datos de pago en este momento. Vuelva a intentarlo más tarde.
reason-antifraud = El pago fue rechazado por un control de seguridad.
reason-no-payment = No recibimos el pago.
reason-declined-user = La solicitud de pago fue rechazada en su teléfono.
reason-issuer = Su banco rechazó el pago.
reason-insufficient-funds = La tarjeta no tiene fondos suficientes.
reason-card-expired = La tarjeta está vencida.
reason-3ds-failed = Su banco no pudo confirmar el pago.
reason-other = El pago fue rechazado.
dispute-title = Pago en revisión
dispute-no-payment = Todavía no recibimos su pago. Si ya pagó, suba el comprobante.
dispute-different-amount = Recibimos un monto distinto al del pedido. El equipo de soporte se comunicará con usted.
dispute-confirm-timeout = Recibimos su comprobante y estamos verificando el pago. Esto puede tardar hasta 24 horas.

## Card
card-title = Pagar con tarjeta
card-number = Número de tarjeta
card-expiry = Fecha de vencimiento
card-holder = Nombre en la tarjeta
card-cvv = Código de seguridad (CVV)
card-cvv-hint = 3 o 4 dígitos al dorso de la tarjeta
card-pay = Pagar { $amount }
card-error-number = Revise el número de tarjeta.
card-error-expiry = Revise la fecha de vencimiento.
card-error-holder = Ingrese el nombre tal como figura en la tarjeta, con letras latinas o cirílicas.
card-error-cvv = El código de seguridad tiene 3 o 4 dígitos.
card-expiry-placeholder = MM/AA
card-error-number-empty = Ingrese el número de tarjeta.
card-error-number-length = El número de tarjeta tiene demasiados o muy pocos dígitos para este tipo de tarjeta.
card-error-expiry-empty = Ingrese la fecha de vencimiento tal como figura en la tarjeta: MM/AA.
card-error-expired = Esta tarjeta está vencida. Use otra tarjeta.
card-error-holder-empty = Ingrese el nombre tal como figura en la tarjeta.
card-error-holder-digits = El nombre no puede contener números. Ingréselo tal como figura en la tarjeta.
card-error-cvv-empty = Ingrese el código de seguridad que figura al dorso de la tarjeta.
card-error-cvv-3 = El código de seguridad de esta tarjeta tiene 3 dígitos.
card-error-cvv-4 = El código de seguridad de esta tarjeta tiene 4 dígitos (en el frente de la tarjeta).
card-processing = Verificando su tarjeta…
threeds-title = Confirme con su banco
threeds-text = A continuación se abrirá la página de su banco para que confirme el pago.
threeds-continue = Ir al banco

## Errors
not-found-title = Pago no encontrado
not-found-text = Este enlace de pago no es válido. Vuelva a la tienda e inicie el pago nuevamente.
error-session = Su sesión expiró. Vuelva a intentarlo.
error-not-available = Esta acción ya no está disponible para este pago.

## Sandbox panel
sandbox-title = Entorno de pruebas
sandbox-text = Modo de prueba: estos botones hacen lo que harían el operador y el banco.
sandbox-received = Fondos recibidos
sandbox-different = Se recibió un monto distinto
sandbox-expire = Dejar que se agote el tiempo
sandbox-push-accept = Aprobar la solicitud push
sandbox-push-refuse = Rechazar la solicitud push

## Demo shop
shop-title = Tienda de demostración de Kassa
shop-intro = Pruebe un pago de principio a fin. Esta tienda crea un pago real firmado desde el widget en modo de pruebas y lo lleva a su página de pago.
shop-country = País y medio de pago
shop-amount = Monto
shop-pay = Ir a la página de pago
shop-any-method = Prefiero elegir en la página
shop-error-choice = Elija un país y una forma de pago de la lista.
shop-error-amount = Ingrese el monto como número, por ejemplo 1500 o 1500,50.
shop-error-refused = No se pudo crear el pago. El servicio de pagos respondió:
shop-error-unreachable = El servicio de pagos no respondió. Inténtelo de nuevo en un minuto.

## Sandbox bank pages
acs-title = Su banco: confirme el pago
acs-text = Ingrese el código de un solo uso enviado a su teléfono. En el entorno de pruebas, el código es 123456.
acs-code = Código de un solo uso
acs-submit = Confirmar
acs-wrong-code = Código incorrecto. Intentos restantes: { $left }
acs-cancel = Cancelar
bank-title = Su banco
bank-text = Apruebe el pago de { $amount } al comercio.
bank-approve = Aprobar
bank-decline = Rechazar
unavailable-title = No disponible temporalmente
unavailable-text = No podemos mostrar la página de pago en este momento. Vuelva a intentarlo en un minuto.
sandbox-banner = Entorno de pruebas: solo pagos de prueba, no se mueve dinero real.

## Trust and recovery (issue 13)
payee = Pago a { $name }
amount-label-paid = Pagado
amount-label-final = Monto
instructions-title-link = Abra el enlace de pago
instructions-title-ussd = Marque el código
checking-details-title = ¿Todavía no envió el dinero?
checking-details-text = Los datos de pago se quedan aquí hasta que se complete el pago. Envíe exactamente el monto indicado.
change-method = Elegir otro medio de pago
cancel-confirm-title = ¿Cancelar este pago?
cancel-confirm-text = El pago se cerrará y estos datos de pago dejarán de funcionar. Si ya envió el dinero, no lo cancele: presione «Ya pagué».
cancel-confirm-text-paid = Usted indicó que ya envió el dinero. Si cancela ahora, la tienda no lo esperará y un reembolso puede tardar mucho. Cancele solo si no lo envió.
cancel-confirm-yes = Sí, cancelar el pago
cancel-confirm-no = No, volver al pago
card-try-another = Puede pagar con otra tarjeta. Tarjetas que aún puede probar: { $left }.
record-title = Resumen del pago
record-status = Estado
record-reference = Referencia
record-date = Fecha y hora
record-method = Medio de pago
record-card = Tarjeta
record-card-ending = terminada en { $last4 }
record-payee = Destinatario
record-contact = ¿Tiene preguntas sobre este pago? Comuníquese con { $name } e indique la referencia { $reference }.
record-print = Imprimir o guardar este resumen
record-print-hint = Para guardar este resumen, use el comando Imprimir o Compartir de su navegador.
record-outcome-paid = Pagado
record-outcome-declined = No pagado
record-outcome-expired = No pagado: se acabó el tiempo
record-outcome-canceled = Cancelado
record-outcome-review = En revisión
next-success = Guarde este resumen. La tienda ya sabe que usted pagó.
next-declined = No se le cobró dinero por este pago. Puede volver a la tienda y pagar de nuevo.
next-expired = Si envió el dinero antes de que se acabara el tiempo, comuníquese con la tienda e indique la referencia de arriba. Si no, vuelva a la tienda y empiece de nuevo.
next-canceled = El pago se canceló y no se le cobró dinero. Puede volver a la tienda y pagar de nuevo.
next-dispute = Estamos verificando este pago. Guarde la referencia de arriba; la tienda le informará el resultado.
return-in = Regreso a la tienda:
return-in-seconds = { $seconds ->
    [one] en { $seconds } segundo
   *[other] en { $seconds } segundos
}
return-now = ahora
return-stay = Quedarme en esta página

## Method choice explained (issue 13)
method-how-payin-p2p-card = Envíe dinero a un número de tarjeta desde la app de su banco.
method-how-payin-p2p-sbp = Envíe dinero a un número de teléfono a través del Sistema de Pagos Rápidos (SBP) en la app de su banco.
method-how-payin-1-click = Confirme el pago en un solo paso en la app de su banco.
method-how-payin-p2p-international = Envíe dinero desde una cuenta bancaria en el extranjero.
method-how-payin-qr-sbp = Escanee un código QR con la app de su banco; el monto se completa automáticamente.
method-how-payin-p2p-mobile = Pague a una cuenta de telefonía móvil a través de su operador móvil (no por SBP).
method-how-payin-p2p-card-international = Envíe dinero a una tarjeta de un banco extranjero desde la app de su banco.
method-how-payin-qr-link-p2p = Abra un enlace (o escanee su código QR) que lleva a la página de pago del banco del destinatario.
method-how-payin-account-number = Transfiera a un número de cuenta bancaria desde la app de su banco.
method-how-payin-wallet-link = Pague desde su billetera virtual: un enlace la abre con el pago listo.
method-how-payin-ussd = Marque un código corto en su teléfono; no necesita internet ni ninguna app.
method-how-payin-eft-link = Pague desde su cuenta bancaria mediante un enlace seguro a su banco.
method-how-payin-mobile-money = Apruebe una solicitud en su teléfono con el PIN de su cuenta de dinero móvil.
method-how-payin-p2p-phone = Envíe dinero a un número de teléfono desde la app de su banco.
method-how-payin-ecom-card = Ingrese los datos de su tarjeta en el siguiente paso.

## Mobile money (issue 13)
push-sent-to = Enviamos la solicitud al número { $phone }.
push-ask-phone = Ingrese el número de teléfono de su cuenta de dinero móvil y le enviaremos allí la solicitud de pago.
push-phone = Número de teléfono
push-phone-hint = Solo dígitos, con el código de país; por ejemplo, 254712345678.
push-phone-error = Revise el número de teléfono: solo dígitos, entre 8 y 15.
push-send = Enviar la solicitud de pago
push-send-again = Enviar la solicitud de nuevo
push-again-in = { $seconds ->
    [one] Podrá enviar la solicitud de nuevo en { $seconds } segundo.
   *[other] Podrá enviar la solicitud de nuevo en { $seconds } segundos.
}
push-not-received = ¿No le llegó? Verifique que su teléfono esté encendido y tenga señal.
notice-push-sent = La solicitud de pago se envió de nuevo.
notice-push-wait = Por favor, espere un minuto antes de volver a enviar la solicitud.
