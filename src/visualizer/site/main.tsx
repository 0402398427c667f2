import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Visualizer } from '../Visualizer';

// The visualizer as a static site (npm run statecharts:build → dist-statecharts/), for reviewing flows
// without the app or its backend. No Live view: there is no running app to follow.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <MantineProvider>
      <Visualizer />
    </MantineProvider>
  </StrictMode>,
);
