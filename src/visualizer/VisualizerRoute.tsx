import { Visualizer } from './Visualizer';
import { startLayoutEngine } from './layout/elkEngine';

// The app's /statecharts route (outside production), loaded lazily so customer pages never download it.
// Live follows the app's actors only in development, where the inspect hook broadcasts them. elk starts loading
// in its worker as soon as the route's code arrives, while the route renders.
startLayoutEngine();

export default function VisualizerRoute() {
  return <Visualizer live={import.meta.env.DEV} />;
}
