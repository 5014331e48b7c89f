import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LatchProvider } from '@latch/react';
import { App } from './App';
import { readConfig } from './config';
import './app.css';

const root = createRoot(document.getElementById('root') ?? document.body);
const config = readConfig();

root.render(
  <StrictMode>
    {typeof config === 'string' ? (
      <p role="alert">{config}</p>
    ) : (
      <LatchProvider publicToken={config.publicToken} authOrigin={config.authOrigin}>
        <App />
      </LatchProvider>
    )}
  </StrictMode>,
);
