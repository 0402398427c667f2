// The class names of content.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly list: string;
  readonly card: string;
  readonly cardTitle: string;
  readonly cardLink: string;
  readonly body: string;
  readonly snippet: string;
};
export default classes;
