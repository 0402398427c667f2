import { Visualizer } from './Visualizer';

// The app's /statecharts route (outside production), loaded lazily so customer pages never download it.
// Live follows the app's actors only in development, where the inspect hook broadcasts them.
export default function VisualizerRoute() {
  return <Visualizer live={import.meta.env.DEV} />;
}
