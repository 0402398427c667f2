// Table-driven checks of a pure function: the table maps each input to the answer the spec expects, and the test
// compares it with what the function answers for the same inputs, so a failure lists every input whose answer differs.

/** What `answer` gives for each input (key) of the table, keyed like it: compare it with `toEqual(table)`. */
export function answersFor<T>(answer: (input: string) => T, table: Readonly<Record<string, unknown>>): Record<string, T> {
  return Object.fromEntries(Object.keys(table).map((input) => [input, answer(input)]));
}
