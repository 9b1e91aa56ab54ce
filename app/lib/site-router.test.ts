import reactRouter from 'react-router/package.json';
import { describe, expect, it } from 'vitest';
import { FOLLOWS_REACT_ROUTER } from './site-router.tsx';

describe('the site router', () => {
  it('follows the installed React Router: compare it with HydratedRouter when that changes', () => {
    expect(reactRouter.version).toBe(FOLLOWS_REACT_ROUTER);
  });
});
