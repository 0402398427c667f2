// The class names of shell.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly navLink: string;
  readonly drawerLink: string;
  readonly bottomTab: string;
  readonly brokerBanner: string;
};
export default classes;
