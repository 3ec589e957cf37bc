import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './App';
import { startI18n } from './i18n';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

// Before the first render: the browser's install offer can come at any time after the page loads.
captureInstallPrompt(window);
registerServiceWorker();

// One catch-all route: the spec's route order and exact matching live in core's matchRoute.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The reader's language is loaded before the first paint, so no English flashes before Filipino.
void startI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
