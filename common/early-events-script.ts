/**
 * The text of the early script described in `early-events.ts`, which the build writes into
 * every page's head. Apart from the names the app shares, so no page's bundle carries it.
 */
import {
  CLOSE_ATTRIBUTE,
  DIALOG_PAGE_ATTRIBUTE,
  EARLY_ATTRIBUTE,
  FIRST_ATTRIBUTE,
  HELD_FORM_MS,
  ISLAND_ATTRIBUTE,
  LIVE_ATTRIBUTE,
  OPENED_AT_ATTRIBUTE,
  POSITION_ATTRIBUTE,
  QUEUED_ATTRIBUTE,
  TOTAL_ATTRIBUTE,
} from './early-events.ts';
import { IDEMPOTENCY_KEY_FIELD } from './feedback.ts';
import { COUNT_CLICK_ATTRIBUTE, EARLY_COUNTS_GLOBAL } from './visits.ts';

// Written as the browser runs it: no build step touches it. `live(element)`: whether the
// app handles the element now (its dialog or island is live, or the page is). `:popover-open` throws
// where popovers are unknown: there, no menu is open. The carousel reads its images per
// slide from its own `--per-view`, so it steps as the stylesheet lays it out.
export const EARLY_EVENTS_SCRIPT = `(()=>{const d=document,h=d.documentElement,A=(e,n)=>e.getAttribute(n),
live=e=>{const g=e.closest('dialog,[${ISLAND_ATTRIBUTE}]');return g?g.hasAttribute('${LIVE_ATTRIBUTE}'):'hydrated'in h.dataset},
menu=()=>{try{return d.querySelector(':popover-open')}catch{}};
d.addEventListener('click',e=>{const t=e.target,c=t.closest&&t.closest('[${EARLY_ATTRIBUTE}],[${CLOSE_ATTRIBUTE}]');if(!c||live(c))return;
const[k,a]=(A(c,'${EARLY_ATTRIBUTE}')||'close').split(' '),s=c.closest('[${TOTAL_ATTRIBUTE}]'),g=k=='open'?d.getElementById(a):c.closest('dialog'),f=k=='show'&&d.getElementById(c.hash.slice(1));
if(k=='press')c.setAttribute('aria-pressed',A(c,'aria-pressed')!='true');
else if(k=='step'&&s){const n=+A(s,'${TOTAL_ATTRIBUTE}'),p=+getComputedStyle(s).getPropertyValue('--per-view')||1,m=Math.ceil(n/p),x=((Math.floor((A(s,'${FIRST_ATTRIBUTE}')|0)/p)+ +a)%m+m)%m*p,y=Math.min(n,x+p);
s.setAttribute('${FIRST_ATTRIBUTE}',x);s.style.setProperty('--first',x);s.querySelector('[${POSITION_ATTRIBUTE}]').textContent=(x+1<y?x+1+'–':'')+y+' / '+n}
else if(f){location.replace('#'+f.id);if(d.activeElement==c)f.querySelector('[aria-label="'+A(c,'aria-label')+'"]')?.focus()}
else if(k=='open'&&g){g.open||g.showModal();g.setAttribute('${OPENED_AT_ATTRIBUTE}',Date.now())}
else if(k=='close'&&g){g.close();d.body.removeAttribute('${DIALOG_PAGE_ATTRIBUTE}');if(c.href&&c.pathname!=location.pathname)setTimeout(()=>live(c)||location.assign(c.href),${HELD_FORM_MS})}
else return;e.preventDefault();e.stopImmediatePropagation()},true);
d.addEventListener('keydown',e=>{if(e.key!='Escape'||menu())return;const c=d.querySelector('dialog[open]:not([${LIVE_ATTRIBUTE}]) [${CLOSE_ATTRIBUTE}]');if(c&&!live(c)){e.preventDefault();c.click()}},true);
d.addEventListener('submit',e=>{const f=e.target,k=f.elements&&f.elements.${IDEMPOTENCY_KEY_FIELD};if(k&&!k.value)k.value=Date.now().toString(36)+Math.random().toString(36).slice(2);
if(!live(f)&&f.closest('dialog')){e.preventDefault();f.setAttribute('${QUEUED_ATTRIBUTE}','');setTimeout(()=>{if(f.hasAttribute('${QUEUED_ATTRIBUTE}')){f.removeAttribute('${QUEUED_ATTRIBUTE}');f.submit()}},${HELD_FORM_MS})}},true);
self.${EARLY_COUNTS_GLOBAL}=[];d.addEventListener('click',e=>{const v=self.${EARLY_COUNTS_GLOBAL},c=v&&e.target.closest&&e.target.closest('[${COUNT_CLICK_ATTRIBUTE}]');if(c)v.push(c.getAttribute('${COUNT_CLICK_ATTRIBUTE}'))},true)})()`;
