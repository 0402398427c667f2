// The class names of overview.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly scale: string;
  readonly track: string;
  readonly band: string;
  readonly marker: string;
  readonly markerValue: string;
  readonly markerPin: string;
  readonly mark: string;
};
export default classes;
