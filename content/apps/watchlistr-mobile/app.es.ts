import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'Watchlistr en tu teléfono: explora y busca películas y series, lleva la cuenta de lo que has visto, crea recordatorios y ordena los títulos en carpetas.',
  description: [
    'Watchlistr reúne en un solo lugar todas las películas y series que quieres ver. Explora títulos o busca uno por su nombre, guárdalo en tu lista y márcalo como visto cuando termines, para que la lista siempre muestre lo que te queda por ver.',
    'Ordena los títulos en carpetas propias, como películas para el fin de semana o series para empezar con un amigo, y crea un recordatorio para cualquier cosa que pienses ver. Tu perfil guarda tu nombre de usuario y tu foto.',
    'Inicia sesión con Apple o Google para conservar tus listas en tu cuenta, o echa un vistazo primero en modo invitado. Watchlistr también está en la web como Watchlistr (Web).',
  ],
  features: [
    'Películas y series para explorar',
    'Búsqueda por título',
    'Registro de todo lo que terminas de ver',
    'Recordatorios para los títulos que piensas ver',
    'Carpetas para organizar tu lista de pendientes',
    'Perfil con nombre de usuario y foto',
    'Inicio de sesión con Apple o Google',
    'Modo invitado para probar la app sin cuenta',
  ],
} satisfies AppTranslation;
