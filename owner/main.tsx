/**
 * The owner's pages: a small single-page app of its own, built apart from the site
 * (vite.owner.config.ts), so nothing of it reaches a visitor's page. The server answers
 * every address under /owner with this page: 200 signed in, 401 with the sign-in.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { OwnerApp } from './owner-app.tsx';
import './owner.css';
import { followSiteTheme } from './theme.ts';

followSiteTheme();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename="/owner">
        <OwnerApp />
      </BrowserRouter>
    </StrictMode>,
  );
}
