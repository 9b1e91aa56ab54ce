import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'EchoExpense organiza tus facturas y días de pago en un calendario, te avisa antes de cada vencimiento y te ayuda a apartar dinero.',
  description: [
    'EchoExpense te muestra lo que debes y cuándo cobras. Añade tus facturas y tus días de pago, y el calendario los muestra uno junto al otro, para que veas qué sueldo cubre cada factura.',
    'Elige cuándo recibir avisos de las próximas facturas: las notificaciones llegan a las 8 a. m., a las 12 p. m. o a las 4 p. m. El mismo día del vencimiento, te llega un último recordatorio a las 3 p. m.',
    'Una función de ahorro lleva la cuenta del dinero que apartas, junto a tus facturas.',
  ],
  features: [
    'Facturas con importes y fechas de vencimiento',
    'Días de pago junto a tus facturas',
    'Calendario con todo lo que vence y lo que cobras',
    'Notificaciones a las 8 a. m., 12 p. m. o 4 p. m., tú eliges',
    'Último recordatorio a las 3 p. m. el día del vencimiento',
    'Seguimiento de tus ahorros',
  ],
} satisfies AppTranslation;
