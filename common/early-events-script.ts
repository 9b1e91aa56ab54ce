/**
 * The text of the early scripts described in `early-events.ts`, which the build writes into
 * every page. Apart from the names the app shares, so no page's bundle carries them.
 *
 * Two parts, so that what runs before the first paint stays small:
 * - `EARLY_EVENTS_SCRIPT`, inline in the head: it holds each tap the page is not live for
 *   (the browser does nothing with it) and queues it, and notes counted clicks;
 * - `EARLY_EFFECTS_SCRIPT`, a file the head loads `async` (`EARLY_EFFECTS_FILE_PREFIX`): the
 *   effect of each held tap, applied to those queued so far and to each one from then on.
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

/** Where the build writes `EARLY_EFFECTS_SCRIPT`, in the site: this, its hash, `.js`. */
export const EARLY_EFFECTS_FILE_PREFIX = 'assets/early-effects-';

/** The queue of held taps, `[event, control]`, that the two parts share. */
const QUEUE = '__earlyTaps';

// `live(element)`: whether the app handles the element now (its dialog or island is live,
// or the page is). Both parts need it.
const LIVE = `live=e=>{const g=e.closest('dialog,[${ISLAND_ATTRIBUTE}]');return g?g.hasAttribute('${LIVE_ATTRIBUTE}'):'hydrated'in h.dataset}`;

// Written as the browser runs them: no build step touches them.
// Held: a click on a control with an early effect or a dialog's close link, a form sent in
// a dialog (marked queued at once, for the form to send once live), and Escape with an open
// dialog and no menu open, which taps the dialog's close link. `:popover-open` throws where
// popovers are unknown: there, no menu is open. The `popstate` of the address the early
// effects set themselves (`q.s`, while they set it) stops here: the app's router, when it
// already runs for the rest of the page, would otherwise render the page anew for it, and
// React would drop the prerendered HTML of an island still waiting for its code.
export const EARLY_EVENTS_SCRIPT = `(()=>{const d=document,h=d.documentElement,q=self.${QUEUE}=[],${LIVE},on=(t,f)=>d.addEventListener(t,f,!0);
addEventListener('popstate',e=>{q.s&&e.stopImmediatePropagation()});
on('click',e=>{const c=e.target.closest&&e.target.closest('[${EARLY_ATTRIBUTE}],[${CLOSE_ATTRIBUTE}]');if(c&&!live(c)){e.preventDefault();e.stopImmediatePropagation();q.push([e,c])}});
on('submit',e=>{const f=e.target;if(f.closest('dialog')&&!live(f)){e.preventDefault();f.setAttribute('${QUEUED_ATTRIBUTE}','');q.push([e,f])}});
on('keydown',e=>{let m,c;try{m=d.querySelector(':popover-open')}catch{}if(e.key=='Escape'&&!m&&(c=d.querySelector('dialog[open]:not([${LIVE_ATTRIBUTE}]) [${CLOSE_ATTRIBUTE}]'))&&!live(c)){e.preventDefault();c.click()}});
self.${EARLY_COUNTS_GLOBAL}=[];on('click',e=>{const v=self.${EARLY_COUNTS_GLOBAL},c=v&&e.target.closest&&e.target.closest('[${COUNT_CLICK_ATTRIBUTE}]');if(c)v.push(c.getAttribute('${COUNT_CLICK_ATTRIBUTE}'))})})()`;

// A form held: its first send fills an empty idempotency key with one for this page view,
// so the browser's own post, if the form is never live within HELD_FORM_MS, carries the
// key the form would. The carousel reads its images per slide from its own `--per-view`,
// so it steps as the stylesheet lays it out. A link whose effect finds nothing to act on
// is followed.
export const EARLY_EFFECTS_SCRIPT = `(()=>{const d=document,h=d.documentElement,A=(e,n)=>e.getAttribute(n),q=self.${QUEUE},${LIVE},
apply=([e,c])=>{if(e.type=='submit'){const k=c.elements.${IDEMPOTENCY_KEY_FIELD};if(k&&!k.value)k.value=Date.now().toString(36)+Math.random().toString(36).slice(2);
setTimeout(()=>{if(c.hasAttribute('${QUEUED_ATTRIBUTE}')){c.removeAttribute('${QUEUED_ATTRIBUTE}');c.submit()}},${HELD_FORM_MS});return}
const[k,a]=(A(c,'${EARLY_ATTRIBUTE}')||'close').split(' '),s=c.closest('[${TOTAL_ATTRIBUTE}]'),g=k=='open'?d.getElementById(a):c.closest('dialog'),f=k=='show'&&d.getElementById(c.hash.slice(1));
if(k=='press')c.setAttribute('aria-pressed',A(c,'aria-pressed')!='true');
else if(k=='step'&&s){const n=+A(s,'${TOTAL_ATTRIBUTE}'),p=+getComputedStyle(s).getPropertyValue('--per-view')||1,m=Math.ceil(n/p),x=((Math.floor((A(s,'${FIRST_ATTRIBUTE}')|0)/p)+ +a)%m+m)%m*p,y=Math.min(n,x+p);
s.setAttribute('${FIRST_ATTRIBUTE}',x);s.style.setProperty('--first',x);s.querySelector('[${POSITION_ATTRIBUTE}]').textContent=(x+1<y?x+1+'–':'')+y+' / '+n}
else if(f){q.s=1;location.replace('#'+f.id);q.s=0;if(d.activeElement==c)f.querySelector('[aria-label="'+A(c,'aria-label')+'"]')?.focus()}
else if(k=='open'&&g){g.open||g.showModal();g.setAttribute('${OPENED_AT_ATTRIBUTE}',Date.now())}
else if(k=='close'&&g){g.close();d.body.removeAttribute('${DIALOG_PAGE_ATTRIBUTE}');if(c.href&&c.pathname!=location.pathname)setTimeout(()=>live(c)||location.assign(c.href),${HELD_FORM_MS})}
else if(c.href)location.assign(c.href)};
if(q&&!q.on){q.on=1;q.forEach(apply);q.push=x=>apply(x)}})()`;
