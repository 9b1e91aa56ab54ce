/**
 * The text of the early script described in `early-events.ts`, which the build writes into
 * every page's head. Apart from the names the app shares, so no page's bundle carries it.
 */
import {
  CLOSE_ATTRIBUTE,
  EARLY_QUEUE_GLOBAL,
  QUEUED_ATTRIBUTE,
  REPLAY_ATTRIBUTE,
} from './early-events.ts';
import { IDEMPOTENCY_KEY_FIELD } from './feedback.ts';
import { COUNT_CLICK_ATTRIBUTE, EARLY_COUNTS_GLOBAL } from './visits.ts';

// Written as the browser runs it: no build step touches it. `h.dataset.hydrated` is set by
// the root once React has taken over the page; from then on the script steps aside.
// `:popover-open` throws where popovers are unknown: there, no menu is open.
export const EARLY_EVENTS_SCRIPT = `(()=>{const d=document,h=d.documentElement,q=self.${EARLY_QUEUE_GLOBAL}=[],live=()=>'hydrated'in h.dataset,menu=()=>{try{return d.querySelector(':popover-open')}catch{}};
d.addEventListener('click',e=>{const c=!live()&&e.target.closest&&e.target.closest('[${REPLAY_ATTRIBUTE}]');if(!c)return;e.preventDefault();e.stopImmediatePropagation();c.setAttribute('${QUEUED_ATTRIBUTE}','');q.push(c)},true);
d.addEventListener('keydown',e=>{if(live()||e.key!=='Escape'||menu())return;const c=d.querySelector('dialog[open] [${CLOSE_ATTRIBUTE}]');if(c){e.preventDefault();c.click()}},true);
d.addEventListener('submit',e=>{const k=e.target.elements&&e.target.elements.${IDEMPOTENCY_KEY_FIELD};if(k&&!k.value)k.value=Date.now().toString(36)+Math.random().toString(36).slice(2)},true);
self.${EARLY_COUNTS_GLOBAL}=[];d.addEventListener('click',e=>{const v=self.${EARLY_COUNTS_GLOBAL},c=v&&e.target.closest&&e.target.closest('[${COUNT_CLICK_ATTRIBUTE}]');if(c)v.push(c.getAttribute('${COUNT_CLICK_ATTRIBUTE}'))},true)})()`;
