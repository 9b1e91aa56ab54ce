import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'Manzanos PopShop es una tienda de coleccionables Funko Pop para iOS y Android, con disponibilidad en tiempo real, favoritos y pago con tarjeta.',
  description: [
    'Manzanos PopShop es una tienda de figuras Funko Pop para iPhone y Android. Explora el catálogo, filtra por serie o por exclusivas y consulta la disponibilidad antes de comprar.',
    'Paga con tarjeta al finalizar la compra: las figuras quedan reservadas para ti desde el momento en que empiezas. Si un pago falla o se agota el tiempo, los artículos vuelven directamente a tu carrito, listos para intentarlo de nuevo.',
    'Guarda favoritos en tu perfil, sigue cada pedido con sus miniaturas y su estado, y guarda varias direcciones de envío con alias como Casa o Trabajo. Inicia sesión con Google o con tu correo electrónico, o continúa como invitado.',
  ],
  features: [
    'Catálogo con filtros por serie y exclusivas, y datos de disponibilidad',
    'Pago con tarjeta con Stripe y reserva inmediata de las unidades',
    'Favoritos guardados en tu perfil',
    'Historial de pedidos con miniaturas y estado',
    'Artículos devueltos al carrito si un pago falla o se agota el tiempo',
    'Perfil con foto, direcciones de envío con alias y modo oscuro o claro',
    'Inicio de sesión con Google, correo o como invitado',
    'Datos guardados en Firebase, un backend como servicio',
  ],
  legalPages: { 'delete-account': 'Eliminar tu cuenta', security: 'Política de seguridad' },
} satisfies AppTranslation;
