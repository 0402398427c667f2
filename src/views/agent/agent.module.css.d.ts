// The class names of agent.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly coachBanner: string;
};
export default classes;
