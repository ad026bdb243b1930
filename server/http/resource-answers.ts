// The answers Stack's REST API gives where there is no object to show: `{ success: true }` once
// a change is made, `{ is_code_valid: true }` once a code checks out, and 201 with the new object
// for a creation. Routes answer through these so that each shape is written once.

/** Waits for the change, then answers `{ success: true }` (a rejection answers its error instead). */
export async function succeeded(change: Promise<unknown>): Promise<{ success: true }> {
  await change;
  return { success: true };
}

/** Waits for the check of a code, then answers `{ is_code_valid: true }` (a bad code rejects with its error). */
export async function codeIsValid(check: Promise<unknown>): Promise<{ is_code_valid: true }> {
  await check;
  return { is_code_valid: true };
}

/** Waits for the creation, then answers 201 with what it made (a rejection keeps its own status). */
export async function created<T>(set: { status?: number | string }, creation: Promise<T>): Promise<T> {
  const made = await creation;
  set.status = 201;
  return made;
}
