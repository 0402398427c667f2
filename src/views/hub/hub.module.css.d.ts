declare const classes: {
  readonly plainList: string;
  readonly action: string;
  readonly toggle: string;
  readonly change: string;
};
export default classes;
