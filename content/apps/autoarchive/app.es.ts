import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'AutoArchive es un registro de mantenimiento para tus vehículos: perfil a partir del VIN, servicios con fotos, recordatorios y etiquetas.',
  description: [
    'AutoArchive guarda el historial de mantenimiento de tus vehículos en un solo lugar. Introduce el VIN de un vehículo y la app completa la marca, el modelo y el año para crear su perfil.',
    'Registra cada servicio, desde un cambio de aceite hasta frenos nuevos, con la fecha, notas y fotos del recibo o del trabajo. Etiqueta los registros para encontrarlos después y configura recordatorios para que el próximo servicio no se te pase.',
  ],
  features: [
    'Perfiles de vehículos creados a partir del VIN',
    'Marca, modelo y año completados automáticamente',
    'Registros de mantenimiento con fotos',
    'Recordatorios del próximo mantenimiento',
    'Etiquetas para agrupar y encontrar registros',
  ],
} satisfies AppTranslation;
