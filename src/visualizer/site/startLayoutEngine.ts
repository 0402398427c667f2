import { startLayoutEngine } from '../layout/elkEngine';

// Imported first by main.tsx, so elk starts loading in its worker before the rest of the page's script runs.
startLayoutEngine();
