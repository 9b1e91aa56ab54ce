/** The writing direction of a language (a page's `dir`), as the platform's locale data says. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(code) as Intl.Locale & {
    getTextInfo?: () => { direction?: string };
    textInfo?: { direction?: string };
  };
  const info = locale.getTextInfo?.() ?? locale.textInfo;
  return info?.direction === 'rtl' ? 'rtl' : 'ltr';
}
