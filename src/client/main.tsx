import '@vitejs/plugin-react/preamble';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { readIsland } from './data-island';
import { matchAppRoute } from './routes';
import './styles.css';

// Load the current page's chunk before hydrating so the first client render matches the server HTML.
const { route } = matchAppRoute(window.location.pathname);
await route.page.preload();

const root = document.getElementById('root');
if (root) {
  hydrateRoot(
    root,
    <StrictMode>
      <App fallback={readIsland(document).fallback} />
    </StrictMode>,
  );
}
