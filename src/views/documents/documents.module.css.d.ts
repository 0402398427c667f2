// The class names of documents.module.css (Vite's generic typing would make each one possibly undefined).
declare const classes: {
  readonly cropArea: string;
};
export default classes;
