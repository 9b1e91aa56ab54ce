import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'Steda es una app para seguir tus hábitos y tu estado de ánimo en iPhone y iPad: frecuencias flexibles, registro diario del ánimo, recordatorios y rachas.',
  description: [
    'Steda te ayuda a crear hábitos y a estar pendiente de tu estado de ánimo, en iPhone y iPad. Dale a cada hábito una frecuencia diaria o semanal, o una a tu medida, y registra cómo te sientes cada día.',
    'Los recordatorios llegan con un mensaje motivador, las rachas te muestran cuánto has avanzado y completar un hábito te regala una pequeña celebración. Cada día, un mensaje motivador te da la bienvenida al abrir la app.',
  ],
  features: [
    'Frecuencias de hábitos diarias, semanales o personalizadas',
    'Registro diario del estado de ánimo con un calendario de ánimo',
    'Recordatorios personalizados con mensajes motivadores',
    'Rachas visuales y celebraciones al completar un hábito',
    'Un mensaje motivador del día cada vez que abres la app',
  ],
} satisfies AppTranslation;
