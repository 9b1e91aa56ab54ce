/**
 * A prerendered page's scripts, moved out of the way of its first paint: no preload links,
 * and the module script React Router writes waits for the paint before it imports anything.
 */

/**
 * Drops the script preload links from a prerendered page. The page's text and links are in
 * the HTML already, so the first paint should wait for nothing but the HTML and its CSS;
 * preloading some 120 KB of scripts at the same time delays that paint on a slow phone
 * connection. The module script at the end of the body still loads every script, and React
 * adds the preload links back when it hydrates (they are not part of hydration).
 */
export function withoutScriptPreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]+"\/>/g, '');
}

const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^import (?:\* as ([A-Za-z_$][\w$]*) from )?("[^"\n]+");\n/gm;

/**
 * Waits for the first contentful paint. A hidden tab paints nothing, and a browser without
 * paint timing reports nothing: those wait for the load event instead. Should the paint go
 * unreported anyway, the scripts start 3 s after the load event. Then it marks the document
 * `html[data-painted]`, where the images that wait for the first paint start loading (the
 * lazy marks of `app/ui/brand-icon.module.css`). Written small, as the browser runs it: it
 * counts against the inline scripts' weight.
 */
const AFTER_FIRST_PAINT =
  "{const d=document,l=(f)=>addEventListener('load',f,{once:!0});" +
  'await new Promise((go)=>{' +
  "if(!PerformanceObserver.supportedEntryTypes?.includes('paint')||d.visibilityState!='visible')return l(go);" +
  'l(()=>setTimeout(go,3e3));' +
  "new PerformanceObserver((list,o)=>{if(list.getEntriesByName('first-contentful-paint').length)o.disconnect(),go()}).observe({type:'paint',buffered:!0})});" +
  "d.documentElement.dataset.painted=''}";

/**
 * Holds a prerendered page's scripts back until the page has painted its content. The page
 * is whole without them, so on a slow phone connection its HTML, styles and first
 * screenshots should not share the line with some 120 KB of scripts: the module script
 * React Router writes at the end of the body now starts fetching its modules once the first
 * contentful paint is reported (or at the load event, where paint timing is missing or the
 * tab is hidden), all at once as before. Its static imports become dynamic ones, bound to
 * the same names; any other form of the script fails the build.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  return html.replace(MODULE_SCRIPT, (_script, body: string) => {
    const bindings: string[] = [];
    const imports: string[] = [];
    const rest = body.replace(STATIC_IMPORT, (_line, name: string | undefined, from: string) => {
      bindings.push(name ?? '');
      imports.push(`import(${from})`);
      return '';
    });
    if (imports.length === 0 || /^\s*import\s/m.test(rest)) {
      throw new Error(`Unexpected module script in a prerendered page: ${body.slice(0, 200)}`);
    }
    return `<script type="module">${AFTER_FIRST_PAINT}\nconst [${bindings.join(', ')}] = await Promise.all([${imports.join(', ')}]);\n${rest.trim()}</script>`;
  });
}
