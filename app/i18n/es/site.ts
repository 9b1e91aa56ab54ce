/**
 * The site's own words in Spanish: neutral Spanish that addresses the visitor as «tú». The
 * same keys as en.ts; see there how the catalogues are read and how plurals are picked.
 */
import type { Messages } from '../en/site.ts';

/** A count as Spanish writes it: four digits together, then groups of three ("10 000"). */
export const count = (value: number) =>
  value < 10000 ? String(value) : String(value).replace(/\B(?=(\d{3})+$)/g, '\u00a0');

const about = 'qué puedes elegir y cómo ponerte en contacto.';

export const words = {
  shell: {
    skipToContent: 'Saltar al contenido',
    needsScripts: 'Esta dirección se abre con JavaScript.',
    goHome: 'Ir al inicio',
  },
  nav: {
    menu: 'Menú',
    mainMenu: 'Menú principal',
    allPages: 'Todas las páginas',
    home: 'Inicio',
    allProjects: 'Todos los proyectos',
    languages: 'Idiomas',
  },
  theme: {
    theme: 'Tema',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Oscuro',
  },
  background: {
    pause: 'Pausar la animación',
    pauseTitle: 'Pausar o reanudar la animación del fondo',
  },
  home: {
    seeApps: (apps: number) => (apps === 1 ? 'Ver la app' : `Ver las ${apps} apps`),
    getInTouch: 'Ponte en contacto',
    aboutMe: 'Sobre mí',
    contact: 'Contacto',
    skills: 'Habilidades',
  },
  projects: {
    description: (apps: number) =>
      apps === 1
        ? `${apps} app: capturas, funciones y enlaces a las tiendas.`
        : `Las ${apps} apps, una tras otra: capturas, funciones y enlaces a las tiendas de cada una.`,
    lead: (apps: number) =>
      apps === 1
        ? `${apps} app, con sus capturas, funciones y enlaces a las tiendas.`
        : `${apps} apps, una tras otra. Usa las flechas junto a cada título, o las teclas de flecha, para pasar de una a otra.`,
  },
  contact: {
    linkedIn: 'LinkedIn',
    email: 'Correo',
    phone: 'Teléfono',
    text: 'SMS',
    resume: (size: string) => `Currículum (PDF, ${size})`,
  },
  showcase: {
    buttons: {
      landing: 'Sitio web',
      appStore: 'Apple Store',
      playStore: 'Play Store',
      testFlight: 'TestFlight',
    },
    qrButton: (store: string) => `Código QR: ${store}`,
    qrImage: (appName: string, store: string) => `Código QR de ${appName} en ${store}`,
    scanToOpen: 'Escanéalo para abrirla en tu teléfono',
    about: (appName: string) => `Acerca de ${appName}`,
    features: 'Funciones',
    logos: (appName: string) => `Código, herramientas y políticas de ${appName}`,
    profile: (codeHost: string) => `Perfil de ${codeHost}`,
    support: 'Soporte',
    newTab: 'Se abre en una pestaña nueva',
  },
  legal: {
    titles: { terms: 'Términos de uso', privacy: 'Política de privacidad' },
    links: { terms: 'Términos', privacy: 'Privacidad' },
    descriptions: {
      terms: (appName: string) => `Los Términos de uso de ${appName}: qué cubren, ${about}`,
      privacy: (appName: string) => `La Política de privacidad de ${appName}: qué cubre, ${about}`,
    },
    description: (title: string, appName: string) => `${title} — ${appName}: qué cubre, ${about}`,
    loading: 'Cargando…',
  },
  support: {
    title: (appName: string) => `Soporte de ${appName}`,
    description: (appName: string) =>
      `¿Preguntas, problemas o ideas sobre ${appName}? Escribe aquí a su desarrollador: leemos todos los mensajes.`,
  },
  /** The button that opens the feedback form (the form's own words: ./feedback/). */
  feedback: {
    send: 'Enviar comentarios',
  },
  roles: {
    carousel: 'carrusel',
    slide: 'diapositiva',
  },
  carousel: {
    label: (appName: string) => `Capturas de ${appName}`,
    slide: (from: number, to: number, total: number) =>
      from === to ? `Captura ${from} de ${total}` : `Capturas ${from} a ${to} de ${total}`,
    previous: 'Capturas anteriores',
    pause: 'Pausar las capturas',
    next: 'Capturas siguientes',
    placeholder: (appName: string, position: number, total: number) =>
      `Captura ${position} de ${total} de ${appName} (provisional)`,
  },
  slider: {
    previous: 'Proyecto anterior',
    next: 'Proyecto siguiente',
    slide: (name: string, position: number, total: number) => `${name}, ${position} de ${total}`,
  },
  appLink: {
    open: 'Abrir en la app',
    getIt: (appName: string) => `¿No tienes ${appName}?`,
    qrImage: (appName: string, store: string) =>
      `Código QR de ${appName} en ${store}: escanéalo para abrirla en tu teléfono`,
    more: (appName: string) => `Más sobre ${appName}`,
  },
  modal: {
    close: 'Cerrar',
  },
  notFound: {
    title: '404 - Página no encontrada',
    text: 'Lo sentimos, la página que buscas no existe.',
  },
  error: {
    title: '¡Error inesperado de la aplicación!',
    reload: 'Recargar la página',
  },
} satisfies Messages;
