// The react-admin choices every resource's words are written as, and reading a label back from them.

export interface Choice<Id extends string = string> {
  id: Id;
  name: string;
}

/** The choice's name for `id`; an unknown id is shown as it is, a missing one as ''. */
export const labelOf = (choices: readonly Choice[], id: string | null | undefined): string =>
  choices.find((choice) => choice.id === id)?.name ?? id ?? '';
