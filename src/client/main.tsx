import '@vitejs/plugin-react/preamble';
import { hydrateApp } from './hydrate';
import './styles.css';

// What the entry runs lives in the shell chunk every page shares (vite.config.ts): the entry's own file is a call.
hydrateApp();
