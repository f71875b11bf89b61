import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/index.ts';
import './styles/index.css';
import { App } from './app/App.tsx';

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

// A stored language other than English is one small chunk away; the app waits for it rather
// than showing English first. If it cannot load, the app shows English.
void i18nReady.then(render, render);
