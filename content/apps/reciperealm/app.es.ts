import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'RecipeRealm organiza tus recetas en el iPhone, con un asistente de cocina al que los miembros de la comunidad pueden enviar hasta 12 mensajes al día.',
  description: [
    'RecipeRealm es el hogar de las recetas que cocinas. Guárdalas con sus ingredientes y pasos, ordénalas en categorías y encuentra la que buscas cuando llegue el momento de hacer la compra o de cocinar. Tu colección se guarda en tu iPhone.',
    'Cuando no sepas con qué sustituir un ingrediente o necesites una idea para la cena, pregúntale al asistente integrado. Los miembros de la comunidad pueden enviarle hasta 12 mensajes al día.',
  ],
  features: [
    'Recetas guardadas con sus ingredientes y pasos',
    'Categorías para mantener tu colección organizada',
    'Búsqueda en todas tus recetas',
    'Un asistente de cocina para dudas e ideas',
    'Hasta 12 mensajes al día al asistente para miembros de la comunidad',
    'Recetas guardadas en tu dispositivo',
  ],
} satisfies AppTranslation;
