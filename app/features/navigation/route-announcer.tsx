import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';

/**
 * Tells screen-reader users that a client-side navigation happened, by reading out the new
 * page's title, as a full page load would.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Let the new route's <title> land first.
    const timer = setTimeout(() => setMessage(document.title), 100);
    return () => clearTimeout(timer);
  }, [pathname]);

  return (
    <VisuallyHidden>
      <span role="status" aria-live="polite" aria-atomic="true">
        {message}
      </span>
    </VisuallyHidden>
  );
}
