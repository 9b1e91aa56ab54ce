/** The owner's details in Spanish; what is left out is shown in the default language. */
import type { SiteTranslation } from './schema.ts';

export const site = {
  tagline:
    'Diseño y desarrollo apps para iOS, Android y web, desde el primer boceto hasta la ficha en la tienda.',
  siteName: 'Sample Owner — apps para iOS, Android y web',
  description:
    'Portafolio de un desarrollador independiente: {{apps.count}} apps para iOS, Android y web, cada una con capturas, funciones, enlaces a tiendas y una forma de enviar comentarios.',
  aboutMe: [
    'Soy un desarrollador full-stack que publica apps que la gente usa a diario: una lista de películas y series por ver, un control de facturas y días de pago, un lector de manga, un shooter espacial retro y más.',
    'Trabajo con SwiftUI, React y React Native, y cuido los detalles que hacen que una app se sienta tranquila y ágil: pantallas rápidas, palabras claras y funciones que respetan tu tiempo.',
  ],
} satisfies SiteTranslation;
