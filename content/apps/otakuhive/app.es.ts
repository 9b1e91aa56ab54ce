import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'OtakuHive es un lector de manga para iPhone basado en la base de datos pública de MangaDex: títulos al azar, últimas novedades, búsqueda, guardados y marcadores.',
  description: [
    'OtakuHive es un lector de manga que se nutre de la base de datos pública de MangaDex. Abre un título al azar cuando quieras algo nuevo, consulta los últimos lanzamientos o busca una serie que ya conoces.',
    'Guarda las series que sigues para tenerlas a un toque y marca una página para retomar la lectura justo donde la dejaste. OtakuHive está en fase de pruebas: puedes unirte a la beta a través de TestFlight.',
  ],
  features: [
    'Un título al azar para descubrir algo nuevo que leer',
    'Los últimos lanzamientos de MangaDex',
    'Búsqueda por título',
    'Lista guardada con las series que sigues',
    'Marcadores de página para retomar donde lo dejaste',
    'Contenido de la base de datos pública de MangaDex',
  ],
} satisfies AppTranslation;
