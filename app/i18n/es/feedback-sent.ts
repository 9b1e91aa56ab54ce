/** The words of the page that confirms a message, in Spanish; see ./en.ts. */
import type { SentMessages } from '../en/feedback-sent.ts';

export const words = {
  title: 'Comentarios enviados',
  pageTitle: (appName: string) => `Comentarios enviados — ${appName}`,
  description: (appName: string) =>
    `Tus comentarios sobre ${appName} han llegado a su desarrollador.`,
  thanks: 'Gracias: tu mensaje está guardado y va de camino al desarrollador.',
  back: (appName: string) => `Volver a ${appName}`,
  /** The alert a sent message is acknowledged with, here and in the form. */
  alert: '¡Comentarios enviados correctamente!',
} satisfies SentMessages;
