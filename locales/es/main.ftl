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
receipt-uploaded = Gracias, su comprobante se subió correctamente.
receipt-error-size = El archivo pesa más de 5 MB.
receipt-error-type = Suba una imagen (JPEG, PNG, WebP o HEIC) o un PDF.
receipt-error-missing = Elija un archivo para subir.

## Results
success-title = Pago recibido
success-text = ¡Gracias! Su pago se completó.
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
card-month = Mes
card-year = Año
card-holder = Nombre en la tarjeta
card-cvv = Código de seguridad (CVV)
card-cvv-hint = 3 o 4 dígitos al dorso de la tarjeta
card-pay = Pagar { $amount }
card-error-number = Revise el número de tarjeta.
card-error-expiry = Revise la fecha de vencimiento.
card-error-holder = Ingrese el nombre tal como figura en la tarjeta, con letras latinas o cirílicas.
card-error-cvv = El código de seguridad tiene 3 o 4 dígitos.
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
shop-error = No se pudo crear el pago: { $reason }

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
unavailable-text = No podemos mostrar la página de pago en este momento. Vuelve a intentarlo en un minuto.
sandbox-banner = Entorno de pruebas: solo pagos de prueba, no se mueve dinero real.
