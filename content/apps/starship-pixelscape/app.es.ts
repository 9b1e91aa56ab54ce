import type { AppTranslation } from '../../schema.ts';

export default {
  summary:
    'Starship Pixelscape es un juego de disparos espacial retro: elige una nave, combate oleadas de enemigos y jefes, recoge potenciadores y apunta al top 10.',
  description: [
    'Starship Pixelscape es un juego de disparos espacial retro en pixel art. Elige tu nave y pilótala arrastrando el dedo por la pantalla o con un joystick en pantalla, lo que mejor se adapte a tus manos.',
    'Las naves enemigas te atacan en oleadas, los potenciadores te dan ventaja y los jefes te esperan para poner a prueba lo que has reunido. Una buena partida pone tu nombre en la clasificación del top 10.',
  ],
  features: [
    'Varias naves para elegir',
    'Controles por arrastre o con joystick',
    'Potenciadores',
    'Oleadas de naves enemigas',
    'Combates contra jefes',
    'Clasificación del top 10',
  ],
} satisfies AppTranslation;
