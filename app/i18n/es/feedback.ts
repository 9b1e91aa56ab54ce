/** The words of the feedback form in Spanish; see ./en.ts. */
import { count } from './site.ts';
import { words as sent } from './feedback-sent.ts';
import type { FeedbackMessages } from '../en/feedback.ts';

export const words = {
  cancel: 'Cancelar',
  submit: 'Enviar',
  sending: 'Enviando…',
  sendingStatus: 'Enviando tus comentarios…',
  alerts: {
    sent: sent.alert,
    failed: 'No se pudieron enviar los comentarios. Inténtalo de nuevo más tarde.',
    error: 'Error al enviar los comentarios. Inténtalo de nuevo más tarde.',
  },
  fields: {
    labels: {
      firstName: 'Nombre',
      lastName: 'Apellido',
      email: 'Correo electrónico',
      message: 'Mensaje',
    },
    typed: (typed: number, max: number) => `${count(typed)} de ${count(max)} caracteres`,
    limit: (max: number) => `Como máximo ${count(max)} caracteres.`,
    honeypot: 'Deja este campo vacío',
  },
  problem: (label: string, problem: string) => `${label}: ${problem}.`,
  problems: {
    required: 'este campo es obligatorio',
    tooLong: (max: number) => `debe tener como máximo ${max} caracteres`,
    nameCharacters: 'no puede contener saltos de línea, formato invisible ni caracteres de control',
    noVisibleCharacter: 'debe contener al menos una letra o un carácter visible',
    encodedWord: 'no puede contener palabras codificadas de correo (=?…?=)',
    localPartTooLong: (max: number) => `debe tener como máximo ${max} caracteres antes de la @`,
    notEmail: 'debe ser una dirección de correo como nombre@ejemplo.com',
    controlCharacters: 'no puede contener caracteres de control',
  },
  contactLead: (ownerName: string, appName: string) =>
    `Soy ${ownerName} y desarrollo ${appName}. Escríbeme con el formulario de abajo o directamente:`,
} satisfies FeedbackMessages;
