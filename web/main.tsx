import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './routes';
import { SessionProvider } from './state/session';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <AppRoutes />
    </SessionProvider>
  </StrictMode>,
);
