import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.ts';
import './styles/index.css';
import { App } from './app/App.tsx';
// At start, whatever the page: the service worker, and the browser's install offer, which
// fires once, early (the install dialog that uses it loads when opened).
import { registerServiceWorker } from './lib/install.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

function render() {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

registerServiceWorker();

// A stored language other than English is one small chunk away; the app waits for it rather
// than showing English first. If it cannot load, the app shows English.
void i18nReady.then(render, render);
