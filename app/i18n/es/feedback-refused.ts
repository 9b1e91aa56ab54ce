/** The words of the page of a refused form post, in Spanish; see ./en.ts. */
import { count } from './site.ts';
import type { RefusedMessages } from '../en/feedback-refused.ts';

export const words = {
  title: 'Comentarios no enviados',
  pageTitle: (appName: string) => `Comentarios no enviados — ${appName}`,
  notSent: 'Tus comentarios no se enviaron.',
  retry: (seconds: number) => {
    if (seconds < 120) {
      return `Puedes volver a intentarlo dentro de ${count(seconds)} segundo${seconds === 1 ? '' : 's'}.`;
    }
    const minutes = Math.ceil(seconds / 60);
    return `Puedes volver a intentarlo dentro de ${count(minutes)} minuto${minutes === 1 ? '' : 's'}.`;
  },
  home: 'Ir a la página de inicio',
  reasons: {
    unknownApp: 'El formulario no nombraba ninguna de las aplicaciones de este sitio.',
    fields: 'Hay campos que corregir:',
    unknownFields: (names: string) =>
      `El formulario envió campos que no tiene (${names}); vuelve a enviar el formulario de abajo.`,
    damagedKey: 'El formulario se dañó por el camino. Vuelve a enviarlo.',
    tooLarge:
      'El mensaje es demasiado largo para enviarlo. Vuelve atrás, acórtalo y envíalo de nuevo.',
    unreadable:
      'No se pudo leer el formulario. Vuelve a enviarlo desde la página de soporte de la aplicación.',
    internal: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo más tarde.',
    crossSite: 'Solo se aceptan comentarios desde las páginas de este sitio.',
    mediaType: 'El formulario se envió de una forma que este sitio no acepta.',
    method:
      'Esta dirección solo recibe el formulario de comentarios. Envía tus comentarios desde la página de soporte de una aplicación.',
    rateLimited: 'Demasiados mensajes desde esta dirección; inténtalo de nuevo más tarde.',
    rateLimitedOverall: 'Demasiados mensajes en este momento; inténtalo de nuevo más tarde.',
    storeUnavailable: 'Ahora mismo no se pueden guardar comentarios; inténtalo de nuevo más tarde.',
    storeBusy: 'Ahora mismo no se pueden guardar comentarios; inténtalo de nuevo en unos segundos.',
  },
} satisfies RefusedMessages;
