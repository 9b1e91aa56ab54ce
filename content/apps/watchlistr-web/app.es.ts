import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'Watchlistr para la web: una lista de películas y series en tu navegador para encontrar títulos, planear qué ver después y marcar lo que ya has visto.',
  description: [
    'Watchlistr es una lista de películas y series pendientes que funciona en tu navegador. Busca una película o una serie, añádela a tu lista y lo próximo que vas a ver estará siempre a un clic, sin instalar nada.',
    'Esta es la versión web de Watchlistr. La creé con React y Vite; la misma idea también está en iPhone como Watchlistr (Mobile), que suma recordatorios, carpetas e inicio de sesión con Apple o Google.',
  ],
  features: [
    'Búsqueda de películas y series',
    'Una lista de lo que quieres ver a continuación',
    'Marcas de visto para los títulos que has terminado',
    'Funciona en cualquier navegador moderno, sin instalar nada',
  ],
} satisfies AppTranslation;
