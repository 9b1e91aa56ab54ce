import { act, render } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Deferred, hasHydrated, useHydrating, whenPageHydrated } from './hydration.tsx';

/**
 * A part that renders what the prerendered page shows while it hydrates, and the browser's
 * value once it has mounted; it notes what it saw.
 */
function Part({ name, seen }: { name: string; seen: string[] }) {
  const hydrating = useHydrating();
  const [value] = useState(() => (hydrating ? 'prerendered' : 'live'));
  useLayoutEffect(() => {
    seen.push(`${name} ${value}, page hydrated: ${hasHydrated()}`);
  }, [name, value, seen]);
  return <p>{`${name}: ${value}`}</p>;
}

function Page({ seen, onHydrated }: { seen: string[]; onHydrated: () => void }) {
  useLayoutEffect(() => {
    seen.push('page around the parts');
    whenPageHydrated(onHydrated);
  }, [seen, onHydrated]);
  return (
    <main>
      <Deferred>
        <Part name="menu" seen={seen} />
      </Deferred>
      <Deferred>
        <Part name="content" seen={seen} />
        <Deferred>
          <Part name="form" seen={seen} />
        </Deferred>
      </Deferred>
    </main>
  );
}

// In this order: the page hydrates once, and that cannot be undone.
describe('a page hydrated in parts', () => {
  it('hydrates each deferred part after the page around it, and counts as hydrated after the last', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page seen={[]} onHydrated={() => undefined} />);
    document.body.append(container);
    const seen: string[] = [];
    const onHydrated = vi.fn(() => seen.push('page hydrated'));
    const onRecoverableError = vi.fn();

    await act(async () => {
      hydrateRoot(container, <Page seen={seen} onHydrated={onHydrated} />, {
        onRecoverableError,
      });
      await Promise.resolve();
    });

    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(seen[0]).toBe('page around the parts');
    // The nested form's part hydrates after the content's, which holds it.
    expect(seen.indexOf('form prerendered, page hydrated: false')).toBeGreaterThan(
      seen.indexOf('content prerendered, page hydrated: false'),
    );
    expect(seen).toContain('menu prerendered, page hydrated: false');
    expect(seen.at(-1)).toBe('page hydrated');
    expect(onHydrated).toHaveBeenCalledTimes(1);
    expect(hasHydrated()).toBe(true);
    expect(container).toHaveTextContent('menu: prerenderedcontent: prerenderedform: prerendered');
    container.remove();
  });

  it('mounts the parts of a page reached later with the browser’s values, at once', () => {
    const seen: string[] = [];
    const onHydrated = vi.fn();
    render(<Page seen={seen} onHydrated={onHydrated} />);
    expect(seen).toContain('content live, page hydrated: true');
    expect(onHydrated).not.toHaveBeenCalled();
  });
});
