// The class names of ScoreHistoryChart.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly frame: string;
  readonly chart: string;
  readonly tooltip: string;
  readonly legend: string;
  readonly svg: string;
};
export default classes;
