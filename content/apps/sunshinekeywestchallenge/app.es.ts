import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'La app que acompaña al torneo benéfico de pesca Sunshine Key West Challenge: horario, historia, artículos en subasta, fotos y comida cerca de ti.',
  description: [
    'El Sunshine Key West Challenge es un torneo benéfico de pesca, y esta app es su programa de mano, siempre en tu bolsillo, en iPhone y Android. Consulta el horario, lee la historia de los torneos anteriores y echa un vistazo a los artículos que salen a subasta.',
    'Recorre la galería de fotos del evento y, cuando te entre hambre, la app te recomienda dónde comer cerca.',
  ],
  features: [
    'Horario del evento',
    'Historia del torneo',
    'Artículos en subasta',
    'Galería de fotos',
    'Recomendaciones de comida cerca de ti',
    'Disponible en iOS y Android',
  ],
} satisfies AppTranslation;
