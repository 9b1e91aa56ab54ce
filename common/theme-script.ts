/**
 * The text of the theme script described in `theme.ts`, which the build writes into every
 * page's head, before its body: it runs before the first paint, so a page never shows the
 * other theme first. Apart from the names the app shares, so no page's bundle carries it.
 */
import { THEME_INPUT_NAME, THEME_STORAGE_KEY } from './theme.ts';

// Written as the browser runs it: no build step touches it. It owns the theme for the whole
// life of the page, before and after React takes over. It applies the stored choice at once;
// checks the Theme control's radio button of the theme in force whenever a popover is about
// to open (the control's radio buttons are out of reach until then, and React renders them
// unchecked); and applies a change of the control at once (a tap before the page's scripts
// have run included), a change of the stored choice in another tab, and the stored choice
// again on a page brought back from the back-forward cache. Storage that throws (blocked,
// full) leaves the page following the system. Each `theme-color` meta (`data-scheme`) holds
// for its scheme's preference under `system`, and always or never under a chosen theme.
export const THEME_SCRIPT = `(()=>{const d=document,h=d.documentElement,k=${JSON.stringify(THEME_STORAGE_KEY)},
read=()=>{try{return localStorage.getItem(k)}catch{}},
apply=t=>{t=t=='light'||t=='dark'?t:'system';if(h.dataset.theme!=t)h.dataset.theme=t;
for(const m of d.querySelectorAll('meta[name=theme-color][data-scheme]')){const s=m.dataset.scheme,q=t=='system'?'(prefers-color-scheme: '+s+')':t==s?'all':'not all';if(m.getAttribute('media')!=q)m.setAttribute('media',q)}
for(const r of d.querySelectorAll('input[name=${THEME_INPUT_NAME}]'))r.checked=r.value==t};
apply(read());
d.addEventListener('beforetoggle',e=>{if(e.newState=='open')apply(h.dataset.theme)},true);
d.addEventListener('change',e=>{const r=e.target;if(r.name!='${THEME_INPUT_NAME}'||!r.checked)return;apply(r.value);try{r.value=='system'?localStorage.removeItem(k):localStorage.setItem(k,r.value)}catch{}});
addEventListener('storage',e=>{if(e.key==k||e.key==null)apply(e.newValue)});
addEventListener('pageshow',e=>{if(e.persisted)apply(read())})})()`;
