// The class names of settings.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly sidebar: string;
  readonly sidebarDivider: string;
  readonly sideLink: string;
  readonly content: string;
  readonly sectionSelect: string;
  readonly fieldRow: string;
  readonly fieldValue: string;
};
export default classes;
