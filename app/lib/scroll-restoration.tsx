import { UNSAFE_useScrollRestoration as useScrollRestoration } from 'react-router';

/**
 * Runs as the page is parsed, before its first paint: a page reloaded or reached again through
 * the history opens where the visitor left it. Only an entry the site has already keyed can
 * have a position stored, so on a fresh visit (the usual case) the script reads nothing: no
 * session storage, no history write, nothing between the HTML and its first paint. React
 * Router's own component keys a fresh entry here instead, at a cost of several milliseconds
 * on a slow phone; the client entry does that once the scripts have loaded.
 */
const RESTORE_BEFORE_PAINT = `(k=>{let e=history.state?.key;if(e)try{let y=JSON.parse(sessionStorage.getItem(k)||"{}")[e];typeof y=="number"&&scrollTo(0,y)}catch{sessionStorage.removeItem(k)}})("react-router-scroll-positions")`;

/**
 * React Router's scroll restoration: each history entry's position is saved as the visitor
 * leaves it and given back on return, a new page starts at the top (or at its `#hash`), and
 * a reloaded page is put back before its first paint.
 */
export function ScrollRestoration() {
  // Saves and restores under React Router's session storage key, the one the script reads.
  useScrollRestoration();
  return (
    <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_BEFORE_PAINT }} />
  );
}
